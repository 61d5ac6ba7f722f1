import CFFmpeg
import CTagLib

/// Keeps the decoding libraries' own log lines (FFmpeg's av_log, TagLib's debug messages) off the user's
/// terminal: what goes wrong is reported in one line of our words instead. Called once at the app's start,
/// before any file is read on any thread.
public enum LibraryChatter {
    public static func silence() {
        av_log_set_level(AV_LOG_QUIET)
        np_silence_taglib()
    }
}
