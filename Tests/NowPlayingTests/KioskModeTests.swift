import CSDL2
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

    /// Off screen too (`--headless --kiosk --screenshot`), the kiosk is laid out for the whole display from its
    /// first frame (SDL's off-screen driver has one display, 1024 × 768): made at the size asked for and only
    /// marked fullscreen, it drew 800 × 480 in the corner of a 1024 × 768 picture (found in review).
    @Test func aHeadlessKioskIsLaidOutForTheWholeDisplay() throws {
        var options = headlessOptions(size: Size(width: 800, height: 480))
        options.kiosk = true
        let a = try NowPlayingApp(options: options)
        var display = SDL_Rect()
        #expect(SDL_GetDisplayBounds(0, &display) == 0)
        #expect(a.application.pointSize == Size(width: Double(display.w), height: Double(display.h)),
                "laid out for \(a.application.pointSize), the display is \(display.w) × \(display.h)")
        a.application.isCursorVisible = true
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
    /// Starts the app with `arguments` and `script` (its `DIR` naming a folder of the test's) on an Xvfb of `screen`
    /// pixels (without a window manager unless `windowManager`), and gives `body` the server, the app's window and
    /// that folder.
    private func withWindow(_ arguments: [String], script: String = "settle\nwait 60000\n", screen: (Int, Int),
                            windowManager: Bool = false,
                            renderer: ScreenMatchesRedrawTests.RendererChoice, prepare: (XDisplay) throws -> [ChildProcess] = { _ in [] },
                            _ body: (_ x: XDisplay, _ window: String, _ dir: String) throws -> Void) throws {
        let x = try XDisplay(width: screen.0, height: screen.1, withWindowManager: windowManager)
        let kept = try prepare(x)
        defer { kept.forEach { $0.stop() } }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-window-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try script.replacingOccurrences(of: "DIR", with: dir).write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let env = renderer.environment.merging(["SDL_AUDIODRIVER": "dummy"]) { a, _ in a }
        let app = try ChildProcess(try #require(ChildProcess.nowplaying).path,
                                   arguments + ["--new-instance", "--paused", "--state-dir", dir + "/state", "--script", dir + "/script"],
                                   env: x.environment(env), errors: dir + "/stderr")
        defer { app.stop() }
        let window = try #require(try x.appWindow(while: { app.isRunning }), "the window is mapped")
        try body(x, window, dir)
    }

    /// The window's geometry and its frame (left, right, top, bottom) once the window manager has framed it with a
    /// title bar and `ready` holds of the geometry (checked, failing the test, within `seconds`).
    private func framed(_ x: XDisplay, _ window: String, within seconds: Double = 10,
                        when ready: ((origin: (x: Int, y: Int), size: (width: Int, height: Int), info: String)) -> Bool = { _ in true })
        throws -> (g: (origin: (x: Int, y: Int), size: (width: Int, height: Int), info: String), extents: [Int]) {
        var g = try geometry(x, window)
        var extents: [Int] = []
        // The window manager maps the frame, then the app's first frame comes: read once both are there.
        #expect(waitFor(seconds) {
            g = (try? geometry(x, window)) ?? g
            extents = frameExtents(x, window)
            return extents.count == 4 && extents[2] > 0 && ready(g)
        }, "the window manager framed the window: \(extents)")
        try #require(extents.count == 4)
        return (g, extents)
    }

    /// Whether the frame of a window at `g` with `extents` lies on a screen `rows` high.
    private func frameOnScreen(_ g: (origin: (x: Int, y: Int), size: (width: Int, height: Int), info: String), _ extents: [Int],
                               width: Int = 1920, rows: Int = 1200) -> Bool {
        g.origin.x - extents[0] >= 0 && g.origin.y - extents[2] >= 0 && g.origin.x + g.size.width + extents[1] <= width
            && g.origin.y + g.size.height + extents[3] <= rows
    }

    /// The window manager's frame around the window (left, right, top, bottom: its _NET_FRAME_EXTENTS), or none.
    private func frameExtents(_ x: XDisplay, _ window: String) -> [Int] {
        let line = (try? x.run("xprop", ["-id", window, "_NET_FRAME_EXTENTS"])) ?? ""
        return line.split(separator: "=").last.map { $0.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } } ?? []
    }

    /// The window's place and size as the X server has them, and its `xwininfo`.
    private func geometry(_ x: XDisplay, _ window: String) throws -> (origin: (x: Int, y: Int), size: (width: Int, height: Int), info: String) {
        let info = try x.run("xwininfo", ["-id", window])
        func value(_ field: String) throws -> Int {
            try #require(info.split(separator: "\n").first { $0.contains(field) }
                .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }, "\(field) in \(info)")
        }
        return ((try value("Absolute upper-left X"), try value("Absolute upper-left Y")), (try value("Width:"), try value("Height:")), info)
    }

    /// Starts the app with `arguments` on an Xvfb of `screen` pixels without a window manager, and gives `body`
    /// its window's `xwininfo`, position and size as the X server has them.
    private func openWindow(_ arguments: [String], screen: (Int, Int), renderer: ScreenMatchesRedrawTests.RendererChoice,
                            _ body: (_ info: String, _ origin: (x: Int, y: Int), _ size: (width: Int, height: Int)) throws -> Void) throws {
        try withWindow(arguments, screen: screen, renderer: renderer) { x, window, _ in
            let g = try geometry(x, window)
            try body(g.info, g.origin, g.size)
        }
    }

    /// A kiosk is often an X server started with the player alone (xinit, no window manager): SDL's fullscreen is
    /// a request to a window manager, and without one the window stayed at its default size in the middle of the
    /// screen while the app drew a screen-sized frame into it (seen by a tester with `xwininfo`). What the X
    /// server has is read from the server.
    @Test(arguments: [(800, 480), (1080, 1920), (480, 320)], ScreenMatchesRedrawTests.RendererChoice.users)
    func theKioskFillsAScreenWithoutAWindowManager(screen: (Int, Int), renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        try openWindow(["--kiosk"], screen: screen, renderer: renderer) { info, origin, size in
            #expect(size.width == screen.0 && size.height == screen.1, "\(renderer) on \(screen.0) × \(screen.1): the window is \(size.width) × \(size.height)")
            #expect(origin == (0, 0), "\(renderer): the window sits at the screen's corner:\n\(info)")
        }
    }

    /// A 3.5" kiosk screen of 480 × 320 (a Raspberry Pi's, say): the window was made 480 × 440, the smallest the
    /// window may be, its bottom off the screen, and the card laid out for that as a narrow column with the transport
    /// below the screen. The window is the screen's size, and the card is drawn smaller (0.75) side by side: the
    /// cover, the title, the progress and the five transport buttons all on the screen, none over the cover.
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users)
    func aSmallKioskScreenShowsTheWholeCard(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        try withWindow(["--kiosk"], script: "settle\ndump DIR/views.json\nwait 60000\n", screen: (480, 320), renderer: renderer) { _, _, dir in
            #expect(waitFor(20) { FileManager.default.fileExists(atPath: dir + "/views.json") }, "the dump is written")
            let root = try JSONDecoder().decode(ViewDump.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/views.json")))
            let window = root.windowRect
            // In points: the screen's 480 × 320 pixels at a scale of 0.75.
            #expect(abs(window[2] - 640) < 1 && abs(window[3] - 426.7) < 1, "\(renderer): the card is \(window[2]) × \(window[3]) pt")
            let cover = try #require(root.find("cover.0")).windowRect
            for id in ["title", "progress", "shuffle", "previous", "playPause", "next", "repeat"] {
                let r = try #require(root.find(id), "\(id)").windowRect
                #expect(r[0] >= 0 && r[1] >= 0 && r[0] + r[2] <= window[2] + 0.5 && r[1] + r[3] <= window[3] + 0.5,
                        "\(renderer): \(id) \(r) lies on the screen")
                #expect(r[0] >= cover[0] + cover[2], "\(renderer): \(id) is beside the cover, not over it")
            }
        }
    }

    /// Started fullscreen where no window manager runs, the window is made as large as the screen and nothing is
    /// asked of a window manager (SDL waited a tenth of a second for the answer nobody gives, the window on the
    /// screen and black: 180–240 ms before the first frame); `f` gives it the size asked for, centred, and `f`
    /// again fills the screen again.
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users)
    func aWindowStartedFullscreenWithoutAWindowManagerLeavesAndComesBack(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        let script = "settle\nawait DIR/leave\nkey f\nsettle\nawait DIR/again\nkey f\nsettle\nwait 60000\n"
        try withWindow(["--fullscreen", "--size", "414x736"], script: script, screen: (1280, 800), renderer: renderer) { x, window, dir in
            var g = try geometry(x, window)
            #expect(g.size == (1280, 800) && g.origin == (0, 0), "\(renderer): it fills the screen from the start:\n\(g.info)")
            FileManager.default.createFile(atPath: dir + "/leave", contents: nil)
            // Where SDL centres it: ((1280 − 414) / 2, (800 − 736) / 2).
            #expect(waitFor(20) { g = (try? geometry(x, window)) ?? g; return g.size == (414, 736) && g.origin == (433, 32) },
                    "\(renderer): f gives it the size asked for, centred:\n\(g.info)")
            FileManager.default.createFile(atPath: dir + "/again", contents: nil)
            #expect(waitFor(20) { g = (try? geometry(x, window)) ?? g; return g.size == (1280, 800) && g.origin == (0, 0) },
                    "\(renderer): and f again fills the screen:\n\(g.info)")
        }
    }

    /// A window asked larger than the screen (`--size 1080x1920` on a 1920 × 1200 desktop) keeps the shape asked
    /// for, as large as the screen holds, on it: centred by SDL, without a window manager it opened at y = −360
    /// with its header above the screen (found by a tester).
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users)
    func aWindowAskedLargerThanTheScreenFitsOnIt(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        try openWindow(["--size", "1080x1920"], screen: (1920, 1200), renderer: renderer) { info, origin, size in
            #expect(origin.x >= 0 && origin.y >= 0 && origin.x + size.width <= 1920 && origin.y + size.height <= 1200,
                    "\(renderer): the window lies on the screen:\n\(info)")
            // 1080 × 1920 fitted to 1200 rows: 675 × 1200 (the shape asked for, within a pixel of rounding).
            #expect(size.height == 1200 && abs(size.width - 675) <= 1, "\(renderer): the window is \(size.width) × \(size.height)")
        }
    }
    /// Under a window manager the frame must fit too: the window asked larger than the screen (`--size 1080x1920`
    /// on 1920 × 1200) was fitted to the screen's 1200 rows and Openbox's title bar pushed its bottom 25 rows off it
    /// (a tester). The decorations are asked of the window manager before the window is shown: the frame (the
    /// window and its _NET_FRAME_EXTENTS, read from the server) lies on the screen, the shape asked for kept.
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users)
    func aWindowAskedLargerThanTheScreenFitsWithItsFrame(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        try withWindow(["--size", "1080x1920"], screen: (1920, 1200), windowManager: true, renderer: renderer) { x, window, _ in
            let (g, extents) = try framed(x, window)
            let (top, bottom) = (extents[2], extents[3])
            #expect(frameOnScreen(g, extents), "\(renderer): the frame lies on the screen (extents \(extents)):\n\(g.info)")
            // The room the frame leaves, 1200 − top − bottom rows, holds the shape asked for (9:16).
            #expect(g.size.height == 1200 - top - bottom && abs(Double(g.size.width) - Double(g.size.height) * 1080 / 1920) <= 1,
                    "\(renderer): the window is \(g.size.width) × \(g.size.height)")
        }
    }

    /// A window that fits the screen with its frame but only just (1160 of 1200 rows, a 25-row frame) keeps its size,
    /// and its frame lies on the screen: centred by SDL on the whole display, the frame reached 5 rows past the
    /// bottom (review).
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users)
    func aWindowThatJustFitsWithItsFrameIsCentredWithIt(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        try withWindow(["--size", "600x1160"], screen: (1920, 1200), windowManager: true, renderer: renderer) { x, window, _ in
            let (g, extents) = try framed(x, window)
            #expect(g.size == (600, 1160), "\(renderer): it keeps the size asked for: \(g.size)")
            #expect(frameOnScreen(g, extents), "\(renderer): the frame lies on the screen (extents \(extents)):\n\(g.info)")
        }
    }

    /// Started fullscreen under a window manager, `f` gives the window its windowed place, which must hold its frame
    /// too: it came back fitted to the screen alone, its bottom 25 rows below it (review). Its frame is asked for
    /// before it is marked fullscreen, and the window is placed by its frame's corner as it leaves.
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users)
    func aWindowStartedFullscreenLeavesItWithItsFrameOnTheScreen(renderer: ScreenMatchesRedrawTests.RendererChoice) throws {
        let script = "settle\nawait DIR/leave\nkey f\nsettle\nwait 60000\n"
        try withWindow(["--fullscreen", "--size", "1080x1920"], script: script, screen: (1920, 1200), windowManager: true,
                       renderer: renderer) { x, window, dir in
            FileManager.default.createFile(atPath: dir + "/leave", contents: nil)
            let (g, extents) = try framed(x, window, within: 20) { $0.size.width < 1920 }
            #expect(frameOnScreen(g, extents), "\(renderer): the frame lies on the screen (extents \(extents)):\n\(g.info)")
        }
    }

    /// Fullscreen asked for with `f` where no window manager runs (a kiosk's X server): the window is made as
    /// large as the screen at its corner, and `f` again gives it back its size. SDL's request went unanswered:
    /// the window stayed 414 × 736 while the app laid itself out for the whole screen and showed a corner of it,
    /// and `f` did not bring it back (found by a tester, both renderers).
    /// With `staleCheck`, a window manager that went away (Openbox, killed) left the root naming its destroyed
    /// check window: reading that is an X error, which Xlib's default handler answers by ending the process.
    @Test(arguments: ScreenMatchesRedrawTests.RendererChoice.users, [false, true])
    func fullscreenComesAndGoesWithoutAWindowManager(renderer: ScreenMatchesRedrawTests.RendererChoice, staleCheck: Bool) throws {
        let script = "settle\nkey f\nsettle\nawait DIR/leave\nkey f\nsettle\nwait 500\ndump DIR/views.json\nwait 60000\n"
        let prepare: (XDisplay) throws -> [ChildProcess] = { x in
            guard staleCheck else { return [] }
            // Another client keeps the server from resetting (and forgetting the property) when Openbox goes.
            let keeper = try ChildProcess("/usr/bin/xeyes", [], env: x.environment([:]))
            let manager = try ChildProcess("/usr/bin/openbox", [], env: x.environment([:]))
            #expect(waitFor(30) { ((try? x.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"])) ?? "").contains("window id") },
                    "Openbox names its check window")
            kill(manager.pid, SIGKILL)
            _ = manager.wait()
            return [keeper]
        }
        try withWindow(["--size", "414x736"], script: script, screen: (1280, 800), renderer: renderer, prepare: prepare) { x, window, dir in
            var g = try geometry(x, window)
            // Where SDL centres it: ((1280 − 414) / 2, (800 − 736) / 2).
            let before = (x: 433, y: 32)
            #expect(waitFor(20) { g = (try? geometry(x, window)) ?? g; return g.size == (1280, 800) && g.origin == (0, 0) },
                    "\(renderer): fullscreen fills the screen at its corner:\n\(g.info)")
            FileManager.default.createFile(atPath: dir + "/leave", contents: nil)
            #expect(waitFor(20) { g = (try? geometry(x, window)) ?? g; return g.size == (414, 736) && g.origin == before },
                    "\(renderer): the window has its size and place back (\(before)):\n\(g.info)")
            #expect(waitFor(20) { FileManager.default.fileExists(atPath: dir + "/views.json") }, "the views are written")
            let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/views.json"))) as? [String: Any]
            let frame = root?["frame"] as? [Double]
            #expect(frame?.suffix(2) == [414, 736], "\(renderer): laid out for 414 × 736 points again: \(frame ?? [])")
        }
    }
}
