import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// What shows above what on the song card, read from the app's full redraws (headless, virtual clock):
/// the card stays dark however far it scrolls, nothing behind the carousel shows through its fading covers,
/// the lyrics card peeks out in a room of its own below the header, and the message banner is above everything.
@MainActor
struct CardLayeringTests {
    private func app(_ size: Size, onLibrary: Bool = false) throws -> NowPlayingApp {
        var options = headlessOptions(size: size)
        options.startOnLibrary = onLibrary
        let a = try NowPlayingApp(options: options)
        a.application.drawIfNeeded()
        return a
    }

    private func frames(_ a: NowPlayingApp, _ n: Int) { for _ in 0..<n { a.advanceFrame() } }

    /// Where `view` is on screen, in whole window pixels (scale 1).
    private func pixelRect(_ view: View) -> (x: Range<Int>, y: Range<Int>) {
        let r = view.presentationTransformToRoot.apply(to: view.presentationBounds)
        return (Int(r.minX.rounded(.up))..<Int(r.maxX.rounded(.down)), Int(r.minY.rounded(.up))..<Int(r.maxY.rounded(.down)))
    }

    private static func luminance(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
        0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
    }

    /// The share of the pixels of `rect` that are dark (the theme's background is #121212; text is white).
    private func darkShare(_ s: Surface, _ rect: (x: Range<Int>, y: Range<Int>)) -> Double {
        var dark = 0, all = 0
        for y in rect.y where y >= 0 && y < s.height {
            for x in rect.x where x >= 0 && x < s.width {
                all += 1
                if CardLayeringTests.luminance(s.pixel(x: x, y: y)) < 80 { dark += 1 }
            }
        }
        return all == 0 ? 0 : Double(dark) / Double(all)
    }

