import Foundation
import Subprocess
import SystemPackage

/// A private PulseAudio server with a null sink, started for the duration of the benchmark, so the app's
/// sound really goes through a sound server (as on a desktop, where PipeWire's pulse server or PulseAudio
/// plays it) and the server's own CPU and wakeups can be measured beside the app's.
enum SoundServer {
    /// The running server: where clients connect (PULSE_SERVER) and its process, to sample.
    struct Handle: Sendable {
        let address: String
        let pid: Int32
    }

    /// Runs `body` with a server started in `folder` (its runtime directory), stopped afterwards.
    static func with<T: Sendable>(in folder: URL, _ body: (Handle) async throws -> T) async throws -> T {
        guard let pulseaudio = ["/usr/bin/pulseaudio", "/usr/local/bin/pulseaudio"].first(where: FileManager.default.isExecutableFile)
        else { throw BenchError("No pulseaudio: install the pulseaudio package (scripts/install-deps.sh does).") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("native").path
        let env: [Environment.Key: String?] = ["XDG_RUNTIME_DIR": folder.path, "HOME": folder.path]
        let result = try await Subprocess.run(
            .path(FilePath(pulseaudio)),
            arguments: ["--daemonize=no", "-n", "--load=module-null-sink sink_name=null",
                        "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1", "--exit-idle-time=-1"],
            environment: .inherit.updating(env), input: .none, output: .discarded, error: .discarded) { execution in
            try await ServerLifetime.waitUntilReady(execution, socket: socket, name: "The private PulseAudio server")
            defer { try? execution.send(signal: .terminate) }
            return try await body(Handle(address: "unix:" + socket, pid: execution.processIdentifier.value))
        }
        return result.closureResult
    }
}
