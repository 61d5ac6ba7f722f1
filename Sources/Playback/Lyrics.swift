import FoundationEssentials

/// A song's lyrics: time-synced lines (LRC) or plain text, with where they came from.
public struct Lyrics: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        /// Seconds into the track (offset applied); nil for plain lyrics.
        public var time: Double?
        public var text: String
        public init(time: Double?, text: String) { self.time = time; self.text = text }
    }

    public var lines: [Line]
    public var title: String?
    public var artist: String?
    public var album: String?
    /// Who made the LRC file ([by:]).
    public var author: String?
    /// Lines that could not be read and were skipped.
    public var malformedLines = 0
    /// Where the lyrics came from, in words ("01-neon-harbor.lrc", "the file's tags").
    public var source: String

    public var isSynced: Bool { lines.contains { $0.time != nil } }

    public init(lines: [Line], source: String) {
        self.lines = lines
        self.source = source
    }

    /// Parses LRC: [mm:ss.xx] and [mm:ss] tags (several may start one line), [offset:±ms], [ti:] [ar:] [al:] [by:]
    /// metadata, blank lines, lines in any order. Text without time tags makes plain lyrics. Bad lines are
    /// skipped and counted. A UTF-8 byte order mark is ignored.
    public static func parse(_ text: String, source: String) -> Lyrics {
        var lyrics = Lyrics(lines: [], source: source)
        var timed: [(Double, Int, String)] = []
        var plain: [String] = []
        var untimedText = 0
        var offset = 0.0
        var body = text
        if body.hasPrefix("\u{FEFF}") { body.removeFirst() }
        for (n, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var rest = Substring(raw).trimmingSpaces()[...]
            var times: [Double] = []
            var sawTag = false
            var bad = false
            while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                sawTag = true
                if let t = timeTag(tag) {
                    times.append(t)
                } else if let colon = tag.firstIndex(of: ":") {
                    let key = tag[..<colon].lowercased().trimmingSpaces()
                    let value = tag[tag.index(after: colon)...].trimmingSpaces()
                    switch key {
                    case "ti": lyrics.title = value
                    case "ar": lyrics.artist = value
                    case "al": lyrics.album = value
                    case "by": lyrics.author = value
                    case "offset":
                        if let ms = Double(value.replacing("+", with: "")) { offset = ms / 1000 } else { bad = true }
                    default:
                        // Other metadata ([length:], [re:], [ve:] …) is fine; a time that does not parse is not.
                        if key.first?.isNumber == true { bad = true }
                    }
                } else {
                    bad = true
                }
            }
            let words = rest.trimmingSpaces()
            if bad {
                lyrics.malformedLines += 1
            } else if !times.isEmpty {
                for t in times { timed.append((t, n, words)) }
            } else if !sawTag {
                plain.append(words)
                if !words.isEmpty { untimedText += 1 }
            }
        }
        if timed.isEmpty {
            while plain.first?.isEmpty == true { plain.removeFirst() }
            while plain.last?.isEmpty == true { plain.removeLast() }
            lyrics.lines = plain.map { Line(time: nil, text: $0) }
        } else {
            // A positive offset shows the lyrics sooner.
            lyrics.lines = timed.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
                .map { Line(time: max(0, $0.0 - offset), text: $0.2) }
            lyrics.malformedLines += untimedText
        }
        return lyrics
    }

    /// "mm:ss", "mm:ss.x", "mm:ss.xx", "mm:ss.xxx" (also "mm:ss:xx") → seconds; nil when not a time.
    static func timeTag(_ tag: Substring) -> Double? {
        let parts = tag.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let minutes = Int(parts[0]), minutes >= 0 else { return nil }
        var secondsText = String(parts[1])
        if parts.count == 3 { secondsText += "." + parts[2] }
        guard let seconds = Double(secondsText), seconds >= 0, seconds < 60,
              secondsText.first?.isNumber == true else { return nil }
        return Double(minutes) * 60 + seconds
    }

    /// The line sung at `position` seconds: the last one whose time has come; nil before the first.
    public func lineIndex(at position: Double) -> Int? {
        guard isSynced else { return nil }
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if (lines[mid].time ?? 0) <= position { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// The lyrics of an audio file: a .lrc beside it (same name), else lyrics in its tags (only they are
    /// read); nil when there are none. The folder is listed through `folders` (nil: listed now).
    public static func find(for path: String, folders: FolderListings? = nil) -> Lyrics? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let stem = url.deletingPathExtension().lastPathComponent.lowercased()
        let entries = (folders ?? FolderListings()).names(in: folder.path)
        if let name = entries.first(where: { $0.lowercased() == stem + ".lrc" }) {
            let file = folder.appendingPathComponent(name).path
            if let data = FileManager.default.contents(atPath: file) {
                let text = String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
                let parsed = parse(text, source: name)
                if !parsed.lines.isEmpty { return parsed }
            }
        }
        if let embedded = Tags.read(from: path, fields: .lyrics)?.lyrics {
            let parsed = parse(embedded, source: "the file's tags")
            if !parsed.lines.isEmpty { return parsed }
        }
        return nil
    }
}
