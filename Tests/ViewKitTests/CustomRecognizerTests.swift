import Testing
import ViewKit  // not @testable: only what any app can use

/// A recognizer written outside ViewKit, as an app would (UIKit's UIGestureRecognizerSubclass pattern):
/// a discrete swipe up that ends once the finger has risen `distance` points.
@MainActor
final class SwipeUpGestureRecognizer: GestureRecognizer {
    var distance = 50.0
    private(set) var risen = 0.0
    private var start = Point.zero

    override func touchesBegan(_ touches: [Touch]) {
        guard self.touches.isEmpty, let t = touches.first else { return }
        self.touches = [t]
        start = t.locationInWindow
    }

    override func touchesMoved(_ touches: [Touch]) {
        guard state == .possible, let t = touches.first else { return }
        risen = start.y - t.locationInWindow.y
        if risen >= distance && mayBegin() { state = .ended }
    }

    override func touchesEnded(_ touches: [Touch]) {
        if state == .possible { state = .failed }
    }

    override func reset() { touches = [] }
}

@MainActor
struct CustomRecognizerTests {
    let window: Window = {
        let w = Window(clock: ManualClock())
        w.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        return w
    }()

    @Test func aRecognizerFromOutsideViewKitSetsItsStateAndGetsTypedTargets() {
        let view = View(frame: window.bounds)
        window.addSubview(view)
        let swipe = SwipeUpGestureRecognizer()
        view.addGestureRecognizer(swipe)
        var reported: [(GestureRecognizer.State, Double)] = []
        // The handler gets a SwipeUpGestureRecognizer: its own property, no cast.
        swipe.addTarget { reported.append(($0.state, $0.risen)) }
        window.touchDown(id: 0, at: Point(x: 100, y: 200), time: 0, isFinger: false)
        window.touchMoved(id: 0, to: Point(x: 100, y: 170), time: 0.1)
        #expect(reported.isEmpty && swipe.state == .possible)
        window.touchMoved(id: 0, to: Point(x: 100, y: 140), time: 0.2)
        #expect(reported.count == 1 && reported[0].0 == .ended && reported[0].1 == 60)
        window.touchUp(id: 0, at: Point(x: 100, y: 140), time: 0.3)
        #expect(swipe.state == .possible && swipe.touches.isEmpty, "reset for the next touch")
    }

    @Test func theClosureFormOfShouldBeginCanRefuse() {
        let view = View(frame: window.bounds)
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var allowed = false
        pan.shouldBegin = { allowed }
        var began = 0
        pan.addTarget { if $0.state == .began { began += 1 } }
        for (i, allow) in [false, true].enumerated() {
            allowed = allow
            let t = Double(i)
            window.touchDown(id: 0, at: Point(x: 10, y: 10), time: t, isFinger: false)
            window.touchMoved(id: 0, to: Point(x: 60, y: 10), time: t + 0.1)
            window.touchUp(id: 0, at: Point(x: 60, y: 10), time: t + 0.2)
        }
        #expect(began == 1, "refused the first drag, took the second")
    }

    @Test func aControlsActionGetsItAsItsOwnClass() {
        let slider = Slider()
        var values: [Double] = []
        slider.addAction(for: .valueChanged) { values.append($0.value) }  // a Slider: no cast
        slider.value = 0.25
        slider.sendActions(for: .valueChanged)
        #expect(values == [0.25])
    }

    @Test func anyoneCanHighlightAControl() {
        let button = Button()
        button.isHighlighted = true  // UIControl's isHighlighted is settable
        #expect(button.state == .highlighted)
    }
}
