import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// SPEC M1–M7: the song card's present and dismiss, read from view dumps at exact times on the virtual clock.
@MainActor
struct CardTransitionTests {
    static let size = Size(width: 375, height: 667)
    let w = CardTransitionTests.size.width, h = CardTransitionTests.size.height

    private func app(onLibrary: Bool) throws -> NowPlayingApp {
        var o = NowPlayingApp.Options()
        o.size = CardTransitionTests.size
        o.headless = true
        o.startPaused = true
        o.startOnLibrary = onLibrary
        o.stateDirectory = NSTemporaryDirectory() + "np-card-\(UUID().uuidString)"
        let a = try NowPlayingApp(options: o)
        a.application.drawIfNeeded()
        return a
    }

    private func clock(_ a: NowPlayingApp) -> ManualClock { a.application.clock as! ManualClock }

    /// Moves the virtual clock to `t` seconds after `start` and returns the dump there.
    private func dump(_ a: NowPlayingApp, at t: Double, from start: Double) -> ViewDump {
        clock(a).now = start + t
        a.application.window.animator.tick()
        a.application.window.layoutTreeIfNeeded()
        return ViewDump(a.application.window)
    }

    private func node(_ d: ViewDump, _ id: String) throws -> ViewDump { try #require(d.find(id), "no \(id)") }

    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1) -> Bool { abs(a - b) <= tolerance }

    private func lerp(_ a: Rect, _ b: Rect, _ f: Double) -> [Double] {
        [a.minX + (b.minX - a.minX) * f, a.minY + (b.minY - a.minY) * f, a.width + (b.width - a.width) * f, a.height + (b.height - a.height) * f]
    }

    nonisolated static let times = [0.0, 0.125, 0.25, 0.375, 0.5]

