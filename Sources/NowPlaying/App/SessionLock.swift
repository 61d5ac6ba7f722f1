import FoundationEssentials
import Glibc
import Playback

/// Which running NowPlaying may save the session: the first to take the lock on `DIR/session.lock` (an
/// advisory flock, dropped by the system when the process ends, however it ends). Without a session bus two
/// instances can run at once; only the owner saves, so the last to quit does not silently overwrite the
/// other's queue.
final class SessionLock {
    private let descriptor: Int32
    /// Why the lock could not even be tried (the folder is a file, read-only, …): nil when it was taken or
    /// another instance holds it.
    let problem: PlaybackState.SaveError?

    /// Whether this process holds the lock.
    var isOwner: Bool { descriptor >= 0 }

    init(directory: String) {
        var fd: Int32 = -1
        do throws(PlaybackState.SaveError) {
            try PlaybackState.makeDirectory(directory)
            fd = open(directory + "/session.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw PlaybackState.SaveError(path: directory, reason: String(cString: strerror(errno))) }
            problem = nil
        } catch {
            problem = error
        }
        if fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            fd = -1
        }
        descriptor = fd
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
