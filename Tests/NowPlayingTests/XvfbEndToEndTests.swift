import Foundation
import Glibc
import Testing

/// The real app in a real X window (Xvfb), driven by real X input (xdotool). Waits are for events
/// (the window appearing, its title changing), never fixed sleeps on this machine's timing.
@Suite(.serialized)
struct XvfbEndToEndTests {
    @Test func mouseDragOnTheCarouselChangesTheTrack() throws {
        let x = try XDisplay(width: 800, height: 900)
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        let state = NSTemporaryDirectory() + "np-e2e-state-\(UUID().uuidString)"
        // Paused, so the title can change only through the drag (never by the track running out).
        let app = try ChildProcess(binary.path, ["--size", "375x667", "--paused", "--state-dir", state],
                                   env: x.environment(["SDL_AUDIODRIVER": "dummy"]))
        defer { app.stop() }
        let window = try #require(try x.appWindow(titled: "Neon Harbor — The Quiet Frequencies"),
                                  "the window appeared, mapped, titled with the first track (Title — Artist)")
        // A slow drag of 220 pt to the left, a rest, then the release: the largest cover is the second one.
        // Input that reaches the window before the app's loop runs can be lost, so a drag that changed nothing
        // is made again (bounded); one that worked changes the title within seconds.
        var args = ["mousemove", "--window", window, "300", "250", "mousedown", "1"]
        for px in stride(from: 290, through: 80, by: -10) {
            args += ["sleep", "0.02", "mousemove", "--window", window, "\(px)", "250"]
        }
        args += ["sleep", "0.3", "mouseup", "1"]
        var settled = false
        for _ in 0..<6 where !settled {
            try x.run("xdotool", args)
            settled = try waitFor(15) { try x.title(of: window) == "Paper Satellites — The Quiet Frequencies" }
            if !settled { #expect(try x.title(of: window) == "Neon Harbor — The Quiet Frequencies", "a lost drag changes nothing") }
        }
        #expect(settled, "the carousel settled on the second cover and the window title followed (SPEC C7)")

        try x.run("xdotool", ["key", "--window", window, "q"])
        #expect(waitFor { !app.isRunning }, "q quits")
        #expect(app.wait() == 0)
    }
}

