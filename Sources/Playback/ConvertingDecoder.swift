import CAudioCodecs

/// A `PCMSource` as the output wants it: stereo Float32 at `OutputFormat.sampleRate`. Mono plays at full level
/// on both sides; another rate (Opus's 48 kHz, a 96 kHz FLAC) goes through libsamplerate, which SDL links
/// already, so no other library is mapped for it. (SDL 2.26's own SDL_AudioStream resamples each put on
/// its own and drops what falls between puts: a 48 kHz file came out 20 ms short over 20 s.)
final class ConvertingDecoder: Decoder {
    private let source: any PCMSource
    /// The resampler, nil when the source is at the output's rate.
    private let resampler: OpaquePointer?
    private let ratio: Double
    /// The fewest source frames that make a whole number of output frames (160 at 48 kHz make 147).
    private let unit: Int
    /// The source's samples as stereo, and where the resampler has got to in them.
    private var stereo: [Float] = []
    private var stereoFrames = 0
    private var stereoUsed = 0
    /// The source's own samples, when they are mono (duplicated into `stereo`).
    private var mono: [Float] = []
    /// The source ran out (the resampler is then told so, and hands out what it held back).
    private var ended = false
    /// Converted frames still to drop after a seek (up to a `unit`'s worth).
    private var skip = 0
    let frameCount: Int
    var streamTags: StreamTags { source.streamTags }

    init(_ source: any PCMSource) throws(DecoderError) {
        guard source.channels <= OutputFormat.channels else {
            throw DecoderError(reason: "\(source.channels) channels: left to FFmpeg's downmix")
        }
        self.source = source
        ratio = Double(OutputFormat.sampleRate) / Double(source.sampleRate)
        frameCount = Int((Double(source.frameCount) * ratio).rounded())
        unit = source.sampleRate / ConvertingDecoder.greatestCommonDivisor(source.sampleRate, OutputFormat.sampleRate)
        guard source.sampleRate != OutputFormat.sampleRate else {
            resampler = nil
            return
        }
        var error: Int32 = 0
        // libsamplerate's fastest sinc: flat to 80 % of the band (17.6 kHz), 97 dB down. Its medium quality
        // (90 %) cost three times the CPU while an Opus track played (~1.7 % of a core more than FFmpeg's).
        guard let resampler = src_new(Int32(SRC_SINC_FASTEST), Int32(OutputFormat.channels), &error) else {
            throw DecoderError(reason: "libsamplerate: \(String(cString: src_strerror(error)))")
        }
        self.resampler = resampler
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int { b == 0 ? a : greatestCommonDivisor(b, a % b) }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        let channels = OutputFormat.channels
        guard let resampler else { return readStereo(into: buffer) }
        let wanted = buffer.count / channels
        var written = 0
        while written < wanted {
            if stereoUsed == stereoFrames && !ended {
                if stereo.isEmpty { stereo = Array(repeating: 0, count: 4096 * channels) }
                stereoFrames = stereo.withUnsafeMutableBufferPointer { readStereo(into: $0) }
                stereoUsed = 0
                ended = stereoFrames == 0
            }
            var generated = 0
            stereo.withUnsafeBufferPointer { input in
                var data = SRC_DATA()
                data.data_in = input.baseAddress! + stereoUsed * channels
                data.input_frames = stereoFrames - stereoUsed
                data.data_out = buffer.baseAddress! + written * channels
                data.output_frames = wanted - written
                data.end_of_input = ended ? 1 : 0
                data.src_ratio = ratio
                guard src_process(resampler, &data) == 0 else { return }
                stereoUsed += data.input_frames_used
                generated = data.output_frames_gen
            }
            if generated == 0 && ended { break }
            let dropped = min(skip, generated)
            if dropped > 0 {
                let at = buffer.baseAddress! + written * channels
                at.update(from: at + dropped * channels, count: (generated - dropped) * channels)
                skip -= dropped
            }
            written += generated - dropped
        }
        return written
    }

    /// Reads the source as stereo into `buffer`, duplicating mono.
    private func readStereo(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        guard source.channels == 1 else { return source.read(into: buffer) }
        let capacity = buffer.count / OutputFormat.channels
        if mono.count < capacity { mono = Array(repeating: 0, count: capacity) }
        // Through the buffer's pointer: indexing the array property in the loop made an exclusivity check of
        // the property per sample.
        return mono.withUnsafeMutableBufferPointer { mono in
            let frames = source.read(into: UnsafeMutableBufferPointer(rebasing: mono[..<capacity]))
            for i in 0..<frames { buffer[2 * i] = mono[i]; buffer[2 * i + 1] = mono[i] }
            return frames
        }
    }

    func seek(toFrame target: Int) {
        guard let resampler else { return source.seek(toFrame: target) }
        // From a source frame that falls on an output frame (a multiple of `unit`: 160 at 48 kHz), so the
        // resampled samples keep their phase, and the output frames before the target are dropped.
        let from = Int(Double(target) / ratio) / unit * unit
        source.seek(toFrame: from)
        src_reset(resampler)
        stereoFrames = 0
        stereoUsed = 0
        ended = false
        skip = max(0, target - Int((Double(from) * ratio).rounded()))
    }

    deinit { if let resampler { src_delete(resampler) } }
}
