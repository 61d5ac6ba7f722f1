import FoundationEssentials

/// The size an SVG declares on its root element (`width` and `height`, else its `viewBox`), read from the
/// text without rasterising it: an SVG may declare a canvas of any size, and is drawn at the size it is shown
/// at, never at that one. Units as SVG renderers take them at 96 dpi; percentages and the like give nil.
struct SVGSize {
    let width: Double, height: Double

    init?(_ bytes: [UInt8]) {
        let head = String(decoding: bytes.prefix(8192), as: UTF8.self)
        guard let start = head.firstOccurrence(of: "<svg"), let end = head[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = head[start.upperBound..<end]
        if let w = SVGSize.attribute("width", in: tag).flatMap(SVGSize.length),
           let h = SVGSize.attribute("height", in: tag).flatMap(SVGSize.length) {
            (width, height) = (w, h)
        } else if let box = SVGSize.attribute("viewBox", in: tag) {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            guard numbers.count == 4 else { return nil }
            (width, height) = (numbers[2], numbers[3])
        } else {
            return nil
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
    }

    /// The value of ` name="…"` (or single quotes) in a start tag's text.
    private static func attribute(_ name: String, in tag: Substring) -> Substring? {
        var rest = tag[...]
        while let found = rest.firstOccurrence(of: name) {
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            var after = rest[found.upperBound...].drop { $0 == " " }
            rest = rest[found.upperBound...]
            guard before.isWhitespace, after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
            let value = after.dropFirst()
            guard let close = value.firstIndex(of: quote) else { return nil }
            return value[..<close]
        }
        return nil
    }

    /// "120", "120px", "90pt", "2in" … in pixels at 96 dpi; nil for a percentage or what does not parse.
    private static func length(_ text: Substring) -> Double? {
        let units: [(String, Double)] = [("px", 1), ("pt", 96.0 / 72), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54),
                                         ("in", 96), ("em", 16), ("ex", 8)]
        let trimmed = text.drop { $0 == " " }
        for (unit, factor) in units where trimmed.hasSuffix(unit) {
            return Double(trimmed.dropLast(unit.count)).map { $0 * factor }
        }
        return Double(trimmed)
    }
}
