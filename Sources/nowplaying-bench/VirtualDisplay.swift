import Foundation
import Subprocess
import SystemPackage

/// An X display for the real-window scenarios: the user's own ($DISPLAY), or a private Xvfb started for
/// the duration of the benchmark when there is none.
enum VirtualDisplay {
    /// Runs `body` with a display name and, for the private Xvfb, its process (whose CPU the app's presents
    /// cost); starts and stops Xvfb when `$DISPLAY` is unset or `force` is true.
    static func with<T: Sendable>(force: Bool, _ body: (String, pid_t?) async throws -> T) async throws -> T {
        if !force, let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            return try await body(display, nil)
        }
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile) else {
            throw BenchError("No display and no Xvfb: install the xvfb package (scripts/install-deps.sh does).")
        }
        let number = (90..<190).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
            && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") } ?? 99
        // -noreset, as a desktop's X server never resets: by default a server whose last client leaves resets
        // (compiling its keymap again with xkbcomp, ~23 ms of its CPU), and the next run's window waited for it: the
        // start-up runs, each begun as the one before closed, counted that reset (a minimal SDL program's first
        // frame: 47 ms back to back, 12 ms with -noreset).
        let result = try await Subprocess.run(.path(FilePath(xvfb)),
                                              arguments: [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
                                              input: .none, output: .discarded, error: .discarded) { execution in
            try await ServerLifetime.waitUntilReady(execution, socket: "/tmp/.X11-unix/X\(number)", name: "Xvfb :\(number)")
            defer { try? execution.send(signal: .terminate) }
            return try await body(":\(number)", execution.processIdentifier.value)
        }
        return result.closureResult
    }
}
