import Foundation
import Glibc
import Testing

/// What the app shows its neighbours: the sound server sees a music stream named after the song, with the
/// app's name and icon (a private PulseAudio with a null sink); the screen saver is inhibited only while
/// the kiosk (`--kiosk`) plays (SDL asks org.freedesktop.ScreenSaver on the session bus).
@Suite(.serialized)
struct QuietNeighbourTests {
    private let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Demo").path

    @Test func theSoundServerSeesAMusicStreamNamedAfterTheSong() throws {
        let dir = NSTemporaryDirectory() + "np-pulse-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let socket = dir + "/native"
        let pulse = try ChildProcess(try #require(XDisplay.which("pulseaudio"), "pulseaudio is installed by scripts/install-deps.sh"),
            ["--daemonize=no", "-n", "--load=module-null-sink sink_name=null",
             "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1", "--exit-idle-time=-1"],
            env: XDisplay.environment(["XDG_RUNTIME_DIR": dir, "HOME": dir]))
        defer { pulse.stop() }
        let client = XDisplay.environment(["PULSE_SERVER": "unix:\(socket)", "XDG_RUNTIME_DIR": dir, "HOME": dir])
        func pactl(_ args: String...) throws -> String {
            let out = dir + "/pactl-\(UUID().uuidString)"
            let child = try ChildProcess(try #require(XDisplay.which("pactl")), args, env: client, output: out)
            child.wait()
            return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        }
        try #require(waitFor(60) { (try? pactl("info"))?.contains("Server Name") == true }, "PulseAudio answers")

        try "await \(dir)/go\nquit\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let binary = try #require(ChildProcess.nowplaying)
        let app = try ChildProcess(binary.path, ["--headless", "--state-dir", dir + "/state", "--script", dir + "/script",
                                                 demo + "/01-neon-harbor.ogg"],
                                   env: client.merging(["SDL_AUDIODRIVER": "pulseaudio"]) { $1 })
        defer { app.stop() }
        var inputs = ""
        #expect(try waitFor(60) { inputs = try pactl("list", "sink-inputs"); return inputs.contains("Sink Input #") })
        #expect(inputs.contains("media.name = \"Neon Harbor — The Quiet Frequencies\""), "\(inputs)")
        #expect(inputs.contains("media.role = \"music\""))
        #expect(inputs.contains("application.name = \"NowPlaying\""))
        #expect(inputs.contains("application.icon_name = \"nowplaying\""))
        FileManager.default.createFile(atPath: dir + "/go", contents: nil)
        #expect(waitFor(60) { !app.isRunning })
        #expect(app.wait() == 0)
    }

    /// Issue 15: "The screen saver is allowed unless `--kiosk` is playing", and the desktop is told who holds it
    /// off and why. The desktop's screen saver is a stand-in that answers as GNOME's and KDE's do
    /// (scripts/screensaver-standin.py) and logs each call.
    @Test func theScreenSaverIsInhibitedOnlyWhileTheKioskPlays() throws {
        let bus = try SessionBus()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let log = NSTemporaryDirectory() + "np-screensaver-\(UUID().uuidString)"
        let standIn = try ChildProcess(try #require(XDisplay.which("python3")), [root + "/scripts/screensaver-standin.py"],
                                       env: XDisplay.environment(bus.environment), output: log)
        defer { standIn.stop() }
        func logged() -> [Substring] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n") }
        func calls(_ method: String) -> [Substring] { logged().filter { $0.hasPrefix(method + " ") } }
        try #require(waitFor(30) { logged().contains("ready") }, "the stand-in owns org.freedesktop.ScreenSaver")

        let desktop = try RunningApp(bus: bus)
        _ = try desktop.dump()
        try desktop.x.run("xdotool", ["key", "--window", desktop.window, "space"])
        #expect(try desktop.dump().find("playPause")?.label == "Pause")
        try desktop.x.run("xdotool", ["key", "--window", desktop.window, "f"])
        #expect(try desktop.dump().find("playPause")?.label == "Pause")
        #expect(calls("Inhibit").isEmpty, "playing, even fullscreen, without --kiosk: the desktop's")
        desktop.app.stop()

        let kiosk = try RunningApp(arguments: ["--kiosk"], bus: bus)
        #expect(try kiosk.dump().find("playPause")?.label == "Play")
        #expect(calls("Inhibit").isEmpty, "the kiosk paused: the desktop's")
        try kiosk.x.run("xdotool", ["key", "--window", kiosk.window, "space"])
        #expect(try kiosk.dump().find("playPause")?.label == "Pause")
        #expect(waitFor(30) { calls("Inhibit").count == 1 }, "the kiosk playing: inhibited")
        #expect(calls("Inhibit").first?.hasPrefix(#"Inhibit "NowPlaying" "Playing music" "#) == true,
                "under the app's name and why (SDL's default: \"My SDL application\", \"Playing a game\"): \(logged())")
        try kiosk.x.run("xdotool", ["key", "--window", kiosk.window, "space"])
        #expect(try kiosk.dump().find("playPause")?.label == "Play")
        #expect(waitFor(30) { calls("UnInhibit").count == 1 }, "the kiosk paused again: released")
    }
}
