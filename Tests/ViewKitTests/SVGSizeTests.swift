import Testing
@testable import ViewKit

/// An SVG's declared size, read from its text with ViewKit's own search (the standard library's `firstRange(of:)`
/// would bring the regex engine's code into memory): the cases the search must get right, written out.
struct SVGSizeTests {
    @Test func theSearchFindsTheFirstWholeOccurrence() {
        #expect("a<svg b".firstOccurrence(of: "<svg").map { "a<svg b".distance(from: "a<svg b".startIndex, to: $0.lowerBound) } == 1)
        #expect("aaab".firstOccurrence(of: "aab").map { "aaab".distance(from: "aaab".startIndex, to: $0.lowerBound) } == 1,
                "a partial match does not hide one that starts inside it")
        #expect("text <sv".firstOccurrence(of: "<svg") == nil, "cut off at the end")
        #expect("".firstOccurrence(of: "<svg") == nil)
        #expect("abc".firstOccurrence(of: "")?.isEmpty == true, "an empty pattern occurs at the start")
        #expect([UInt8]("x<svg".utf8).firstOccurrence(of: "<svg".utf8) == 1..<5)
    }

    @Test func widthAndHeightOrTheViewBoxGiveTheSize() throws {
        let sized = try #require(SVGSize(Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="48" height="24pt"></svg>"#.utf8)))
        #expect(sized.width == 48 && sized.height == 32, "24 pt is 32 px at 96 dpi")
        let boxed = try #require(SVGSize(Array(#"<svg viewBox="0 0 120,60" stroke-width="3">"#.utf8)))
        #expect(boxed.width == 120 && boxed.height == 60, "stroke-width is not width")
        #expect(SVGSize(Array(#"<svg width="50%" height="10">"#.utf8)) == nil)
        #expect(SVGSize(Array("<html></html>".utf8)) == nil)
    }
}
