import CSDL2
import Synchronization

/// Work handed to the application's main loop from any thread (a background reader's results, say): the
/// loop wakes for it at once, even when idle, and runs it on the main thread between events.
public final class MainLoopQueue: Sendable {
    private let pending = Mutex<[@MainActor @Sendable () -> Void]>([])
    /// The SDL event that wakes the loop.
    let eventType: UInt32 = SDL_RegisterEvents(1)

    init() {}

    /// Runs `work` on the main loop soon; callable from any thread.
    public func async(_ work: @escaping @MainActor @Sendable () -> Void) {
        let first = pending.withLock { queue in
            queue.append(work)
            return queue.count == 1
        }
        guard first else { return }
        var e = SDL_Event()
        e.type = eventType
        SDL_PushEvent(&e)
    }

    /// Runs everything queued so far (on the main loop, for its wake-up event).
    @MainActor func drain() {
        let work = pending.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
        for w in work { w() }
    }
}
