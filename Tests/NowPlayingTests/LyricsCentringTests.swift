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
}
