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
    /// Starts the app with `arguments` on an Xvfb of `screen` pixels without a window manager, and gives `body`
    /// its window's `xwininfo`, position and size as the X server has them.
    private func openWindow(_ arguments: [String], screen: (Int, Int), renderer: ScreenMatchesRedrawTests.RendererChoice,
                            _ body: (_ info: String, _ origin: (x: Int, y: Int), _ size: (width: Int, height: Int)) throws -> Void) throws {
        let x = try XDisplay(width: screen.0, height: screen.1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-window-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "settle\nwait 60000\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        var env = ["SDL_AUDIODRIVER": "dummy"]
        env["SDL_RENDER_DRIVER"] = renderer.driver
        let app = try ChildProcess(try #require(ChildProcess.nowplaying).path,
                                   arguments + ["--new-instance", "--paused", "--state-dir", dir + "/state", "--script", dir + "/script"],
                                   env: x.environment(env), errors: dir + "/stderr")
        defer { app.stop() }
        let window = try #require(try x.appWindow(while: { app.isRunning }), "the window is mapped")
        let info = try x.run("xwininfo", ["-id", window])
        func value(_ field: String) throws -> Int {
            try #require(info.split(separator: "\n").first { $0.contains(field) }
                .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }, "\(field) in \(info)")
        }
        try body(info, (try value("Absolute upper-left X"), try value("Absolute upper-left Y")), try x.size(of: window))
    }

    /// A kiosk is often an X server started with the player alone (xinit, no window manager): SDL's fullscreen is
    /// a request to a window manager, and without one the window stayed at its default size in the middle of the
    /// screen while the app drew a screen-sized frame into it (seen by a tester with `xwininfo`). What the X
    /// server has is read from the server.
    @Test(arguments: [(800, 480), (1080, 1920)], ScreenMatchesRedrawTests.RendererChoice.allCases)
    func theKioskFillsAScreenWithoutAWindowManager(screen: (Int, Int), renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        try openWindow(["--kiosk"], screen: screen, renderer: renderer) { info, origin, size in
            #expect(size.width == screen.0 && size.height == screen.1, "\(renderer) on \(screen.0) × \(screen.1): the window is \(size.width) × \(size.height)")
            #expect(origin == (0, 0), "\(renderer): the window sits at the screen's corner:\n\(info)")
        }
    }

    /// A window asked larger than the screen (`--size 1080x1920` on a 1920 × 1200 desktop) keeps the shape asked
    /// for, as large as the screen holds, on it: centred by SDL, without a window manager it opened at y = −360
    /// with its header above the screen (found by a tester).
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.allCases)
    func aWindowAskedLargerThanTheScreenFitsOnIt(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        try openWindow(["--size", "1080x1920"], screen: (1920, 1200), renderer: renderer) { info, origin, size in
            #expect(origin.x >= 0 && origin.y >= 0 && origin.x + size.width <= 1920 && origin.y + size.height <= 1200,
                    "\(renderer): the window lies on the screen:\n\(info)")
            // 1080 × 1920 fitted to 1200 rows: 675 × 1200 (the shape asked for, within a pixel of rounding).
            #expect(size.height == 1200 && abs(size.width - 675) <= 1, "\(renderer): the window is \(size.width) × \(size.height)")
        }
    }
}
