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
        self.init(path: path,
                  title: tags?.title ?? Track.title(fromFileName: url.deletingPathExtension().lastPathComponent),
                  artist: tags?.artist ?? "Unknown Artist",
                  album: tags?.album ?? url.deletingLastPathComponent().lastPathComponent,
                  trackNumber: tags?.trackNumber ?? Track.leadingNumber(url.lastPathComponent),
                  discNumber: tags?.discNumber, duration: tags?.duration)
        replayGain = tags?.replayGain
        albumArtist = tags?.albumArtist
    }

    /// "03 - Glass Orchard" → "Glass Orchard"; underscores become spaces.
    static func title(fromFileName name: String) -> String {
        var s = Substring(name.replacing("_", with: " "))
        s = s.drop { $0.isNumber }
        let trimmed = s.drop { $0 == " " || $0 == "-" || $0 == "." }
        return trimmed.isEmpty ? name : String(trimmed)
    }

    static func leadingNumber(_ name: String) -> Int? {
        Int(name.prefix { $0.isNumber })
    }
}
