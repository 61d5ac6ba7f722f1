import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// The side-by-side card on the Raspberry Pi touchscreen's 800 × 480: the carousel (SPEC C1–C7), the lyrics flip
/// (L2–L4) and the card transition (M1–M7) work on the artwork column as they do in portrait.
@MainActor
struct LandscapeCardTests {
    static let size = Size(width: 800, height: 480)
    // The artwork column from outside the code: a 392 pt cover (800 − 340 for the controls − 68), 34 pt free
    // each side, at the window's left edge; its carousel centre is 460 / 2 = 230.
    let side = 392.0, centreX = 230.0
    let layout = CardLayout(size: LandscapeCardTests.size)
    var y: Double { layout.carousel.midY }
    private func run(_ body: String) throws -> [ViewDump] { try runScript(body, size: LandscapeCardTests.size) }

    /// Which cover is centred in the artwork column (to 0.5 pt) and what the title says.
    private func centred(_ dump: ViewDump) -> (Int?, String?) {
        let item = (0..<8).first { i in
            guard let r = dump.find("cover.\(i)")?.windowRect else { return false }
            return abs(r[0] + r[2] / 2 - centreX) <= 0.5 && r[2] == side
        }
        return (item, dump.find("title")?.text)
    }

    @Test func theArtworkIsLeftAndTheControlsRight() throws {
        let d = try run("dump\nquit")
        let carousel = try #require(d[0].find("carousel")).windowRect
        #expect(carousel[0] == 0 && carousel[2] == side + 68 && carousel[3] == side, "the carousel spans the artwork column")
        #expect(centred(d[0]).0 == 0, "SPEC C3: the first cover sits centred, 34 pt free each side")
        for id in ["title", "progress", "playPause", "volume"] {
            #expect(try #require(d[0].find(id)).windowRect[0] >= side + 68, "\(id) right of the artwork")
        }
    }

    @Test func coversZoomAndFadeWhileHeld() throws {
        let d = try run("down 300 \(y)\nmove 240 \(y) 300\nwait 100\ndump\nquit")
        // SPEC C4/C5 with the carousel's centre at 230: cover 0 is 60 pt left of it.
        let scale = min(1, max(0.860091, 1.02 - 60 / centreX * 0.105))
        let cell = try #require(d[0].find("cover.0")), image = try #require(d[0].find("cover.0.image"))
        #expect(abs(cell.transform[0] - scale) < 1e-6, "C4")
        #expect(abs(image.alpha - (0.75 * (scale - 0.86) / 0.14 + 0.25)) < 1e-6, "C5")
        #expect(abs(cell.windowRect[0] + cell.windowRect[2] / 2 - (centreX - 60)) < 0.5, "the cover follows the finger")
    }

    @Test func releasesSnapAndFlingsTravel() throws {
        let d = try run("""
        down 400 \(y)
        move 150 \(y) 400
        wait 200
        up
        wait 1500
        dump
        drag 420 \(y) 20 \(y) 100
        wait 4000
        dump
        quit
        """)
        #expect(centred(d[0]) == (1, "Paper Satellites"), "SPEC C6/C7: 250 pt of a 392 pt cover settles on the next")
        #expect((centred(d[1]).0 ?? 0) >= 3, "SPEC C6: a fast fling travels several covers")
    }

    @Test func draggingTheCoverDownFlipsToTheLyrics() throws {
        let d = try run("down \(centreX) \(y)\nmove \(centreX) \(y + 140) 300\nup\nwait 600\ndump\nquit")
        #expect(try #require(d[0].find("lyrics")).zPosition == 2, "SPEC L4: past 80 the lyrics come to the front")
        #expect(try #require(d[0].find("carousel")).zPosition == 1)
        #expect(d[0].find("card.container")?.frame[1] == 0, "the drag was the flip's, not a swipe that dismisses")
    }

    @Test func theCardDismissesAndPresentsOntoTheCentredCover() throws {
        let d = try run("key escape\nwait 700\ndump\nkey return\nwait 700\ndump\nquit")
        #expect(d[0].find("card")?.hidden == true, "Esc dismissed the card")
        #expect(d[1].find("card")?.hidden == false && d[1].find("card.container")?.frame[1] == 0, "Enter presented it")
        // SPEC M5: the flying cover landed where the carousel's centred cover is, and the carousel took over.
        let cover = try #require(d[1].find("cover.0")).windowRect
        #expect(cover == [34, layout.carousel.minY, side, side])
        #expect(d[1].find("card.coverImage")?.alpha == 0)
    }

