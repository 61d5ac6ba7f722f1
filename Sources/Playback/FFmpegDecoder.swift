import CFFmpeg

/// A file streamed through FFmpeg (libavformat demuxes, libavcodec decodes, libswresample converts to the
/// output's float stereo at 44.1 kHz), for what the native decoders do not take (AAC, ALAC, WMA …); the
/// libraries are loaded when the first such file opens (`FFmpegLibrary`). FFmpeg drops encoder delay and padding (LAME/Xing tags, MP4 edit
/// lists) itself; seeking lands on a packet before the target, with some pre-roll for the codec, and the
/// decoded samples before the target are dropped, so the next read starts on the exact frame.
final class FFmpegDecoder: Decoder {
    /// FFmpeg's functions.
    private let av: np_ffmpeg
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let streamIndex: Int32
    private let timeBase: AVRational
    /// The stream's first timestamp: an MP3's encoder delay (from its LAME tag) lies before it, so positions
    /// count from here.
    private let startTime: Int64
    /// Converted samples not yet read, from `pendingStart` on.
    private var pending: [Float] = []
    private var pendingStart = 0
    /// Whether the end of the file was handed to the decoder (it is then drained).
    private var sentEnd = false
    /// After a seek: the output frame wanted next; samples before it are dropped once a decoded frame says
    /// where it lies.
    private var seekTarget: Int?
    /// The output frame the next converted sample stands for, once known after a seek.
    private var convertedUpTo: Int?
    /// The output frame the next read starts at (a seek there changes nothing: a fresh decoder keeps the
    /// encoder delay FFmpeg skips only when reading from the very start).
    private var position = 0
    /// ASF (WMA) timestamps after a seek are a frame (2,048 samples) off what the decoder then delivers:
    /// there a seek decodes from the start and counts samples (exact, at the cost of decoding what lies before).
    private let seeksByDecodingFromStart: Bool
    /// MP4 marks an AAC track's end padding only by the last packet's shorter duration (and its edit list,
    /// in milliseconds): there a decoded frame longer than its packet is cut to the packet's length.
    private let trimsToPacketDuration: Bool
    let frameCount: Int
    let streamTags: StreamTags
    /// Decoded but earlier than the pre-roll a codec needs after a seek (MDCT overlap, MP3's bit reservoir).
    private static let seekPreroll = OutputFormat.sampleRate / 5

