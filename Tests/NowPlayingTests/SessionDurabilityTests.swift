import Foundation
import Glibc
import Playback
import Testing

/// Issue 17, item 5: the saved session survives what a desktop does to it — a kill at any moment, SIGTERM and
/// SIGINT, a damaged file, a full or read-only disk, a state folder that is a file — and the app runs on.
/// Every test runs the real program and reads state.json as plain JSON.
struct SessionDurabilityTests {
    let binary: String
    let dir: String

    init() throws {
        binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests").path
        dir = NSTemporaryDirectory() + "np-durable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    /// The demo album's audio files, in track order (their names are numbered).
    static var demoTracks: [String] {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let demo = repo.appendingPathComponent("Assets/Demo").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: demo)) ?? [])
            .filter { ["ogg", "mp3", "flac", "opus"].contains(($0 as NSString).pathExtension) }.sorted().map { demo + "/" + $0 }
    }

    /// A saved session of the demo album, as the app writes one, at track `current`.
    static func sessionJSON(current: Int, position: Double) throws -> String {
        let object: [String: Any] = ["paths": demoTracks, "current": current, "position": position, "volume": 0.5,
                                     "shuffle": false, "repeatMode": "off"]
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Runs the app headless and paused on `script` with `stateDirectory`; its exit code and its stderr lines.
    func runApp(script: String, stateDirectory: String, disk: PrivateDisk? = nil, paths: [String] = []) throws -> (Int32, [String]) {
        let scriptPath = dir + "/script-\(UUID().uuidString)"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let errors = dir + "/stderr-\(UUID().uuidString)"
        let args = ["--headless", "--paused", "--new-instance", "--size", "375x667", "--state-dir", stateDirectory, "--script", scriptPath] + paths
        let env = ["SDL_AUDIODRIVER": "dummy", "HOME": dir]
        let code: Int32
        if let disk {
            code = try disk.run(binary, args, env: env, errors: errors)
        } else {
            code = try ChildProcess(binary, args, env: env, errors: errors).wait()
        }
        let lines = ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return (code, lines)
    }

    /// What strerror says for `code`: the C library's words, which the app's message must carry.
    static func words(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Three track changes (each one saves) and quit (saves again).
    static let threeChanges = "key right\nwait 100\nkey right\nwait 100\nkey right\nwait 100\nquit\n"

    @Test func aSessionFileThatCannotBeReadIsKeptAsideNotOverwritten() throws {
        let state = dir + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let damaged = Data("{\"paths\": [\"/music/a.flac\"], \"current\": 0, \"posi".utf8)  // cut short, as a crash once left it
        try damaged.write(to: URL(fileURLWithPath: state + "/state.json"))
        let (code, errors) = try runApp(script: Self.threeChanges, stateDirectory: state)
        #expect(code == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: state + "/state.json.bad")) == damaged, "the damaged file is kept, byte for byte")
        let about = errors.filter { $0.contains("state.json") }
        #expect(about.count == 1, "one message: \(errors)")
        #expect(about.first?.contains("state.json.bad") == true, "the message says where it was kept: \(errors)")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state + "/state.json"))) as? [String: Any]
        #expect(saved?["current"] as? Int == 3, "this run's session is saved anew (three tracks on)")
    }

    @Test func aStateFolderThatIsAFileGivesOneMessageAndTheAppRunsOn() throws {
        let file = dir + "/not-a-folder"
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let (code, errors) = try runApp(script: Self.threeChanges, stateDirectory: file + "/nowplaying")
        #expect(code == 0)
        #expect(errors.count == 1, "one message, not one per save: \(errors)")
        #expect(errors.first?.contains(Self.words(ENOTDIR)) == true, "\(errors)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x", "the file is left alone")
    }

    @Test func aFullDiskGivesOneMessageAndKeepsTheOldSession() throws {
        // The message's words are those of a write to /dev/full, the system's own full device.
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        let wrote = write(full, "x", 1)
        let reference = Self.words(errno)
        close(full)
        #expect(wrote == -1 && reference == Self.words(ENOSPC))

        let old = try Self.sessionJSON(current: 2, position: 3)
        try old.write(toFile: dir + "/old.json", atomically: true, encoding: .utf8)
        // Two pages: the old session takes one, a filler the other.
        let disk = PrivateDisk(mountPoint: dir + "/disk", size: "8k",
                               prepare: "mkdir \"$D/state\"; cp '\(dir)/old.json' \"$D/state/state.json\"; head -c 1048576 /dev/zero > \"$D/fill\" 2>/dev/null",
                               afterwards: "cp \"$D/state/state.json\" '\(dir)/after.json'")
        let (code, errors) = try runApp(script: Self.threeChanges, stateDirectory: dir + "/disk/state", disk: disk)
        #expect(code == 0, "\(errors)")
        #expect(errors.count == 1, "one message for four failed saves: \(errors)")
        #expect(errors.first?.contains(reference) == true, "\(errors)")
        #expect(try String(contentsOfFile: dir + "/after.json", encoding: .utf8) == old, "the old session is whole")
    }

    @Test func aReadOnlyFolderGivesOneMessageAndTheSessionStillRestores() throws {
        try Self.sessionJSON(current: 2, position: 3).write(toFile: dir + "/old.json", atomically: true, encoding: .utf8)
        let disk = PrivateDisk(mountPoint: dir + "/disk",
                               prepare: "mkdir \"$D/state\"; cp '\(dir)/old.json' \"$D/state/state.json\"; mount -o remount,ro \"$D\"")
        let dump = dir + "/restored.json"
        let (code, errors) = try runApp(script: "dump \(dump)\n" + Self.threeChanges, stateDirectory: dir + "/disk/state", disk: disk)
        #expect(code == 0, "\(errors)")
        #expect(errors.count == 1, "one message, not one per save: \(errors)")
        #expect(errors.first?.contains(Self.words(EROFS)) == true, "\(errors)")
        let restored = try String(contentsOfFile: dump, encoding: .utf8)
        #expect(restored.contains("Glass Orchard"), "the third demo track, as saved, plays first")
    }

    /// SPEC: quitting saves; so do the signals a desktop or a terminal sends (issue 17).
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalSavesTheSession(signal: Int32) throws {
        let state = dir + "/state"
        let ready = dir + "/ready.json"
        // → next (saved at once, at 0 s), then 10 s on: only a save at the signal records the 10 s.
        let script = "key right\nkey shift+right\nwait 100\ndump \(ready)\nawait \(dir)/never\n"
        try script.write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let app = try ChildProcess(binary, ["--headless", "--paused", "--new-instance", "--state-dir", state, "--script", dir + "/script"],
                                   env: ["SDL_AUDIODRIVER": "dummy", "HOME": dir])
        defer { app.stop() }
        try #require(waitFor { FileManager.default.fileExists(atPath: ready) }, "the app played the script")
        kill(app.pid, signal)
        #expect(app.wait() == 0)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state + "/state.json"))) as? [String: Any]
        #expect(saved?["current"] as? Int == 1)
        #expect(abs((saved?["position"] as? Double ?? -1) - 10) < 0.05, "10 s in, saved at the signal")
    }

    /// Kill -9 at many moments while the app saves after every track change: state.json is always a whole
    /// session (the old one or the new one), never cut short.
    @Test func killedWhileSavingNeverLeavesADamagedFile() throws {
        let state = dir + "/state"
        // Repeat all, then a track change every frame: a save in flight at almost any moment.
        let script = "key r\n" + String(repeating: "key right\nwait 16\n", count: 5000) + "quit\n"
        try script.write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let seed = UInt64(Date().timeIntervalSince1970)
        print("killedWhileSavingNeverLeavesADamagedFile: seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var checked = 0, caughtWriting = 0
        for round in 0..<24 {
            let app = try ChildProcess(binary, ["--headless", "--paused", "--new-instance", "--state-dir", state, "--script", dir + "/script"],
                                       env: ["SDL_AUDIODRIVER": "dummy", "HOME": dir])
            // Wait for this run's first save, then kill at a moment drawn from 0–400 ms later.
            let before = (try? FileManager.default.attributesOfItem(atPath: state + "/state.json")[.modificationDate] as? Date) ?? nil
            _ = waitFor(60) {
                let now = (try? FileManager.default.attributesOfItem(atPath: state + "/state.json")[.modificationDate] as? Date) ?? nil
                return now != nil && now != before || !app.isRunning
            }
            usleep(useconds_t(UInt64.random(in: 0..<400_000, using: &random)))
            kill(app.pid, SIGKILL)
            app.wait()
            let data = try Data(contentsOf: URL(fileURLWithPath: state + "/state.json"))
            let saved = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(saved?["paths"] as? [String] == Self.demoTracks, "round \(round): a whole session (\(data.count) bytes)")
            #expect(saved?["current"] is Int && saved?["position"] is Double, "round \(round)")
            checked += 1
            if FileManager.default.fileExists(atPath: state + "/state.json.tmp") { caughtWriting += 1 }
        }
        #expect(checked == 24)
        print("killedWhileSavingNeverLeavesADamagedFile: \(caughtWriting) of \(checked) kills came while a save was being written")
    }

    /// A crash or a power cut loses at most the position within a track: each track change is saved as it
    /// happens, with no quit (the process is killed once the file says so, or after a minute).
    @Test func eachTrackChangeIsSavedAsItHappens() throws {
        let state = dir + "/state"
        // `await` holds the script (in real time, where a headless `wait` passes at once) for a file never made.
        try "key right\nwait 200\nkey right\nawait \(dir)/never\nquit\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let app = try ChildProcess(binary, ["--headless", "--paused", "--new-instance", "--state-dir", state, "--script", dir + "/script"],
                                   env: ["SDL_AUDIODRIVER": "dummy", "HOME": dir])
        func savedTrack() -> Int? {
            let data = try? Data(contentsOf: URL(fileURLWithPath: state + "/state.json"))
            return (data.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any])?["current"] as? Int
        }
        let saved = waitFor(60) { savedTrack() == 2 || !app.isRunning }
        kill(app.pid, SIGKILL)
        app.wait()
        #expect(saved && savedTrack() == 2, "the third track, two changes on, saved while running: \(String(describing: savedTrack()))")
    }

    /// Power cut: the new file's bytes reach the disk before the rename, and the rename before the run goes on
    /// (fsync of the file, rename, fsync of the folder), as the system calls show (strace, from outside).
    @Test func aSaveIsFlushedBeforeAndAfterTheRename() throws {
        let strace = try #require(XDisplay.which("strace"), "strace is installed by scripts/install-deps.sh")
        let state = dir + "/state"
        try "quit\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let log = dir + "/strace.txt"
        let run = try ChildProcess(strace, ["-f", "-qq", "-o", log, "-e", "trace=openat,fsync,fdatasync,rename,renameat,renameat2",
                                            binary, "--headless", "--paused", "--new-instance", "--state-dir", state, "--script", dir + "/script"],
                                   env: ["SDL_AUDIODRIVER": "dummy", "HOME": dir])
        #expect(run.wait() == 0)
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        // fsync or fdatasync of `fd`, finished on its line or left "<unfinished ...>" while another thread's call was
        // written (strace -f interleaves threads).
        func flushes(_ line: String, _ fd: String) -> Bool { line.contains("sync(\(fd))") || line.contains("sync(\(fd) <unfinished") }
        // What the call on line `i` returned: on its line, or on its "<... resumed>" line when it was left unfinished.
        func returned(_ i: Int) -> String? {
            let pid = calls[i].split(separator: " ").first.map(String.init) ?? ""
            let end = calls[i].contains("<unfinished") ? calls[(i + 1)...].firstIndex { $0.hasPrefix(pid + " ") && $0.contains("resumed>") } : i
            return end.flatMap { calls[$0].split(separator: "=").last?.trimmingCharacters(in: .whitespaces) }
        }
        let rename = try #require(calls.lastIndex { $0.contains("rename") && $0.contains("state.json") }, "the state was renamed into place")
        let temp = try #require(calls[..<rename].lastIndex { $0.contains("openat(") && $0.contains("state.json.tmp") })
        let tempFD = try #require(returned(temp))
        #expect(calls[temp..<rename].contains { flushes($0, tempFD) },
                "the temporary file is flushed before the rename:\n\(calls[temp...].joined(separator: "\n"))")
        let folder = calls[rename...].firstIndex { $0.contains("openat(") && $0.contains("\"\(state)\"") && $0.contains("O_DIRECTORY") }
        let folderFD = folder.flatMap(returned)
        #expect(folder.map { calls[$0...].contains { flushes($0, folderFD ?? "?") } } == true,
                "the folder is flushed after the rename:\n\(calls[rename...].joined(separator: "\n"))")
    }
}

