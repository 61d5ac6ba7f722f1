import CAudioCodecs
import Glibc

/// WAV and AIFF (any PCM width, float, µ-law …) through libsndfile, which SDL_mixer's MIDI synthesiser
/// (fluidsynth) maps anyway: streamed, at the file's rate and channels, integers scaled to ±1.
final class SndfileSource: PCMSource {
    private let file: OpaquePointer
    let channels: Int
    let sampleRate: Int
    let frameCount: Int
    let streamTags: StreamTags

    init(path: String) throws(DecoderError) {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw DecoderError(reason: "libsndfile: \(String(cString: sf_strerror(nil)))")
        }
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(file)
            throw DecoderError(reason: "libsndfile finds no samples")
        }
        self.file = file
        channels = Int(info.channels)
        sampleRate = Int(info.samplerate)
        frameCount = max(0, Int(info.frames))
        let kinds = ["TITLE": SF_STR_TITLE, "ARTIST": SF_STR_ARTIST, "ALBUM": SF_STR_ALBUM]
        streamTags = StreamTags { key in kinds[key].flatMap { sf_get_string(file, Int32($0)) }.map { String(cString: $0) } }
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        Int(max(0, sf_readf_float(file, buffer.baseAddress, sf_count_t(buffer.count / channels))))
    }

    func seek(toFrame frame: Int) {
        // Past the end, libsndfile stays where it was: there the next read is the end.
        if sf_seek(file, sf_count_t(frame), SEEK_SET) < 0 { sf_seek(file, 0, SEEK_END) }
    }

    deinit { sf_close(file) }
}
