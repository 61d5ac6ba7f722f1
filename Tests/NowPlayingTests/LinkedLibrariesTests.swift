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
}