/// Closing the window the way a desktop does (the window manager's close, Alt+F4 under Openbox, which sends
/// WM_DELETE_WINDOW as GNOME's and KDE's do) saves the session, as `q` does (issue 17).
@Suite(.serialized)
struct WindowCloseSavesTests {
    @Test func closingTheWindowSavesTheSession() throws {
        let x = try XDisplay(width: 1280, height: 1024, withWindowManager: true)
        let state = NSTemporaryDirectory() + "np-close-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let r = try RunningApp(display: x, withBus: false, stateDirectory: state)
        _ = try r.dump()  // the app's loop runs: keys from now on reach it
        // Next (saved at once, at 0 s), then 10 s on: only a save at the close records the 10 s.
        try x.run("xdotool", ["key", "--window", r.window, "Right"])
        try x.run("xdotool", ["key", "--window", r.window, "shift+Right"])
        #expect(try r.dump().find("elapsed")?.text == "0:10", "10 s into the second track")
        try x.run("xdotool", ["windowactivate", "--sync", r.window])
        try x.run("xdotool", ["key", "alt+F4"])
        #expect(waitFor(30) { !r.app.isRunning }, "the window closed and the app quit")
        #expect(r.app.wait() == 0)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state + "/state.json"))) as? [String: Any]
        #expect(saved?["current"] as? Int == 1)
        #expect(abs((saved?["position"] as? Double ?? -1) - 10) < 0.05, "10 s in, saved at the close")
    }
}
