import Testing
@testable import ViewKit

@MainActor
struct ViewTests {
    @Test func testFrameCenterAndBoundsAgree() {
        let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        v.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        #expect(v.frame == Rect(x: 35, y: 32.5, width: 50, height: 25), "transform applies about the centre")
        #expect(v.bounds.size == Size(width: 100, height: 50), "transform leaves bounds alone")
    }

    /// A superview does not keep its subviews' link to it past its own life (UIView's superview is not owned
    /// either): a subview someone else holds has none once its superview is gone, and is free to join another.
    @Test func aSubviewOutlivingItsSuperviewHasNone() {
        let child = View()
        var parent: View? = View()
        parent?.addSubview(child)
        #expect(child.superview === parent)
        parent = nil
        #expect(child.superview == nil)
        let other = View()
        other.addSubview(child)
        #expect(child.superview === other && other.subviews.count == 1)
    }

    @Test func testBoundsOriginShiftsTheContent() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 50, y: 0, width: 10, height: 10))
        root.addSubview(parent)
        parent.addSubview(child)
        parent.bounds.origin = Point(x: 30, y: 0)
        #expect(child.convert(Point.zero, to: nil) == Point(x: 20, y: 0))
    }

    @Test func testConvertThroughRotationAndScale() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let a = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        a.transform = AffineTransform(rotationAngle: .pi / 2)
        let b = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        b.transform = AffineTransform(scaleX: 2, y: 2)
        root.addSubview(a); a.addSubview(b)
        // a's top-left corner lands at its top-right after a quarter turn clockwise about (100, 100).
        let corner = a.convert(Point.zero, to: root)
        assertClose(corner.x, 150, 1e-9); assertClose(corner.y, 50, 1e-9)
        let p = Point(x: 3, y: 7)
        let there = b.convert(p, to: root)
        let back = b.convert(there, from: root)
        assertClose(back.x, p.x, 1e-9); assertClose(back.y, p.y, 1e-9)
        let r = b.convert(b.bounds, to: nil)
        assertClose(r.width, 40, 1e-9, "b is 20 pt scaled 2×")
    }

    @Test func testHitTestFollowsTransforms() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let v = View(frame: Rect(x: 90, y: 90, width: 20, height: 20))
        v.transform = AffineTransform(scaleX: 4, y: 4)
        root.addSubview(v)
        #expect(root.hitTest(Point(x: 65, y: 100)) === v, "inside the scaled view though outside its frame before scaling")
        #expect(root.hitTest(Point(x: 55, y: 100)) === root)
        v.isHidden = true
        #expect(root.hitTest(Point(x: 100, y: 100)) === root, "hidden views are not hit")
        v.isHidden = false
        v.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 100, y: 100)) === root)
    }

    @Test func testHitTestPrefersTheTopmostByZPosition() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let low = View(frame: root.bounds), high = View(frame: root.bounds)
        high.zPosition = 1
        root.addSubview(high); root.addSubview(low)
        #expect(root.hitTest(Point(x: 50, y: 50)) === high)
        #expect(root.subviewsInDrawingOrder.map { $0 === high } == [false, true])
    }

    @Test func testLayoutRunsTopDownOnlyWhenAsked() {
        final class Counting: View { var count = 0; override func layoutSubviews() { count += 1 } }
        let v = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        v.layoutIfNeeded()
        #expect(v.count == 1)
        v.layoutIfNeeded()
        #expect(v.count == 1, "no second layout without a reason")
        v.bounds.size = Size(width: 20, height: 10)
        v.layoutIfNeeded()
        #expect(v.count == 2, "a size change asks for layout")
    }

    /// A layout pass goes down only the branches holding a marked view (UIKit lays out only views that need it;
    /// a pass that looked at every view cost what the tree holds at each time label's change).
    @Test func aLayoutPassLooksOnlyAtMarkedBranches() {
        final class Counting: View { var count = 0; override func layoutSubviews() { count += 1 } }
        let w = Window(clock: ManualClock())
        w.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        var rows: [[Counting]] = []
        for _ in 0..<10 {
            let row = Counting(frame: Rect(x: 0, y: 0, width: 100, height: 10))
            w.addSubview(row)
            var cells: [Counting] = [row]
            for _ in 0..<10 {
                let cell = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 10))
                row.addSubview(cell)
                cells.append(cell)
            }
            rows.append(cells)
        }
        w.layoutTreeIfNeeded()
        #expect(rows.allSatisfy { $0.allSatisfy { $0.count == 1 } }, "each new view laid out once")
        #expect(w.lastLayoutPassLooks == 111, "the window, 10 rows and 100 cells")
        rows[3][7].setNeedsLayout()
        w.layoutTreeIfNeeded()
        #expect(rows[3][7].count == 2)
        #expect(rows.joined().filter { $0.count == 2 }.count == 1, "only the marked view laid out again")
        #expect(w.lastLayoutPassLooks == 1 + 10 + 10, "the window, its rows (one holds the mark) and that row's cells, not 111")
        // A view added to a row already laid out is laid out at the next pass, as is one marked inside it.
        let added = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let inner = Counting(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        added.addSubview(inner)
        added.layoutIfNeeded()
        inner.setNeedsLayout()
        rows[5][0].addSubview(added)
        w.layoutTreeIfNeeded()
        #expect(added.count == 1 && inner.count == 2)
        #expect(rows[5][0].count == 2, "its row lays out its new subview")
    }

    @Test func testWindowTracksDirtiness() {
        let w = Window()
        w.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        w.contentView = v
        w.layoutTreeIfNeeded()
        #expect(v.frame == w.bounds, "the content view fills the window")
        w.needsDisplay = false
        v.alpha = 0.5
        #expect(w.needsDisplay)
        w.needsDisplay = false
        v.alpha = 0.5
        #expect(!(w.needsDisplay), "setting the same value does not redraw")
        // Whether a translucent view is drawn as a group changes what shows where its children overlap.
        v.allowsGroupOpacity = false
        #expect(w.needsDisplay, "group opacity turned off redraws")
        w.needsDisplay = false
        v.allowsGroupOpacity = false
        #expect(!(w.needsDisplay))
    }

    @Test func testRemoveFromSuperview() {
        let a = View(), b = View()
        a.addSubview(b)
        #expect(b.superview === a)
        b.removeFromSuperview()
        #expect(b.superview == nil)
        #expect(a.subviews.isEmpty)
    }
}
