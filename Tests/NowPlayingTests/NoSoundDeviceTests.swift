import Foundation
import Glibc
import Testing

/// Started where no sound can be output (no sound server, no sound card), the app says so in one line, once, and plays
/// silently. ALSA's library, which SDL tries, printed eight lines of its own before it ("ALSA lib
/// confmisc.c:855:(parse_card) cannot find card '0'" …: a fresh-eyes tester).
struct NoSoundDeviceTests {
    @Test func noSoundDeviceIsSaidInOneLineWithoutALSAsOwn() throws {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests").path
        let dir = NSTemporaryDirectory() + "np-no-sound-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // ALSA with an empty configuration has no "default" device on any machine, sound card or not; no sound
        // server is reachable from an empty runtime folder.
        FileManager.default.createFile(atPath: dir + "/alsa.conf", contents: Data())
        let script = dir + "/script"
        // Started paused, it opens the output (and says what it cannot use) when play is pressed.
        try "wait 200\nkey space\nwait 200\nkey space\nwait 100\nkey space\nwait 100\nquit\n".write(toFile: script, atomically: true, encoding: .utf8)
        let errors = dir + "/stderr"
        let app = try ChildProcess(binary, ["--headless", "--new-instance", "--paused", "--state-dir", dir + "/state", "--script", script],
                                   env: ["SDL_AUDIODRIVER": "alsa", "ALSA_CONFIG_PATH": dir + "/alsa.conf", "XDG_RUNTIME_DIR": dir, "HOME": dir],
                                   errors: errors)
        #expect(app.wait() == 0)
        let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(said.split(separator: "\n").filter { $0.contains("Playing silently") }.count == 1, "one line says it: \(said)")
        #expect(!said.contains("ALSA lib"), "ALSA's library says nothing of its own: \(said)")
    }
}
