import FoundationEssentials
import Glibc

/// Which running NowPlaying may save the session: the first to take the lock on `DIR/session.lock` (an
/// advisory flock, dropped by the system when the process ends, however it ends). Without a session bus two
/// instances can run at once; only the owner saves, so the last to quit does not silently overwrite the
/// other's queue.
final class SessionLock {
    private let descriptor: Int32

    /// Whether this process holds the lock.
    var isOwner: Bool { descriptor >= 0 }

    init(directory: String) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fd = open(directory + "/session.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            descriptor = -1
        } else {
            descriptor = fd
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
