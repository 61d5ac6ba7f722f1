import Dispatch
import Playback
import Locking

/// Saves the session off the interface thread (a save flushes to the disk, which may take a while), one
/// save at a time, the newest state winning when several wait. A failing save (a read-only or full disk) is
/// reported once, not at every later save; after a save that works, a new failure is reported again.
final class SessionSaver: Sendable {
    private let directory: String
    private let queue = DispatchQueue(label: "session-saver", qos: .utility)
    private struct Shared {
        /// The newest state not yet written (nil when none waits).
        var waiting: PlaybackState?
        /// Whether the last save failed (its failure reported).
        var failing = false
    }
    private let shared = Locked(Shared())

    init(directory: String) {
        self.directory = directory
    }

    /// Saves `state` soon, on the saver's thread; `report` is called there with the message when it fails.
    func save(_ state: PlaybackState, report: @escaping @Sendable (String) -> Void) {
        let first = shared.withLock { s in
            defer { s.waiting = state }
            return s.waiting == nil
        }
        guard first else { return }
        queue.async { [self] in
            guard let state = shared.withLock({ s in defer { s.waiting = nil }; return s.waiting }) else { return }
            if let message = write(state) { report(message) }
        }
    }

    /// Saves `state` now (after any save in progress) and returns the message to report, if any.
    func saveNow(_ state: PlaybackState) -> String? {
        queue.sync {
            shared.withLock { $0.waiting = nil }
            return write(state)
        }
    }

    /// Writes `state`; the message when this failure is new.
    private func write(_ state: PlaybackState) -> String? {
        do {
            try state.save(to: directory)
            shared.withLock { $0.failing = false }
            return nil
        } catch {
            let wasFailing = shared.withLock { s in defer { s.failing = true }; return s.failing }
            return wasFailing ? nil : "\(error)"
        }
    }
}
