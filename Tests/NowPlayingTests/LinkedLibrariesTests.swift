import Foundation
import Testing

/// What the app's binary links: each library linked costs every start its dynamic linking, before `main`.
struct LinkedLibrariesTests {
    /// SDL_image is loaded when first needed (~0.8 ms of every start before `main` when linked); the test targets
    /// link it, to read and write PNGs.
    @Test func theAppDoesNotLinkSDLImage() throws {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests").path
        let readelf = try #require(["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) }, "binutils' readelf")
        let out = NSTemporaryDirectory() + "np-readelf-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try ChildProcess(readelf, ["-d", binary], env: [:], output: out).wait() == 0)
        let dynamic = try String(contentsOfFile: out, encoding: .utf8)
        #expect(dynamic.contains("libSDL2-2.0.so.0"), "readelf listed the libraries: \(dynamic.prefix(200))")
        #expect(!dynamic.contains("SDL2_image"), "SDL_image is loaded when needed, not linked")
    }

    /// Issue 18 (memory): the icons are SVG, rasterised by SDL_image, which with the libraries it links (libtiff,
    /// LERC, JBIG, libdeflate, a second libjpeg) is ~0.7 MiB resident; their rasters are kept with the covers' small
    /// copies, so a second start draws them from there and never loads it (read in the running app's mappings).
    @Test func aSecondStartDoesNotLoadSDLImage() throws {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests").path
        let dir = NSTemporaryDirectory() + "np-second-start-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/Demo").path
        /// The app's mappings a second after its first frame (its icons drawn, the library behind the card too), then it
        /// quits.
        func mappingsOfARun(_ n: Int) throws -> String {
            try "wait 1000\ndump \(dir)/drawn-\(n).json\nawait \(dir)/go-\(n)\nquit\n".write(toFile: dir + "/script-\(n)", atomically: true, encoding: .utf8)
            let app = try ChildProcess(binary, ["--headless", "--paused", "--new-instance", "--state-dir", dir + "/state",
                                                "--script", dir + "/script-\(n)", demo],
                                       env: ["SDL_AUDIODRIVER": "dummy", "HOME": dir, "XDG_CACHE_HOME": dir + "/cache"])
            defer { app.stop() }
            try #require(waitFor(60) { FileManager.default.fileExists(atPath: dir + "/drawn-\(n).json") }, "run \(n) drew its first frame")
            // Read to its end (a /proc file tells no size: Foundation's String(contentsOfFile:) stops at its first line).
            let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/\(app.pid)/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            FileManager.default.createFile(atPath: dir + "/go-\(n)", contents: nil)
            #expect(app.wait() == 0)
            return maps
        }
        let first = try mappingsOfARun(1)
        #expect(first.contains("libSDL2-2.0"), "the app's mappings are read")
        #expect(first.contains("libSDL2_image"), "the first start rasterises the icons with SDL_image")
        #expect(!(try mappingsOfARun(2)).contains("libSDL2_image"), "the second start loaded SDL_image")
    }
}
