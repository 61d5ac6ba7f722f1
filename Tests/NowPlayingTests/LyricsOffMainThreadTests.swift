import Foundation
import Playback
import Testing
@testable import ViewKit
@testable import NowPlaying

/// With the app's main loop, a track change reads no tags for its lyrics on the main thread: they are
/// looked for on a worker and shown when found.
@MainActor
struct LyricsOffMainThreadTests {
    @Test func aTrackChangeLooksForLyricsOnAWorker() throws {
        let a = try demoAlbumApp()
        a.controller.lyrics.mainLoop = a.application.mainLoop
        let card = a.view.lyricsCard
        let log = ReadLog()
        ReadLog.$current.withValue(log) { a.session.select(2) }  // 03-glass-orchard.flac: no .lrc beside it
        #expect(!log.reads.contains { $0.fields.contains(.lyrics) && $0.onMainThread }, "no tag read for lyrics on the main thread")

        a.session.select(1)  // 02-paper-satellites.mp3, with its .lrc
        #expect(card.lyrics == nil, "shown when found, not waited for")
        let end = Date().addingTimeInterval(20)
        while card.lyrics == nil && Date() < end {
            a.advanceFrame()
            Thread.sleep(forTimeInterval: 0.002)
        }
        #expect(card.lyrics?.source == "02-paper-satellites.lrc")
        // The worker carries the log: the lyrics tag of the flac was read, on the worker.
        #expect(log.reads.contains { $0.fields.contains(.lyrics) && !$0.onMainThread && $0.path.hasSuffix("03-glass-orchard.flac") })
    }
}
