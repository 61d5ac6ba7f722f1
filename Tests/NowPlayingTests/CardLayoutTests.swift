import Testing
import ViewKit
@testable import NowPlaying

/// The card's geometry as pure layout, at the tutorial's three phone sizes and on a desktop window.
struct CardLayoutTests {
    static let phones = [Size(width: 320, height: 568), Size(width: 375, height: 667), Size(width: 414, height: 736)]

    @Test(arguments: phones)
    func carouselGeometry(size: Size) {
        let l = CardLayout(size: size)
        // SPEC C1: full window width, height = width − 68.
        #expect(l.carousel.minX == 0 && l.carousel.width == size.width)
        #expect(l.carousel.height == size.width - 68)
        // SPEC C3: insets (width − height) / 2 = 34.
        #expect(l.carouselInset == 34)
    }

    @Test(arguments: phones)
    func playButtonAndStacks(size: Size) {
        let l = CardLayout(size: size)
        // SPEC T3: 74 × 74, centred horizontally in the window.
        #expect(l.playPause.size == Size(width: 74, height: 74))
        #expect(l.playPause.midX == size.width / 2)
        // SPEC T4: one stack each side of play, at the same height.
        #expect(l.leftStack.maxX < l.playPause.minX && l.rightStack.minX > l.playPause.maxX)
        #expect(l.leftStack.midY == l.playPause.midY && l.rightStack.midY == l.playPause.midY)
        #expect(abs(l.leftStack.width - l.rightStack.width) < 1e-9, "symmetric about the play button")
    }

    @Test(arguments: phones)
    func everythingFitsTheWindowInOrder(size: Size) {
        let l = CardLayout(size: size)
        // SPEC T7: carousel, title, artist, slider, times, buttons, top to bottom, inside the window.
        let order = [l.carousel, l.title, l.artist, l.progress, l.elapsed, l.playPause]
        for (a, b) in zip(order, order.dropFirst()) { #expect(a.maxY <= b.minY) }
        #expect(l.playPause.maxY <= size.height)
        #expect(l.header.minY >= 0)
    }

    @Test func theLyricsPeekHasRoomBelowTheHeaderAtEverySize() {
        for width in stride(from: 280.0, through: 1600, by: 37) {
            for height in stride(from: 440.0, through: 1400, by: 41) {
                let l = CardLayout(size: Size(width: width, height: height))
                // SPEC L1: the behind view, scaled 0.9 about its centre and moved 30 up, rises
                // 30 − (1 − 0.9) / 2 × height above the carousel; that room lies between header and carousel.
                // (A carousel over 600 pt high, side by side on a big window, needs no room: its back view stays below.)
                let peek = max(0, 30 - 0.05 * l.carousel.height)
                #expect(l.carousel.minY - l.header.maxY >= peek, "\(width) × \(height)")
                #expect(l.carousel.minY - l.header.maxY < peek + 1, "no more room than the peek needs")
                #expect(l.playPause.maxY <= height && l.header.minY >= 0, "\(width) × \(height) fits")
            }
        }
    }

    /// SPEC T7 ("any window size a desktop user picks"): a tall window's card starts at the top, as a phone's does,
    /// and what it has to spare goes to the lower module scrolling below the transport. At 300 × 900 the block was
    /// centred: 175 pt of empty band above the header while "Up next" was cut at the bottom (a tester).
    @Test(arguments: [Size(width: 300, height: 900), Size(width: 480, height: 1000), Size(width: 375, height: 667)])
    func aPortraitCardStartsAtTheTop(size: Size) {
        let l = CardLayout(size: size)
        #expect(!l.isLandscape && l.header.minY == 0 && l.column.minY == 0)
        #expect(l.carousel.minY - l.header.maxY < 30, "the lyrics' peek, no more, between header and covers")
    }

    @Test func widerWindowsSpreadTheButtons() {
        // SPEC T4: wider windows give the stacks (and so the buttons' spacing) more room.
        #expect(CardLayout(size: Size(width: 414, height: 736)).leftStack.width >
                CardLayout(size: Size(width: 320, height: 568)).leftStack.width)
    }

