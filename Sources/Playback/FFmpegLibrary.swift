import CFFmpeg

/// FFmpeg's libraries, loaded (dlopen) the first time a file needs them rather than linked: they and what
/// libavcodec drags in (AV1, H.264 … codecs) keep tens of megabytes resident, which a session playing only
/// MP3, Ogg, Opus, FLAC and WAV never needs.
enum FFmpegLibrary {
    /// FFmpeg from the system's library path, or why it cannot be used (not installed, another major version).
    static let system = load(from: nil)

    /// Loads the libraries of the major versions this build was compiled against from `directory` (nil: the
    /// dynamic linker's search path).
    static func load(from directory: String?) -> Result<np_ffmpeg, DecoderError> {
        let table = UnsafeMutablePointer<np_ffmpeg>.allocate(capacity: 1)
        defer { table.deallocate() }
        var error = [CChar](repeating: 0, count: 1024)
        guard np_ffmpeg_load(directory, table, &error, error.count) != 0 else {
            return .failure(DecoderError(reason: "FFmpeg is not installed: \(error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })"))
        }
        // FFmpeg's own log lines ("timescale not set" for a cover stream …) would land on the user's
        // terminal; what goes wrong is reported in plain words instead.
        table.pointee.av_log_set_level(AV_LOG_QUIET)
        return .success(table.pointee)
    }
}
