import CAudioCodecs

/// An MP3's length as it plays: libmpg123's gapless count of its samples, the encoder's delay and padding left out
/// as playback drops them, where TagLib counts whole frames (11 s of sound in frames of 1,152 samples read as
/// 11.05 s, shown as 0:12 in the queue while the card counts down from −0:11). Measured only for a file the player
/// hands to mpg123 (`NativeFormat` finds an MPEG frame where the audio starts), read as that decoder reads it (the
/// LAME/Info frame; without one, mpg123's estimate from the first frame), so the two agree; a file FFmpeg plays
/// keeps TagLib's length.
/// One mpg123 handle serves every file measured (made at the first): a library reader owns one and uses it on its
/// own thread.
final class MPEGLength {
    private var handle: OpaquePointer?

    /// The seconds `path` plays for, nil when mpg123 does not play it.
    func seconds(of path: String) -> Double? {
        guard NativeFormat(path: path) == .mp3 else { return nil }
        if handle == nil {
            handle = mpg123_new(nil, nil)
            handle.map { Mpg123Source.configure($0, readsTags: false) }
        }
        guard let handle else { return nil }
        ReadLog.record(path, .length)
        defer { mpg123_close(handle) }
        guard let rate = Mpg123Source.open(path, with: handle) else { return nil }
        let samples = mpg123_length(handle)
        return samples > 0 ? Double(samples) / Double(rate) : nil
    }

    deinit { if let handle { mpg123_delete(handle) } }
}
