import Foundation
import Playback
import Testing
@testable import ViewKit
@testable import NowPlaying

/// Covers about to scroll into the carousel are found and decoded on a worker thread before their cells
/// exist, so showing them needs neither the disk nor a decode on the main thread.
@MainActor
struct CoverPrefetchTests {
    @Test func coversAScreenAheadAreLoadedBeforeTheyAreShown() throws {
        let a = try demoAlbumApp()
        #expect(a.controller.coverLoader == nil, "headless runs decode on the spot (the same frames every run)")
        // Idle turns first warm the library's thumbnails (reading covers on the spot, which would take over
        // from a prefetch still on its way).
        for _ in 0..<30 { a.advanceFrame() }
        let loader = CoverLoader(mainLoop: a.application.mainLoop, folders: a.session.folders)
        a.controller.coverLoader = loader
        let carousel = a.view.carousel
        carousel.setNeedsLayout()
        a.application.window.layoutTreeIfNeeded()
        // Cover 0 is centred, 1 peeks in; a screen further reaches cover 2, not 3.
        #expect(carousel.indexPathsForVisibleItems.map(\.item) == [0, 1])
        #expect(loader.pending == 1)
        let end = Date().addingTimeInterval(20)
        while loader.pending > 0 && Date() < end {
            a.advanceFrame()
            Thread.sleep(forTimeInterval: 0.002)
        }
        #expect(loader.pending == 0, "delivered on the main loop")
        // Cover 2 waits with its pixels decoded at the carousel's level (307 pt: the 338 px level of 600).
        let side = carousel.bounds.height
        #expect(side == 307)
        let cover = try #require(a.controller.cover(for: 2))
        #expect(cover.preparedLevelSize.map { $0 == (338, 338) } == true)
        #expect(!a.application.renderer.hasTexture(for: cover, pixelSize: Size(width: side, height: side)))
        carousel.scrollToItem(at: ItemPath(item: 2), at: .centeredHorizontally, animated: false)
        a.application.drawIfNeeded()
        #expect(a.application.renderer.hasTexture(for: cover, pixelSize: Size(width: side, height: side)))
        #expect(cover.preparedLevelSize == nil, "its texture was made from them")
    }

    /// Issue 16: nothing at a track change parses a file on the main thread. A jump to a track whose cover was
    /// not loaded ahead shows the placeholder, and the cover (with the backdrop of its colour) when the worker
    /// delivers it; the card's own cover of the first frame is the one decoded on the spot.
    @Test func aTrackChangeReadsNoCoverOnTheMainThread() throws {
        // 30 tracks with embedded covers: the library's rows and the carousel hold the first dozen's.
        let folder = NSTemporaryDirectory() + "np-far-covers-\(UUID().uuidString)"
        try LargeCoverLibrary.write(tracks: 30, side: 64, audio: try AppResources.locate().demoAlbum + "/02-paper-satellites.mp3",
                                    to: folder)
        var options = headlessOptions(size: Size(width: 375, height: 667))
        options.paths = [folder]
        let a = try NowPlayingApp(options: options)
        a.application.drawIfNeeded()
        for _ in 0..<30 { a.advanceFrame() }
        let loader = CoverLoader(mainLoop: a.application.mainLoop, folders: a.session.folders)
        // As in a window: covers and lyrics come from workers, and the first frame is on screen.
        a.controller.coverLoader = loader
        a.controller.lyrics.mainLoop = a.application.mainLoop
        a.controller.isFirstFrameShown = true
        let log = ReadLog()
        ReadLog.$current.withValue(log) {
            a.session.select(26)
            a.application.window.layoutTreeIfNeeded()
        }
        let onMain = log.reads.filter(\.onMainThread)
        #expect(onMain.isEmpty, "read on the main thread at the track change: \(onMain.map(\.path))")
        let end = Date().addingTimeInterval(20)
        func busy() -> Bool { loader.pending > 0 || a.view.carousel.isDecelerating || a.application.window.animator.isActive }
        while busy() && Date() < end {
            a.advanceFrame()
            Thread.sleep(forTimeInterval: 0.002)
        }
        #expect(!busy(), "the cover was delivered and the carousel settled")
        let cell = try #require(a.view.carousel.cellForItem(at: ItemPath(item: 26)) as? CoverCell)
        #expect(cell.coverImageView.image != nil, "the cover arrived in its cell")
        let cover = try #require(a.controller.cover(for: 26))
        #expect(a.view.backdrop.topColor == Theme.backdrop(for: cover.averageColor), "the backdrop follows the arrived cover")
    }

    @MainActor final class Delivered { var outcome: CoverLoader.Outcome? }

    /// Covers decoded ahead (the ones beside the first track's, while the window opens, once the first's is) wait
    /// for what they must not slow down, and are kept until taken; a prefetch of one names whom to deliver it to;
    /// each is decoded once.
    @Test func aCoverDecodedAheadIsTakenOrDeliveredOnce() throws {
        let folder = NSTemporaryDirectory() + "np-ahead-\(UUID().uuidString)"
        try LargeCoverLibrary.write(tracks: 2, side: 1200, audio: try AppResources.locate().demoAlbum + "/02-paper-satellites.mp3",
                                    to: folder)
        let (first, second) = (folder + "/01 Large Cover.mp3", folder + "/02 Large Cover.mp3")
        let a = try demoAlbumApp()
        let loader = CoverLoader(mainLoop: a.application.mainLoop, folders: a.session.folders)
        let size = Size(width: 300, height: 300)
        let log = ReadLog()
        let release = DispatchSemaphore(value: 0)
        ReadLog.$current.withValue(log) {
            loader.decodeAhead([first, second], preparingFor: size, after: { release.wait() })
        }
        // Time for a worker that did not wait to read the first cover (20 ms: it takes a few).
        Thread.sleep(forTimeInterval: 0.02)
        #expect(log.reads.isEmpty, "nothing decoded until what it must not slow down is done")
        release.signal()
        loader.waitForWorker()
        #expect(loader.take(first, pixelSize: Size(width: 200, height: 200)) == nil, "not taken for another size")
        guard case .picture? = loader.take(first, pixelSize: size) else {
            Issue.record("decoded and kept until taken")
            return
        }
        #expect(loader.take(first, pixelSize: size) == nil, "taken once")
        let delivered = Delivered()
        loader.prefetch(second, preparingFor: size) { delivered.outcome = $0 }
        let end = Date().addingTimeInterval(20)
        while delivered.outcome == nil && Date() < end {
            a.advanceFrame()
            Thread.sleep(forTimeInterval: 0.002)
        }
        guard case .picture? = delivered.outcome else {
            Issue.record("the prefetch of a cover decoded ahead is delivered it")
            return
        }
        #expect(loader.pending == 0)
        #expect(log.reads.filter { $0.fields.contains(.picture) }.map(\.path) == [first, second], "each decoded once")
    }
}
