import Testing
@testable import ViewKit

/// A view with a fixed intrinsic size, like a label or an image view.
@MainActor
final class Sized: View {
    let size: Size
    init(_ w: Double, _ h: Double) { size = Size(width: w, height: h); super.init() }
    override var intrinsicContentSize: Size? { size }
}

@MainActor
struct StackViewTests {
    private func stack(_ views: [View], _ d: StackView.Distribution, spacing: Double = 0,
                       alignment: StackView.Alignment = .fill, width: Double = 300) -> StackView {
        let s = StackView(arrangedSubviews: views)
        s.distribution = d
        s.spacing = spacing
        s.alignment = alignment
        s.frame = Rect(x: 0, y: 0, width: width, height: 40)
        s.layoutIfNeeded()
        return s
    }

    @Test func testFillEquallyGivesEqualWidths() {
        let views = [View(), View(), View()]
        _ = stack(views, .fillEqually, spacing: 15)
        #expect(views.map(\.frame.width) == [90, 90, 90])
        #expect(views.map(\.frame.minX) == [0, 105, 210])
    }

    @Test func testHiddenArrangedViewsCollapse() {
        let views = [View(), View(), View()]
        views[1].isHidden = true
        _ = stack(views, .fillEqually, spacing: 10)
        #expect(views[0].frame.width == 145)
        #expect(views[2].frame.minX == 155)
    }

    @Test func testFillGivesExtraSpaceToTheLeastHuggingView() {
        let a = Sized(50, 10), b = Sized(60, 10)
        b.contentHuggingPriority = 200
        _ = stack([a, b], .fill)
        #expect(a.frame.width == 50)
        #expect(b.frame.width == 250)
        let c = Sized(50, 10), flexible = View()
        _ = stack([c, flexible], .fill, spacing: 10)
        #expect(flexible.frame == Rect(x: 60, y: 0, width: 240, height: 40), "a view without intrinsic size takes the rest")
    }

    @Test func testFillShrinksWhenTooLarge() {
        let a = Sized(200, 10), b = Sized(200, 10)
        _ = stack([a, b], .fill)
        #expect(abs((a.frame.width + b.frame.width) - (300)) <= 1e-9)
    }

    @Test func testFillProportionally() {
        let a = Sized(10, 10), b = Sized(30, 10)
        _ = stack([a, b], .fillProportionally, width: 200)
        #expect(a.frame.width == 50); #expect(b.frame.width == 150)
    }

    @Test func testEqualSpacing() {
        let a = Sized(20, 10), b = Sized(40, 10), c = Sized(60, 10)
        _ = stack([a, b, c], .equalSpacing)
        #expect(b.frame.minX - a.frame.maxX == 90)
        #expect(c.frame.minX - b.frame.maxX == 90)
        #expect(c.frame.maxX == 300)
    }

    @Test func testEqualCenteringSpacesTheCentres() {
        let a = Sized(20, 10), b = Sized(80, 10), c = Sized(40, 10)
        _ = stack([a, b, c], .equalCentering)
        #expect(abs((b.frame.midX - a.frame.midX) - (c.frame.midX - b.frame.midX)) <= 1e-9)
        #expect(a.frame.minX == 0); #expect(c.frame.maxX == 300)
    }

    @Test func testAlignments() {
        let a = Sized(20, 10)
        _ = stack([a], .fill, alignment: .center)
        #expect(a.frame.minY == 15); #expect(a.frame.height == 10)
        let b = Sized(20, 10)
        _ = stack([b], .fill, alignment: .trailing)
        #expect(b.frame.minY == 30)
        let c = Sized(20, 10)
        _ = stack([c], .fill, alignment: .leading)
        #expect(c.frame.minY == 0)
        let d = Sized(20, 10)
        _ = stack([d], .fill, alignment: .fill)
        #expect(d.frame.height == 40)
    }

    @Test func testVerticalAxis() {
        let a = View(), b = View()
        let s = StackView(arrangedSubviews: [a, b])
        s.axis = .vertical
        s.distribution = .fillEqually
        s.frame = Rect(x: 0, y: 0, width: 40, height: 100)
        s.layoutIfNeeded()
        #expect(b.frame == Rect(x: 0, y: 50, width: 40, height: 50))
    }
}
