import Foundation
import Glibc
import Playback
import Testing
import ViewKit

/// One NowPlaying at a time on a session bus: a second `nowplaying PATH…` hands its paths to the first and
/// exits; without a bus both run, and only the first saves the session. Real processes, real windows.
@Suite(.serialized)
struct SingleInstanceTests {
    private let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Demo").path

    /// Runs `nowplaying ARGS` to its end on the display and bus and returns its exit code and stderr.
    private func runSecond(_ args: [String], on x: XDisplay, env: [String: String]) throws -> (code: Int32, said: String) {
        let binary = try #require(ChildProcess.nowplaying)
        let err = NSTemporaryDirectory() + "np-second-\(UUID().uuidString)"
        let second = try ChildProcess(binary.path, args, env: x.environment(env.merging(["SDL_AUDIODRIVER": "dummy"]) { $1 }),
                                      errors: err)
        defer { second.stop() }
        try #require(waitFor { !second.isRunning }, "the second instance ended")
        return (second.wait(), (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    @Test func aSecondInstanceHandsItsPathsToTheFirst() throws {
        let first = try RunningApp()
        let bus = try #require(first.bus)
        #expect(try first.playerctl("status") == "Paused")
        let third = demo + "/06-velvet-static.mp3"
        let (code, said) = try runSecond([third], on: first.x, env: bus.environment)
        #expect(code == 0, "the second instance hands over and exits 0 (\(said))")
        // The first plays the named file at once.
        #expect(try waitFor(30) { try first.playerctl("metadata", "title") == "Velvet Static" })
        // Told when the output has opened for it (a paused start opens none till then): after the track's metadata.
        #expect(try waitFor(30) { try first.playerctl("status") == "Playing" })
        let d = try first.dump()
        #expect(d.find("title")?.text == "Velvet Static")
        #expect(d.find("playPause")?.label == "Pause")
        let windows = try first.x.run("xdotool", ["search", "--class", "nowplaying"]).split(separator: "\n")
        #expect(windows.count == 1, "one window")
    }

    /// Issue 15: a file manager starts `nowplaying %U` with `file://` URIs; handed over, each plays as the file
    /// it names (the second instance's folder is not put in front of it).
    @Test func aSecondInstanceHandsOverAFileURI() throws {
        let first = try RunningApp()
        let bus = try #require(first.bus)
        let song = try FileURITests.copy(demo + "/06-velvet-static.mp3", into: first.dir)
        let (code, said) = try runSecond([try FileURITests.uri(of: song)], on: first.x, env: bus.environment)
        #expect(code == 0, "the second instance hands over and exits 0 (\(said))")
        #expect(try waitFor(30) { try first.playerctl("metadata", "xesam:url") == URL(fileURLWithPath: song).absoluteString })
        #expect(try waitFor(30) { try first.playerctl("status") == "Playing" })
        #expect(try first.dump().find("title")?.text == "Velvet Static")
    }

    /// MPRIS `Raise` and a second instance bring the window to the front under a real window manager
    /// (Openbox, which honours _NET_ACTIVE_WINDOW as GNOME's and KDE's do): the X server's active window and
    /// the top of its stacking order are the app's, after another program's window covered it.
    @Test func raiseBringsTheWindowToTheFrontUnderAWindowManager() throws {
        let x = try XDisplay(width: 1280, height: 1024, withWindowManager: true)
        let first = try RunningApp(display: x)
        let bus = try #require(first.bus)
        func active() throws -> String { try x.run("xdotool", ["getactivewindow"]).trimmingCharacters(in: .whitespacesAndNewlines) }
        func topmost() throws -> String? {
            let stacking = try x.run("xprop", ["-root", "_NET_CLIENT_LIST_STACKING"])
            return stacking.split(separator: ",").last.flatMap { UInt($0.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "0x", with: ""), radix: 16) }.map(String.init)
        }
        let raisers: [(String, () throws -> Void)] = [
            ("MPRIS Raise", {
                _ = try x.run("dbus-send", ["--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.nowplaying",
                                            "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Raise"], env: bus.environment)
            }),
            ("a second instance", {
                let (code, said) = try runSecond([demo + "/06-velvet-static.mp3"], on: x, env: bus.environment)
                #expect(code == 0, "\(said)")
            }),
        ]
        for (name, raise) in raisers {
            let other = try ChildProcess(try #require(XDisplay.which("xlogo")), ["-geometry", "1200x1000+0+0"], env: x.environment())
            defer { other.stop() }
            // Brought to the front by the user (as a click would), not left to the window manager's placement.
            try #require(waitFor(30) {
                if let logo = (try? x.run("xdotool", ["search", "--class", "xlogo"]))?.split(separator: "\n").last {
                    _ = try? x.run("xdotool", ["windowactivate", String(logo)])
                }
                return (try? active()) != first.window && (try? topmost()) != first.window
            }, "\(name): another program's window is in front")
            try raise()
            #expect(waitFor(30) { (try? active()) == first.window }, "\(name): the app's window is active")
            #expect(try topmost() == first.window, "\(name): and on top")
        }
    }

    @Test func newInstanceRunsOnItsOwn() throws {
        let first = try RunningApp()
        let second = try RunningApp(arguments: ["--new-instance"], display: first.x, bus: first.bus)
        #expect(second.window != first.window)
        let names = try first.x.run("playerctl", ["--list-all"], env: try #require(first.bus).environment)
        #expect(names.split(separator: "\n").sorted() == ["nowplaying", "nowplaying.instance\(second.app.pid)"])
    }

    @Test func withoutABusBothRunAndOnlyTheFirstSavesTheSession() throws {
        let state = NSTemporaryDirectory() + "np-shared-state-\(UUID().uuidString)"
        let first = try RunningApp(withBus: false, stateDirectory: state)
        _ = try first.dump()
        let second = try RunningApp(display: first.x, withBus: false, stateDirectory: state)
        _ = try second.dump()
        #expect(first.app.isRunning && second.app.isRunning, "both run")
        let said = try String(contentsOfFile: second.errors, encoding: .utf8)
        #expect(said.contains("Another NowPlaying is using the saved session: this one will not save its queue."))
        // The second moves to track 2 and quits: nothing is saved.
        try second.x.run("xdotool", ["key", "--window", second.window, "Right"])
        _ = try second.dump()
        try second.x.run("xdotool", ["key", "--window", second.window, "q"])
        #expect(waitFor(30) { !second.app.isRunning })
        #expect(second.app.wait() == 0)
        // The first saves as it shows its first track (issue 17: after each track change); the second saves nothing.
        #expect(try PlaybackState.load(from: state)?.current == 0, "the second did not save its track 2")
        try first.x.run("xdotool", ["key", "--window", first.window, "q"])
        #expect(waitFor(30) { !first.app.isRunning })
        #expect(first.app.wait() == 0)
        #expect(try PlaybackState.load(from: state)?.current == 0, "the first saved its own place (the first track)")
    }
}
