import CFFmpeg
import FoundationEssentials

/// A source of the samples the output plays: interleaved stereo Float32 at `OutputFormat.sampleRate`, read in
/// order, with sample-accurate seeking. One interface for every format, so pause, seek, position, volume, the
/// end of a track and the output's release behave the same whichever library decodes the file.
/// A decoder is used by one thread at a time: `OutputFeed` holds it and serialises the audio callback and
/// the player behind its lock.
public protocol Decoder: AnyObject {
    /// The length in frames, 0 when unknown.
    var frameCount: Int { get }
    /// Title, artist and album the stream itself carries (fall-backs when TagLib found none).
    var streamTags: StreamTags { get }
    /// Fills `buffer` (two floats a frame) from the current position; returns the frames written, 0 at the end.
    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int
    /// Moves to `frame`: the next read starts exactly there.
    func seek(toFrame frame: Int)
}

/// The format every decoder delivers and the output is opened in.
public enum OutputFormat {
    public static let sampleRate = 44100
    public static let channels = 2
}

/// The text tags a decoder found in the stream.
public struct StreamTags: Sendable, Equatable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public init(title: String? = nil, artist: String? = nil, album: String? = nil) {
        self.title = title; self.artist = artist; self.album = album
    }

    /// The tags without any longer than `Tags.textLimit` bytes (a multi-megabyte title is a broken file, and
    /// would be laid out as text at every frame it shows).
    var bounded: StreamTags {
        func kept(_ s: String?) -> String? { s.flatMap { $0.utf8.count <= Tags.textLimit ? $0 : nil } }
        return StreamTags(title: kept(title), artist: kept(artist), album: kept(album))
    }
}

/// The libraries that can decode a file, tried in order. The native decoders (mpg123, libvorbisfile,
/// libopusfile, libFLAC, libsndfile: what SDL_mixer maps anyway) stream MP3, Ogg Vorbis, Opus, FLAC and WAV;
/// FFmpeg, loaded only when a file needs it, streams the rest (AAC, ALAC, WMA …); SDL_mixer decodes what
/// neither can open (MIDI) into memory (`Mix_LoadWAV`), since SDL_mixer 2 cannot hand out a streamed
/// `Mix_Music`'s samples. Each streams with sample-accurate seeking and encoder delay and padding removed.
public enum DecoderBackend: Sendable, CaseIterable {
    case native, ffmpeg, mixer

    /// Every backend this build has.
    public static let all: [DecoderBackend] = allCases

    /// Opens `path` with this backend (FFmpeg's functions from `ffmpeg`, asked for only when FFmpeg is
    /// tried); throws its reason when it cannot decode the file. Without `streamTags` the decoder may leave the
    /// file's tags unread (mpg123 steps over an MP3's ID3v2 tag), and `streamTags` is then empty.
    func open(_ path: String, streamTags: Bool = true,
              ffmpeg: () -> Result<np_ffmpeg, DecoderError> = { FFmpegLibrary.system }) throws(DecoderError) -> any Decoder {
        switch self {
        case .native:
            guard let format = NativeFormat(path: path) else {
                throw DecoderError(reason: "not MP3, Ogg Vorbis, Opus, FLAC or WAV")
            }
            return try format.open(path, streamTags: streamTags)
        case .ffmpeg: return try FFmpegDecoder(path: path, av: ffmpeg().get())
        case .mixer: return try MixerChunkDecoder(path: path)
        }
    }

    /// Whether this backend is tried for `path` when `backends` are available: SDL_mixer, there for what the
    /// streaming decoders cannot decode (MIDI), is not tried on a file they are meant for and could not open (a
    /// damaged MP3), where it would only add its own reason, and its libraries' warnings on the terminal.
    private func isTried(for path: String, among backends: [DecoderBackend]) -> Bool {
        guard self == .mixer, backends.contains(.ffmpeg) || backends.contains(.native) else { return true }
        return DecoderBackend.mixerExtensions.contains(pathExtension(of: path))
    }

    /// What SDL_mixer decodes for this player: MIDI.
    static let mixerExtensions: Set<String> = ["mid", "midi"]

    /// Opens `path` with the first backend of `backends` that decodes it. Without FFmpeg (left out, or not
    /// installed), a file TagLib recognises (AAC, ALAC, WMA) is named as a format this build cannot decode,
    /// not as damaged.
    static func open(_ path: String, with backends: [DecoderBackend], streamTags: Bool = true,
                     ffmpeg: () -> Result<np_ffmpeg, DecoderError> = { FFmpegLibrary.system }) throws(PlayerError) -> any Decoder {
        ReadLog.record(path, .decoder)
        // Only a regular file is opened: a FIFO would hold the opening thread until a writer came.
        if let refusal = RegularFile.refusal(path) { throw PlayerError.notAFile(path: path, reason: refusal.reason) }
        var reasons: [String] = []
        for backend in backends where backend.isTried(for: path, among: backends) {
            do { return try backend.open(path, streamTags: streamTags, ffmpeg: ffmpeg) } catch { reasons.append(error.reason) }
        }
        let hasFFmpeg = backends.contains(.ffmpeg) && (try? ffmpeg().get()) != nil
        if !hasFFmpeg, let format = Tags.formatDescription(of: path) {
            throw PlayerError.unsupported(path: path, format: format)
        }
        throw PlayerError.cannotOpen(path: path, reason: reasons.joined(separator: "; "))
    }
}

/// Why a backend could not decode a file, in the library's own words.
public struct DecoderError: Error, Sendable {
    public let reason: String
}
