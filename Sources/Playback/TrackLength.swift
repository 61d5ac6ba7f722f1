import Glibc

/// The check every track length read from a file passes before the app believes it (tags, a decoder's
/// header): a length that is not a finite positive number, or that the file is far too small to hold, is a
/// lie of its header (a FLAC's STREAMINFO with sample rate 0 or a sample count of 432 hours, an MP3's Xing
/// header counting 4 billion frames) and makes the length unknown: the track still plays, as far as it decodes.
public enum TrackLength {
    /// The fewest bytes a second of audio takes in any format played here: a tracker module or a FLAC of
    /// silence takes more than a hundred. A file claiming more seconds than it has bytes is lying.
    static let minimumBytesPerSecond = 1.0

    /// `seconds` if it is plausible for a file of `fileSize` bytes, else nil (unknown).
    public static func validated(_ seconds: Double, fileSize: Int) -> Double? {
        guard seconds.isFinite, seconds > 0, seconds * minimumBytesPerSecond <= Double(fileSize) else { return nil }
        return seconds
    }

    /// `seconds` checked against the size of the file at `path`.
    public static func validated(_ seconds: Double, path: String) -> Double? {
        validated(seconds, fileSize: fileSize(path))
    }

    /// A frame count at `OutputFormat.sampleRate` checked the same way; 0 (unknown) when implausible.
    static func validatedFrames(_ frames: Int, path: String) -> Int {
        let seconds = Double(frames) / Double(OutputFormat.sampleRate)
        return validated(seconds, path: path) == nil ? 0 : frames
    }

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
