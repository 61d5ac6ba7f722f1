import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// `--kiosk`: a passer-by's key does not leave fullscreen or quit; Ctrl+Q does, and the player's keys still work.
@MainActor
struct KioskModeTests {
    @Test func onlyCtrlQQuits() throws {
        #expect(!KioskMode.allows(KeyPress(name: "q")) && KioskMode.allows(KeyPress(name: "q", control: true)))
        #expect(!KioskMode.allows(KeyPress(name: "f")))
        #expect(KioskMode.allows(KeyPress(name: "space")) && KioskMode.allows(KeyPress(name: "right")))
        #expect(try NowPlayingCommand.parse(["--kiosk"]).kiosk)
    }

    @Test func theKioskHidesTheCursor() throws {
        var options = headlessOptions(size: Size(width: 800, height: 480))
        options.kiosk = true
        let a = try NowPlayingApp(options: options)
        #expect(!a.application.isCursorVisible)
        a.application.isCursorVisible = true
    }
}

/// The kiosk's window on a real X server (Xvfb, on both of SDL's renderers).
@Suite(.serialized)
struct KioskWindowTests {
    /// A kiosk is often an X server started with the player alone (xinit, no window manager): SDL's fullscreen is
    /// a request to a window manager, and without one the window stayed at its default size in the middle of the
    /// screen while the app drew a screen-sized frame into it (seen by a tester with `xwininfo`). What the X
    /// server has is read from the server.
    @Test(arguments: [(800, 480), (1080, 1920)], ScreenMatchesRedrawTests.RendererChoice.allCases)
    func theKioskFillsAScreenWithoutAWindowManager(screen: (Int, Int), renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        let x = try XDisplay(width: screen.0, height: screen.1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-kiosk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "settle\nwait 60000\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        var env = ["SDL_AUDIODRIVER": "dummy"]
        env["SDL_RENDER_DRIVER"] = renderer.driver
        let app = try ChildProcess(try #require(ChildProcess.nowplaying).path,
                                   ["--kiosk", "--new-instance", "--paused", "--state-dir", dir + "/state", "--script", dir + "/script"],
                                   env: x.environment(env), errors: dir + "/stderr")
        defer { app.stop() }
        let window = try #require(try x.appWindow(while: { app.isRunning }), "the kiosk's window is mapped")
        let info = try x.run("xwininfo", ["-id", window])
        let size = try x.size(of: window)
        #expect(size.width == screen.0 && size.height == screen.1, "\(renderer) on \(screen.0) × \(screen.1): the window is \(size.width) × \(size.height)")
        #expect(info.contains("Absolute upper-left X:  0") && info.contains("Absolute upper-left Y:  0"),
                "\(renderer): the window sits at the screen's corner:\n\(info)")
    }
}
