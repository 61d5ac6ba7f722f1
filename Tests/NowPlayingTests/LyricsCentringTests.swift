import Playback
import Testing
import ViewKit
@testable import NowPlaying

/// SPEC L5: the current line of synced lyrics is kept in the middle of the lyrics card's text area.
@MainActor
struct LyricsCentringTests {
    @Test func theCurrentLinesCentreIsAtTheCentreOfTheLyricsArea() throws {
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        let card = LyricsCardView()
        card.frame = Rect(x: 0, y: 0, width: 340, height: 340)
        window.addSubview(card)
        let lines = (0..<40).map { Lyrics.Line(time: Double($0), text: "line \($0)") }
        card.show(Lyrics(lines: lines, source: "test"), track: Track(path: "/nowhere.ogg", tags: nil), color: .black)
        window.layoutIfNeeded()
        for index in [3, 20, 36] {
            card.highlight(index, animated: false)
            window.layoutIfNeeded()
            let line = try #require(card.viewWithIdentifier("lyrics.line.\(index)"))
            let area = try #require(line.superview)
            // Both centres in window space: the line's middle, and the middle of the area the lines scroll in.
            let lineCentre = line.convert(Point(x: line.bounds.midX, y: line.bounds.midY), to: nil)
            let areaCentre = area.convert(Point(x: area.bounds.midX, y: area.bounds.midY), to: nil)
            #expect(abs(lineCentre.y - areaCentre.y) < 0.5, "line \(index): centre \(lineCentre.y), area's \(areaCentre.y)")
        }
    }

    /// The window resized (a desktop user drags its corner) with lyrics showing: the current line stays at the
    /// middle, and lyrics read from their top stay at their top.
    @Test func aResizeKeepsTheCurrentLineAtTheMiddleAndTheTopAtTheTop() throws {
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 900, height: 700)
        let card = LyricsCardView()
        card.frame = Rect(x: 0, y: 0, width: 700, height: 700)
        card.cardRect = Rect(x: 0, y: 0, width: 560, height: 560)
        window.addSubview(card)
        let lines = (0..<40).map { Lyrics.Line(time: Double($0), text: "line \($0) of a lyric long enough to wrap when narrow") }
        card.show(Lyrics(lines: lines, source: "test"), track: Track(path: "/nowhere.ogg", tags: nil), color: .black)
        window.layoutIfNeeded()
        func offCentre(_ index: Int) throws -> Double {
            let line = try #require(card.viewWithIdentifier("lyrics.line.\(index)"))
            let area = try #require(line.superview)
            return line.convert(Point(x: 0, y: line.bounds.midY), to: nil).y - area.convert(Point(x: 0, y: area.bounds.midY), to: nil).y
        }
        card.highlight(20, animated: false)
        window.layoutIfNeeded()
        #expect(abs(try offCentre(20)) < 0.5)
        for side in [300.0, 640.0] {
            card.cardRect = Rect(x: 0, y: 0, width: side, height: side)
            window.layoutIfNeeded()
            let off = try offCentre(20)
            #expect(abs(off) < 0.5, "at \(side) pt the current line is off the middle by \(off)")
        }
        let unsynced = Lyrics(lines: lines.map { Lyrics.Line(time: nil, text: $0.text) }, source: "test")
        card.show(unsynced, track: Track(path: "/nowhere.ogg", tags: nil), color: .black)
        window.layoutIfNeeded()
        let body = try #require(card.viewWithIdentifier("lyrics.line.0")?.superview as? ScrollView)
        #expect(body.contentOffset.y == -body.contentInset.top, "shown from their top")
        card.cardRect = Rect(x: 0, y: 0, width: 300, height: 300)
        window.layoutIfNeeded()
        #expect(body.contentOffset.y == -body.contentInset.top, "still from their top: \(body.contentOffset.y), \(-body.contentInset.top)")
    }

    /// A fresh-eyes tester: before the first timed line, the lyrics stood 105 pt lower in a window than in a
    /// headless run of the same script. Shown before the card had a size (the headless start), they kept the
    /// offset of a card with no room (0); shown after, they stood at their top (the first line at the middle).
    /// Either way they are placed the same.
    @Test func lyricsShownBeforeTheCardHasASizeArePlacedAsAfter() {
        let lines = (0..<40).map { Lyrics.Line(time: Double(10 + $0), text: "line \($0)") }
        func placed(showingFirst: Bool, current: Int?) -> (offset: Double, top: Double) {
            let window = Window(clock: ManualClock())
            window.frame = Rect(x: 0, y: 0, width: 414, height: 736)
            let card = LyricsCardView()
            window.addSubview(card)
            func show() {
                card.show(Lyrics(lines: lines, source: "test"), track: Track(path: "/nowhere.ogg", tags: nil), color: .black)
                if let current { card.highlight(current, animated: false) }
            }
            if showingFirst { show() }
            card.frame = Rect(x: 0, y: 0, width: 414, height: 346)
            card.cardRect = Rect(x: 34, y: 0, width: 346, height: 346)
            window.layoutIfNeeded()
            if !showingFirst { show() }
            window.layoutIfNeeded()
            return (card.body.contentOffset.y, -card.body.contentInset.top)
        }
        let before = placed(showingFirst: true, current: nil), after = placed(showingFirst: false, current: nil)
        #expect(after.offset == after.top, "shown with room: at their top")
        #expect(before.offset == after.offset, "shown before the card had room: \(before.offset), after: \(after.offset)")
        let currentBefore = placed(showingFirst: true, current: 5), currentAfter = placed(showingFirst: false, current: 5)
        #expect(currentBefore.offset == currentAfter.offset, "the current line at the middle either way")
    }
}
