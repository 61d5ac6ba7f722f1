import Foundation
import Testing
@testable import NowPlaying

/// Twelve tracks with 4000 × 4000 embedded covers, JPEG or PNG (issue 13, defect 6): the real app's peak memory, as the
/// kernel counts it (VmHWM, which the app reports with `--stats`), stays within a few MiB of the demo
/// album's, whose covers are 600 × 600. Before, a single such cover cost 64 MiB of pixels at once (4000² × 4
/// bytes). (The child's rusage ru_maxrss cannot tell: posix_spawn's vfork lends it this test process's
/// memory, which the kernel counts as the child's until it runs the app.)
@Suite(.serialized)
struct LargeCoverMemoryTests {
    /// Runs `nowplaying --headless --screenshot` on `library` and returns its peak resident memory in KiB.
    private func peakMemory(_ library: String, scratch: URL) throws -> Int {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        let shot = scratch.appendingPathComponent("shot-\(UUID().uuidString).png").path
        let stats = scratch.appendingPathComponent("stats-\(UUID().uuidString).json")
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        let app = try ChildProcess(binary.path, ["--headless", "--size", "414x736", "--paused", "--state-dir", scratch.path,
                                                 "--screenshot", shot, "--stats", stats.path, library], env: env)
        #expect(app.wait() == 0)
        #expect(FileManager.default.fileExists(atPath: shot), "the first frame was drawn")
        return try #require(try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: stats)).peakMemoryKiB)
    }

    @Test(arguments: [LargeCoverLibrary.Format.jpeg, .png])
    func twelveHugeCoversCostWhatTheDemoAlbumDoes(format: LargeCoverLibrary.Format) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("np-large-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let resources = try AppResources.locate()
        let library = scratch.appendingPathComponent("library").path
        try LargeCoverLibrary.write(tracks: 12, format: format, audio: resources.demoAlbum + "/02-paper-satellites.mp3", to: library)
        let demo = try peakMemory(resources.demoAlbum, scratch: scratch)
        let large = try peakMemory(library, scratch: scratch)
        // A few MiB: two 1024 × 1024 ARGB levels (4 MiB each), the largest a picture is kept at on this window.
        #expect(large <= demo + 8 * 1024, "peak \(large / 1024) MiB with 4000 px \(format) covers, \(demo / 1024) MiB with the demo album")
    }
}
