import CAudioCodecs

/// An Ogg Opus file through libopusfile, as float stereo at Opus's 48 kHz (downmixed by libopusfile when it
/// has more channels). The pre-skip and the last granule position remove the encoder's delay and padding;
/// the header's output gain is applied; seeking is to the sample (`op_pcm_seek`, with its own pre-roll).
final class OpusSource: PCMSource {
    private let file: OpaquePointer
    let channels = 2
    let sampleRate = 48000
    let frameCount: Int
    let streamTags: StreamTags

    init(path: String) throws(DecoderError) {
        var error: Int32 = 0
        guard let file = op_open_file(path, &error) else {
            throw DecoderError(reason: "libopusfile cannot open it (\(error))")
        }
        self.file = file
        frameCount = max(0, Int(op_pcm_total(file, -1)))
        let tags = op_tags(file, -1)
        streamTags = StreamTags { key in tags.flatMap { opus_tags_query($0, key, 0) }.map { String(cString: $0) } }
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        var frames: Int32
        // A hole (a damaged page) is skipped; the stream goes on.
        repeat { frames = op_read_float_stereo(file, buffer.baseAddress, Int32(buffer.count)) } while frames == OP_HOLE
        return Int(max(0, frames))
    }

    func seek(toFrame frame: Int) { op_pcm_seek(file, ogg_int64_t(frame)) }

    deinit { op_free(file) }
}
