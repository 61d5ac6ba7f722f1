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
    /// What was read but refused (a tag too long, lyrics that are not text), one line each for the user.
    public var problems: [String] = []

    /// The most bytes a text tag (title, artist, album) may hold: a longer one is ignored, with a message.
    public static let textLimit = 1024
    /// The most bytes embedded lyrics may hold (a song's lyrics are a few KB; a LRC of an hour's set, tens).
    public static let lyricsLimit = Lyrics.sizeLimit
    /// The most bytes an embedded picture may hold (a cover is a few hundred KB, a scan of a booklet a few MB).
    public static let pictureLimit = CoverArt.sizeLimit
    /// The highest track and disc numbers believed (a larger one is a broken tag, and is ignored).
    static let trackNumbers = 1...9_999, discNumbers = 1...999

    public init(title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil, trackNumber: Int? = nil,
                discNumber: Int? = nil, duration: Double? = nil, picture: [UInt8]? = nil, lyrics: String? = nil,
                replayGain: ReplayGain? = nil) {
        self.title = title; self.artist = artist; self.album = album; self.albumArtist = albumArtist; self.trackNumber = trackNumber
        self.discNumber = discNumber; self.duration = duration; self.picture = picture; self.lyrics = lyrics
        self.replayGain = replayGain
    }

    private static func replayGain(_ raw: np_tags) -> ReplayGain? {
        // Gains in dB and linear peaks, both far within ±100 in any real file.
        func value(_ v: Double) -> Double? { v.isFinite && abs(v) <= 100 ? v : nil }
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
    /// Every number and text is checked where it enters: a length the file cannot hold is unknown (nil), a
    /// track or disc number out of range is ignored, and a text, lyrics or picture beyond its limit, or lyrics
    /// that are not text, are left out with a line in `problems`. A FIFO, socket or device is not opened.
    /// With `lengths`, an MP3's length is the one it plays for (`MPEGLength`), not TagLib's count of whole frames.
    static func read(from path: String, fields: Fields = .all, lengths: MPEGLength?) -> Tags? {
        guard RegularFile.refusal(path) == nil else {
            ReadLog.record(path, .tags(fields))
            return nil
        }
        var raw = np_tags()
        let status = np_read_tags(path, &raw, fields.rawValue)
        defer { np_free_tags(&raw) }
        ReadLog.record(path, .tags(fields), bytes: Int(raw.bytes_read))
        guard status == 0 else { return nil }
        let name = URL(fileURLWithPath: path).lastPathComponent
        var problems: [String] = []
        func text(_ p: UnsafeMutablePointer<CChar>?, _ what: String, limit: Int = textLimit) -> String? {
            guard let p else { return nil }
            let length = strlen(p)
            guard length <= limit else {
                problems.append("\(name): its \(what) tag is \(ByteCount(length)), more than the \(ByteCount(limit)) this program reads; ignored.")
                return nil
            }
            let s = String(cString: p).trimmingSpaces()
            return s.isEmpty ? nil : s
        }
        var lyrics = text(raw.lyrics, "lyrics", limit: lyricsLimit)
        if let l = lyrics, !Lyrics.isText(l) {
            problems.append("\(name): its lyrics tag is not text; ignored.")
            lyrics = nil
        }
        var picture = raw.picture.map { Array(UnsafeBufferPointer(start: $0, count: raw.picture_size)) }
        if raw.picture_size > pictureLimit {
            problems.append("\(name): its picture is \(ByteCount(raw.picture_size)), more than the \(ByteCount(pictureLimit)) this program reads; ignored.")
            picture = nil
        }
        var tags = Tags(
            title: text(raw.title, "title"), artist: text(raw.artist, "artist"), album: text(raw.album, "album"),
            albumArtist: text(raw.album_artist, "album artist"),
            trackNumber: trackNumbers.contains(Int(raw.track)) ? Int(raw.track) : nil,
            discNumber: discNumbers.contains(Int(raw.disc)) ? Int(raw.disc) : nil,
            duration: TrackLength.validated(raw.mpeg != 0 ? lengths?.seconds(of: path) ?? raw.duration : raw.duration, path: path),
            picture: picture, lyrics: lyrics, replayGain: Tags.replayGain(raw))
        tags.problems = problems
        return tags
    }

    /// `read(from:fields:lengths:)` with TagLib's lengths.
    public static func read(from path: String, fields: Fields = .all) -> Tags? {
        read(from: path, fields: fields, lengths: nil)
    }

    /// What the file holds, in words ("AAC in an M4A file"), when TagLib knows its codec.
    public static func formatDescription(of path: String) -> String? {
        guard let words = np_audio_format(path) else { return nil }
        defer { free(words) }
        return String(cString: words)
    }
}
