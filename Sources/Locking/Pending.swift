import Dispatch

/// A value being made on a worker thread, begun early and waited for where it is needed: work that would
/// otherwise hold up the thread that needs it (the interface thread, while a window opens) overlaps what that
/// thread does meanwhile.
public final class Pending<Value: Sendable>: Sendable {
    private let value = Locked<Value?>(nil)
    private let made = DispatchGroup()

    /// Begins `work` on a global queue.
    public init(_ work: @escaping @Sendable () -> Value) {
        made.enter()
        let value = self.value, made = self.made
        DispatchQueue.global(qos: .userInitiated).async {
            let result = work()
            value.withLock { $0 = result }
            made.leave()
        }
    }

    /// The value, once made (waiting for the work if it is still under way).
    public func wait() -> Value {
        made.wait()
        return value.withLock { $0! }
    }

    /// The value if it is made within `seconds`; nil if the work is still under way then.
    public func wait(atMost seconds: Double) -> Value? {
        guard made.wait(timeout: .now() + seconds) == .success else { return nil }
        return value.withLock { $0! }
    }
}
