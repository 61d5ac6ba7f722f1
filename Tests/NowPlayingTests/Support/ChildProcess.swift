import Foundation
import Glibc

/// A child process started with posix_spawn and reaped with waitpid (Foundation's Process does not
/// notice its children exiting when run from a test's thread on Linux).
final class ChildProcess {
    let pid: pid_t
    private(set) var status: Int32?

    /// Starts `path`; `blocking` names signals the child starts with blocked (as a launcher's thread may hand them on).
    init(_ path: String, _ args: [String], env: [String: String], output: String = "/dev/null", errors: String = "/dev/null",
         blocking: [Int32] = []) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + args).map { strdup($0) } + [nil]
        // Under a sanitizer run the app is sanitized too: it gets the run's options (exit code, leak checks).
        let sanitizers = StartEnvironment.variables.filter { ["TSAN_OPTIONS", "ASAN_OPTIONS"].contains($0.key) }
        // The app keeps copies of large pictures in $XDG_CACHE_HOME: the tests' own, not the developer's.
        let cache = ["XDG_CACHE_HOME": NSTemporaryDirectory() + "np-tests-cache"]
        let envp = env.merging(sanitizers) { mine, _ in mine }.merging(cache) { mine, _ in mine }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        // The test's threads may block signals; the child starts with none blocked, so SIGTERM stops it. A test run
        // started in the background ignores SIGINT, which a child would inherit: it gets the default handling back.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blocking { sigaddset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        self.pid = pid
    }

    /// The `nowplaying` executable built beside the test bundle.
    static var nowplaying: URL? {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [dir, Bundle.main.bundleURL].map { $0.appendingPathComponent("nowplaying") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether the process has a handler of its own for SIGTERM (the kernel's SigCgt mask): SDL's, once its video
    /// or events are initialised, which makes SIGTERM a quit.
    var catchesQuitSignal: Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << (UInt64(SIGTERM) - 1)) != 0
    }

    var isRunning: Bool {
        guard status == nil else { return false }
        var st: Int32 = 0
        if waitpid(pid, &st, WNOHANG) == pid { status = st; return false }
        return true
    }

    /// Waits for the exit and returns the exit code (or 128 + signal).
    @discardableResult
    func wait() -> Int32 {
        if status == nil {
            var st: Int32 = 0
            waitpid(pid, &st, 0)
            status = st
        }
        let st = status!
        return (st & 0x7f) == 0 ? (st >> 8) & 0xff : 128 + (st & 0x7f)
    }

    /// Asks the process to end (SIGTERM) and waits for it; one still running after `grace` seconds (an Xvfb was seen
    /// sleeping on after it, holding a whole run up) is killed.
    func stop(grace: Double = 30) {
        if isRunning {
            kill(pid, SIGTERM)
            if !waitFor(grace, { !isRunning }) { kill(pid, SIGKILL) }
        }
        wait()
    }
}

/// Polls `condition` every 50 ms until it holds or `limit` seconds pass (a generous bound for a loaded
/// machine, not a timing).
func waitFor(_ limit: Double = 180, _ condition: () throws -> Bool) rethrows -> Bool {
    let end = Date().addingTimeInterval(limit)
    while Date() < end {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return false
}
