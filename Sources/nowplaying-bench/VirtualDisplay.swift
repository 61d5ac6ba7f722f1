import Foundation
import Subprocess
import SystemPackage

/// An X display for the real-window scenarios: the user's own ($DISPLAY), or a private Xvfb started for
/// the duration of the benchmark when there is none.
enum VirtualDisplay {
    /// Runs `body` with a display name; starts and stops Xvfb when `$DISPLAY` is unset or `force` is true.
    static func with<T: Sendable>(force: Bool, _ body: (String) async throws -> T) async throws -> T {
        if !force, let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            return try await body(display)
        }
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile) else {
            throw BenchError("No display and no Xvfb: install the xvfb package (scripts/install-deps.sh does).")
        }
        let number = (90..<190).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
            && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") } ?? 99
        let result = try await Subprocess.run(.path(FilePath(xvfb)),
                                              arguments: [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                              input: .none, output: .discarded, error: .discarded) { execution in
            let socket = "/tmp/.X11-unix/X\(number)"
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) {
                try await Task.sleep(for: .milliseconds(25))
            }
            guard FileManager.default.fileExists(atPath: socket) else {
                try? execution.send(signal: .terminate)
                throw BenchError("Xvfb :\(number) did not start.")
            }
            do {
                let value = try await body(":\(number)")
                try execution.send(signal: .terminate)
                return value
            } catch {
                try? execution.send(signal: .terminate)
                throw error
            }
        }
        return result.closureResult
    }
}
