import Foundation
import Glibc
import NowPlaying
import Testing

/// Started where no display can be reached (from a console, over ssh, DISPLAY naming no server), the app says
/// so and exits, rather than playing on with a window nobody can see (SDL's off-screen fallback) — and the
/// library reader it started while the window was to open does not bring it down on the way out.
struct NoDisplayTests {
    @Test func noDisplayIsSaidPlainlyAndTheAppExits() throws {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests").path
        let dir = NSTemporaryDirectory() + "np-no-display-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // Large covers keep the reader busy while the window fails to open.
        try LargeCoverLibrary.write(tracks: 12, side: 2000, audio: try AppResources.locate().demoAlbum + "/02-paper-satellites.mp3",
                                    to: dir + "/album")
        var display = 4242
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") { display += 1 }
        for round in 0..<3 {
            let errors = dir + "/stderr-\(round)"
            let app = try ChildProcess(binary, ["--new-instance", "--paused", "--state-dir", dir + "/state", dir + "/album"],
                                       env: ["DISPLAY": ":\(display)", "WAYLAND_DISPLAY": "no-such-compositor-\(UUID().uuidString)",
                                             "XDG_RUNTIME_DIR": dir, "HOME": dir, "SDL_AUDIODRIVER": "dummy"],
                                       errors: errors)
            let exited = waitFor(60) { !app.isRunning }
            app.stop()
            #expect(exited, "it exits by itself")
            let code = app.wait()
            let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            #expect(code == 1, "exits with an error, not a signal or a hidden window: \(code)")
            #expect(said.contains("No display to open a window on"), "says why: \(said)")
            // Not after a line about the session bus, of no use without a window (found by a tester).
            let lines = said.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            #expect(lines.count == 1, "one line, the reason: \(said)")
        }
    }
}
