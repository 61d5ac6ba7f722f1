import Foundation
import NowPlaying
import Playback
import Testing
import ViewKit

/// Issue 15: the desktop entry's `Exec=nowplaying %U` hands a file manager's `file://` URIs (percent-encoded)
/// to the command line; they play as the files they name. A stream URL is reported as a playlist's is.
struct FileURITests {
    @Test func aFileURIOnTheCommandLinePlaysItsFile() throws {
        let dir = NSTemporaryDirectory() + "np-uri-\(UUID().uuidString)"
        let song = try FileURITests.copy(try AppResources.locate().demoAlbum + "/06-velvet-static.mp3", into: dir)
        let uri = try FileURITests.uri(of: song)
        let binary = try #require(ChildProcess.nowplaying)
        let app = try ChildProcess(binary.path, ["--headless", "--paused", "--state-dir", dir + "/state", "--dump-views", dir + "/dump.json",
                                                 uri, "http://radio.example/live.mp3"],
                                   env: XDisplay.environment(["SDL_AUDIODRIVER": "dummy"]), errors: dir + "/stderr")
        defer { app.stop() }
        try #require(waitFor(60) { !app.isRunning })
        #expect(app.wait() == 0)
        let dump = try JSONDecoder().decode(ViewDump.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/dump.json")))
        #expect(dump.find("title")?.text == "Velvet Static")
        #expect(try PlaybackState.load(from: dir + "/state")?.paths == [song], "the queue is the file the URI names")
        #expect(try String(contentsOfFile: dir + "/stderr", encoding: .utf8)
                == "nowplaying: http://radio.example/live.mp3 is a stream URL, which is not supported; skipped.\n")
    }

    /// `audio` copied into `dir` under a name a URI percent-encodes (a space, a letter outside ASCII).
    static func copy(_ audio: String, into dir: String) throws -> String {
        let song = dir + "/My Music/Velvet Stätic.mp3"
        try FileManager.default.createDirectory(atPath: dir + "/My Music", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: audio, toPath: song)
        return song
    }

    /// The `file://` URI a file manager passes for `path`.
    static func uri(of path: String) throws -> String {
        let uri = "file://" + (try #require(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)))
        #expect(uri.contains("/My%20Music/Velvet%20St%C3%A4tic.mp3"))
        return uri
    }
}
