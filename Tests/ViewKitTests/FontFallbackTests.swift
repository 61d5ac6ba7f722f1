import Foundation
import Testing
@testable import ViewKit

/// Characters the UI font (Inter) lacks are drawn with faces fontconfig finds: colour emoji, Arabic and
/// Japanese in the label's weight; right-to-left text aligns by its paragraph's direction (issue 13, defect 5).
@MainActor
struct FontFallbackTests {

    /// Draws one white label on black and returns the canvas.
    private func draw(_ text: String, weight: Font.Weight = .regular, size: Double = 24, width: Double = 200,
                      alignment: TextAlignment = .natural, direction: WritingDirection = .natural) throws -> OffscreenCanvas {
        let c = try OffscreenCanvas(size: Size(width: width, height: 40), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: 40))
        root.backgroundColor = .black
        let label = Label(text: text, font: Font(size: size, weight: weight), color: .white)
        label.textAlignment = alignment
        label.baseWritingDirection = direction
        label.frame = root.bounds
        root.addSubview(label)
        c.render(root)
        return c
    }

    /// Pixels whose channels differ by more than 60: coloured, not white or grey.
    private func colouredPixels(_ c: OffscreenCanvas) -> Int {
        var n = 0
        for y in 0..<c.surface.height {
            for x in 0..<c.surface.width {
                let p = c.pixel(x: x, y: y)
                if Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 60 { n += 1 }
            }
        }
        return n
    }

    /// Total ink (the sum of the grey levels) drawn in each column.
    private func inkByColumn(_ c: OffscreenCanvas) -> [Int] {
        (0..<c.surface.width).map { x in (0..<c.surface.height).reduce(0) { $0 + Int(c.pixel(x: x, y: $1).g) } }
    }

    @Test(.enabled(if: SystemFonts.hasColourEmoji, "no colour emoji font (fonts-noto-color-emoji; scripts/install-deps.sh installs it)"))
    func emojiAreDrawnInColourAtTheLineHeight() throws {
        let emoji = try draw("A\u{1F3B5}\u{1F525}")
        let tofu = try draw("A\u{FFFF}\u{FFFF}")
        #expect(colouredPixels(tofu) == 0, "a missing glyph is a white box")
        // A 24 pt emoji covers a few hundred pixels; most of 🎵 and 🔥 is saturated colour.
        #expect(colouredPixels(emoji) > 150, "the emoji are drawn in colour, not as boxes")
        let inked = inkByColumn(emoji).enumerated().filter { $0.element > 0 }.map(\.offset)
        let width = (inked.last ?? 0) - (inked.first ?? 0)
        // "A" plus two emoji about one em wide each: between 2 and 3.5 em at 24 px.
        #expect(width > 48 && width < 84, "the emoji are scaled to the line, not drawn at their 109 px strike (\(width) px)")
        var rows = 0
        for y in 0..<emoji.surface.height where (0..<emoji.surface.width).contains(where: { emoji.pixel(x: $0, y: y).g > 0 }) { rows += 1 }
        #expect(rows <= 32, "inside the 40 pt label's line (\(rows) rows inked)")
    }

    @Test(.enabled(if: SystemFonts.hasBold(for: "\u{0627}"), "no bold Arabic font (fonts-dejavu-core; scripts/install-deps.sh installs it)"))
    func arabicKeepsTheBoldWeight() throws {
        try expectBold("\u{0623}\u{063A}\u{0646}\u{064A}\u{0629} \u{0627}\u{0644}\u{0644}\u{064A}\u{0644}")
    }

    /// A right-to-left title holding a Latin name and a Japanese word, each in its own face: the bidirectional
    /// algorithm (UAX #9, rule L2) draws the right-to-left words from right to left, and the left-to-right
    /// stretch between them, "Tokyo 夜", in its own order. (Reversing every run of a right-to-left line, as
    /// before, drew "夜" left of "Tokyo".) And a left-to-right line keeps a Hebrew word in place.
    @Test(.enabled(if: SystemFonts.hasBold(for: "\u{3042}"), "no Japanese font (fonts-morisawa-bizud-gothic; scripts/install-deps.sh installs it)"))
    func linesMixingDirectionsAreDrawnInTheBidirectionalAlgorithmsOrder() throws {
        let c = try OffscreenCanvas(size: Size(width: 300, height: 40), fonts: Fixtures.fonts)
        let text = c.renderer.text
        let font = Font(size: 20)
        // Hebrew "first", Tokyo, 夜 (night), Hebrew "last".
        let rtl = text.visualRuns(for: "\u{05E8}\u{05D0}\u{05E9}\u{05D5}\u{05DF} Tokyo \u{591C} \u{05D0}\u{05D7}\u{05E8}\u{05D5}\u{05DF}", font: font, scale: 1)
        func position(_ part: String, in runs: [String]) -> Int? { runs.firstIndex { $0.contains(part) } }
        let last = try #require(position("\u{05D0}\u{05D7}", in: rtl), "\(rtl)")
        let tokyo = try #require(position("Tokyo", in: rtl), "\(rtl)")
        let night = try #require(position("\u{591C}", in: rtl), "\(rtl)")
        let first = try #require(position("\u{05E8}\u{05D0}", in: rtl), "\(rtl)")
        #expect(last < tokyo && tokyo < night && night < first, "drawn left to right: \(rtl)")

        // A wrapped line of a right-to-left paragraph that starts with a Latin word stays right to left: the
        // Latin word is read first, so it is drawn at the right.
        let wrapped = "Tokyo \u{05E2}\u{05D9}\u{05E8}"
        let alone = text.visualRuns(for: wrapped, font: font, scale: 1)
        let inParagraph = text.visualRuns(for: wrapped, font: font, scale: 1, direction: .rightToLeft)
        #expect(position("Tokyo", in: alone) == 0, "on its own, a left-to-right line: \(alone)")
        #expect(position("Tokyo", in: inParagraph) == inParagraph.count - 1, "in a right-to-left paragraph: \(inParagraph)")

        let ltr = text.visualRuns(for: "Band \u{05E9}\u{05DC}\u{05D5}\u{05DD} Live", font: font, scale: 1)
        let band = try #require(position("Band", in: ltr)), hebrew = try #require(position("\u{05E9}", in: ltr))
        let live = try #require(position("Live", in: ltr))
        #expect(band < hebrew && hebrew < live, "\(ltr)")
    }

    @Test(.enabled(if: SystemFonts.hasBold(for: "\u{3042}"), "no bold Japanese font (fonts-morisawa-bizud-gothic; scripts/install-deps.sh installs it)"))
    func japaneseKeepsTheBoldWeight() throws {
        try expectBold("\u{591C}\u{306E}\u{6B4C}\u{3042}\u{308A}\u{304C}\u{3068}\u{3046}")
    }

    /// The same text in the bold font draws with more ink than in the regular one, from faces fontconfig reports
    /// as bold (FC_WEIGHT_BOLD is 200, regular 80), not a regular face emboldened.
    private func expectBold(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let regularCanvas = try draw(text, weight: .regular, size: 20, width: 300)
        let boldCanvas = try draw(text, weight: .bold, size: 20, width: 300)
        let regular = inkByColumn(regularCanvas).reduce(0, +), bold = inkByColumn(boldCanvas).reduce(0, +)
        #expect(Double(bold) > Double(regular) * 1.15, "bold ink \(bold) vs regular \(regular)", sourceLocation: sourceLocation)
        let boldFaces = boldCanvas.renderer.text.fallbackFaces(for: text, font: Font(size: 20, weight: .bold), scale: 1)
        #expect(!boldFaces.isEmpty && boldFaces.allSatisfy { $0.weight >= 200 && !$0.embolden },
                "bold faces: \(boldFaces)", sourceLocation: sourceLocation)
        let regularFaces = regularCanvas.renderer.text.fallbackFaces(for: text, font: Font(size: 20), scale: 1)
        #expect(!regularFaces.isEmpty && regularFaces.allSatisfy { $0.weight == 80 }, "regular faces: \(regularFaces)",
                sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: SystemFonts.hasColourEmoji, "no colour emoji font (fonts-noto-color-emoji; scripts/install-deps.sh installs it)"))
    func fontconfigIsAskedOncePerWeightNotPerFrame() throws {
        let c = try OffscreenCanvas(size: Size(width: 300, height: 40), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        let label = Label(text: "", font: Font(size: 17, weight: .bold), color: .white)
        label.frame = root.bounds
        root.addSubview(label)
        for i in 0..<50 {
            label.text = "\(i) \u{1F525} \u{0623}\u{063A}\u{0646}\u{064A}\u{0629} \u{591C}\u{306E}\u{6B4C}"
            c.render(root)
        }
        // One sort for text at the bold weight, one for colour emoji at it: not one per frame or per character.
        #expect(c.renderer.text.fallbacks.sorts == 2)
    }

    @Test func rightToLeftParagraphsAlignRight() throws {
        // UAX #9 P2–P3: the first strong character decides; digits and punctuation are not strong.
        #expect(WritingDirection.of("\u{0623}\u{063A}\u{0646}\u{064A}\u{0629}") == .rightToLeft)
        #expect(WritingDirection.of("1. \u{05E9}\u{05DC}\u{05D5}\u{05DD}") == .rightToLeft)
        #expect(WritingDirection.of("\u{200F}Fairuz") == .rightToLeft, "a right-to-left mark is strong")
        #expect(WritingDirection.of("\u{0710}\u{0720}\u{0717}\u{0710}") == .rightToLeft, "Syriac")
        #expect(WritingDirection.of("\u{0788}\u{07A6}\u{0781}\u{07A8}") == .rightToLeft, "Thaana")
        #expect(WritingDirection.of("\u{08A1}\u{0628}") == .rightToLeft, "Arabic Extended-A")
        #expect(WritingDirection.of("DJ \u{062E}\u{0627}\u{0644}\u{062F}") == .leftToRight)
        #expect(WritingDirection.of("\u{0661}\u{0662} Night") == .leftToRight, "Arabic-Indic digits are weak")
        #expect(WritingDirection.of("123 !?") == .leftToRight, "no strong character")
    }

    @Test func aTitleAndItsArtistLineAlignTheSameSide() throws {
        // An Arabic title, and an artist line that starts with Latin letters, set in the title's direction.
        let title = "\u{0623}\u{063A}\u{0646}\u{064A}\u{0629} \u{0627}\u{0644}\u{0644}\u{064A}\u{0644}"
        let titleDrawn = inkByColumn(try draw(title, width: 300))
        let artistDrawn = inkByColumn(try draw("DJ \u{062E}\u{0627}\u{0644}\u{062F}", size: 16, width: 300,
                                               direction: WritingDirection.of(title)))
        let latinDrawn = inkByColumn(try draw("DJ Khaled", size: 16, width: 300))
        func lastInked(_ ink: [Int]) -> Int { ink.lastIndex { $0 > 0 } ?? 0 }
        func firstInked(_ ink: [Int]) -> Int { ink.firstIndex { $0 > 0 } ?? 0 }
        #expect(lastInked(titleDrawn) >= 296, "the right-to-left title ends at the right edge")
        #expect(lastInked(artistDrawn) >= 296, "its artist line too")
        #expect(firstInked(latinDrawn) <= 3, "a left-to-right line alone stays at the left")
    }
}
