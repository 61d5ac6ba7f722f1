import Testing
@testable import ViewKit

struct GeometryTests {
    @Test func testConcatenatingAppliesSelfFirstThenOther() {
        let scale = AffineTransform(scaleX: 2, y: 2)
        let move = AffineTransform(translationX: 10, y: 0)
        let p = Point(x: 1, y: 1)
        // Scale first, then translate: (2, 2) + (10, 0).
        #expect(scale.concatenating(move).apply(to: p) == Point(x: 12, y: 2))
        // Translate first, then scale: (11, 1) × 2.
        #expect(move.concatenating(scale).apply(to: p) == Point(x: 22, y: 2))
    }

    @Test func testScaledByAndTranslatedByPrependAsInUIKit() {
        let t = AffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(t.apply(to: Point(x: 1, y: 0)) == Point(x: 12, y: 0))
        let u = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(u.apply(to: .zero) == Point(x: 10, y: 0))
    }

    @Test func testRotationIsClockwiseOnScreen() {
        let p = AffineTransform(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0))
        assertClose(p.x, 0, 1e-12); assertClose(p.y, 1, 1e-12)
    }

    @Test func testInvertedUndoesTheTransform() {
        let t = AffineTransform(rotationAngle: 0.7).concatenating(AffineTransform(scaleX: 1.5, y: 0.5))
            .concatenating(AffineTransform(translationX: -3, y: 8))
        let p = Point(x: 4.25, y: -7)
        let back = t.inverted().apply(to: t.apply(to: p))
        assertClose(back.x, p.x, 1e-9); assertClose(back.y, p.y, 1e-9)
        #expect(abs((t.concatenating(t.inverted()).a) - (1)) <= 1e-12)
    }

    @Test func testSingularTransformInvertsToItself() {
        let flat = AffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
    }

    @Test func testApplyToRectGivesTheBoundingBox() {
        let r = AffineTransform(rotationAngle: .pi / 4).apply(to: Rect(x: -1, y: -1, width: 2, height: 2))
        assertClose(r.width, 2 * 2.0.squareRoot(), 1e-9)
        assertClose(r.minX, -(2.0.squareRoot()), 1e-9)
    }

    @Test func testRectOperations() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
        #expect(a.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 2, y: 1, width: 4, height: 6))
        #expect(a.contains(Point(x: 0, y: 0)))
        #expect(!(a.contains(Point(x: 10, y: 5))), "maximum edge is exclusive")
    }

    @Test func testColorFromHexAndInterpolation() {
        let c = Color(hex: 0x1DB954)
        #expect(c.rgba8.r == 0x1D); #expect(c.rgba8.g == 0xB9); #expect(c.rgba8.b == 0x54)
        let mid = Color.black.interpolated(to: .white, fraction: 0.5)
        assertClose(mid.red, 0.5)
    }

    @Test func testContentModeRects() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let wide = Size(width: 200, height: 100)
        #expect(ContentMode.scaleAspectFit.rect(for: wide, in: bounds) == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(ContentMode.scaleAspectFill.rect(for: wide, in: bounds) == Rect(x: -50, y: 0, width: 200, height: 100))
        #expect(ContentMode.scaleToFill.rect(for: wide, in: bounds) == bounds)
        #expect(ContentMode.center.rect(for: Size(width: 20, height: 10), in: bounds) == Rect(x: 40, y: 45, width: 20, height: 10))
    }

    @Test func testRoundedOutlineStaysInsideAndKeepsPointCounts() {
        let rect = Rect(x: 0, y: 0, width: 40, height: 20)
        let radii = CornerRadii(radius: 50, corners: .all, in: rect.size)
        #expect(radii.topLeft == 10, "radius clamps to half the shorter side")
        let pts = ShapeOutline.roundedRect(rect, radii: radii, segments: 6)
        #expect(pts.count == 4 * 7)
        #expect(pts.allSatisfy { $0.x >= -1e-9 && $0.x <= 40 + 1e-9 && $0.y >= -1e-9 && $0.y <= 20 + 1e-9 })
        let sharp = ShapeOutline.roundedRect(rect, radii: .zero, segments: 6)
        #expect(sharp.count == pts.count, "inset outlines must correspond point for point")
        let topOnly = CornerRadii(radius: 5, corners: .top, in: rect.size)
        #expect(topOnly.bottomLeft == 0); #expect(topOnly.topRight == 5)
    }
}