    /// Opens `path` with FFmpeg's functions `av` (`FFmpegLibrary`).
    init(path: String, av: np_ffmpeg) throws(DecoderError) {
        self.av = av
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        guard av.avformat_open_input(&fmt, path, nil, nil) == 0, let fmt else {
            throw DecoderError(reason: "FFmpeg cannot open it")
        }
        format = fmt
        // A cover in the file is a stream of its own: looking for the streams' parameters would decode it at
        // full size (64 MB for a 4000 px picture). Pictures are read apart, when shown; only sound is wanted here.
        for i in 0..<Int(fmt.pointee.nb_streams) {
            guard let s = fmt.pointee.streams[i], s.pointee.codecpar.pointee.codec_type != AVMEDIA_TYPE_AUDIO else { continue }
            s.pointee.discard = AVDISCARD_ALL
            s.pointee.codecpar.pointee.codec_id = AV_CODEC_ID_NONE
            if s.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { av.av_packet_unref(&s.pointee.attached_pic) }
        }
        var found: UnsafePointer<AVCodec>?
        let index = av.avformat_find_stream_info(fmt, nil) >= 0 ? av.av_find_best_stream(fmt, AVMEDIA_TYPE_AUDIO, -1, -1, &found, 0) : -1
        guard index >= 0, let found, let stream = fmt.pointee.streams[Int(index)] else {
            av.avformat_close_input(&format)
            throw DecoderError(reason: "FFmpeg finds no audio it can decode")
        }
        streamIndex = index
        timeBase = stream.pointee.time_base
        startTime = stream.pointee.start_time == np_av_nopts_value() ? 0 : stream.pointee.start_time
        codec = av.avcodec_alloc_context3(found)
        guard let codec, av.avcodec_parameters_to_context(codec, stream.pointee.codecpar) >= 0,
              av.avcodec_open2(codec, found, nil) == 0 else {
            av.avcodec_free_context(&codec)
            av.avformat_close_input(&format)
            throw DecoderError(reason: "FFmpeg cannot decode its \(String(cString: found.pointee.name))")
        }
        if codec.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av.av_channel_layout_default(&codec.pointee.ch_layout, codec.pointee.ch_layout.nb_channels)
        }
        let seconds = fmt.pointee.duration > 0 ? Double(fmt.pointee.duration) / Double(AV_TIME_BASE)
            : stream.pointee.duration > 0 ? Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base) : 0
        frameCount = Int((seconds * Double(OutputFormat.sampleRate)).rounded())
        streamTags = FFmpegDecoder.tags(av, fmt.pointee.metadata, stream.pointee.metadata)
        let container = String(cString: fmt.pointee.iformat.pointee.name)
        seeksByDecodingFromStart = container == "asf"
        trimsToPacketDuration = container.hasPrefix("mov,")
        packet = av.av_packet_alloc()
        frame = av.av_frame_alloc()
        guard makeResampler() else {
            guard codec.pointee.sample_rate > 0 else { throw DecoderError(reason: "FFmpeg: its header gives no sample rate") }
            throw DecoderError(reason: "FFmpeg cannot convert its \(codec.pointee.ch_layout.nb_channels) channels")
        }
    }

    /// A resampler from the codec's format to the output's; mono plays at full level on both sides.
    private func makeResampler() -> Bool {
        av.swr_free(&resampler)
        guard let codec else { return false }
        var out = AVChannelLayout()
        av.av_channel_layout_default(&out, Int32(OutputFormat.channels))
        guard av.swr_alloc_set_opts2(&resampler, &out, AV_SAMPLE_FMT_FLT, Int32(OutputFormat.sampleRate),
                                  &codec.pointee.ch_layout, codec.pointee.sample_fmt, codec.pointee.sample_rate, 0, nil) == 0,
              let resampler else { return false }
        // libswresample spreads mono at −3 dB over two channels whatever its centre mix level says; a matrix of
        // ones plays it at full level on both sides, as the native decoders do.
        if codec.pointee.ch_layout.nb_channels == 1 {
            let ones: [Double] = [1, 1]
            guard av.swr_set_matrix(resampler, ones, 1) >= 0 else { return false }
        }
        return av.swr_init(resampler) >= 0
    }

    private static func tags(_ av: np_ffmpeg, _ dictionaries: OpaquePointer?...) -> StreamTags {
        func value(_ key: String) -> String? {
            for d in dictionaries {
                if let entry = av.av_dict_get(d, key, nil, 0), let v = entry.pointee.value {
                    let s = String(cString: v).trimmingSpaces()
                    if !s.isEmpty { return s }
                }
            }
            return nil
        }
        return StreamTags(title: value("title"), artist: value("artist"), album: value("album"))
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        var written = 0
        while written < buffer.count {
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
                guard decodeMore() else { break }
                continue
            }
            let n = min(buffer.count - written, pending.count - pendingStart)
            for i in 0..<n { buffer[written + i] = pending[pendingStart + i] }
            written += n
            pendingStart += n
        }
        position += written / OutputFormat.channels
        return written / OutputFormat.channels
    }

    func seek(toFrame target: Int) {
        guard let format, let codec, target != position else { return }
        position = target
        let from = seeksByDecodingFromStart ? 0 : max(0, target - FFmpegDecoder.seekPreroll)
        let ts = av.av_rescale_q(Int64(from), AVRational(num: 1, den: Int32(OutputFormat.sampleRate)), timeBase) + startTime
        if av.av_seek_frame(format, streamIndex, ts, AVSEEK_FLAG_BACKWARD) < 0 {
            _ = av.av_seek_frame(format, streamIndex, startTime, AVSEEK_FLAG_BACKWARD)
        }
        av.avcodec_flush_buffers(codec)
        _ = makeResampler()
        pending.removeAll(keepingCapacity: true)
        pendingStart = 0
        sentEnd = false
        seekTarget = target
        convertedUpTo = seeksByDecodingFromStart ? 0 : nil
    }

    /// Decodes and converts the next frame into `pending`; false at the end of the stream.
    private func decodeMore() -> Bool {
        guard let format, let codec, let packet, let frame else { return false }
        while true {
            let received = av.avcodec_receive_frame(codec, frame)
            if received == 0 {
                convert(frame)
                av.av_frame_unref(frame)
                if pending.count > pendingStart { return true }
                continue
            }
            if received == np_averror_eof() || (received != np_averror_eagain()) {
                return flushResampler()
            }
            if sentEnd { return flushResampler() }
            if av.av_read_frame(format, packet) < 0 {
                _ = av.avcodec_send_packet(codec, nil)
                sentEnd = true
                continue
            }
            // A damaged packet is skipped (the decoder says so); the stream goes on.
            if packet.pointee.stream_index == streamIndex { _ = av.avcodec_send_packet(codec, packet) }
            av.av_packet_unref(packet)
        }
    }

    /// What the resampler still holds at the end of the stream.
    private func flushResampler() -> Bool {
        append(inputFrames: 0) { out, capacity in av.swr_convert(resampler, out, capacity, nil, 0) }
        return pending.count > pendingStart
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) {
        if let target = seekTarget, convertedUpTo == nil {
            let ts = frame.pointee.best_effort_timestamp
            let at = ts == np_av_nopts_value() ? target
                : Int(av.av_rescale_q(ts - startTime, timeBase, AVRational(num: 1, den: Int32(OutputFormat.sampleRate))))
            convertedUpTo = at
        }
        let input = UnsafeMutableRawPointer(frame.pointee.extended_data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        var samples = frame.pointee.nb_samples
        if trimsToPacketDuration, frame.pointee.pkt_duration > 0 {
            let rate = AVRational(num: 1, den: frame.pointee.sample_rate)
            samples = Int32(min(Int64(samples), av.av_rescale_q(frame.pointee.pkt_duration, timeBase, rate)))
        }
        append(inputFrames: samples) { out, capacity in av.swr_convert(resampler, out, capacity, input, samples) }
    }

    /// Lets `convert` write into room at the end of `pending` and keeps what it wrote, less what lies
    /// before a seek's target.
    private func append(inputFrames: Int32, _ convert: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, Int32) -> Int32) {
        let capacity = Int(max(0, av.swr_get_out_samples(resampler, inputFrames))) + 64
        let base = pending.count
        pending.append(contentsOf: repeatElement(0, count: capacity * OutputFormat.channels))
        let got = pending.withUnsafeMutableBufferPointer { buffer -> Int in
            var out: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + base).assumingMemoryBound(to: UInt8.self)
            return Int(max(0, convert(&out, Int32(capacity))))
        }
        pending.removeLast((capacity - got) * OutputFormat.channels)
        guard let target = seekTarget, let at = convertedUpTo else { return }
        let drop = min(got, max(0, target - at))
        pending.removeSubrange(base..<(base + drop * OutputFormat.channels))
        convertedUpTo = at + got
        if at + got >= target { seekTarget = nil; convertedUpTo = nil }
    }

    deinit {
        av.swr_free(&resampler)
        av.av_frame_free(&frame)
        av.av_packet_free(&packet)
        av.avcodec_free_context(&codec)
        av.avformat_close_input(&format)
    }
}
