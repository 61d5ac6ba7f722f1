import Glibc
import Locking

/// A record of the raster decodes made while it is bound (`DecodeLog.$current.withValue(log) { … }`): the
/// size each picture was decoded at and on which thread. Tests count work with it (a decode at a picture's
/// full size on the main thread is a stalled frame) instead of timing it.
final class DecodeLog: Sendable {
    struct Entry: Sendable, Equatable {
        let width: Int, height: Int
        /// What the decoder allocated besides the decoded pixels (a row of the picture, sums), in bytes.
        let workingBytes: Int
        /// Made on the thread that made the log (tests make it on the main actor, where frames are drawn).
        let onMainThread: Bool
        /// Made by SDL_image (an SVG rasterised, a rare format), which is loaded for it.
        let byImageLibrary: Bool
        var pixels: Int { width * height }
        /// The memory the decode took at most: its ARGB pixels and the decoder's own.
        var bytes: Int { pixels * 4 + workingBytes }
    }

    /// The log decodes in this task report to (none: nothing is recorded).
    @TaskLocal static var current: DecodeLog?

    private let entries = Locked<[Entry]>([])
    /// The thread that made the log (pthread_t is an integer on Linux: Sendable).
    private let mainThread = pthread_self()

    init() {}

    /// What was decoded so far, in order.
    var decodes: [Entry] { entries.withLock { $0 } }

    /// Notes a decode of `width` × `height` pixels in the log bound to this task, if any.
    static func record(width: Int, height: Int, workingBytes: Int = 0, byImageLibrary: Bool = false) {
        guard let log = current else { return }
        let entry = Entry(width: width, height: height, workingBytes: workingBytes,
                          onMainThread: pthread_equal(pthread_self(), log.mainThread) != 0, byImageLibrary: byImageLibrary)
        log.entries.withLock { $0.append(entry) }
    }
}
