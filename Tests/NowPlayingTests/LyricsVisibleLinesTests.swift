import Playback
import Testing
import ViewKit
@testable import NowPlaying

/// Issue 17 (lyrics bounded): laying out a lyrics card costs the same per visible line whatever the file holds.
/// A card of 2,000 lines has labels only for the lines near its visible part, as one of 30 does; scrolled,
/// the labels follow; each line sits where the eager layout put it (the heights its own label measures,
/// 8 pt apart: SPEC L5's line spacing).
@MainActor
struct LyricsVisibleLinesTests {
    /// A canvas whose text renderer measures the lines (Inter, as the app draws them).
    private let canvas = try! OffscreenCanvas(size: Size(width: 375, height: 667), fonts: try! AppResources.locate().fontLibrary)

    private func card(lines count: Int) -> (LyricsCardView, Window) {
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        window.textMeasurer = (canvas.renderer.text, 1)
        let card = LyricsCardView()
        card.frame = Rect(x: 0, y: 0, width: 340, height: 340)
        card.cardRect = card.frame
        window.addSubview(card)
        // Every fifth line long enough to wrap.
        let lines = (0..<count).map { i in
            Lyrics.Line(time: Double(i), text: i % 5 == 0 ? "line \(i) that goes on and on past the edge of the card and wraps" : "line \(i)")
        }
        card.show(Lyrics(lines: lines, source: "test"), track: Track(path: "/nowhere.ogg", tags: nil), color: .black)
        window.layoutIfNeeded()
        return (card, window)
    }

    private func lineLabels(_ card: LyricsCardView) -> [Label] {
        card.body.subviews.compactMap { $0 as? Label }.filter { $0.identifier?.hasPrefix("lyrics.line.") == true }
    }

    @Test func aLongFileHasLabelsOnlyForTheLinesOnScreen() {
        let (short, shortWindow) = card(lines: 30)
        let (long, window) = card(lines: 2_000)
        #expect(lineLabels(long).count == lineLabels(short).count,
                "at the top, 2,000 lines: \(lineLabels(long).count) labels; 30 lines: \(lineLabels(short).count)")
        #expect(lineLabels(short).count < 30)

        short.highlight(15, animated: false)
        shortWindow.layoutIfNeeded()
        long.highlight(1_500, animated: false)
        window.layoutIfNeeded()
        #expect(abs(lineLabels(long).count - lineLabels(short).count) <= 1,
                "in the middle, 2,000 lines: \(lineLabels(long).count) labels; 30 lines: \(lineLabels(short).count)")
        #expect(long.body.viewWithIdentifier("lyrics.line.1500") != nil, "the current line has its label")
        #expect(long.body.viewWithIdentifier("lyrics.line.0") == nil, "the first line, far above, has none")
    }

    @Test func eachLineSitsWhereItsOwnLabelWouldPutIt() throws {
        let (card, window) = card(lines: 200)
        var y = 0.0
        for index in 0..<60 {
            let text = index % 5 == 0 ? "line \(index) that goes on and on past the edge of the card and wraps" : "line \(index)"
            let label = Label(text: text, font: Font(size: 17, weight: .semibold), color: .white)
            label.numberOfLines = 3
            card.body.addSubview(label)
            let h = label.sizeThatFits(Size(width: 300, height: .greatestFiniteMagnitude)).height
            label.removeFromSuperview()
            card.highlight(index, animated: false)
            window.layoutIfNeeded()
            let shown = try #require(card.body.viewWithIdentifier("lyrics.line.\(index)"))
            #expect(shown.frame == Rect(x: 20, y: y, width: 300, height: h), "line \(index)")
            y += h + 8
        }
    }
}
