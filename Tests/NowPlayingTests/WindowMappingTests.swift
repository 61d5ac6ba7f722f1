import Foundation
import Testing

/// The app maps one window and keeps it, on both of SDL's renderers. A window made without OpenGL and then
/// given the default (OpenGL) renderer is destroyed and made again by SDL: the desktop sees a window flash,
/// and whoever found the first one (a window manager's placement, a test's xdotool) holds a dead id.
/// What the X server did is read from the server (`xev` on the root window), not from the app.
@Suite(.serialized)
struct WindowMappingTests {
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users)
    func theAppMapsExactlyOneWindow(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        let x = try XDisplay(width: 800, height: 900)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-map-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (xev, logged) = try watchRoot(of: x, in: dir)
        defer { xev.stop() }
        let xlogo = try #require(XDisplay.which("xlogo"))

        try "settle\ndump \(dir)/dump.json\nquit\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let env = renderer.environment.merging(["SDL_AUDIODRIVER": "dummy"]) { a, _ in a }
        for arguments in [[String](), ["--kiosk"]] {
            let before = logged().components(separatedBy: "MapNotify event").count
            let app = try ChildProcess(try #require(ChildProcess.nowplaying).path,
                                       ["--size", "375x667", "--paused", "--state-dir", dir + "/state",
                                        "--script", dir + "/script"] + arguments,
                                       env: x.environment(env), errors: dir + "/stderr")
            #expect(waitFor { !app.isRunning })
            #expect(app.wait() == 0)
            #expect(FileManager.default.fileExists(atPath: dir + "/dump.json"), "the app drew and dumped its views")
            // X delivers events in order: once another client's window is seen mapped, every map of the app is in.
            let marker = try ChildProcess(xlogo, [], env: x.environment())
            #expect(waitFor { logged().components(separatedBy: "MapNotify event").count - before >= 2 })
            marker.stop()
            let mapped = logged().components(separatedBy: "MapNotify event").count - before - 1
            #expect(mapped == 1, "\(arguments): windows mapped: \(mapped)")
        }
    }

    /// Issue 13 (a tester's finding): started fullscreen under a window manager, the window stood on the screen
    /// decorated and black for a tenth of a second before it was made fullscreen (SDL asks only once the window
    /// is shown). It is marked fullscreen before it is shown, so the window manager maps it as large as the
    /// screen at once: the frame it maps (read from the server: the last size xev saw it given before its
    /// MapNotify) is the screen, with no title bar above it.
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users)
    func aFullscreenStartIsMappedFullscreen(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        let x = try XDisplay(width: 1024, height: 768, withWindowManager: true)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-fsmap-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (xev, logged) = try watchRoot(of: x, in: dir)
        defer { xev.stop() }
        func blocks() -> [String] { logged().components(separatedBy: "\n\n") }
        let before = blocks().count

        try "settle\ndump \(dir)/dump.json\nquit\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let env = renderer.environment.merging(["SDL_AUDIODRIVER": "dummy"]) { a, _ in a }
        let app = try ChildProcess(try #require(ChildProcess.nowplaying).path,
                                   ["--size", "375x667", "--paused", "--fullscreen", "--state-dir", dir + "/state",
                                    "--script", dir + "/script"],
                                   env: x.environment(env), errors: dir + "/stderr")
        #expect(waitFor { !app.isRunning })
        #expect(app.wait() == 0)
        let seen = Array(blocks().dropFirst(before))
        func window(_ block: String) -> String? {
            block.firstMatch(of: /window (0x[0-9a-f]+),/).map { String($0.1) }
        }
        let map = try #require(seen.firstIndex { $0.contains("MapNotify event") }, "the app's window was mapped")
        let frame = try #require(window(seen[map]))
        let sizes = seen[..<map].filter { window($0) == frame }.compactMap { block in
            block.firstMatch(of: /\((-?\d+),(-?\d+)\), width (\d+), height (\d+)/).map { "\($0.1),\($0.2) \($0.3)x\($0.4)" }
        }
        #expect(sizes.last == "0,0 1024x768", "\(renderer): the frame mapped was placed and sized \(sizes) (the screen is 1024 x 768)")
    }

    /// `xev` watching the root window's children (maps, sizes) into a file in `dir`, and what it logged so far.
    private func watchRoot(of x: XDisplay, in dir: String) throws -> (ChildProcess, () -> String) {
        let events = dir + "/xev"
        let xev = try ChildProcess(try #require(XDisplay.which("stdbuf")),
                                   ["-oL", try #require(XDisplay.which("xev")), "-root", "-event", "substructure"],
                                   env: x.environment(), output: events)
        let logged = { (try? String(contentsOfFile: events, encoding: .utf8)) ?? "" }
        // xev says nothing when it starts watching: a window mapped by another client shows it listens.
        let xlogo = try #require(XDisplay.which("xlogo"))
        let listening = try (1...20).contains { _ in
            let probe = try ChildProcess(xlogo, [], env: x.environment())
            defer { probe.stop() }
            return waitFor(3) { logged().contains("MapNotify event") }
        }
        if !listening { xev.stop() }
        try #require(listening, "xev watches the root window")
        return (xev, logged)
    }
}
