import FoundationEssentials
import Glibc
import Playback

/// Which running NowPlaying may save the session: the first to take the lock on `DIR/session.lock` (an
/// advisory flock, dropped by the system when the process ends, however it ends). Without a session bus two
/// instances can run at once; only the owner saves, so the last to quit does not silently overwrite the
/// other's queue.
///
/// An owner that quits leaves the session bus first and saves the session after, holding the lock until it ends;
/// it writes `quitting PID` into the lock file as it begins to quit. An instance started in that moment (a user
/// relaunching at once) waits for that owner to finish its save, then owns the session and reads what was saved,
/// instead of running without saving.
final class SessionLock {
    private let descriptor: Int32
    /// Why the lock could not even be tried (the folder is a file, read-only, …): nil when it was taken or
    /// another instance holds it.
    let problem: PlaybackState.SaveError?

    /// Whether this process holds the lock.
    var isOwner: Bool { descriptor >= 0 }

    /// How long to wait for an owner that is quitting: `attempts` more tries of the lock, `pause` between them
    /// (5 s in all by default: a save is one small file written and synced).
    struct Patience {
        var attempts = 500
        var pause: () -> Void = { usleep(10_000) }
    }

    init(directory: String, patience: Patience = Patience()) {
        var fd: Int32 = -1
        do throws(PlaybackState.SaveError) {
            try PlaybackState.makeDirectory(directory)
            fd = open(directory + "/session.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw PlaybackState.SaveError(path: directory, reason: String(cString: strerror(errno))) }
            problem = nil
        } catch {
            problem = error
        }
        if fd >= 0 && !SessionLock.take(fd, patience: patience) {
            close(fd)
            fd = -1
        }
        descriptor = fd
        // A new owner's file says nothing of the last one's quitting.
        if fd >= 0 { _ = ftruncate(fd, 0) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Says in the lock file that this owner is quitting (its save follows): an instance starting meanwhile waits.
    func markQuitting() {
        guard descriptor >= 0 else { return }
        let line = Array("quitting \(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Takes the lock on `fd`: at once, or, while its owner says it is quitting, once that owner is done.
    private static func take(_ fd: Int32, patience: Patience) -> Bool {
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
        for _ in 0..<patience.attempts {
            guard ownerIsQuitting(fd) else { return false }
            patience.pause()
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
        }
        return false
    }

    /// Whether the lock file names a live process that is quitting (a name left by one that ended says nothing).
    private static func ownerIsQuitting(_ fd: Int32) -> Bool {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        guard text.hasPrefix("quitting "), text.hasSuffix("\n"),
              let pid = pid_t(text.dropFirst("quitting ".count).dropLast()), pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
