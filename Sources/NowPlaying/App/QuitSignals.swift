import Glibc

/// SIGTERM and SIGINT (a desktop logging out, Ctrl+C in a terminal) while the app starts. SDL turns them into a quit,
/// which saves the session, once its video is initialised; before that, one ended the process on the spot. They are
/// held (blocked) from the start of `main` and let through once the window is open, so one that came meanwhile then
/// quits the app as any later one does — and a process started with them blocked (as a launcher's thread may hand
/// them on) quits on them at all.
enum QuitSignals {
    private static var both: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }

    /// Holds them on the calling thread (the main thread, before any other exists: threads made later inherit it,
    /// so none takes a signal meant for the interface thread).
    static func hold() {
        var set = both
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Lets them through on the calling thread: one that came while they were held is taken now.
    static func release() {
        var set = both
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
