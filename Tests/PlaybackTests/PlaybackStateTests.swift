import Foundation
import Testing
@testable import Playback

struct PlaybackStateTests {
    let state = PlaybackState(paths: ["/a.ogg", "/b.mp3"], current: 1, position: 12.5, volume: 0.7,
                              shuffle: true, repeatMode: .one)

    @Test func savesAndRestores() throws {
        let s = Scratch()
        try state.save(to: s.path("state"))
        #expect(try PlaybackState.load(from: s.path("state")) == state)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: s.path("state"))
        #expect(leftovers == ["state.json"], "the temporary file was renamed into place")
    }

    @Test func noStateIsNotAnError() throws {
        #expect(try PlaybackState.load(from: Scratch().path("none")) == nil)
    }

    @Test(arguments: ["{ broken", "{\"paths\": [], \"current\": 0, \"position\": 0, \"volume\": 1, \"shuffle\": false, \"repeatMode\": \"off\"}",
                      "{\"paths\": [\"/a\"], \"current\": 3, \"position\": 0, \"volume\": 1, \"shuffle\": false, \"repeatMode\": \"off\"}",
                      "{\"paths\": [\"/a\"], \"current\": 0, \"position\": 0, \"volume\": 7, \"shuffle\": false, \"repeatMode\": \"off\"}"])
    func corruptStateIsReportedNotFatal(text: String) throws {
        let s = Scratch()
        try s.write("state/state.json", text: text)
        do {
            _ = try PlaybackState.load(from: s.path("state"))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("could not be used"))
        }
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(PlaybackState.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]) == "/x/state/nowplaying")
        #expect(PlaybackState.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/nowplaying")
        #expect(PlaybackState.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.local/state/nowplaying")
    }
}
