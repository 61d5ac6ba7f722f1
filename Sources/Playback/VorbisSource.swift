import CAudioCodecs

/// An Ogg Vorbis file through libvorbisfile, at its own rate and channels. The granule positions give the
/// exact length (the last page's padding is dropped) and sample-accurate seeking (`ov_pcm_seek`).
final class VorbisSource: PCMSource {
    /// libvorbisfile keeps pointers into this struct, so it lives at a fixed address.
    private let file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
    let channels: Int
    let sampleRate: Int
    let frameCount: Int
    let streamTags: StreamTags

    init(path: String) throws(DecoderError) {
        let opened = ov_fopen(path, file)
        guard opened == 0, let info = ov_info(file, -1)?.pointee, info.channels > 0 else {
            if opened == 0 { ov_clear(file) }
            file.deallocate()
            throw DecoderError(reason: "libvorbisfile cannot open it (\(opened))")
        }
        channels = Int(info.channels)
        sampleRate = info.rate
        frameCount = max(0, Int(ov_pcm_total(file, -1)))
        let comments = ov_comment(file, -1)
        streamTags = StreamTags { key in comments.flatMap { vorbis_comment_query($0, key, 0) }.map { String(cString: $0) } }
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        var pcm: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?
        var link: Int32 = 0
        var frames = 0
        // A hole (a damaged page) is skipped; the stream goes on.
        repeat { frames = ov_read_float(file, &pcm, Int32(buffer.count / channels), &link) } while frames == OV_HOLE
        // A chained file whose later links change the channel count ends where they change.
        guard frames > 0, let pcm, ov_info(file, link)?.pointee.channels == Int32(channels) else { return 0 }
        guard let out = buffer.baseAddress else { return 0 }
        if channels == 2, let left = pcm[0], let right = pcm[1] {
            // Most files: the two channels interleaved in one pass (which the compiler vectorises).
            for i in 0..<frames {
                out[2 * i] = left[i]
                out[2 * i + 1] = right[i]
            }
            return frames
        }
        for c in 0..<channels {
            guard let samples = pcm[c] else { continue }
            for i in 0..<frames { out[i * channels + c] = samples[i] }
        }
        return frames
    }

    func seek(toFrame frame: Int) { ov_pcm_seek(file, ogg_int64_t(frame)) }

    deinit {
        ov_clear(file)
        file.deallocate()
    }
}
