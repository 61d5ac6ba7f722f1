import Foundation
import Glibc
import Testing
import ViewKit

/// MPRIS 2: the real app in a real X window on a private session bus, driven by playerctl (the client desktop
/// media widgets use), its state read back from the bus and from the app's own view dump; and the reverse,
/// keys pressed in the window announced on the bus.
@Suite(.serialized)
struct MediaControlsTests {
    private func node(_ d: ViewDump, _ id: String) throws -> ViewDump { try #require(d.find(id), "no \(id) in the dump") }

    @Test func playerctlControlsTheApp() throws {
        let r = try RunningApp()
        #expect(try r.playerctl("status") == "Paused", "opened with --paused, the demo's first track loaded")
        var d = try r.dump()
        #expect(try node(d, "title").text == "Neon Harbor")
        #expect(try node(d, "playPause").label == "Play")

        try r.playerctl("play-pause")
        #expect(try waitFor(30) { try r.playerctl("status") == "Playing" })
        #expect(try node(r.dump(), "playPause").label == "Pause", "the card shows the pause button while playing")
        try r.playerctl("play-pause")
        #expect(try waitFor(30) { try r.playerctl("status") == "Paused" })
        #expect(try node(r.dump(), "playPause").label == "Play")

        try r.playerctl("next")
        #expect(try waitFor(30) { try r.playerctl("metadata", "title") == "Paper Satellites" })
        #expect(try node(r.dump(), "title").text == "Paper Satellites")
        try r.playerctl("previous")
        #expect(try waitFor(30) { try r.playerctl("metadata", "title") == "Neon Harbor" })
        #expect(try node(r.dump(), "title").text == "Neon Harbor")

        // Paused, so the position stays where it is put.
        try r.playerctl("position", "10")
        #expect(try waitFor(30) { abs((Double(try r.playerctl("position")) ?? 0) - 10) < 0.05 })
        #expect(try node(r.dump(), "elapsed").text == "0:10")
        try r.playerctl("position", "5+")
        #expect(try waitFor(30) { abs((Double(try r.playerctl("position")) ?? 0) - 15) < 0.05 })
        #expect(try node(r.dump(), "elapsed").text == "0:15", "seeking 5 s on from 10 s")

        try r.playerctl("volume", "0.3")
        #expect(try waitFor(30) { abs((Double(try r.playerctl("volume")) ?? 0) - 0.3) < 0.001 })
        #expect(abs((try node(r.dump(), "volume").value ?? 0) - 0.3) < 0.001)

        #expect(try r.playerctl("shuffle") == "Off")
        try r.playerctl("shuffle", "On")
        #expect(try waitFor(30) { try r.playerctl("shuffle") == "On" })
        #expect(try node(r.dump(), "shuffle").selected == true)

        #expect(try r.playerctl("loop") == "None")
        try r.playerctl("loop", "Track")
        #expect(try waitFor(30) { try r.playerctl("loop") == "Track" })
        #expect(try node(r.dump(), "repeat").selected == true)
        try r.playerctl("loop", "None")
        #expect(try waitFor(30) { try r.playerctl("loop") == "None" })
        #expect(try node(r.dump(), "repeat").selected == false)

        // Metadata: the title, and a picture file a media widget can read (the demo's covers are embedded
        // JPEGs, written to the cache folder).
        #expect(try r.playerctl("metadata", "xesam:album") == "Night Lines")
        #expect(try r.playerctl("metadata", "xesam:artist") == "The Quiet Frequencies")
        #expect(try r.playerctl("metadata", "xesam:trackNumber") == "1")
        let url = try r.playerctl("metadata", "xesam:url")
        #expect(url.hasPrefix("file:///") && url.hasSuffix("/Assets/Demo/01-neon-harbor.ogg"), "\(url)")
        let trackID = try r.playerctl("metadata", "mpris:trackid")
        #expect(trackID == "'/nowplaying/track/0'", "an object path (playerctl quotes it): \(trackID)")
        #expect(try r.playerctl("metadata", "mpris:length") == "42000000", "the first demo track is 42 s long")
        let art = try r.playerctl("metadata", "mpris:artUrl")
        #expect(art.hasPrefix("file://\(r.dir)/cache/nowplaying/covers/"))
        let picture = try Data(contentsOf: try #require(URL(string: art)))
        #expect(picture.prefix(3) == Data([0xFF, 0xD8, 0xFF]), "a JPEG")

        d = try r.dump()
        #expect(try node(d, "title").text == "Neon Harbor")
        try r.playerctl("stop")
        #expect(try waitFor(30) { abs((Double(try r.playerctl("position")) ?? 1) - 0) < 0.05 }, "stop goes back to the start")
    }

    /// A track whose length is not known (its header lies: scripts/make-hostile-corpus.py) has no end to seek
    /// past: MPRIS Seek and SetPosition move within it instead of skipping to the next track.
    @Test func seekingATrackOfUnknownLengthStaysInIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let corpus = NSTemporaryDirectory() + "np-unknown-length-\(UUID().uuidString)"
        let python = try ChildProcess(try #require(XDisplay.which("python3")),
                                      [root + "/scripts/make-hostile-corpus.py", corpus, "headers"], env: XDisplay.environment([:]))
        #expect(python.wait() == 0)
        let r = try RunningApp(arguments: [corpus + "/headers/04-xing-31165-hours.mp3"])
        #expect(try node(r.dump(), "remaining").text == "--:--", "the length is not known")
        try r.playerctl("position", "0.5+")
        #expect(try waitFor(30) { abs((Double(try r.playerctl("position")) ?? 0) - 0.5) < 0.05 }, "seeked within the track")
        try r.playerctl("position", "0.25")
        #expect(try waitFor(30) { abs((Double(try r.playerctl("position")) ?? 0) - 0.25) < 0.05 }, "set within the track")
    }

    @Test func keysInTheWindowAreAnnouncedOnTheBus() throws {
        let r = try RunningApp()
        _ = try r.dump()  // the app's loop runs: keys from now on reach it
        let monitorPath = try #require(XDisplay.which("dbus-monitor"), "dbus-monitor is installed with dbus")
        let log = r.dir + "/monitor"
        let monitor = try ChildProcess(monitorPath, ["--address", try #require(r.bus).address, "type='signal',path='/org/mpris/MediaPlayer2'"],
                                       env: XDisplay.environment([:]), output: log)
        defer { monitor.stop() }
        func logged() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        // dbus-monitor says it is listening with the NameAcquired signal it gets on connecting.
        #expect(waitFor(30) { logged().contains("NameAcquired") })

        /// Presses `key` in the window and waits for the log to gain a line holding each of `expected` after it.
        func press(_ key: String, shows expected: [String]) throws -> Bool {
            let before = logged().count
            try r.x.run("xdotool", ["key", "--window", r.window, key])
            return waitFor(30) {
                let new = logged().dropFirst(before)
                return expected.allSatisfy { new.contains($0) }
            }
        }
        #expect(try press("space", shows: ["PropertiesChanged", "\"PlaybackStatus\"", "\"Playing\""]))
        #expect(try press("space", shows: ["\"PlaybackStatus\"", "\"Paused\""]))
        #expect(try press("s", shows: ["\"Shuffle\"", "boolean true"]))
        #expect(try press("r", shows: ["\"LoopStatus\"", "\"Playlist\""]))
        #expect(try press("shift+Right", shows: ["member=Seeked"]), "shift+→ seeks")
        // The track played for a moment before: the jump lands 10 s on from there (in microseconds).
        let seeked = logged().components(separatedBy: "member=Seeked").last?.split(separator: "\n").first
        let landed = seeked.flatMap { Int64($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "int64 ", with: "")) }
        #expect(landed.map { $0 >= 10_000_000 && $0 < 42_000_000 } == true, "Seeked says where: \(String(describing: seeked))")
        // Shuffle is on: the next track is any other one.
        #expect(try press("XF86AudioNext", shows: ["\"Metadata\"", "\"xesam:title\""]), "the media key for next")
        #expect(try press("XF86AudioPlay", shows: ["\"PlaybackStatus\"", "\"Playing\""]), "the media key for play")
        #expect(try press("XF86AudioLowerVolume", shows: ["\"Volume\""]))
    }

    @Test func openUriPlaysTheFileAndQuitEndsTheApp() throws {
        let r = try RunningApp()
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/Demo/06-velvet-static.mp3")
        // A copy that names its album's artist too (ID3 TPE2), as a compilation's tracks do.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("np-mpris-\(UUID().uuidString).mp3")
        defer { try? FileManager.default.removeItem(at: copy) }
        let ffmpeg = try ChildProcess(try #require(XDisplay.which("ffmpeg"), "ffmpeg is installed by scripts/install-deps.sh"),
                                      ["-loglevel", "error", "-i", demo.path, "-c", "copy", "-metadata", "album_artist=Various Quiet Artists",
                                       copy.path], env: XDisplay.environment([:]))
        #expect(ffmpeg.wait() == 0)
        try r.playerctl("open", copy.absoluteString)
        #expect(try waitFor(30) { try r.playerctl("metadata", "title") == "Velvet Static" })
        #expect(try r.playerctl("metadata", "xesam:albumArtist") == "Various Quiet Artists")
        #expect(try r.playerctl("status") == "Playing", "an opened file plays at once")
        #expect(try node(r.dump(), "title").text == "Velvet Static")
        let sent = try r.x.run("dbus-send", ["--print-reply", "--dest=org.mpris.MediaPlayer2.nowplaying", "/org/mpris/MediaPlayer2",
                                             "org.mpris.MediaPlayer2.Quit"], env: try #require(r.bus).environment)
        #expect(sent.contains("method return"), "\(sent)")
        #expect(waitFor(30) { !r.app.isRunning }, "Quit quits")
        #expect(r.app.wait() == 0)
    }

    @Test func withoutASessionBusTheAppRunsAndSaysOnceThatMediaControlsAreOff() throws {
        let r = try RunningApp(withBus: false)
        #expect(try node(r.dump(), "title").text == "Neon Harbor", "the app runs")
        try r.x.run("xdotool", ["key", "--window", r.window, "space"])
        #expect(try node(r.dump(), "playPause").label == "Pause", "and plays")
        let said = (try String(contentsOfFile: r.errors, encoding: .utf8)).split(separator: "\n")
        #expect(said.filter { $0.contains("media controls (MPRIS) and the single instance are off") }.count == 1, "\(said)")
    }
}
