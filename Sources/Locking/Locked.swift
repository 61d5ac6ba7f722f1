#if canImport(Glibc)
import Glibc
#endif

/// A value shared between threads, reached only through `withLock`: the same use as the standard library's
/// `Mutex`, on a pthread mutex. ThreadSanitizer sees a pthread mutex; it cannot see `Mutex` on Linux (whose
/// futex calls are in the uninstrumented Synchronization library), and reported every access made under one
/// as a race (a counter bumped 200,000 times from two threads under `Mutex`: reported, and exact).
// @unchecked Sendable, proof: `value` is read and written only inside `withLock`, between pthread_mutex_lock and
// pthread_mutex_unlock on `mutex`, so two threads never touch it at once.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value if the lock is free; nil (at once) when another thread holds it. For a
    /// thread that must never wait, such as an audio callback.
    public func withLockIfAvailable<R>(_ body: (inout Value) throws -> R) rethrows -> R? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
