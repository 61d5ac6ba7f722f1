import CAudioCodecs

/// A FLAC file through libFLAC, at its own rate and channels, scaled from its integers exactly as FFmpeg
/// does (divided by 2^(bits − 1)). libFLAC's seek is to the sample: the frame holding the target is decoded
/// and handed over from the target on.
final class FLACSource: PCMSource {
    private let decoder: UnsafeMutablePointer<FLAC__StreamDecoder>
    private(set) var channels = 0
    private(set) var sampleRate = 0
    private(set) var frameCount = 0
    private(set) var streamTags = StreamTags()
    /// Decoded frames not yet read (interleaved), from `pendingStart` on.
    private var pending: [Float] = []
    private var pendingStart = 0
    /// A seek past the end: nothing more until the next seek.
    private var pastEnd = false

    init(path: String) throws(DecoderError) {
        guard let decoder = FLAC__stream_decoder_new() else { throw DecoderError(reason: "libFLAC is out of memory") }
        self.decoder = decoder
        FLAC__stream_decoder_set_metadata_respond(decoder, FLAC__METADATA_TYPE_VORBIS_COMMENT)
        let client = Unmanaged.passUnretained(self).toOpaque()
        guard FLAC__stream_decoder_init_file(decoder, path, flacWrite, flacMetadata, flacError, client) == FLAC__STREAM_DECODER_INIT_STATUS_OK,
              FLAC__stream_decoder_process_until_end_of_metadata(decoder) != 0, channels > 0, sampleRate > 0 else {
            // The source is whole by now, so its deinit finishes and deletes the decoder (deleting it here too
            // freed it twice: a FLAC with only a header, or a sample rate of 0, crashed the app).
            let state = FLAC__stream_decoder_get_state(decoder)
            throw DecoderError(reason: sampleRate == 0 && channels > 0 ? "libFLAC: its header gives no sample rate"
                : state == FLAC__STREAM_DECODER_END_OF_STREAM ? "libFLAC: the file ends before its audio"
                : "libFLAC: \(String(cString: FLAC__stream_decoder_get_resolved_state_string(decoder)))")
        }
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        while pendingStart == pending.count {
            guard !pastEnd, FLAC__stream_decoder_get_state(decoder) != FLAC__STREAM_DECODER_END_OF_STREAM else { return 0 }
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
            guard FLAC__stream_decoder_process_single(decoder) != 0 else { return 0 }
        }
        let n = min(buffer.count / channels * channels, pending.count - pendingStart)
        for i in 0..<n { buffer[i] = pending[pendingStart + i] }
        pendingStart += n
        return n / channels
    }

    func seek(toFrame frame: Int) {
        pending.removeAll(keepingCapacity: true)
        pendingStart = 0
        pastEnd = frameCount > 0 && frame >= frameCount
        guard !pastEnd, FLAC__stream_decoder_seek_absolute(decoder, FLAC__uint64(frame)) == 0 else { return }
        // A failed seek leaves the decoder needing a flush before it decodes again.
        FLAC__stream_decoder_flush(decoder)
    }

    /// libFLAC's write callback: one decoded frame, a buffer of integers per channel.
    fileprivate func received(_ frame: FLAC__Frame, _ buffer: UnsafePointer<UnsafePointer<FLAC__int32>?>) {
        let count = Int(frame.header.blocksize), bits = Int(frame.header.bits_per_sample)
        let scale = 1 / Float(1 << (bits - 1))
        let base = pending.count
        pending.append(contentsOf: repeatElement(0, count: count * channels))
        for c in 0..<min(channels, Int(frame.header.channels)) {
            guard let samples = buffer[c] else { continue }
            for i in 0..<count { pending[base + i * channels + c] = Float(samples[i]) * scale }
        }
    }

    /// libFLAC's metadata callback: the stream's format and length, and its Vorbis comments.
    fileprivate func received(_ metadata: FLAC__StreamMetadata) {
        switch metadata.type {
        case FLAC__METADATA_TYPE_STREAMINFO:
            let info = metadata.data.stream_info
            channels = Int(info.channels)
            sampleRate = Int(info.sample_rate)
            frameCount = Int(info.total_samples)
        case FLAC__METADATA_TYPE_VORBIS_COMMENT:
            let comments = metadata.data.vorbis_comment
            var fields: [String: String] = [:]
            for i in 0..<Int(comments.num_comments) {
                let entry = comments.comments[i]
                guard let bytes = entry.entry else { continue }
                let text = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(entry.length)), as: UTF8.self)
                guard let equals = text.firstIndex(of: "=") else { continue }
                let key = text[..<equals].uppercased()
                if fields[key] == nil { fields[key] = String(text[text.index(after: equals)...]) }
            }
            streamTags = StreamTags { fields[$0] }
        default: break
        }
    }

    deinit {
        FLAC__stream_decoder_finish(decoder)
        FLAC__stream_decoder_delete(decoder)
    }
}

private func source(_ client: UnsafeMutableRawPointer?) -> FLACSource {
    Unmanaged<FLACSource>.fromOpaque(client!).takeUnretainedValue()
}

private let flacWrite: FLAC__StreamDecoderWriteCallback = { _, frame, buffer, client in
    if let frame, let buffer { source(client).received(frame.pointee, buffer) }
    return FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE
}

private let flacMetadata: FLAC__StreamDecoderMetadataCallback = { _, metadata, client in
    if let metadata { source(client).received(metadata.pointee) }
}

/// A lost sync or a bad frame is skipped (libFLAC goes on to the next frame); nothing is printed.
private let flacError: FLAC__StreamDecoderErrorCallback = { _, _, _ in }
