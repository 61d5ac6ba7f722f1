import Testing
@testable import ViewKit

/// Translucent fills, checked against the blending formula (source × a + destination × (1 − a)): on the
/// software renderer large ones onto an opaque frame are blended from strips of the colour through SDL's
/// surface-alpha blitter, small ones and those into a group's transparent target by SDL's blended fill.
@MainActor
struct TranslucentFillTests {
    @Test func largeAndSmallFillsBlendByTheFormula() throws {
        let c = try OffscreenCanvas(size: Size(width: 300, height: 200), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        root.backgroundColor = .white
        let black = View(frame: Rect(x: 0, y: 0, width: 150, height: 200))     // 30,000 px, from strips
        black.backgroundColor = Color(white: 0, alpha: 0.5)
        let red = View(frame: Rect(x: 150, y: 0, width: 150, height: 130))      // a second colour in the frame
        red.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.25)
        let small = View(frame: Rect(x: 150, y: 150, width: 20, height: 20))    // 400 px, SDL's blended fill
        small.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.75)
        for v in [black, red, small] { root.addSubview(v) }
        c.render(root, background: .white)
        assertPixel(c.pixel(x: 75, y: 190), 128, 128, 128, 2, "black at 0.5 over white, to its last row")
        assertPixel(c.pixel(x: 225, y: 65), 255, 191, 191, 2, "red at 0.25 over white")
        assertPixel(c.pixel(x: 160, y: 160), 64, 64, 255, 2, "blue at 0.75 over white")
        assertPixel(c.pixel(x: 225, y: 140), 255, 255, 255, 2, "nothing beside them")
    }

    /// Into a group's target (transparent until drawn), the fill keeps its alpha: the group at 0.5 over white
    /// holding black at 0.5 shows black at a quarter.
    @Test func aFillInsideAFadedGroupKeepsItsAlpha() throws {
        let c = try OffscreenCanvas(size: Size(width: 200, height: 200), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let group = View(frame: root.bounds)
        group.alpha = 0.5
        let black = View(frame: root.bounds)
        black.backgroundColor = Color(white: 0, alpha: 0.5)
        let other = View(frame: Rect(x: 0, y: 0, width: 4, height: 4))
        other.backgroundColor = .white
        group.addSubview(black)
        group.addSubview(other)
        root.addSubview(group)
        c.render(root, background: .white)
        assertPixel(c.pixel(x: 100, y: 100), 191, 191, 191, 2, "black at a quarter")
    }
}
