import Foundation
import Testing

/// What the real program writes when it quits: every field of state.json, read as plain JSON (not through
/// the app's own decoder), after a script that changed each of them.
struct SavedSessionTests {
    @Test func quittingSavesEveryFieldOfTheSession() throws {
        // SPEC I2: → next, s shuffle, r repeat (off → all → one), ↓ volume, shift+→ seek (10 s, README's key
        // table), q quits. The volume starts full and each ↓ takes a tenth off.
        let script = """
        key right
        wait 100
        key s
        key r
        key r
        key down
        key down
        key shift+right
        wait 100
        quit
        """
        let saved = try savedSession(after: script)

        // The demo album, in track order (its files are numbered).
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let demo = repo.appendingPathComponent("Assets/Demo")
        let audio = try FileManager.default.contentsOfDirectory(atPath: demo.path)
            .filter { ["ogg", "mp3", "flac", "opus"].contains(($0 as NSString).pathExtension) }.sorted()
        let paths = try #require(saved["paths"] as? [String])
        #expect(paths.map { ($0 as NSString).lastPathComponent } == audio)
        #expect(saved["current"] as? Int == 1, "the second track, after →")
        #expect(abs((saved["position"] as? Double ?? -1) - 10) < 0.05, "10 s in, after shift+→ (paused)")
        #expect(abs((saved["volume"] as? Double ?? -1) - 0.8) < 0.001, "two steps of a tenth down from full")
        #expect(saved["shuffle"] as? Bool == true)
        #expect(saved["repeatMode"] as? String == "one")
        #expect(Set(saved.keys) == ["paths", "current", "position", "volume", "shuffle", "repeatMode"], "nothing else, nothing missing")
    }

    /// Issue 16: the saved volume is the one the user set. Muting (the media key) silences this run only: a
    /// user who muted and quit finds their volume at the next start, as the desktop's own mute does.
    /// Three tenths down from full, then the mute key, then q.
    @Test func quittingWhileMutedSavesTheVolumeTheUserSet() throws {
        let saved = try savedSession(after: "key down\nkey down\nkey down\nkey audiomute\nwait 100\nquit\n")
        #expect(abs((saved["volume"] as? Double ?? -1) - 0.7) < 0.001, "the volume set before muting, not silence")
    }

    /// Runs the real program over the demo album with `script` and reads the state.json it leaves.
    private func savedSession(after script: String) throws -> [String: Any] {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-quit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try script.write(to: dir.appendingPathComponent("script"), atomically: true, encoding: .utf8)
        let run = try ChildProcess(binary.path, ["--headless", "--paused", "--size", "375x667",
                                                 "--state-dir", dir.appendingPathComponent("state").path,
                                                 "--script", dir.appendingPathComponent("script").path],
                                   env: ["SDL_AUDIODRIVER": "dummy", "HOME": dir.path])
        #expect(run.wait() == 0)
        let data = try Data(contentsOf: dir.appendingPathComponent("state/state.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