    /// Pixels of `rect` that differ between two frames by more than `tolerance` in a channel.
    private func differing(_ a: Surface, _ b: Surface, in rect: (x: Range<Int>, y: Range<Int>), tolerance: Int = 2) -> Int {
        var n = 0
        for y in rect.y where y >= 0 && y < a.height {
            for x in rect.x where x >= 0 && x < a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
                    || abs(Int(p.b) - Int(q.b)) > tolerance { n += 1 }
            }
        }
        return n
    }

    /// The same state drawn from scratch with `view` hidden.
    private func frameWithout(_ view: View, _ a: NowPlayingApp) throws -> Surface {
        view.isHidden = true
        defer { view.isHidden = false }
        return try a.application.captureFrame()
    }

    /// SPEC M5: while the carousel fades in around the landed cover, the margin beside the cover keeps the shade it
    /// has at rest: the carousel's layers (an opaque fill, the backdrop's gradient over it) fade in as one group over
    /// the same backdrop. Faded one by one, the fill showed through the gradient: up to 12 levels darker for a tenth
    /// of a second (a tester).
    @Test func theMarginBesideTheCoverKeepsItsShadeWhileTheCarouselFadesIn() throws {
        let a = try app(Size(width: 414, height: 736), onLibrary: true)
        a.cards.present(animated: true)
        frames(a, 32)
        #expect(a.view.lyricsFlip.presentationAlpha > 0.2 && a.view.lyricsFlip.presentationAlpha < 0.9, "mid-fade")
        let fading = try a.application.captureFrame()
        frames(a, 30)
        let rest = try a.application.captureFrame()
        let cover = a.root.card.centredCoverFrame
        let x = Int(cover.minX) / 2
        let worst = (Int(cover.minY) + 2..<Int(cover.maxY) - 2).map { y in
            abs(CardLayeringTests.luminance(fading.pixel(x: x, y: y)) - CardLayeringTests.luminance(rest.pixel(x: x, y: y)))
        }.max() ?? 0
        #expect(worst <= 2, "the margin at x = \(x) differs from its rest by up to \(worst) levels mid-fade")
    }

    /// The lower module (volume, song, up next) lies under the title, as wide: in portrait the title reaches past
    /// a cover narrowed for a short window (SPEC T7; a review: the module stayed the cover's 117 pt at 480 × 440),
    /// side by side it heads the controls column.
    @Test(arguments: [Size(width: 480, height: 440), Size(width: 375, height: 667), Size(width: 800, height: 480)])
    func theLowerModuleLinesUpWithTheTitle(size: Size) throws {
        let a = try app(size)
        let l = CardLayout(size: a.root.card.bounds.size)
        let module = a.root.card.lowerModule.frame
        #expect(module.minX == l.title.minX && module.width == l.title.width, "\(size): module \(module), title \(l.title)")
    }

    /// A tester: on a short window the lyrics card was the narrowed cover's square (117 pt at 480 × 440): its
    /// heading, source and separator took all its room and not one lyric line showed; "No lyrics for this track"
    /// lay across the separator, cut. There the card is as wide as the title, and shows its lines alone.
    @Test(arguments: [Size(width: 480, height: 440), Size(width: 420, height: 460)])
    func aShortWindowsLyricsCardShowsItsLines(size: Size) throws {
        let a = try app(size)
        a.perform(.flipLyrics)
        frames(a, 40)
        let lyrics = a.view.lyricsCard
        #expect(a.view.lyricsFlip.frontView === lyrics)
        let l = CardLayout(size: a.root.card.bounds.size)
        #expect(lyrics.cardRect.width == l.title.width && lyrics.cardRect.height == l.carousel.height, "\(lyrics.cardRect)")
        #expect(lyrics.heading.isHidden && lyrics.separator.isHidden && lyrics.footer.isHidden, "the lines alone")
        let visible = lyrics.body.bounds
        let lines = lyrics.shownLabels.values.filter { !$0.isHidden && visible.contains($0.frame) && !$0.text.isEmpty }
        #expect(lines.count >= 2, "lines whole in view: \(lines.map(\.text))")

        a.session.select(5)
        frames(a, 40)
        #expect(a.session.currentTrack?.title == "Velvet Static", "a track without lyrics")
        #expect(!lyrics.empty.isHidden && lyrics.card.bounds.contains(lyrics.empty.frame), "the empty card's words whole: \(lyrics.empty.frame)")
        let words = lyrics.empty.layoutLines(with: a.application.renderer.text, scale: a.application.renderer.pixelScale)
        #expect(words.joined(separator: " ") == "No lyrics for this track", "\(words)")
    }

    // MARK: 1. The card is dark all the way down

    @Test func theCardStaysDarkScrolledToTheBottomAndPastIt() throws {
        let a = try app(Size(width: 375, height: 667))
        let lower = a.root.card.lowerModule
        let centre = Point(x: 187, y: 400)
        // The wheel, through the real event path, to the end of the card.
        for _ in 0..<10 { a.application.post(.wheel(Point(x: 0, y: -3), at: centre)); a.advanceFrame() }
        frames(a, 90)
        let scroll = a.root.card.scroll
        #expect(abs(scroll.contentOffset.y - scroll.maximumContentOffset.y) < 0.5, "scrolled to the bottom")
        var shot = try a.application.captureFrame()
        let onScreen = ([lower.song, lower.details, lower.upNextHeading] + lower.rows.map(\.title)).filter {
            let r = pixelRect($0)
            return r.y.lowerBound >= 0 && r.y.upperBound <= 667
        }
        #expect(onScreen.count >= 6)
        for label in onScreen {
            #expect(darkShare(shot, pixelRect(label)) > 0.6, "dark behind '\(label.text)': \(darkShare(shot, pixelRect(label)))")
        }
        // Pulled on past the end (rubber band), held there: still dark down to the window's bottom.
        a.application.post(.mouseDown(Point(x: 187, y: 600))); a.advanceFrame()
        for i in 1...20 { a.application.post(.mouseMove(Point(x: 187, y: 600 - 20 * Double(i)))); a.advanceFrame() }
        #expect(scroll.contentOffset.y > scroll.maximumContentOffset.y + 20, "rubber-banding past the end")
        shot = try a.application.captureFrame()
        let bottom = (x: 0..<375, y: 627..<667)
        #expect(darkShare(shot, bottom) > 0.99, "the overscrolled bottom is dark: \(darkShare(shot, bottom))")
        for label in lower.rows.map(\.title) {
            #expect(darkShare(shot, pixelRect(label)) > 0.6, "dark behind '\(label.text)' while overscrolled")
        }
        a.application.post(.mouseUp(Point(x: 187, y: 200))); a.advanceFrame()
    }

    // MARK: 2. Fading covers fade toward the background

    @Test func theLyricsCardNeverShowsThroughTheDraggedCarousel() throws {
        let a = try app(Size(width: 375, height: 667))
        let y = CardLayout(size: Size(width: 375, height: 667)).carousel.midY
        // SPEC C4/C5: held mid-drag, the covers are scaled and faded and there are gaps between them.
        a.application.post(.mouseDown(Point(x: 300, y: y))); a.advanceFrame()
        for i in 1...12 { a.application.post(.mouseMove(Point(x: 300 - 12 * Double(i), y: y))); a.advanceFrame() }
        let carousel = a.view.carousel
        let withLyrics = try a.application.captureFrame()
        let withoutLyrics = try frameWithout(a.view.lyricsCard, a)
        let area = pixelRect(carousel)
        let n = differing(withLyrics, withoutLyrics, in: area)
        #expect(n == 0, "\(n) pixels of the carousel show the lyrics card behind it")
        // SPEC L1: above the carousel the lyrics card still peeks out.
        let peek = (x: area.x, y: (area.y.lowerBound - 10)..<area.y.lowerBound)
        #expect(differing(withLyrics, withoutLyrics, in: peek) > 100, "the lyrics card peeks out above the cover")
        a.application.post(.mouseUp(Point(x: 156, y: y))); a.advanceFrame()
    }

    // MARK: 3. The peek has its own room

    nonisolated static let sizes = [Size(width: 280, height: 440), Size(width: 320, height: 568),
                        Size(width: 375, height: 667), Size(width: 414, height: 736)]

    private func intersects(_ a: [Double], _ b: [Double]) -> Bool {
        a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
    }

    @Test(arguments: sizes)
    func theLyricsCardPeeksBelowTheHeader(size: Size) throws {
        let a = try app(size)
        let header = ["albumName", "card.chevron"]
        var d = ViewDump(a.application.window)
        let lyrics = try #require(d.find("lyrics")).windowRect
        // SPEC L1: scaled 0.9 about its centre and moved 30 up, the card rises 30 − 0.05 × height above the cover.
        let carousel = try #require(d.find("carousel")).windowRect
        #expect(abs((carousel[1] - lyrics[1]) - (30 - 0.05 * carousel[3])) < 0.01, "SPEC L1 peek")
        for id in header {
            let r = try #require(d.find(id)).windowRect
            #expect(!intersects(lyrics, r), "at \(size) the lyrics card \(lyrics) lies under \(id) \(r)")
        }
        // Flipped, the cover peeks out in the same room.
        a.application.post(.key(KeyPress(name: "l"))); frames(a, 30)
        d = ViewDump(a.application.window)
        let behind = try #require(d.find("carousel")).windowRect
        for id in header {
            let r = try #require(d.find(id)).windowRect
            #expect(!intersects(behind, r), "at \(size) the cover behind the lyrics \(behind) lies under \(id) \(r)")
        }
    }

    /// SPEC L1: what peeks out above the cover is the lyrics card's edge: its heading starts below the strip
    /// that shows (at 280 × 440 the top half of "Lyrics" showed above the cover, found by a tester).
    @Test(arguments: sizes)
    func thePeekShowsTheCardsEdgeNotItsHeading(size: Size) throws {
        let a = try app(size)
        let heading = a.view.lyricsCard.heading
        let top = heading.convert(Rect(x: 0, y: 0, width: heading.bounds.width, height: heading.bounds.height), to: nil).minY
        let cover = try #require(ViewDump(a.application.window).find("carousel")).windowRect
        #expect(top >= cover[1], "at \(size) the heading's top \(top) is above the cover's \(cover[1])")
    }

    @Test func draggingTheLyricsBackNeverCoversTheHeader() throws {
        let size = Size(width: 375, height: 667)
        let a = try app(size)
        a.application.post(.key(KeyPress(name: "l"))); frames(a, 30)
        let heading = a.view.lyricsCard.heading.convert(Point(x: 40, y: 10), to: nil)
        a.application.post(.mouseDown(heading)); a.advanceFrame()
        // SPEC L2: the card follows the finger up (70 pt, short of the 80 that flips it).
        for i in 1...14 { a.application.post(.mouseMove(Point(x: heading.x, y: heading.y - 5 * Double(i)))); a.advanceFrame() }
        #expect(a.view.lyricsFlip.frontView === a.view.lyricsCard && a.view.lyricsCard.transform.ty < -60)
        let dragged = try a.application.captureFrame()
        let withoutArtwork = try frameWithout(a.view.lyricsFlip, a)
        let l = CardLayout(size: size)
        let header = (x: 0..<375, y: Int(l.header.minY)..<Int(l.header.maxY))
        let n = differing(dragged, withoutArtwork, in: header)
        #expect(n == 0, "\(n) pixels of the header are covered by the dragged lyrics card")
        a.application.post(.mouseUp(Point(x: heading.x, y: heading.y - 70))); frames(a, 40)
    }

    // MARK: 4. The message banner is above everything

    /// A view's on-screen rectangle, from a dump.
    private func windowRect(_ id: String, in dump: ViewDump) throws -> Rect {
        let r = try #require(dump.find(id)).windowRect
        return Rect(x: r[0], y: r[1], width: r[2], height: r[3])
    }

    /// Over the card the banner hides the header's two lines whole, and nothing below the header.
    private func expectOverTheCardsHeader(_ a: NowPlayingApp, _ size: Size) throws {
        let dump = ViewDump(a.application.window)
        let banner = try windowRect("message", in: dump)
        for id in ["caption", "albumName"] {
            let line = try windowRect(id, in: dump)
            #expect(banner.minY <= line.minY && banner.maxY >= line.maxY, "\(size): the banner \(banner) cuts \(id) \(line)")
        }
        let carousel = try windowRect("carousel", in: dump)
        #expect(banner.maxY <= carousel.minY, "\(size): the banner \(banner) over the carousel \(carousel)")
    }

    /// Over the library the banner stays above its rows and across them (a tap through it would reach a row
    /// nobody sees).
    private func expectOverTheLibrarysHeading(_ a: NowPlayingApp, _ size: Size) throws {
        let dump = ViewDump(a.application.window)
        let banner = try windowRect("message", in: dump)
        let row = try windowRect("library.item.0", in: dump)
        #expect(banner.maxY <= row.minY, "\(size): the banner \(banner) over the first row \(row)")
        #expect(abs(banner.midX - row.midX) <= 1 && banner.width <= row.width, "\(size): the banner \(banner) beside the rows \(row)")
    }

    /// Over the card, the banner hides the header's two lines whole: at 414 × 736 the card's content is centred
    /// lower than the banner's old fixed place, and the lower half of "PLAYING FROM ALBUM" showed under it
    /// (found by a tester); at 1000 × 800 it hid the cover's top row.
    @Test(arguments: [Size(width: 375, height: 667), Size(width: 414, height: 736), Size(width: 414, height: 896),
                      Size(width: 800, height: 480), Size(width: 280, height: 440), Size(width: 480, height: 853),
                      Size(width: 1000, height: 800)])
    func theMessageCoversTheHeaderWhole(size: Size) throws {
        let a = try app(size)
        a.report("Volume 60 %")
        frames(a, 20)
        try expectOverTheCardsHeader(a, size)
    }

    @Test(arguments: [Size(width: 375, height: 667), Size(width: 414, height: 896), Size(width: 480, height: 1600),
                      Size(width: 1000, height: 800), Size(width: 800, height: 480)])
    func theMessageOverTheLibraryLeavesItsRowsClear(size: Size) throws {
        let a = try app(size, onLibrary: true)
        a.report("Volume 60 %")
        frames(a, 20)
        try expectOverTheLibrarysHeading(a, size)
    }

    /// A banner showing while the card goes down (or comes up) stays put during the move, then goes to the
    /// place of the screen that is up: it stayed over the card's header, cutting the library's rows, and one
    /// raised on the library cut the card's header in half (found by a tester).
    @Test(arguments: [Size(width: 375, height: 667), Size(width: 414, height: 736), Size(width: 1000, height: 800)])
    func theMessageMovesToTheScreenUnderItOnceTheCardSettles(size: Size) throws {
        let a = try app(size)
        a.report("Volume 60 %")
        frames(a, 20)
        a.cards.dismiss()
        frames(a, 60)
        try expectOverTheLibrarysHeading(a, size)
        a.cards.present(animated: true)
        frames(a, 60)
        try expectOverTheCardsHeader(a, size)
    }

    /// A message naming a long path keeps what is wrong in view, and which file: the banner shows the path as its
    /// folder and name and cuts what is still too long in its middle, not at the message's end (a tester saw
    /// "/tmp/fe/My Music Library … Sub Folder Nam…" and no reason).
    @Test func aLongMessageKeepsItsEnd() throws {
        let a = try app(Size(width: 375, height: 667))
        a.report("/home/someone/Music/My Music Library With A Long Name/Some Artist/Sub Folder Name/07 A Track.mp3 does not exist; skipped.")
        frames(a, 20)
        let lines = a.root.message.label.displayedLines
        let shown = lines.joined(separator: " ")
        #expect(lines.count <= 2 && shown.hasSuffix("does not exist; skipped.") && shown.contains("07 A Track.mp3"), "\(lines)")
    }

    @Test func theMessageStaysPutAndOnTopWhileTheCardRises() throws {
        let a = try app(Size(width: 375, height: 667), onLibrary: true)
        a.report("A short test message")
        frames(a, 20)
        let banner = try #require(a.application.window.viewWithIdentifier("message"))
        let before = try #require(ViewDump(a.application.window).find("message"))
        #expect(before.effectiveAlpha == 1, "the banner shows over the library")
        a.cards.present(animated: true)
        frames(a, 15)  // 0.25 s into SPEC M3–M7's 0.5 s
        #expect(a.root.card.isPresented && a.root.card.container.presentationFrame.minY > 1, "mid-transition")
        let during = try #require(ViewDump(a.application.window).find("message"))
        #expect(during.windowRect == before.windowRect, "the banner does not ride with the card: \(before.windowRect) → \(during.windowRect)")
        #expect(during.effectiveAlpha == 1)
        // It is the last thing drawn: the window's topmost view in drawing order is the banner (or inside it).
        var top: View = a.application.window
        while let last = top.subviewsInDrawingOrder.last(where: { !$0.isHidden }) { top = last }
        #expect(top === banner || top.superview === banner, "drawn last: \(top.identifier ?? "\(type(of: top))")")
        // Its own colour (white 0.22 at 0.96) is on screen beside the text, whatever rises beneath it.
        let shot = try a.application.captureFrame()
        let r = pixelRect(banner)
        let p = shot.pixel(x: r.x.lowerBound + 12, y: (r.y.lowerBound + r.y.upperBound) / 2)
        let grey = 0.22 * 255
        #expect([p.r, p.g, p.b].allSatisfy { abs(Double($0) - grey) < 12 }, "banner pixel \(p)")
    }
}
