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

    @Test func testBreaksInsideAWordTooLongForALine() {
        #expect(TextLayout.lines("abcdefghij", width: 40, maxLines: 0, measure: measure) == ["abcd", "efgh", "ij"])
    }

    @Test func testKeepsExplicitNewlines() {
        #expect(TextLayout.lines("a\nb", width: 100, maxLines: 0, measure: measure) == ["a", "b"])
        #expect(TextLayout.lines("a\nb", width: 100, maxLines: 1, measure: measure) == ["a…"])
    }
}
