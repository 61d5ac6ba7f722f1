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

    /// The most bytes of lyrics read, from a .lrc file or a tag: a song's lyrics are a few KB, an LRC of an
    /// hour's set some tens; more is refused with a message (and so is a file that is not text).
    public static let sizeLimit = 256 * 1024
    /// The most lines kept (those after are left out, with a message): the lyrics card lays out every line.
    public static let lineLimit = 2_000
    /// The latest time a time tag or offset may name (an LRC is for one track): later ones are malformed lines.
    static let latestTime = 24 * 3600.0

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
                        if let ms = Double(value.filter { $0 != "+" }), ms.isFinite, abs(ms) <= latestTime * 1000 {
                            offset = ms / 1000
                        } else {
                            bad = true
                        }
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
        let time = Double(minutes) * 60 + seconds
        return time <= latestTime ? time : nil
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

    /// What looking for a track's lyrics found: the lyrics (nil: none), and what was refused on the way
    /// (a .lrc too large or not text, a lyrics tag too long), one line each for the user.
    public struct Lookup: Sendable, Equatable {
        public var lyrics: Lyrics?
        public var problems: [String] = []
    }

    /// The lyrics of an audio file: a .lrc beside it (same name; a regular file within `sizeLimit` that reads
    /// as text), else lyrics in its tags (only they are read); `lyrics` is nil when there are none. The folder
    /// is listed through `folders` (nil: listed now).
    public static func find(for path: String, folders: FolderListings? = nil) -> Lookup {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let stem = url.deletingPathExtension().lastPathComponent.lowercased()
        let entries = (folders ?? FolderListings()).names(in: folder.path)
        var found = Lookup()
        if let name = entries.first(where: { $0.lowercased() == stem + ".lrc" }) {
            let file = folder.appendingPathComponent(name).path
            do throws(RegularFile.Refusal) {
                let bytes = try RegularFile.read(file, limit: sizeLimit)
                if let text = String(validating: bytes, as: UTF8.self) ?? String(bytes: bytes, encoding: .isoLatin1),
                   isText(text) {
                    let parsed = bounded(parse(text, source: name), &found.problems)
                    if !parsed.lines.isEmpty { found.lyrics = parsed; return found }
                } else {
                    found.problems.append("The lyrics file \(name) is not text; ignored.")
                }
            } catch {
                found.problems.append("The lyrics file \(name) \(error.reason); ignored.")
            }
        }
        if let tags = Tags.read(from: path, fields: .lyrics) {
            found.problems += tags.problems
            if let embedded = tags.lyrics {
                let parsed = bounded(parse(embedded, source: "the file's tags"), &found.problems)
                if !parsed.lines.isEmpty { found.lyrics = parsed }
            }
        }
        return found
    }

    /// `lyrics` within `lineLimit` lines, saying so in `problems` when some were left out.
    private static func bounded(_ lyrics: Lyrics, _ problems: inout [String]) -> Lyrics {
        guard lyrics.lines.count > lineLimit else { return lyrics }
        var kept = lyrics
        kept.lines = Array(lyrics.lines.prefix(lineLimit))
        problems.append("The lyrics from \(lyrics.source) have \(lyrics.lines.count) lines; the first \(lineLimit) are shown.")
        return kept
    }

    /// Whether `text` reads as text: no NUL or other control characters but tabs and line ends, and few
    /// replacement characters (what bytes that are not text become).
    static func isText(_ text: String) -> Bool {
        var scalars = 0, odd = 0
        for s in text.unicodeScalars {
            scalars += 1
            if s.value < 0x20 && s != "\n" && s != "\r" && s != "\t" { return false }
            if s == "\u{FFFD}" || (0x7F...0x9F).contains(s.value) { odd += 1 }
        }
        return odd * 100 <= scalars
    }
}
