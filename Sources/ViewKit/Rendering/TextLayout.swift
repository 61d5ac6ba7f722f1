/// Line breaking and truncation, independent of how text is measured.
public enum TextLayout {
    public static let ellipsis = "…"

    /// Breaks `text` into at most `maxLines` lines (0 = unlimited) no wider than `width`,
    /// at spaces where possible, inside words when a word alone is too wide. Explicit newlines are kept.
    /// When text is left over, the last line ends with an ellipsis.
    public static func lines(_ text: String, width: Double, maxLines: Int, measure: (String) -> Double) -> [String] {
        var result: [String] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (pi, paragraph) in paragraphs.enumerated() {
            var remaining = Substring(paragraph)
            repeat {
                if maxLines > 0 && result.count == maxLines - 1 {
                    // The last line allowed: this paragraph's remainder, with an ellipsis if more text follows.
                    let more = pi + 1 < paragraphs.count
                    result.append(truncate(String(remaining), width: width, forceEllipsis: more, measure: measure))
                    return result
                }
                let line = fittingPrefix(remaining, width: width, measure: measure)
                result.append(String(line).trimmingTrailingSpaces())
                remaining = remaining[line.endIndex...].drop { $0 == " " }
            } while !remaining.isEmpty
        }
        return result
    }

    /// The text cut to fit `width` with an ellipsis, or the text itself when it fits.
    public static func truncate(_ text: String, width: Double, forceEllipsis: Bool = false,
                                measure: (String) -> Double) -> String {
        if !forceEllipsis && measure(text) <= width { return text }
        let chars = Array(text)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(String(chars[..<mid]).trimmingTrailingSpaces() + ellipsis) <= width { lo = mid } else { hi = mid - 1 }
        }
        return String(chars[..<lo]).trimmingTrailingSpaces() + ellipsis
    }

    /// The longest prefix that fits, ending at a space when one is available; at least one character.
    private static func fittingPrefix(_ s: Substring, width: Double, measure: (String) -> Double) -> Substring {
        if measure(String(s)) <= width { return s }
        var lo = 1, hi = s.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(String(s.prefix(mid))) <= width { lo = mid } else { hi = mid - 1 }
        }
        let fit = s.prefix(lo)
        let nextIndex = fit.endIndex
        if nextIndex < s.endIndex, s[nextIndex] == " " { return fit }
        if let space = fit.lastIndex(of: " "), space > fit.startIndex { return s[s.startIndex..<space] }
        return fit
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
