import CSDL2
import Locking

/// Work handed to the application's main loop from any thread (a background reader's results, say): the
/// loop wakes for it at once, even when idle, and runs it on the main thread between events.
///
/// The wake-up is one SDL event per batch of work. When SDL refuses it (its queue is full, or a filter
/// drops it), the work stays queued and marked unannounced: the next `async` tries again, and the loop,
/// which asks `hasUnannouncedWork` before it waits, runs the work instead of sleeping past it.
public final class MainLoopQueue: Sendable {
    private struct Pending {
        var work: [@MainActor @Sendable () -> Void] = []
        /// A wake-up event for `work` is in SDL's queue.
        var announced = false
    }
    private let pending = Locked(Pending())
    /// Posts the wake-up event; false when SDL did not take it.
    private let postWakeUp: @Sendable (UInt32) -> Bool
    /// The SDL event that wakes the loop.
    let eventType: UInt32 = SDL_RegisterEvents(1)

    init(postWakeUp: @escaping @Sendable (UInt32) -> Bool = MainLoopQueue.pushEvent) {
        self.postWakeUp = postWakeUp
    }

    /// Pushes an SDL user event of `type`: SDL_PushEvent returns 1 when the event was queued.
    static func pushEvent(_ type: UInt32) -> Bool {
        var e = SDL_Event()
        e.type = type
        return SDL_PushEvent(&e) == 1
    }

    /// Runs `work` on the main loop soon; callable from any thread.
    public func async(_ work: @escaping @MainActor @Sendable () -> Void) {
        let post = pending.withLock { p in
            p.work.append(work)
            defer { p.announced = true }
            return !p.announced
        }
        guard post, !postWakeUp(eventType) else { return }
        pending.withLock { $0.announced = false }
    }

    /// Work is queued that no wake-up event announces (SDL refused it): the loop must run it before it waits.
    var hasUnannouncedWork: Bool { pending.withLock { !$0.work.isEmpty && !$0.announced } }

    /// Runs everything queued so far (on the main loop, for its wake-up event or before it waits).
    @MainActor func drain() {
        let work = pending.withLock { p in
            defer { p = Pending() }
            return p.work
        }
        for w in work { w() }
    }
}
