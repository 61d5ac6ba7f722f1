import CTagLib
import FoundationEssentials
import Glibc

/// What an audio file's tags say (through TagLib, read-only).
public struct Tags: Sendable, Equatable {
    public var title: String?
    public var artist: String?
    public var album: String?
    /// The album's artist (a compilation's "Various Artists", say), when the tags name one.
    public var albumArtist: String?
    public var trackNumber: Int?
    public var discNumber: Int?
    public var duration: Double?
    /// The embedded front cover, as the file stores it (JPEG, PNG …).
    public var picture: [UInt8]?
    /// Embedded lyrics (plain or LRC text).
    public var lyrics: String?
    /// ReplayGain (or R128) tags, nil when there are none.
    public var replayGain: ReplayGain?

    public init(title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil, trackNumber: Int? = nil,
                discNumber: Int? = nil, duration: Double? = nil, picture: [UInt8]? = nil, lyrics: String? = nil,
                replayGain: ReplayGain? = nil) {
        self.title = title; self.artist = artist; self.album = album; self.albumArtist = albumArtist; self.trackNumber = trackNumber
        self.discNumber = discNumber; self.duration = duration; self.picture = picture; self.lyrics = lyrics
        self.replayGain = replayGain
    }

    private static func replayGain(_ raw: np_tags) -> ReplayGain? {
        func value(_ v: Double) -> Double? { v.isNaN ? nil : v }
        let gain = ReplayGain(trackGain: value(raw.track_gain), trackPeak: value(raw.track_peak),
                              albumGain: value(raw.album_gain), albumPeak: value(raw.album_peak))
        return gain == ReplayGain() ? nil : gain
    }

    /// What a read asks TagLib for: the text tags (with length and ReplayGain), the front cover, the
    /// embedded lyrics. Pictures are copied out only when asked for.
    public struct Fields: OptionSet, Sendable, Hashable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let text = Fields(rawValue: Int32(NP_FIELD_TEXT))
        public static let picture = Fields(rawValue: Int32(NP_FIELD_PICTURE))
        public static let lyrics = Fields(rawValue: Int32(NP_FIELD_LYRICS))
        public static let all: Fields = [.text, .picture, .lyrics]
    }

    /// Reads `fields` of a file's tags (one TagLib open); nil when TagLib does not recognise it as audio.
    public static func read(from path: String, fields: Fields = .all) -> Tags? {
        ReadLog.record(path, .tags(fields))
        var raw = np_tags()
        guard np_read_tags(path, &raw, fields.rawValue) == 0 else { return nil }
        defer { np_free_tags(&raw) }
        func text(_ p: UnsafeMutablePointer<CChar>?) -> String? {
            guard let p else { return nil }
            let s = String(cString: p).trimmingSpaces()
            return s.isEmpty ? nil : s
        }
        return Tags(
            title: text(raw.title), artist: text(raw.artist), album: text(raw.album), albumArtist: text(raw.album_artist),
            trackNumber: raw.track > 0 ? Int(raw.track) : nil, discNumber: raw.disc > 0 ? Int(raw.disc) : nil,
            duration: raw.duration > 0 ? raw.duration : nil,
            picture: raw.picture.map { Array(UnsafeBufferPointer(start: $0, count: raw.picture_size)) },
            lyrics: text(raw.lyrics), replayGain: Tags.replayGain(raw))
    }

    /// What the file holds, in words ("AAC in an M4A file"), when TagLib knows its codec.
    public static func formatDescription(of path: String) -> String? {
        guard let words = np_audio_format(path) else { return nil }
        defer { free(words) }
        return String(cString: words)
    }
}
