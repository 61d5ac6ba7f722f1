import Testing
@testable import ViewKit

@MainActor
struct ControlTests {
    private func window(with view: View) -> Window {
        let w = Window()
        w.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        w.addSubview(view)
        w.layoutTreeIfNeeded()
        return w
    }

    @Test func testButtonImageSitsInsideItsInsets() {
        let b = Button()
        b.frame = Rect(x: 0, y: 0, width: 74, height: 74)
        b.imageEdgeInsets = EdgeInsets(all: 20)
        b.layoutIfNeeded()
        #expect(b.imageView.frame == Rect(x: 20, y: 20, width: 34, height: 34))
    }

    @Test func testButtonFiresOnTouchUpInsideOnly() {
        let b = Button()
        b.frame = Rect(x: 100, y: 100, width: 50, height: 50)
        var fired = 0
        b.addAction(for: .touchUpInside) { _ in fired += 1 }
        let w = window(with: b)
        w.touchDown(id: 0, at: Point(x: 120, y: 120), time: 0, isFinger: false)
        #expect(b.isHighlighted, "highlighted while pressed")
        w.touchUp(id: 0, at: Point(x: 121, y: 121), time: 0.1)
        #expect(fired == 1)
        #expect(!(b.isHighlighted))

        w.touchDown(id: 3, at: Point(x: 120, y: 120), time: 1, isFinger: true)
        w.touchMoved(id: 3, to: Point(x: 200, y: 120), time: 1.1)
        #expect(!(b.isHighlighted), "leaving the button cancels the highlight")
        w.touchUp(id: 3, at: Point(x: 200, y: 120), time: 1.2)
        #expect(fired == 1, "released outside: no action")
    }

    @Test func testButtonComesBackHighlightedWhenTheTouchReturns() {
        let b = Button()
        b.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        let w = window(with: b)
        w.touchDown(id: 0, at: Point(x: 10, y: 10), time: 0, isFinger: false)
        w.touchMoved(id: 0, to: Point(x: 80, y: 10), time: 0.1)
        w.touchMoved(id: 0, to: Point(x: 20, y: 10), time: 0.2)
        #expect(b.isHighlighted)
    }

    @Test func testButtonImagePerState() throws {
        let normal = try Fixtures.solidImage(width: 4, height: 4, hex: "ffffff")
        let selected = try Fixtures.solidImage(width: 4, height: 4, hex: "00ff00")
        let b = Button()
        b.setImage(normal, for: .normal)
        b.setImage(selected, for: .selected)
        #expect(b.imageView.image === normal)
        b.isSelected = true
        #expect(b.imageView.image === selected)
        #expect(b.image(for: [.selected, .highlighted]) === selected, "falls back from highlighted+selected to selected")
        b.isEnabled = false
        #expect(b.imageView.alpha < 1, "disabled buttons dim")
    }

    @Test func testDisabledButtonIgnoresTouches() {
        let b = Button()
        b.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        var fired = false
        b.addAction(for: .touchUpInside) { _ in fired = true }
        b.isEnabled = false
        let w = window(with: b)
        w.touchDown(id: 0, at: Point(x: 10, y: 10), time: 0, isFinger: false)
        w.touchUp(id: 0, at: Point(x: 10, y: 10), time: 0.1)
        #expect(!(fired))
    }

    // MARK: Slider

    private func slider() throws -> Slider {
        let s = Slider()
        s.frame = Rect(x: 0, y: 0, width: 212, height: 28)
        s.setThumbImage(try Fixtures.solidImage(width: 12, height: 12, hex: "ffffff"), for: .normal)
        s.setThumbImage(try Fixtures.solidImage(width: 28, height: 28, hex: "ffffff"), for: .highlighted)
        s.maximumValue = 100
        return s
    }

    @Test func testThumbGeometryFollowsTheValue() throws {
        let s = try slider()
        s.value = 0
        #expect(s.thumbRect(forBounds: s.bounds, value: 0) == Rect(x: 0, y: 8, width: 12, height: 12))
        #expect(s.thumbRect(forBounds: s.bounds, value: 100).maxX == 212)
        #expect(s.thumbRect(forBounds: s.bounds, value: 50).midX == 106)
        s.value = 150
        #expect(s.value == 100, "values clamp to the range")
    }

    /// Setting what a slider already has changes nothing on screen, so it asks for no redraw (the progress
    /// slider is given its track's duration four times a second).
    @Test func settingTheSameValuesAsksForNoRedraw() throws {
        let window = Window(clock: ManualClock())
        let s = try slider()
        s.value = 40
        window.addSubview(s)
        _ = window.takeDirtyViews()
        s.maximumValue = 100
        s.minimumValue = 0
        s.value = 40
        s.minimumTrackTintColor = .white
        s.maximumTrackTintColor = Color(white: 1, alpha: 0.3)
        s.trackHeight = 4
        #expect(!window.needsDisplay)
        s.maximumValue = 200
        #expect(window.needsDisplay, "a new range moves the thumb")
    }

    @Test func testDraggingTheThumbChangesTheValueContinuously() throws {
        let s = try slider()
        s.value = 0
        var changes: [Double] = []
        var ended = 0
        s.addAction(for: .valueChanged) { changes.append($0.value) }
        s.addAction(for: .editingDidEnd) { _ in ended += 1 }
        let w = window(with: s)
        w.touchDown(id: 0, at: Point(x: 6, y: 14), time: 0, isFinger: false)
        #expect(s.isHighlighted)
        #expect(s.currentThumbImage?.size.width == 28, "the highlighted thumb shows while held")
        #expect(s.thumbRect(forBounds: s.bounds, value: s.value).midX == 6, "the larger thumb grows in place")
        w.touchMoved(id: 0, to: Point(x: 56, y: 14), time: 0.1)
        w.touchMoved(id: 0, to: Point(x: 106, y: 14), time: 0.2)
        #expect(abs((s.value) - (50)) <= 1e-9)
        #expect(changes.count == 2)
        w.touchUp(id: 0, at: Point(x: 106, y: 14), time: 0.3)
        #expect(!(s.isHighlighted))
        #expect(ended == 1)
    }

    @Test func testNonContinuousSliderReportsOnceOnRelease() throws {
        let s = try slider()
        s.isContinuous = false
        var changes = 0
        s.addAction(for: .valueChanged) { _ in changes += 1 }
        let w = window(with: s)
        w.touchDown(id: 0, at: Point(x: 6, y: 14), time: 0, isFinger: false)
        w.touchMoved(id: 0, to: Point(x: 100, y: 14), time: 0.1)
        w.touchMoved(id: 0, to: Point(x: 150, y: 14), time: 0.2)
        #expect(changes == 0)
        w.touchUp(id: 0, at: Point(x: 150, y: 14), time: 0.3)
        #expect(changes == 1)
    }

    @Test func testTouchingTheTrackJumpsTheThumbThere() throws {
        let s = try slider()
        let w = window(with: s)
        w.touchDown(id: 0, at: Point(x: 156, y: 14), time: 0, isFinger: false)
        #expect(abs((s.value) - (75)) <= 1e-9)
    }
}
