import Foundation
import Glibc
import Testing

/// What the app shows its neighbours: the sound server sees a music stream named after the song, with the
/// app's name and icon (a private PulseAudio with a null sink); the screen saver is inhibited only while
/// music plays fullscreen (SDL asks org.freedesktop.ScreenSaver on the session bus; dbus-monitor sees it).
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

    @Test func theScreenSaverIsInhibitedOnlyWhilePlayingFullscreen() throws {
        let bus = try SessionBus()
        let monitorPath = try #require(XDisplay.which("dbus-monitor"))
        let log = NSTemporaryDirectory() + "np-screensaver-\(UUID().uuidString)"
        let monitor = try ChildProcess(monitorPath, ["--address", bus.address, "interface='org.freedesktop.ScreenSaver'"],
                                       env: XDisplay.environment([:]), output: log)
        defer { monitor.stop() }
        func logged() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(waitFor(30) { logged().contains("NameAcquired") })
        let r = try RunningApp(bus: bus)
        _ = try r.dump()
        #expect(!logged().contains("member=Inhibit"), "paused in a window: the screen saver is the desktop's")
        try r.x.run("xdotool", ["key", "--window", r.window, "space"])
        #expect(try r.dump().find("playPause")?.label == "Pause")
        #expect(!logged().contains("member=Inhibit"), "playing in a window: still the desktop's")
        try r.x.run("xdotool", ["key", "--window", r.window, "f"])
        #expect(waitFor(30) { logged().contains("member=Inhibit") }, "playing fullscreen: inhibited")
        let inhibit = logged().components(separatedBy: "member=Inhibit").last ?? ""
        #expect(inhibit.contains("string \"NowPlaying\""), "under the app's name")
    }
}