    @Test(arguments: times)
    func presentFollowsTheCurves(t: Double) throws {
        let a = try app(onLibrary: true)
        let mini = a.root.library.miniPlayer
        let miniFrame = mini.convert(mini.bounds, to: nil), thumb = mini.cover.convert(mini.cover.bounds, to: nil)
        let start = clock(a).now
        a.cards.present(animated: true)
        let d = dump(a, at: t, from: start)
        let p = t / 0.5
        let inOut = TimingCurve.easeInOut.progress(at: p), easeIn = TimingCurve.easeIn.progress(at: p)
        let easeOut = TimingCurve.easeOut.progress(at: p)
        // M3: the backing shrinks to the 15 pt inset (15 × h / w top and bottom), rounds to 10, dims to 0.3.
        let backing = try node(d, "card.backing")
        let inset = 15 * inOut, insetY = 15 * (h / w) * inOut
        #expect(near(backing.frame[0], inset) && near(backing.frame[1], insetY) && near(backing.frame[2], w - 2 * inset)
                && near(backing.frame[3], h - 2 * insetY), "M3 backing frame at \(t): \(backing.frame)")
        #expect(near(backing.cornerRadius ?? 0, 10 * inOut, 0.01), "M3 corner radius")
        #expect(near(try node(d, "card.dimmer").alpha, 0.3 * inOut, 0.01), "M3 dimmer")
        // M4: opaque in a quarter of the time; rises from the mini player (minus 15), rounds to 10, chevron fades in.
        let container = try node(d, "card.container")
        let bgAlpha = t >= 0.125 ? 1 : 0.3 + 0.7 * TimingCurve.easeIn.progress(at: t / 0.125)
        #expect(near(container.backgroundColor?[3] ?? -1, bgAlpha, 0.01) && container.backgroundColor?[0] == 1, "M4 white background alpha")
        #expect(near(container.frame[1], (miniFrame.minY - 15) * (1 - easeIn)), "M4 top inset at \(t): \(container.frame[1])")
        #expect(near(container.cornerRadius ?? 0, 10 * easeIn, 0.01), "M4 corner radius")
        #expect(near(try node(d, "card.chevron").alpha, easeIn, 0.01), "M4 chevron")
        // M5: the cover flies from the thumbnail to the carousel's centred cover, ease-out.
        let target = a.root.card.centredCoverFrame
        let cover = try node(d, "card.coverImage")
        if t < 0.5 {
            #expect(zip(cover.windowRect, lerp(thumb, target, easeOut)).allSatisfy { near($0, $1) }, "M5 cover at \(t): \(cover.windowRect)")
        } else {
            #expect(zip(cover.windowRect, [target.minX, target.minY, target.width, target.height]).allSatisfy { near($0, $1) }
                    && cover.alpha == 1, "M5: the cover has landed, and stays while the carousel comes in around it")
            let centred = try node(d, "cover.0").windowRect
            #expect(zip(centred, [target.minX, target.minY, target.width, target.height]).allSatisfy { near($0, $1) },
                    "the centred cover is exactly where the flying one landed")
        }
        // M6: the lower module rises from (h − w) below, ease-in.
        let lower = try node(d, "card.lowerModule")
        let base = CardLayout(size: CardTransitionTests.size).playPause.maxY + 30
        #expect(near(lower.frame[1], base + (h - w) * (1 - easeIn)), "M6 lower module at \(t): \(lower.frame[1])")
        // M7: the mini bar (a still of it, over the backing) slides away in half the time.
        let bar = try node(d, "card.miniBar")
        let slide = (miniFrame.height + 15) * TimingCurve.easeInOut.progress(at: min(1, t / 0.25))
        #expect(near(bar.frame[1], miniFrame.minY + slide), "M7 mini bar at \(t): \(bar.frame[1])")
        #expect(try node(d, "card").hidden == false)
    }

    nonisolated static let handOverTimes = [0.5, 0.5 + 0.125 / 4, 0.5 + 0.125 / 2, 0.5 + 0.125 * 3 / 4, 0.625, 0.7]

    /// SPEC M5, "without a visible switch": the side covers and the lyrics card's peek, hidden while the cover flies
    /// (the centred cover's place would show the lyrics card), fade in around the landed cover over a quarter of
    /// primaryDuration, ease-out, instead of appearing in one frame; then the flying cover goes.
    @Test(arguments: handOverTimes)
    func theCarouselFadesInAroundTheLandedCover(t: Double) throws {
        let a = try app(onLibrary: true)
        let start = clock(a).now
        a.cards.present(animated: true)
        _ = dump(a, at: 0.5, from: start)
        let d = dump(a, at: t, from: start)
        let fade = TimingCurve.easeOut.progress(at: min(1, (t - 0.5) / 0.125))
        #expect(near(try node(d, "lyricsFlip").alpha, fade, 0.01), "carousel alpha at \(t)")
        #expect(try node(d, "card.coverImage").alpha == (t < 0.625 ? 1 : 0), "the flying cover stays until the carousel is whole")
    }

    nonisolated static let lyricsHandOverTimes = [0.625, 0.625 + 0.125 / 4, 0.625 + 0.125 / 2, 0.625 + 0.125 * 3 / 4, 0.75, 0.8]

    /// SPEC M5 with the lyrics card in front (a fresh-eyes tester: the landed cover stayed 1/8 s, then the lyrics
    /// card replaced it in one frame). The cover it lands on is not there to take over: once the lyrics card is
    /// whole beneath it, the landed cover fades away over a quarter of primaryDuration more, ease-out.
    @Test(arguments: lyricsHandOverTimes)
    func overTheLyricsCardTheLandedCoverFadesAway(t: Double) throws {
        let a = try app(onLibrary: true)
        let flip = a.view.lyricsFlip
        flip.flip()
        _ = dump(a, at: 1, from: clock(a).now)
        #expect(flip.frontView === a.view.lyricsCard, "the lyrics card is in front")
        let start = clock(a).now
        a.cards.present(animated: true)
        _ = dump(a, at: 0.5, from: start)
        _ = dump(a, at: 0.625, from: start)
        let d = dump(a, at: t, from: start)
        #expect(try node(d, "lyricsFlip").alpha == 1, "the lyrics card is whole beneath the cover")
        let fade = 1 - TimingCurve.easeOut.progress(at: min(1, (t - 0.625) / 0.125))
        #expect(near(try node(d, "card.coverImage").alpha, fade, 0.01), "the landed cover's alpha at \(t)")
    }

    /// A review: a flip started during the presentation (`l` 0.3 s in) is still under way when the cover has landed,
    /// the lyrics card coming to the front: the cover fades away over it too, not in one frame.
    @Test func overAFlipUnderWayTheLandedCoverFadesAway() throws {
        let a = try app(onLibrary: true)
        let start = clock(a).now
        a.cards.present(animated: true)
        _ = dump(a, at: 0.3, from: start)
        a.view.lyricsFlip.flip()
        _ = dump(a, at: 0.5, from: start)
        _ = dump(a, at: 0.625, from: start)
        let d = dump(a, at: 0.685, from: start)
        let alpha = try node(d, "card.coverImage").alpha
        #expect(alpha > 0.05 && alpha < 0.95, "the landed cover fades over the flip: alpha \(alpha)")
    }

    /// A tester: `l` pressed just as the card lands, while the landed cover stands in for the carousel's centred
    /// cover, left the landed cover where it was, fading over the carousel as it flipped behind (about 8 frames).
    /// A flip begun then ends the hand-over at once: from the flip's first frame the landed cover is gone, and the
    /// carousel and the lyrics card's peek are whole.
    @Test func aFlipDuringTheHandOverTakesTheLandedCoverAwayAtOnce() throws {
        let a = try app(onLibrary: true)
        let start = clock(a).now
        a.cards.present(animated: true)
        _ = dump(a, at: 0.5, from: start)
        let landed = dump(a, at: 0.55, from: start)
        #expect(try node(landed, "card.coverImage").alpha == 1, "landed, standing in for the centred cover")
        #expect(try node(landed, "lyricsFlip").alpha < 1, "the carousel fading in around it")
        a.view.lyricsFlip.flip()
        for t in [0.567, 0.6, 0.65, 0.7, 0.75] {
            let d = dump(a, at: t, from: start)
            #expect(try node(d, "card.coverImage").alpha == 0, "no landed cover over the flip at \(t)")
            let alpha = try node(d, "lyricsFlip").alpha
            #expect(alpha == 1, "the carousel whole at \(t): \(alpha)")
        }
        _ = dump(a, at: 1.2, from: start)
        #expect(a.view.lyricsFlip.frontView === a.view.lyricsCard, "the flip went on")
    }

    /// A second tester: `l` pressed while the card rose (0.3–0.5 s in) flipped the hidden carousel unseen; once
    /// landed, the lyrics were simply there, the cover fading over them. The flip waits for the landing and is
    /// seen: at landing the carousel is in front, and the flip (0.33 s) brings the lyrics card forward from there;
    /// a second press during the rise takes the first back.
    @Test func aFlipAskedForWhileTheCardRisesHappensOnceItHasLanded() throws {
        // The card presented from the library, `l` pressed at each of `presses` seconds into the rise.
        func rising(pressingLAt presses: [Double]) throws -> (NowPlayingApp, Double) {
            let a = try app(onLibrary: true)
            let start = clock(a).now
            a.cards.present(animated: true)
            for t in presses {
                _ = dump(a, at: t, from: start)
                a.perform(.flipLyrics)
            }
            return (a, start)
        }
        let (a, start) = try rising(pressingLAt: [0.3])
        _ = dump(a, at: 0.49, from: start)
        #expect(a.view.lyricsFlip.frontView === a.view.carousel && !a.view.lyricsFlip.isFlipping, "nothing flips unseen")
        let landed = dump(a, at: 0.52, from: start)
        #expect(a.view.lyricsFlip.isFlipping, "the flip begins as the card lands")
        #expect(try node(landed, "card.coverImage").alpha == 0 && (try node(landed, "lyricsFlip").alpha) == 1)
        let mid = dump(a, at: 0.52 + 0.165, from: start)
        let lyricsScale = try node(mid, "lyrics").transform[0]
        #expect(lyricsScale > 0.91 && lyricsScale < 0.99, "half way through the flip, seen: \(lyricsScale)")
        _ = dump(a, at: 1.2, from: start)
        #expect(a.view.lyricsFlip.frontView === a.view.lyricsCard, "the lyrics in front")

        let (again, t0) = try rising(pressingLAt: [0.2, 0.3])
        _ = dump(again, at: 1.2, from: t0)
        #expect(again.view.lyricsFlip.frontView === again.view.carousel, "pressed twice while rising: no flip")
    }

    nonisolated static let crossFadeTimes = [0.0, 0.125 / 4, 0.125 / 2, 0.125 * 3 / 4, 0.125, 0.2]

    /// The mirror of the above (a fresh-eyes tester: the first frame of the dismissal showed the cover where the
    /// lyrics card was, 124,000 pixels changed at once): with the lyrics card in front, the cover flying back fades
    /// in over it as it leaves while the lyrics card fades out, over a quarter of primaryDuration, ease-out.
    @Test(arguments: crossFadeTimes)
    func theCoverFlyingBackFadesInOverTheLyricsCard(t: Double) throws {
        let a = try app(onLibrary: false)
        a.view.lyricsFlip.flip()
        _ = dump(a, at: 1, from: clock(a).now)
        #expect(a.view.lyricsFlip.frontView === a.view.lyricsCard, "the lyrics card is in front")
        let start = clock(a).now
        a.cards.dismiss()
        let d = dump(a, at: t, from: start)
        let fade = TimingCurve.easeOut.progress(at: min(1, t / 0.125))
        #expect(near(try node(d, "card.coverImage").alpha, fade, 0.01), "the flying cover's alpha at \(t)")
        #expect(near(try node(d, "lyricsFlip").alpha, 1 - fade, 0.01), "the lyrics card's alpha at \(t)")
        let done = dump(a, at: 1, from: start)
        #expect(try node(done, "card").hidden && (try node(done, "lyricsFlip").alpha) == 1, "dismissed, whole for the next time")
    }

    @Test func aDismissDuringTheHandOverTakesTheCarouselAwayAtOnce() throws {
        let a = try app(onLibrary: true)
        let start = clock(a).now
        a.cards.present(animated: true)
        _ = dump(a, at: 0.5, from: start)
        _ = dump(a, at: 0.55, from: start)
        a.cards.dismiss()
        let d = dump(a, at: 0.567, from: start)
        #expect(try node(d, "lyricsFlip").alpha == 0, "the carousel does not stay behind the cover flying back")
        #expect(try node(d, "card.coverImage").alpha == 1)
        let done = dump(a, at: 1.2, from: start)
        #expect(try node(done, "card").hidden && (try node(done, "lyricsFlip").alpha) == 1,
                "dismissed, and whole again for the next presentation")
    }

    /// Issue 13 (a tester): the window resized while the card was dismissed showed the library's still, taken at
    /// the old size, stretched over the new one for the rest of the move (~0.3 s). A move the window's size changes
    /// under ends at once where it was going, laid out for the new size.
    @Test func aResizeDuringADismissalEndsItAtOnce() throws {
        let a = try app(onLibrary: false)
        let start = clock(a).now
        a.cards.dismiss()
        _ = dump(a, at: 0.1, from: start)
        a.application.window.frame = Rect(x: 0, y: 0, width: 500, height: 700)
        let d = dump(a, at: 0.117, from: start)
        #expect(try node(d, "card").hidden, "the dismissal ended with the resize")
        let mini = try node(d, "miniPlayer").windowRect
        let bar = a.root.library.miniPlayer.convert(a.root.library.miniPlayer.bounds, to: nil)
        #expect(mini == [bar.minX, bar.minY, bar.width, bar.height] && bar.maxY == 700,
                "the library is laid out for the new size, the mini player at rest at its foot: \(mini)")
    }

    @Test func aResizeDuringAPresentationEndsItAtOnce() throws {
        let a = try app(onLibrary: true)
        let start = clock(a).now
        a.cards.present(animated: true)
        _ = dump(a, at: 0.2, from: start)
        a.application.window.frame = Rect(x: 0, y: 0, width: 500, height: 700)
        let d = dump(a, at: 0.217, from: start)
        #expect(try node(d, "card.container").frame == [0, 0, 500, 700], "the card is up, as large as the new window")
        let insetY: Double = 15 * 700 / 500
        let backing = try node(d, "card.backing").frame
        #expect(backing == [15, insetY, 470, 700 - 2 * insetY], "M3's end, for the new size")
        #expect(try node(d, "card.coverImage").alpha == 0 && (try node(d, "lyricsFlip").alpha) == 1,
                "the carousel shows the cover; the flying one is gone")
        let target = a.root.card.centredCoverFrame
        #expect(try node(d, "cover.0").windowRect == [target.minX, target.minY, target.width, target.height],
                "the centred cover sits where the new layout puts it")
        let later = dump(a, at: 0.6, from: start)
        #expect(try node(later, "card.container").frame == node(d, "card.container").frame, "nothing moves on afterwards")
    }

    @Test func aResizeDuringTheHandOverEndsItAtOnce() throws {
        let a = try app(onLibrary: true)
        let start = clock(a).now
        var settled = 0
        let previous = a.root.card.onSettled
        a.root.card.onSettled = { settled += 1; previous?() }
        a.cards.present(animated: true)
        _ = dump(a, at: 0.5, from: start)
        _ = dump(a, at: 0.55, from: start)
        a.application.window.frame = Rect(x: 0, y: 0, width: 500, height: 700)
        let d = dump(a, at: 0.567, from: start)
        #expect(try node(d, "lyricsFlip").alpha == 1 && (try node(d, "card.coverImage").alpha) == 0, "the carousel is whole at once")
        _ = dump(a, at: 1.0, from: start)
        #expect(settled == 1, "settled once: \(settled)")
    }

    @Test(arguments: times)
    func dismissIsTheReverseWithEaseOut(t: Double) throws {
        let a = try app(onLibrary: false)
        let mini = a.root.library.miniPlayer
        let miniFrame = mini.convert(mini.bounds, to: nil), thumb = mini.cover.convert(mini.cover.bounds, to: nil)
        let start = clock(a).now
        a.cards.dismiss()
        let d = dump(a, at: t, from: start)
        let f = TimingCurve.easeOut.progress(at: t / 0.5)
        let card = try node(d, "card")
        if t == 0.5 {
            #expect(card.hidden, "the card is removed when the animations complete")
            #expect(try node(d, "miniPlayer").effectiveAlpha == 1)
            return
        }
        let backing = try node(d, "card.backing")
        #expect(near(backing.frame[0], 15 * (1 - f)), "M3 reversed")
        #expect(near(try node(d, "card.dimmer").alpha, 0.3 * (1 - f), 0.01))
        let container = try node(d, "card.container")
        #expect(near(container.frame[1], (miniFrame.minY - 15) * f), "M4 reversed, ease-out: \(container.frame[1])")
        #expect(near(container.cornerRadius ?? 0, 10 * (1 - f), 0.01))
        let cover = try node(d, "card.coverImage")
        #expect(zip(cover.windowRect, lerp(a.root.card.centredCoverFrame, thumb, f)).allSatisfy { near($0, $1) }, "M5 reversed")
        let lower = try node(d, "card.lowerModule")
        let base = CardLayout(size: CardTransitionTests.size).playPause.maxY + 30
        #expect(near(lower.frame[1], base + (h - w) * f), "M6 reversed")
    }

    @Test func tappingTheMiniPlayerPresentsAndTheChevronDismisses() throws {
        let a = try app(onLibrary: true)
        #expect(a.root.card.isHidden)
        let mini = a.root.library.miniPlayer
        let p = mini.title.convert(Point(x: 10, y: 10), to: nil)
        a.application.post(.mouseDown(p)); a.advanceFrame()
        a.application.post(.mouseUp(p)); a.advanceFrame()
        #expect(a.root.card.isPresented && !a.root.card.isHidden)
        for _ in 0..<40 { a.advanceFrame() }
        let chevron = a.root.card.chevron
        let c = chevron.convert(Point(x: 20, y: 20), to: nil)
        a.application.post(.mouseDown(c)); a.advanceFrame()
        a.application.post(.mouseUp(c)); a.advanceFrame()
        #expect(!a.root.card.isPresented)
        for _ in 0..<40 { a.advanceFrame() }
        #expect(a.root.card.isHidden)
        a.application.post(.key(KeyPress(name: "return"))); a.advanceFrame()
        #expect(a.root.card.isPresented, "Enter presents")
        for _ in 0..<40 { a.advanceFrame() }
        a.application.post(.key(KeyPress(name: "escape"))); a.advanceFrame()
        #expect(!a.root.card.isPresented, "Esc dismisses")
    }

    /// Drags on the card's title (not the artwork, not a control) by `dy` over `frames`, then releases.
    private func swipe(_ a: NowPlayingApp, dy: Double, frames: Int, settle: Int = 50) {
        let title = a.view.titleLabel
        let from = title.convert(Point(x: 40, y: 10), to: nil)
        a.application.post(.mouseDown(from)); a.advanceFrame()
        for i in 1...frames {
            a.application.post(.mouseMove(Point(x: from.x, y: from.y + dy * Double(i) / Double(frames)))); a.advanceFrame()
        }
        a.application.post(.mouseUp(Point(x: from.x, y: from.y + dy))); a.advanceFrame()
        for _ in 0..<settle { a.advanceFrame() }
    }

    @Test func shortSwipeDownSpringsBack() throws {
        let a = try app(onLibrary: false)
        let title = a.view.titleLabel
        let from = title.convert(Point(x: 40, y: 10), to: nil)
        a.application.post(.mouseDown(from)); a.advanceFrame()
        for i in 1...10 { a.application.post(.mouseMove(Point(x: from.x, y: from.y + 10 * Double(i)))); a.advanceFrame() }
        #expect(near(a.root.card.container.frame.minY, 100), "the card follows the finger down")
        for _ in 0..<20 { a.advanceFrame() }  // rest, so the release has no speed
        a.application.post(.mouseUp(Point(x: from.x, y: from.y + 100))); a.advanceFrame()
        for _ in 0..<60 { a.advanceFrame() }
        #expect(a.root.card.isPresented && near(a.root.card.container.presentationFrame.minY, 0, 0.5))
    }

    @Test func longSwipeDownDismisses() throws {
        let a = try app(onLibrary: false)
        swipe(a, dy: h / 4 + 40, frames: 40)
        #expect(!a.root.card.isPresented && a.root.card.isHidden)
    }

    @Test func fastFlingDownDismisses() throws {
        let a = try app(onLibrary: false)
        swipe(a, dy: 90, frames: 4)
        #expect(!a.root.card.isPresented && a.root.card.isHidden, "90 pt in 4 frames is a fling")
    }

    @Test func interruptingMidPresentReversesWithoutAJump() throws {
        let a = try app(onLibrary: true)
        let start = clock(a).now
        a.cards.present(animated: true)
        var tops: [Double] = []
        var t = 0.0
        for i in 1...60 {
            t = Double(i) / 120
            clock(a).now = start + t
            a.application.window.animator.tick()
            if i == 30 { a.cards.dismiss() }
            tops.append(a.root.card.container.presentationFrame.minY)
        }
        let steps = zip(tops, tops.dropFirst()).map { abs($1 - $0) }
        let before = steps.prefix(28).max()!
        #expect(steps[28...31].allSatisfy { $0 <= before * 1.5 + 0.5 }, "no jump where the dismiss took over")
        #expect(tops.last! > tops[29], "heading back down")
    }

    @Test func aSwipeCatchesTheRisingCardWhereItIs() throws {
        let a = try app(onLibrary: true)
        a.cards.present(animated: true)
        for _ in 0..<9 { a.advanceFrame() }
        let top = a.root.card.container.presentationFrame.minY
        #expect(top > 20, "still rising")
        let from = a.view.titleLabel.convert(Point(x: 40, y: 10), to: nil)
        a.application.post(.mouseDown(from)); a.advanceFrame()
        let moved = a.root.card.container.presentationFrame.minY
        a.application.post(.mouseMove(Point(x: from.x, y: from.y + 12))); a.advanceFrame()
        let caught = a.root.card.container.presentationFrame.minY
        #expect(abs(caught - moved) < 20, "no jump when the finger catches the card: \(top) → \(moved) → \(caught)")
        a.application.post(.mouseUp(Point(x: from.x, y: from.y + 12))); a.advanceFrame()
    }

    @Test func upNextAndVolumeWork() throws {
        let a = try app(onLibrary: false)
        let d = ViewDump(a.application.window)
        #expect(d.find("upNext.item.0")?.children.compactMap(\.text).first == "Paper Satellites")
        #expect(d.find("volume")?.value.map { abs($0 - a.session.volume) < 0.01 } == true, "the volume slider shows the volume")
        let row = a.root.card.lowerModule.rows[1]
        a.root.card.scroll.contentOffset = Point(x: 0, y: a.root.card.scroll.maximumContentOffset.y)
        a.application.window.layoutTreeIfNeeded()
        let c = row.convert(Point(x: 20, y: 20), to: nil)
        a.application.post(.mouseDown(c)); a.advanceFrame()
        a.application.post(.mouseUp(c)); a.advanceFrame()
        #expect(a.session.current == 2 && a.session.isPlaying, "tapping an upcoming track plays it")
        a.root.card.lowerModule.volume.value = 0.25
        a.root.card.lowerModule.volume.sendActions(for: .valueChanged)
        #expect(abs(a.session.volume - 0.25) < 0.01)
        a.session.pause()
    }

    /// The list is shown again (a track opened, the state changed) while a finger is on a row: the row stays
    /// the same control, so the tap still plays it (UIKit's cells keep their touches across a reload of
    /// their content).
    @Test func aRefreshUnderTheFingerKeepsTheTap() throws {
        let a = try app(onLibrary: false)
        a.session.finishLoading()
        let module = a.root.card.lowerModule
        a.root.card.scroll.contentOffset = Point(x: 0, y: a.root.card.scroll.maximumContentOffset.y)
        a.application.window.layoutTreeIfNeeded()
        let c = module.rows[1].convert(Point(x: 20, y: 20), to: nil)
        a.application.post(.mouseDown(c)); a.advanceFrame()
        let upcoming = module.rows.map { (index: $0.index, track: a.session.tracks[$0.index]) }
        module.show(current: try #require(a.session.currentTrack), upcoming: upcoming)
        a.application.post(.mouseUp(c)); a.advanceFrame()
        #expect(a.session.current == upcoming[1].index, "the tapped row plays")
        a.session.pause()
    }

    @Test func libraryRowsPlayWhenTapped() throws {
        let a = try app(onLibrary: true)
        let d = ViewDump(a.application.window)
        let row = try node(d, "library.item.3").windowRect
        a.application.post(.mouseDown(Point(x: row[0] + 100, y: row[1] + 20))); a.advanceFrame()
        a.application.post(.mouseUp(Point(x: row[0] + 100, y: row[1] + 20))); a.advanceFrame()
        #expect(a.session.current == 3 && a.session.isPlaying)
        #expect(a.root.library.miniPlayer.title.text == "Slow Comet")
        a.session.pause()
    }
}
