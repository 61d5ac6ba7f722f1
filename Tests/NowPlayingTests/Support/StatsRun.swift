import Foundation
import Testing
import NowPlaying

/// The app run once on an X display, playing a script to its `quit`, with `--stats`: what it reports of its
/// frames (their cost, draws and presents) and its renderer.
enum StatsRun {
    /// Runs `script` in a window of `size` on `x`, the dummy audio driver and `environment` on top of the
    /// display's.
    static func report(on x: XDisplay, size: String, script: String, environment: [String: String] = [:]) throws -> RunReport {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-stats-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try script.write(toFile: "\(dir)/script", atomically: true, encoding: .utf8)
        let env = environment.merging(["SDL_AUDIODRIVER": "dummy"]) { a, _ in a }
        let app = try ChildProcess(binary.path, ["--size", size, "--new-instance", "--state-dir", "\(dir)/state",
                                                 "--script", "\(dir)/script", "--stats", "\(dir)/stats.json"],
                                   env: x.environment(env), errors: "\(dir)/stderr")
        defer { app.stop() }
        try #require(waitFor(120) { !app.isRunning }, "the script quit")
        let said = (try? String(contentsOfFile: "\(dir)/stderr", encoding: .utf8)) ?? ""
        try #require(app.wait() == 0, "the app ended well (it said: \(said))")
        return try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: "\(dir)/stats.json")))
    }
}