    @Test func desktopWindowIsSideBySide() {
        let l = CardLayout(size: Size(width: 1280, height: 800))
        #expect(l.isLandscape, "1280 / 800 = 1.6 is clearly wider than tall")
        // The cover as high as the window allows: 800 − 48 (header) − 24 (bottom margin); a 728 pt carousel
        // needs no peek room (30 − 0.05 × 728 < 0).
        #expect(l.carousel.height == 728)
        #expect(l.column.width == 728 + 68 && l.carousel.width == l.column.width, "34 pt free each side of the cover")
        // Artwork (796) and controls (at most 420) centred together: (1280 − 796 − 420) / 2 = 32.
        #expect(l.column.minX == 32 && l.controls.minX == l.column.maxX && l.controls.width == 420)
        #expect(l.playPause.midX == l.controls.midX, "SPEC T3: centred in its column")
        #expect(l.title.minY > l.header.minY && l.playPause.maxY <= 800)
    }

    /// A short portrait window narrows the card's column to fit its height; the queue below the card has no
    /// cover to fit and keeps the window's width, as at every phone size (at 280 × 440 its rows started 64 pt in,
    /// titles cut to "N…", and the mini player left gaps either side: found by a tester).
    @Test(arguments: [Size(width: 280, height: 440), Size(width: 300, height: 500), Size(width: 320, height: 568)])
    func aShortWindowsQueueKeepsTheWindowsWidth(size: Size) {
        let l = CardLayout(size: size)
        #expect(l.libraryColumn.minX == 0 && l.libraryColumn.width == size.width, "\(size): \(l.libraryColumn)")
    }

    /// On a wide portrait window the queue's column is as wide as the card's header: at most 480 pt, centred.
    @Test func aWidePortraitWindowsQueueIsAColumn() {
        let l = CardLayout(size: Size(width: 1080, height: 1920))
        #expect(l.libraryColumn.width == 480)
        #expect(abs(l.libraryColumn.midX - 540) <= 0.5)
    }

    /// SPEC T1, T6, T7: a short window narrows the cover to fit its height; the title and the progress bar keep the
    /// width of the cover at full height (C1: the window's width up to 480, less 2 × 34), centred on the window —
    /// at 480 × 440 they were the narrowed cover's 117 pt ("Neon Har…", a bar too short to scrub) — so their edges
    /// stay put as the window's height changes.
    @Test(arguments: [Size(width: 480, height: 440), Size(width: 560, height: 560), Size(width: 414, height: 520),
                      Size(width: 280, height: 440), Size(width: 320, height: 480)])
    func aShortWindowsTitleAndProgressKeepTheirWidth(size: Size) {
        let l = CardLayout(size: size)
        #expect(l.carousel.height < min(size.width, 480) - 68, "\(size): the cover is narrowed")
        let expected = min(size.width, 480) - 68
        #expect(l.title.width == expected && l.artist.width == expected && l.progress.width == expected, "\(size): \(l.title)")
        #expect(abs(l.title.midX - size.width / 2) <= 0.5 && l.progress.minX == l.title.minX, "\(size): \(l.title), column \(l.column)")
        #expect(l.elapsed.minX == l.progress.minX && l.remaining.maxX == l.progress.maxX)
        let tall = CardLayout(size: Size(width: size.width, height: 1000))
        #expect(l.title.minX == tall.title.minX && l.title.width == tall.title.width, "as at full height")
    }

    /// SPEC T7: at the tutorial's sizes the title and progress bar span the cover exactly, as in its screenshots.
    @Test(arguments: phones)
    func theTitleSpansTheCoverAtThePhoneSizes(size: Size) {
        let l = CardLayout(size: size)
        let cover = size.width - 68
        #expect(l.title.width == cover && l.progress.width == cover && l.title.minX == 34)
    }

    @Test func shortWideWindowNarrowsTheColumnToFit() {
        let l = CardLayout(size: Size(width: 900, height: 500))
        #expect(l.playPause.maxY <= 500)
        #expect(l.carousel.height == l.column.width - 68)
    }
}

struct CoverZoomTests {
    @Test func centredCoverIsFullSizeAndOpaque() {
        // SPEC C4/C5
        #expect(CoverZoom.scale(distance: 0, centerX: 187.5) == 1)
        #expect(CoverZoom.alpha(forScale: 1) == 1)
    }

