import Testing
@testable import ViewKit

struct TextLayoutTests {
    /// Every character is 10 pt wide.
    let measure: (String) -> Double = { Double($0.count) * 10 }

    @Test func testShortTextIsUntouched() {
        #expect(TextLayout.truncate("hello", width: 50, measure: measure) == "hello")
    }

    @Test func testTruncationEndsWithAnEllipsisAndFits() {
        let t = TextLayout.truncate("a very long title", width: 80, measure: measure)
        #expect(t.hasSuffix("…"))
        #expect(measure(t) <= 80)
        #expect(t == "a very…")
    }

    @Test func testWrapsAtSpacesAndTruncatesTheLastLine() {
        let lines = TextLayout.lines("one two three four five", width: 90, maxLines: 2, measure: measure)
        #expect(lines == ["one two", "three fo…"], "the last line is cut at characters, as UILabel's tail truncation does")
        let all = TextLayout.lines("one two three four five", width: 90, maxLines: 0, measure: measure)
        #expect(all == ["one two", "three", "four five"])
    }

    /// UIKit's byTruncatingMiddle: the last line keeps its beginning and the text's end, the middle cut.
    @Test func truncatingTheMiddleKeepsTheEnd() {
        #expect(TextLayout.truncateMiddle("abcdefghijklmnop", width: 90, measure: measure) == "abcd…mnop", "9 characters of 10 pt")
        #expect(TextLayout.truncateMiddle("short", width: 90, measure: measure) == "short")
        let message = "/home/me/Music/Some Long Folder Name/Another Sub Folder/01 Song.mp3 does not exist; skipped."
        let lines = TextLayout.lines(message, width: 300, maxLines: 2, lineBreakMode: .byTruncatingMiddle, measure: measure)
        #expect(lines.count == 2 && lines[1].hasSuffix("exist; skipped.") && lines[1].contains("…"), "\(lines)")
        #expect(lines.allSatisfy { measure($0) <= 300 })
        let tail = TextLayout.lines(message, width: 300, maxLines: 2, measure: measure)
        #expect(!tail[1].hasSuffix("skipped."), "the default cuts the end: \(tail)")
        #expect(TextLayout.lines("first\nsecond line\nthird", width: 150, maxLines: 2, lineBreakMode: .byTruncatingMiddle,
                                 measure: measure) == ["first", "second…ne third"], "later paragraphs join the last line")
    }

    @Test func testBreaksInsideAWordTooLongForALine() {
        #expect(TextLayout.lines("abcdefghij", width: 40, maxLines: 0, measure: measure) == ["abcd", "efgh", "ij"])
    }

    @Test func testKeepsExplicitNewlines() {
        #expect(TextLayout.lines("a\nb", width: 100, maxLines: 0, measure: measure) == ["a", "b"])
        #expect(TextLayout.lines("a\nb", width: 100, maxLines: 1, measure: measure) == ["a…"])
    }
}