    @Test func swipingTheControlsDownDismisses() throws {
        let t = layout.title
        let d = try run("drag \(t.minX + 40) \(t.minY + 10) \(t.minX + 40) \(t.minY + 260) 200\nwait 800\ndump\nquit")
        #expect(d[0].find("card")?.hidden == true, "SPEC M1: a swipe down on the card dismisses it")
    }

    @Test func theControlsScrollAndTheArtworkStays() throws {
        let a = try NowPlayingApp(options: headlessOptions(size: LandscapeCardTests.size))
        a.application.drawIfNeeded()
        let cover = { a.view.carousel.convert(a.view.carousel.bounds, to: nil) }
        let title = { a.view.titleLabel.convert(a.view.titleLabel.bounds, to: nil) }
        let (cover0, title0) = (cover(), title())
        let chevron0 = a.root.card.chevron.convert(a.root.card.chevron.bounds, to: nil)
        // A wheel turn over the controls column scrolls the card (up next is below the fold at 480 pt).
        a.application.post(.wheel(Point(x: 0, y: -3), at: Point(x: title0.midX, y: title0.midY)))
        for _ in 0..<60 { a.advanceFrame() }
        #expect(title().minY < title0.minY - 50, "the controls scrolled: \(title().minY) from \(title0.minY)")
        #expect(cover() == cover0, "the artwork stayed")
        #expect(a.root.card.chevron.convert(a.root.card.chevron.bounds, to: nil).minY == chevron0.minY,
                "the chevron stays with the artwork it heads")
    }

    /// The chevron heads the card's header and scrolls with it (as in the tutorial, where it sits in the scroll
    /// view's content): on a short portrait window it floated over the controls scrolled under it (a tester).
    @Test func inPortraitTheChevronScrollsWithTheHeader() throws {
        let a = try NowPlayingApp(options: headlessOptions(size: Size(width: 414, height: 600)))
        a.application.drawIfNeeded()
        let chevron = { a.root.card.chevron.convert(a.root.card.chevron.bounds, to: nil) }
        let header = { a.view.albumLabel.convert(a.view.albumLabel.bounds, to: nil) }
        let (chevron0, header0) = (chevron(), header())
        let title = a.view.titleLabel.convert(a.view.titleLabel.bounds, to: nil)
        a.application.post(.wheel(Point(x: 0, y: -3), at: Point(x: title.midX, y: title.midY)))
        for _ in 0..<60 { a.advanceFrame() }
        let moved = header().minY - header0.minY
        #expect(moved < -50, "the card scrolled: the header moved \(moved)")
        #expect(chevron().minY - chevron0.minY == moved, "the chevron moved with the header")
    }

    @Test func resizingAcrossTheBoundaryKeepsTrackCoverAndFlip() throws {
        let a = try NowPlayingApp(options: headlessOptions(size: LandscapeCardTests.size))
        a.application.drawIfNeeded()
        for key in ["right", "right", "l"] {
            a.application.post(.key(KeyPress(name: key)))
            for _ in 0..<40 { a.advanceFrame() }
        }
        #expect(a.view.titleLabel.text == "Glass Orchard")
        for size in [Size(width: 375, height: 667), LandscapeCardTests.size] {
            a.application.window.frame = Rect(origin: .zero, size: size)
            for _ in 0..<5 { a.advanceFrame() }
            let d = ViewDump(a.application.window)
            let l = CardLayout(size: size)
            #expect(d.find("title")?.text == "Glass Orchard", "the current track at \(size)")
            let cover = try #require(d.find("cover.2")).windowRect
            #expect(abs(cover[0] + cover[2] / 2 - l.carousel.midX) <= 0.5, "its cover stays centred at \(size)")
            #expect(a.view.lyricsFlip.frontView === a.view.lyricsCard, "the lyrics stay in front at \(size)")
        }
    }
}
