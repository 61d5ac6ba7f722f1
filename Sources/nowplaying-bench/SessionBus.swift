import Foundation
import Subprocess
import SystemPackage

/// A private D-Bus session bus for the players compared with NowPlaying (`--peers`): GTK players are
/// D-Bus-activated applications that will not start without one, and none may reach the user's.
enum SessionBus {
    /// Runs `body` with the bus's address, a dbus-daemon started in `folder` and stopped afterwards.
    static func with<T: Sendable>(in folder: URL, _ body: (String) async throws -> T) async throws -> T {
        guard let daemon = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first(where: FileManager.default.isExecutableFile) else {
            throw BenchError("No dbus-daemon: install the dbus package (scripts/install-deps.sh does).")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus").path
        let result = try await Subprocess.run(
            .path(FilePath(daemon)),
            arguments: ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(socket)"],
            input: .none, output: .discarded, error: .discarded) { execution in
            try await ServerLifetime.waitUntilReady(execution, socket: socket, name: "The private session bus")
            defer { try? execution.send(signal: .terminate) }
            return try await body("unix:path=" + socket)
        }
        return result.closureResult
    }
}
