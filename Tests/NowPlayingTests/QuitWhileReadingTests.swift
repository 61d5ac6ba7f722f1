import Foundation
import Glibc
import Testing
@testable import NowPlaying

/// A quit while the library's reader is still reading a large library's tags (a desktop's SIGTERM during start-up)
/// ends the process cleanly with the session saved: returning from main ran TagLib's static destructors under the
/// reader, which crashed (SIGSEGV, or glibc's "malloc_consolidate(): unaligned fastbin chunk") one quit in four with
/// 10,000 tracks (found by the benchmark).
struct QuitWhileReadingTests {
    @Test func aQuitWhileTheLibraryIsReadEndsCleanly() throws {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests").path
        let dir = NSTemporaryDirectory() + "np-quit-reading-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 10,000 small tracks with a 300 px cover in their tags, in albums of 20 (as the benchmark's): seconds of reading.
        let sound = Array(try LargeCoverLibrary.sound(of: try AppResources.locate().demoAlbum + "/02-paper-satellites.mp3").prefix(8192))
        let cover = try LargeCoverLibrary.cover(side: 300, seed: 1, format: .jpeg)
        for album in 0..<500 {
            let folder = dir + "/library/Album \(album)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for track in 1...20 {
                let file = LargeCoverLibrary.mp3(title: "Track \(track)", artist: "Artist", album: "Album \(album)", number: track,
                                                 cover: cover, format: .jpeg, sound: sound)
                try Data(file).write(to: URL(fileURLWithPath: folder + String(format: "/%02d Track.mp3", track)))
            }
        }
        // Quits at several moments of the reading (a headless run: the window does not matter, the reader does).
        for (run, delay) in [0.3, 0.5, 0.8, 1.2, 0.4, 0.6, 1.0, 0.7].enumerated() {
            let state = dir + "/state-\(run)"
            let app = try ChildProcess(binary, ["--headless", "--paused", "--new-instance", "--state-dir", state, dir + "/library"],
                                       env: ["SDL_AUDIODRIVER": "dummy", "HOME": dir], errors: dir + "/stderr-\(run)")
            // (Started, then quit once it takes SIGTERM as a quit: the delays only spread the quits over the reading; any
            // of them must end cleanly. Before SDL's handler is in place a SIGTERM ends any program, a slow start's too.)
            try #require(waitFor(60) { app.catchesQuitSignal }, "SDL's handler is in place")
            usleep(UInt32(delay * 1_000_000))
            kill(app.pid, SIGTERM)
            let code = app.wait()
            let said = (try? String(contentsOfFile: dir + "/stderr-\(run)", encoding: .utf8)) ?? ""
            #expect(code == 0, "quit \(run) after \(delay) s ended with \(code): \(said.suffix(300))")
            #expect(FileManager.default.fileExists(atPath: state + "/state.json"), "quit \(run): the session saved")
        }
    }

    /// A process started with SIGTERM blocked (a launcher's thread may hand its mask on) quits on it, the session
    /// saved: SDL installs its handler and leaves the mask as it found it, so the signal stayed pending for good.
    @Test func aProcessStartedWithSIGTERMBlockedQuitsOnIt() throws {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests").path
        let dir = NSTemporaryDirectory() + "np-early-quit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let app = try ChildProcess(binary, ["--headless", "--paused", "--new-instance", "--state-dir", dir + "/state",
                                            try AppResources.locate().demoAlbum],
                                   env: ["SDL_AUDIODRIVER": "dummy", "HOME": dir], errors: dir + "/stderr", blocking: [SIGTERM])
        try #require(waitFor(60) { app.catchesQuitSignal }, "SDL's handler is in place")
        kill(app.pid, SIGTERM)
        let quit = waitFor(60) { !app.isRunning }
        app.stop()
        let said = (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? ""
        #expect(quit, "the app quit on the SIGTERM")
        #expect(app.wait() == 0, "it ended cleanly: \(said.suffix(300))")
        #expect(FileManager.default.fileExists(atPath: dir + "/state/state.json"), "the session saved")
    }
}
