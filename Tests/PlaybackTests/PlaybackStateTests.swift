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

/// Issue 17: how a save fails and what a load does with what it finds.
struct PlaybackStateFileTests {
    let state = PlaybackState(paths: ["/a.ogg"], current: 0, position: 1, volume: 1, shuffle: false, repeatMode: .off)

    @Test func aFolderThroughAFileIsNoSessionAndCannotBeSavedTo() throws {
        let s = Scratch()
        try s.write("file", text: "x")
        #expect(try PlaybackState.load(from: s.path("file/state")) == nil)
        #expect(throws: PlaybackState.SaveError.self) { try state.save(to: s.path("file/state")) }
        #expect(try String(contentsOfFile: s.path("file"), encoding: .utf8) == "x")
    }

    @Test func aLinkWhereTheTemporaryFileGoesIsReplacedNotFollowed() throws {
        let s = Scratch()
        try s.write("victim", text: "keep me")
        try FileManager.default.createDirectory(atPath: s.path("state"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: s.path("state/state.json.tmp"), withDestinationPath: s.path("victim"))
        try state.save(to: s.path("state"))
        #expect(try String(contentsOfFile: s.path("victim"), encoding: .utf8) == "keep me")
        #expect(try PlaybackState.load(from: s.path("state")) == state)
    }

    @Test func aStateFileThatIsAFolderOrHugeIsUnusable() throws {
        let s = Scratch()
        try FileManager.default.createDirectory(atPath: s.path("a/state.json"), withIntermediateDirectories: true)
        #expect(throws: PlaybackState.LoadError.self) { try PlaybackState.load(from: s.path("a")) }
        try s.write("b/state.json", text: "")
        // Larger than the loader reads (64 MiB): a sparse file of 65 MiB, refused before it is read.
        truncate(s.path("b/state.json"), 65 << 20)
        #expect(throws: PlaybackState.LoadError.self) { try PlaybackState.load(from: s.path("b")) }
    }

    @Test func settingAsideKeepsTheBytes() throws {
        let s = Scratch()
        try s.write("state/state.json", text: "{ cut sh")
        let bad = try PlaybackState.setAside(in: s.path("state"))
        #expect(bad == s.path("state/state.json.bad"))
        #expect(try String(contentsOfFile: bad, encoding: .utf8) == "{ cut sh")
        #expect(try PlaybackState.load(from: s.path("state")) == nil)
    }
}
