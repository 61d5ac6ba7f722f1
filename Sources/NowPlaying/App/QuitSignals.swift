import Glibc

/// SIGTERM and SIGINT (a desktop logging out, Ctrl+C in a terminal): SDL turns them into a quit, which saves the
/// session, once its video is initialised (before that, they end the process as they would any program's). A process
/// started with them blocked — a launcher's thread may hand its mask on — never took them at all: SDL installs its
/// handler and leaves the mask as it found it.
enum QuitSignals {
    /// Lets them through on the calling thread (the main thread, at the start of `main`, before any other exists:
    /// threads made later inherit its mask).
    static func accept() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
