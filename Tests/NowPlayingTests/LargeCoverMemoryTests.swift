import CSDL2
import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// Twelve tracks with 4000 × 4000 embedded covers, JPEG or PNG (issue 13, defect 6): the real app's peak memory, as the
/// kernel counts it (VmHWM, which the app reports with `--stats`), stays within a few MiB of the demo
/// album's, whose covers are 600 × 600. Before, a single such cover cost 64 MiB of pixels at once (4000² × 4
/// bytes). (The child's rusage ru_maxrss cannot tell: posix_spawn's vfork lends it this test process's
/// memory, which the kernel counts as the child's until it runs the app.)
@Suite(.serialized)
struct LargeCoverMemoryTests {
    /// Runs `nowplaying --headless --screenshot` on `library` and returns its peak resident memory in KiB.
    private func peakMemory(_ library: String, scratch: URL, shot: String? = nil) throws -> Int {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        let shot = shot ?? scratch.appendingPathComponent("shot-\(UUID().uuidString).png").path
        let stats = scratch.appendingPathComponent("stats-\(UUID().uuidString).json")
        var env = StartEnvironment.variables
        env["SDL_AUDIODRIVER"] = "dummy"
        // The cache of large covers' copies is the test's: a first start decodes them whole.
        env["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path
        let app = try ChildProcess(binary.path, ["--headless", "--size", "414x736", "--paused", "--state-dir", scratch.path,
                                                 "--screenshot", shot, "--stats", stats.path, library], env: env)
        #expect(app.wait() == 0)
        #expect(FileManager.default.fileExists(atPath: shot), "the first frame was drawn")
        return try #require(try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: stats)).peakMemoryKiB)
    }

    /// The first start keeps a small copy of each large cover in `$XDG_CACHE_HOME/nowplaying/pictures` (one per
    /// picture, not per track); the next start reads it instead of decoding the picture, and draws the same frame.
    @Test func aSecondStartDrawsFromTheCopiesTheFirstKept() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("np-copies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let resources = try AppResources.locate()
        let library = scratch.appendingPathComponent("library").path
        try LargeCoverLibrary.write(tracks: 3, side: 2400, audio: resources.demoAlbum + "/02-paper-satellites.mp3", to: library)
        let shots = [scratch.appendingPathComponent("first.png").path, scratch.appendingPathComponent("second.png").path]
        _ = try peakMemory(library, scratch: scratch, shot: shots[0])
        let copies = scratch.appendingPathComponent("cache/nowplaying/pictures").path
        // The icons' rasters are kept there too: a few KB each, where a cover's copy is tens of KB or more.
        func coverCopies() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: copies).filter { name in
                name.hasSuffix(".pic") && ((try? FileManager.default.attributesOfItem(atPath: copies + "/" + name)[.size] as? Int) ?? 0) > 20_000
            }
        }
        let kept = try coverCopies()
        #expect(!kept.isEmpty && kept.count <= 3, "the covers' copies: \(kept)")
        // A copy written again is a new file renamed over the old; one read is the same file (its use time touched).
        func inodes() -> [UInt64] {
            kept.sorted().map { name in var info = stat(); return stat(copies + "/" + name, &info) == 0 ? UInt64(info.st_ino) : 0 }
        }
        let before = inodes()
        _ = try peakMemory(library, scratch: scratch, shot: shots[1])
        #expect(try coverCopies().sorted() == kept.sorted() && inodes() == before, "the copies were read, none written again")
        let first = try #require(Surface(taking: IMG_Load(shots[0]))), second = try #require(Surface(taking: IMG_Load(shots[1])))
        var differing = 0
        for y in 0..<first.height { for x in 0..<first.width where first.pixel(x: x, y: y) != second.pixel(x: x, y: y) { differing += 1 } }
        #expect(first.width == second.width && differing == 0, "the same first frame: \(differing) pixels differ")
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
