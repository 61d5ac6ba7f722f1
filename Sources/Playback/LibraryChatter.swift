import CTagLib

/// Keeps the decoding libraries' own log lines off the user's terminal: what goes wrong is reported in one
/// line of our words instead. TagLib's debug messages are silenced here, once at the app's start, before any
/// file is read on any thread; FFmpeg's av_log when FFmpeg is loaded (`FFmpegLibrary`), libmpg123's by
/// `MPG123_QUIET`.
public enum LibraryChatter {
    public static func silence() {
        np_silence_taglib()
    }
}
