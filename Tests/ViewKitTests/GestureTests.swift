import Testing
@testable import ViewKit

@MainActor
final class GestureTests {
    let clock = ManualClock()
    let window: Window

    init() {
        window = Window(clock: clock)
        window.frame = Rect(x: 0, y: 0, width: 400, height: 400)
    }

    /// A drag from `a` to `b` in `steps` moves, one every `dt` seconds, optionally released.
    private func drag(_ a: Point, _ b: Point, steps: Int, dt: Double = 1.0 / 60, release: Bool = true, id: Int = 0) {
        window.touchDown(id: id, at: a, time: clock.now, isFinger: id != 0)
        for i in 1...steps {
            clock.advance(by: dt)
            let f = Double(i) / Double(steps)
            window.touchMoved(id: id, to: Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), time: clock.now)
        }
        if release { window.touchUp(id: id, at: b, time: clock.now) }
    }

    private func pannedView() -> (View, PanGestureRecognizer, [GestureRecognizer.State]) {
        let v = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(v)
        let pan = PanGestureRecognizer()
        v.addGestureRecognizer(pan)
        return (v, pan, [])
    }

    @Test func panWaitsForTheThresholdThenReportsTranslationFromTheStart() {
        let (v, pan, _) = pannedView()
        var states: [GestureRecognizer.State] = []
        pan.addTarget { states.append($0.state) }
        window.touchDown(id: 0, at: Point(x: 100, y: 100), time: 0, isFinger: false)
        window.touchMoved(id: 0, to: Point(x: 106, y: 100), time: 0.016)
        #expect(pan.state == .possible, "6 pt is under the 10 pt threshold")
        window.touchMoved(id: 0, to: Point(x: 112, y: 100), time: 0.032)
        #expect(pan.state == .began)
        #expect(pan.translation(in: v) == Point(x: 12, y: 0), "translation counts from where the finger went down")
        window.touchMoved(id: 0, to: Point(x: 150, y: 90), time: 0.048)
        #expect(pan.translation(in: v) == Point(x: 50, y: -10))
        pan.setTranslation(.zero, in: v)
        window.touchMoved(id: 0, to: Point(x: 160, y: 90), time: 0.064)
        #expect(pan.translation(in: v) == Point(x: 10, y: 0), "setTranslation resets the reference")
        window.touchUp(id: 0, at: Point(x: 160, y: 90), time: 0.08)
        #expect(states == [.began, .changed, .changed, .ended])
        #expect(pan.state == .possible, "ready for the next touch")
    }

    @Test func velocityComesFromRecentMovement() {
        let (v, pan, _) = pannedView()
        var released: Point?
        pan.addTarget { gr in if gr.state == .ended { released = gr.velocity(in: v) } }
        drag(Point(x: 0, y: 200), Point(x: 300, y: 200), steps: 18)  // 300 pt in 0.3 s
        #expect(abs((released?.x ?? 0) - 1000) < 1, "1000 pt/s")

        var stopped: Point?
        pan.addTarget { gr in if gr.state == .ended { stopped = gr.velocity(in: v) } }
        drag(Point(x: 0, y: 200), Point(x: 300, y: 200), steps: 18, release: false)
        clock.advance(by: 0.2)
        window.touchUp(id: 0, at: Point(x: 300, y: 200), time: clock.now)
        #expect(stopped == .zero, "a finger that rested before lifting has no velocity")
    }

    @Test func disablingARunningPanCancelsIt() {
        let (_, pan, _) = pannedView()
        var states: [GestureRecognizer.State] = []
        pan.addTarget { states.append($0.state) }
        drag(Point(x: 0, y: 0), Point(x: 50, y: 0), steps: 5, release: false)
        pan.isEnabled = false
        #expect(states.last == .cancelled)
        window.touchMoved(id: 0, to: Point(x: 80, y: 0), time: clock.now + 0.1)
        #expect(states.last == .cancelled, "no more changes after cancelling")
        window.touchUp(id: 0, at: Point(x: 80, y: 0), time: clock.now + 0.2)
        pan.isEnabled = true
        drag(Point(x: 0, y: 0), Point(x: 50, y: 0), steps: 5)
        #expect(states.suffix(2) == [.changed, .ended], "works again once re-enabled")
    }

    @Test func aRecognizerTurnedOffAndOnBetweenTouchesWorks() {
        let (_, pan, _) = pannedView()
        var began = 0
        pan.addTarget { if $0.state == .began { began += 1 } }
        pan.isEnabled = false
        pan.isEnabled = true
        drag(Point(x: 0, y: 0), Point(x: 50, y: 0), steps: 5)
        #expect(began == 1)
    }

    final class Simultaneous: GestureRecognizerDelegate {
        func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    }

    final class Vertical: GestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool {
            let t = (g as! PanGestureRecognizer).translation(in: nil)
            return abs(t.y) > abs(t.x)
        }
    }

    @Test func innerRecognizerWinsUnlessBothMayRunTogether() {
        let outer = View(frame: window.bounds), inner = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(outer); outer.addSubview(inner)
        let outerPan = PanGestureRecognizer(), innerPan = PanGestureRecognizer()
        outer.addGestureRecognizer(outerPan); inner.addGestureRecognizer(innerPan)
        var outerBegan = 0, innerBegan = 0
        outerPan.addTarget { if $0.state == .began { outerBegan += 1 } }
        innerPan.addTarget { if $0.state == .began { innerBegan += 1 } }
        drag(Point(x: 50, y: 50), Point(x: 150, y: 50), steps: 5)
        #expect(innerBegan == 1 && outerBegan == 0)
        let both = Simultaneous()
        innerPan.delegate = both
        drag(Point(x: 50, y: 50), Point(x: 150, y: 50), steps: 5)
        #expect(innerBegan == 2 && outerBegan == 1)
        // A delegate that only accepts vertical drags lets a horizontal one through to the outer pan.
        let vertical = Vertical()
        innerPan.delegate = vertical
        drag(Point(x: 50, y: 50), Point(x: 150, y: 55), steps: 5)
        #expect(innerBegan == 2 && outerBegan == 2)
        drag(Point(x: 50, y: 50), Point(x: 55, y: 150), steps: 5)
        #expect(innerBegan == 3 && outerBegan == 2)
    }

    @Test func tapRecognisesAShortPress() {
        let v = View(frame: window.bounds)
        window.addSubview(v)
        let tap = TapGestureRecognizer()
        v.addGestureRecognizer(tap)
        var taps = 0
        tap.addTarget { if $0.state == .ended { taps += 1 } }
        window.touchDown(id: 0, at: Point(x: 10, y: 10), time: 0, isFinger: false)
        window.touchUp(id: 0, at: Point(x: 12, y: 10), time: 0.1)
        #expect(taps == 1)
        drag(Point(x: 10, y: 10), Point(x: 60, y: 10), steps: 3)
        #expect(taps == 1, "a drag is no tap")
    }

    @Test func aButtonInsideATappableViewStillActs() {
        let v = View(frame: window.bounds)
        window.addSubview(v)
        let tap = TapGestureRecognizer()
        v.addGestureRecognizer(tap)
        var taps = 0, presses = 0
        tap.addTarget { _ in taps += 1 }
        let b = Button()
        b.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        b.addAction(for: .touchUpInside) { _ in presses += 1 }
        v.addSubview(b)
        window.touchDown(id: 0, at: Point(x: 10, y: 10), time: 0, isFinger: false)
        window.touchUp(id: 0, at: Point(x: 10, y: 10), time: 0.1)
        #expect(presses == 1 && taps == 0)
    }

    /// A horizontally scrolling view holding a button.
    private func scrollerWithButton() -> (ScrollView, Button) {
        let s = ScrollView()
        s.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        s.contentSize = Size(width: 2000, height: 100)
        window.addSubview(s)
        let b = Button()
        b.frame = Rect(x: 100, y: 20, width: 60, height: 60)
        s.addSubview(b)
        return (s, b)
    }

    @Test func aButtonInAScrollViewTapsAndADragOnItScrolls() {
        let (s, b) = scrollerWithButton()
        var presses = 0
        b.addAction(for: .touchUpInside) { _ in presses += 1 }
        window.touchDown(id: 0, at: Point(x: 120, y: 50), time: 0, isFinger: false)
        window.touchUp(id: 0, at: Point(x: 121, y: 50), time: 0.1)
        #expect(presses == 1, "a tap on the button acts")
        #expect(s.contentOffset == .zero)

        drag(Point(x: 120, y: 50), Point(x: 20, y: 50), steps: 6, release: false)
        #expect(!b.isHighlighted, "the scroll took the touch from the button")
        #expect(s.contentOffset.x == 100)
        window.touchUp(id: 0, at: Point(x: 20, y: 50), time: clock.now)
        #expect(presses == 1, "no action after a drag")
    }

    @Test func verticalDragOnAHorizontalScrollerIsNotItsGesture() {
        let (s, _) = scrollerWithButton()
        drag(Point(x: 200, y: 10), Point(x: 205, y: 90), steps: 5)
        #expect(s.contentOffset == .zero)
        #expect(s.panGestureRecognizer.state == .possible)
    }
}
