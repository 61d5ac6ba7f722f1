import Foundation
import Subprocess

/// A server the benchmark starts for itself (Xvfb, PulseAudio) is ready once its socket exists.
enum ServerLifetime {
    /// Waits (up to 10 s) for `socket`; throws, after asking the server to terminate, when it never comes.
    static func waitUntilReady<I: InputProtocol, O: OutputProtocol, E: OutputProtocol>(
        _ execution: Execution<I, O, E>, socket: String, name: String) async throws {
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: socket) {
            try await Task.sleep(for: .milliseconds(25))
        }
        guard FileManager.default.fileExists(atPath: socket) else {
            try? execution.send(signal: .terminate)
            throw BenchError("\(name) did not start.")
        }
    }
}
