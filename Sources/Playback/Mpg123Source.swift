import CAudioCodecs
import Glibc

/// An MP3 (or MP2) through libmpg123, as float stereo at the file's rate. Gapless decoding drops the encoder
/// delay and padding the LAME/Info tag names, and seeking is to the sample (mpg123 decodes from a frame
/// before the target, for the bit reservoir, and discards what lies before it).
final class Mpg123Source: PCMSource {
    private let handle: OpaquePointer
    let channels = 2
    let sampleRate: Int
    let frameCount: Int
    let streamTags: StreamTags

    /// `readsTags`: whether mpg123 parses the ID3v2 tag for `streamTags` (picture and all: megabytes for a large
    /// cover) or steps over it.
    init(path: String, readsTags: Bool = true) throws(DecoderError) {
        var error: Int32 = 0
        guard let handle = mpg123_new(nil, &error) else {
            throw DecoderError(reason: "mpg123: \(String(cString: mpg123_plain_strerror(error)))")
        }
        self.handle = handle
        Mpg123Source.configure(handle, readsTags: readsTags)
        guard let rate = Mpg123Source.open(path, with: handle) else {
            let reason = String(cString: mpg123_strerror(handle))
            mpg123_delete(handle)
            throw DecoderError(reason: "mpg123: \(reason)")
        }
        sampleRate = rate
        frameCount = max(0, Int(mpg123_length(handle)))
        streamTags = Mpg123Source.tags(handle)
    }

    /// Sets `handle` up as every MP3 is decoded here: quiet (mpg123 would print resync and tag warnings on the
    /// user's terminal), gapless, and without parsing the ID3v2 tag unless `readsTags`.
    static func configure(_ handle: OpaquePointer, readsTags: Bool) {
        let skipping = readsTags ? 0 : MPG123_SKIP_ID3V2.rawValue
        mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_QUIET.rawValue | MPG123_GAPLESS.rawValue | skipping), 0)
    }

    /// Opens `path` on `handle` in the output's layout (float stereo); its sample rate, or nil when it is no MPEG
    /// audio mpg123 can read (`mpg123_strerror` says why).
    static func open(_ path: String, with handle: OpaquePointer) -> Int? {
        var rate = 0, channelCount: Int32 = 0, encoding: Int32 = 0
        guard mpg123_open_fixed(handle, path, Int32(MPG123_STEREO.rawValue), Int32(MPG123_ENC_FLOAT_32.rawValue)) == MPG123_OK.rawValue,
              mpg123_getformat(handle, &rate, &channelCount, &encoding) == MPG123_OK.rawValue, rate > 0 else { return nil }
        return rate
    }

    /// Title, artist and album of the ID3v2 tag mpg123 read at the start of the file.
    private static func tags(_ handle: OpaquePointer) -> StreamTags {
        var v1: UnsafeMutablePointer<mpg123_id3v1>?, v2: UnsafeMutablePointer<mpg123_id3v2>?
        guard mpg123_id3(handle, &v1, &v2) == MPG123_OK.rawValue, let tag = v2?.pointee else { return StreamTags() }
        let fields = ["TITLE": tag.title, "ARTIST": tag.artist, "ALBUM": tag.album]
        return StreamTags { key in fields[key].flatMap { $0 }.flatMap { $0.pointee.fill > 0 ? $0.pointee.p : nil }.map { String(cString: $0) } }
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        let frameBytes = channels * MemoryLayout<Float>.size
        let wanted = buffer.count / channels * frameBytes
        var filled = 0
        while filled < wanted {
            var done = 0
            let result = mpg123_read(handle, UnsafeMutableRawPointer(buffer.baseAddress!) + filled, wanted - filled, &done)
            filled += done
            // A new format (a rate change mid-file) carries on at the first one's rate; anything else ends it.
            if result != MPG123_OK.rawValue && result != MPG123_NEW_FORMAT.rawValue { break }
            if done == 0 && result == MPG123_OK.rawValue { break }
        }
        return filled / frameBytes
    }

    func seek(toFrame frame: Int) { mpg123_seek(handle, off_t(frame), SEEK_SET) }

    deinit { mpg123_delete(handle) }
}
