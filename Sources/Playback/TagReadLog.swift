import Glibc
import Synchronization

/// A record of the TagLib reads made while it is bound (`TagReadLog.$current.withValue(log) { … }`): which
/// file, which fields and on which thread. Tests count work with it (tags parsed twice, a picture copied
/// that nobody shows, a read on the main thread at a track change) instead of timing it.
public final class TagReadLog: Sendable {
    public struct Entry: Sendable, Equatable {
        public let path: String
        public let fields: Tags.Fields
        /// Made on the thread that made the log (tests make it on the main actor).
        public let onMainThread: Bool
    }

    /// The log reads in this task report to (none: nothing is recorded).
    @TaskLocal public static var current: TagReadLog?

    private let entries = Mutex<[Entry]>([])
    // Proof for the Sendable conformance: a thread id, read only, compared with pthread_equal.
    private nonisolated(unsafe) let mainThread = pthread_self()

    public init() {}

    /// The reads so far, in order.
    public var reads: [Entry] { entries.withLock { $0 } }

    /// Notes a read of `fields` of `path` in the log bound to this task, if any.
    static func record(_ path: String, _ fields: Tags.Fields) {
        guard let log = current else { return }
        let entry = Entry(path: path, fields: fields, onMainThread: pthread_equal(pthread_self(), log.mainThread) != 0)
        log.entries.withLock { $0.append(entry) }
    }
}
