import Glibc
import Locking

/// A record of the files parsed while it is bound (`ReadLog.$current.withValue(log) { … }`): TagLib reads
/// (which fields), decoder opens, MP3 lengths measured and folder listings, each with its file (or folder) and
/// whether it ran on the main thread. Tests count work with it (tags parsed twice, a picture copied that nobody
/// shows, a folder listed again, a parse on the main thread at a track change) instead of timing it. Work on
/// another thread is recorded only in a task that binds a log (the player's opener carries the log of the task
/// that asked it to open a file).
public final class ReadLog: Sendable {
    public enum What: Sendable, Equatable {
        case tags(Tags.Fields)
        case decoder
        /// A folder listed (by `FolderListings`).
        case listing
        /// An MP3's played length measured at the scan (by `MPEGLength`: mpg123 reads its first frames).
        case length
    }

    public struct Entry: Sendable, Equatable {
        public let path: String
        public let what: What
        /// Made on the thread that made the log (tests make it on the main actor).
        public let onMainThread: Bool
        /// The bytes a TagLib read took from its file (0 for anything else).
        public let bytes: Int

        /// The tag fields read, empty for anything else.
        public var fields: Tags.Fields {
            if case .tags(let fields) = what { return fields }
            return []
        }
    }

    /// The log parses in this task report to (none: nothing is recorded).
    @TaskLocal public static var current: ReadLog?

    private let entries = Locked<[Entry]>([])
    /// The thread that made the log (a thread id is Sendable: compared with pthread_equal).
    private let mainThread = pthread_self()

    public init() {}

    /// The parses so far, in order.
    public var reads: [Entry] { entries.withLock { $0 } }

    /// `work`, to run on another thread with this task's log bound there too (nil: none), so a worker's
    /// reads are recorded for whoever asked for them.
    public static func carried(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let log = current
        return { $current.withValue(log) { work() } }
    }

    /// Notes a parse of `path` in the log bound to this task, if any.
    static func record(_ path: String, _ what: What, bytes: Int = 0) {
        guard let log = current else { return }
        let entry = Entry(path: path, what: what, onMainThread: pthread_equal(pthread_self(), log.mainThread) != 0, bytes: bytes)
        log.entries.withLock { $0.append(entry) }
    }
}
