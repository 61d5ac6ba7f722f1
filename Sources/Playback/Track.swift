import FoundationEssentials

/// One playable item of the queue: where the audio is and what to show for it.
public struct Track: Hashable, Sendable {
    /// The audio file (absolute path).
    public var path: String
    public var title: String
    public var artist: String
    public var album: String
    /// The album's artist, when the tags name one.
    public var albumArtist: String?
    // A library holds a track per file: its optional numbers take 8 bytes each (136 bytes a track, not 192).
    @PackedInt public var trackNumber: Int? = nil
    @PackedInt public var discNumber: Int? = nil
    /// Length in seconds when known before playing.
    @PackedDouble public var duration: Double? = nil
    /// The file's ReplayGain tags (nil when none of the four is known).
    public var replayGain: ReplayGain? {
        get { gains == ReplayGain() ? nil : gains }
        set { gains = newValue ?? ReplayGain() }
    }
    private var gains = ReplayGain()

    public init(path: String, title: String, artist: String, album: String, trackNumber: Int? = nil,
                discNumber: Int? = nil, duration: Double? = nil) {
        self.path = path; self.title = title; self.artist = artist; self.album = album
        self.trackNumber = trackNumber; self.discNumber = discNumber; self.duration = duration
    }

    /// A track described by its tags, with the file name and folder as fall-backs.
    public init(path: String, tags: Tags?) {
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent
        self.init(path: path,
                  title: tags?.title ?? Track.title(fromFileName: name),
                  artist: tags?.artist ?? "Unknown Artist",
                  album: tags?.album ?? url.deletingLastPathComponent().lastPathComponent,
                  trackNumber: tags?.trackNumber ?? Track.leadingNumber(name),
                  discNumber: tags?.discNumber, duration: tags?.duration)
        replayGain = tags?.replayGain
        albumArtist = tags?.albumArtist
    }

    /// "03 - Glass Orchard" → "Glass Orchard"; underscores become spaces. Digits that are part of the name stay
    /// ("2Pac - Changes", "03b-intro", "1979").
    static func title(fromFileName name: String) -> String {
        let spaced = String(name.map { $0 == "_" ? " " : $0 })
        guard let (_, rest) = numberPrefix(spaced) else { return spaced }
        let trimmed = rest.drop { $0 == " " || $0 == "-" || $0 == "." }
        return trimmed.isEmpty ? spaced : String(trimmed)
    }

    /// The track number a file's name (without its extension) starts with ("03 - Glass Orchard" → 3), if any.
    static func leadingNumber(_ name: String) -> Int? {
        numberPrefix(name)?.number
    }

    /// A file name's leading track number and what follows it: ASCII digits followed by a space, "-", "." or "_", or by
    /// nothing (not the start of a name such as "2Pac" or "03b"); a disc's number before it goes too — one or two
    /// digits, "-", then the track's two and a space, "." or "_" ("1-01 Song", "2-13 - Encore"; not "05-432-hours").
    /// Read character by character: this runs for every track opened, and a regular expression is compiled anew at
    /// each use (and brings the regex engine's code into memory).
    private static func numberPrefix(_ name: String) -> (number: Int, rest: Substring)? {
        let isDigit = { (c: Character) in c.isASCII && c.isNumber }
        let digits = name.prefix(while: isDigit)
        let rest = name.dropFirst(digits.count)
        if (1...2).contains(digits.count), rest.first == "-" {
            let track = rest.dropFirst().prefix(while: isDigit)
            let after = rest.dropFirst(1 + track.count)
            if track.count == 2, after.first.map({ " ._".contains($0) }) ?? true, let number = Int(track) {
                return (number, after)
            }
        }
        guard let number = Int(digits), rest.first.map({ " -._".contains($0) }) ?? true else { return nil }
        return (number, rest)
    }
}