    @Test func toleranceKeepsTheCoverFullSizeForTheFirstPartOfADrag() {
        // SPEC C4: 1 + 0.02 − (d / c) × 0.105 ≥ 1 while d ≤ c × 0.02 / 0.105.
        let c = 187.5
        #expect(CoverZoom.scale(distance: c * 0.02 / 0.105 - 0.01, centerX: c) == 1)
        #expect(CoverZoom.scale(distance: c * 0.02 / 0.105 + 1, centerX: c) < 1)
    }

    @Test func formulaBetweenTheClamps() {
        let s = CoverZoom.scale(distance: 100, centerX: 187.5)
        #expect(abs(s - (1.02 - 100 / 187.5 * 0.105)) < 1e-12)
        #expect(abs(CoverZoom.alpha(forScale: s) - (0.75 * (s - 0.86) / 0.14 + 0.25)) < 1e-12)
    }

    @Test func neighboursClampAtTheMinimum() {
        // SPEC C4: at one cover's distance on a 375 pt window the formula gives 0.848, clamped to 0.860091.
        #expect(CoverZoom.scale(distance: 307, centerX: 187.5) == 0.860091)
        #expect(abs(CoverZoom.alpha(forScale: 0.86) - 0.25) < 1e-12, "SPEC C5")
    }
}

struct TimeFormatTests {
    @Test func formats() {
        #expect(TimeFormat.elapsed(0) == "0:00")
        #expect(TimeFormat.elapsed(64.9) == "1:04")
        #expect(TimeFormat.elapsed(3725) == "1:02:05")
        #expect(TimeFormat.remaining(position: 0, duration: 64) == "\u{2212}1:04")
        #expect(TimeFormat.remaining(position: 63.2, duration: 64) == "\u{2212}0:01")
        #expect(TimeFormat.remaining(position: 70, duration: 64) == "\u{2212}0:00")
        #expect(TimeFormat.elapsed(.nan) == "0:00")
    }

    /// A track's length in the queue is what the card's remaining time shows at its start (a tester saw a 40.62 s
    /// track as "0:40" in the queue and "−0:41" on the card).
    @Test func aLengthIsWhatTheRemainingTimeStartsAt() {
        for length in [40.62, 40.0, 64.0, 3599.5, 0.2] {
            #expect("\u{2212}" + TimeFormat.length(length) == TimeFormat.remaining(position: 0, duration: length), "\(length) s")
        }
        #expect(TimeFormat.length(40.62) == "0:41" && TimeFormat.length(3599.5) == "1:00:00")
    }

    @Test @MainActor func theQueueShowsALengthAsTheCardStartsIt() {
        let row = LibraryCell()
        row.configure(index: 0, title: "Paper Satellites", artist: "The Quiet Frequencies", seconds: 40.62, cover: nil, isCurrent: false)
        #expect(row.duration.text == "0:41")
    }
}

struct FrameStatsTests {
    @Test func readout() {
        let sixty = (0...60).map { Double($0) / 60 }
        #expect(FrameStats.readout(frameCost: 0.0042, frameTimes: sixty) == "4.2 ms · 60 fps")
        #expect(FrameStats.readout(frameCost: 0.016, frameTimes: [3]) == "16.0 ms · 0 fps")
    }
}

/// A cover without a picture shows its album's name on a gradient; the words scale with the cover, as a picture's
/// would (a tester: at 280 × 440 the 24 pt words in a 100 pt cover read "Long / Albu / m").
@MainActor
struct PlaceholderCoverTests {
    private let canvas = try! OffscreenCanvas(size: Size(width: 375, height: 667), fonts: try! AppResources.locate().fontLibrary)

    @Test(arguments: [100.0, 117.0, 212.0, 307.0, 412.0])
    func theAlbumsNameIsNeverBrokenInAWord(side: Double) {
        let cell = CoverCell()
        cell.frame = Rect(x: 0, y: 0, width: side, height: side)
        cell.configure(index: 0, image: nil, album: "Long Album")
        cell.layoutIfNeeded()
        let lines = cell.placeholderTitle.layoutLines(with: canvas.renderer.text, scale: 1)
        #expect(lines.joined(separator: " ") == "Long Album", "\(side) pt: \(lines)")
        let expected = side >= 307 ? 24 : max(8, (24 * side / 307).rounded())
        #expect(cell.placeholderTitle.font.size == expected, "24 pt at the reference cover (307 pt), in proportion below")
    }
}
