import Testing
@testable import ViewKit

struct TimingCurveTests {
    @Test func curvesMatchKnownValues() {
        #expect(TimingCurve.linear.progress(at: 0.3) == 0.3)
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-6)
        // Reference values of the CSS / Core Animation curves at half time.
        #expect(abs(TimingCurve.easeIn.progress(at: 0.5) - 0.3153) < 1e-3)
        #expect(abs(TimingCurve.easeOut.progress(at: 0.5) - 0.6847) < 1e-3)
        #expect(abs(TimingCurve.default.progress(at: 0.5) - 0.8024) < 1e-3)
        #expect(TimingCurve.easeIn.progress(at: 0) == 0 && TimingCurve.easeIn.progress(at: 1) == 1)
    }

    @Test func curvesAreMonotonic() {
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut, .default] {
            var last = 0.0
            for i in 1...100 {
                let p = curve.progress(at: Double(i) / 100)
                #expect(p >= last - 1e-9)
                last = p
            }
        }
    }
}

struct SpringTests {
    private func samples(_ s: Spring) -> [Double] { (0...400).map { s.progress(at: Double($0) / 400 * s.duration) } }

    @Test func underdampedSpringOvershootsAndSettles() {
        let s = Spring(duration: 0.33, dampingRatio: 0.7, initialVelocity: 0.7)
        let p = samples(s)
        #expect(p.max()! > 1.01, "damping 0.7 overshoots")
        #expect(p.last == 1)
        #expect(abs(s.progress(at: 0.3) - 1) < 0.01, "settled well before the end")
    }

    @Test func criticallyDampedSpringDoesNotOvershoot() {
        let p = samples(Spring(duration: 0.5, dampingRatio: 1, initialVelocity: 0))
        #expect(p.allSatisfy { $0 <= 1 + 1e-9 })
        #expect(p.max()! == 1)
    }

    @Test func initialVelocityIsInDistancesPerSecond() {
        let s = Spring(duration: 1, dampingRatio: 0.8, initialVelocity: 3)
        let dt = 1e-6
        #expect(abs(s.progress(at: dt) / dt - 3) < 0.01)
    }

    @Test func lowerDampingOvershootsMore() {
        #expect(samples(Spring(duration: 1, dampingRatio: 0.3)).max()! > samples(Spring(duration: 1, dampingRatio: 0.7)).max()!)
    }
}

@MainActor
struct AnimationTests {
    let clock = ManualClock()
    let window: Window
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))

    init() {
        window = Window(clock: clock)
        window.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        window.addSubview(view)
    }

    private func advance(to t: Double) {
        clock.now = t
        window.animator.tick()
    }

    @Test func modelChangesAtOnceAndThePresentationFollows() {
        var done: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 }, completion: { done = $0 })
        #expect(view.alpha == 0, "model value at once")
        #expect(view.presentationAlpha == 1)
        advance(to: 0.25)
        #expect(abs(view.presentationAlpha - 0.75) < 1e-9)
        #expect(done == nil)
        advance(to: 1)
        #expect(view.presentationAlpha == 0)
        #expect(done == true)
        #expect(!window.animator.isActive)
    }

    @Test func curvesShapeTheAnimation() {
        View.animate(withDuration: 1, options: .curveEaseIn, animations: { view.center = Point(x: 150, y: 50) })
        advance(to: 0.5)
        let x = view.presentationCenter.x
        #expect(abs(x - (50 + 100 * TimingCurve.easeIn.progress(at: 0.5))) < 1e-9)
    }

    @Test func interruptingContinuesFromThePresentationWithoutAJump() {
        var first: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 150, y: 50) },
                     completion: { first = $0 })
        advance(to: 0.5)
        #expect(abs(view.presentationCenter.x - 100) < 1e-9)
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 50, y: 50) })
        #expect(abs(view.presentationCenter.x - 100) < 1e-9, "no jump when the new animation starts")
        #expect(first == false, "the interrupted animation completes unfinished")
        advance(to: 1.0)
        #expect(abs(view.presentationCenter.x - 75) < 1e-9)
    }

    @Test func delayHoldsTheOldValue() {
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
        advance(to: 0.25)
        #expect(view.presentationAlpha == 1)
        advance(to: 1.0)
        #expect(abs(view.presentationAlpha - 0.5) < 1e-9)
    }

    @Test func nestedAnimationsKeepTheirOwnDurations() {
        var outer: Bool?, inner: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: {
            view.alpha = 0
            View.animate(withDuration: 0.5, options: .curveLinear, animations: { view.cornerRadius = 10 },
                         completion: { inner = $0 })
        }, completion: { outer = $0 })
        advance(to: 0.5)
        #expect(view.presentationCornerRadius == 10)
        #expect(inner == true && outer == nil)
        #expect(abs(view.presentationAlpha - 0.5) < 1e-9)
        advance(to: 1)
        #expect(outer == true)
    }

    @Test func layoutInsideTheBlockAnimatesFrames() {
        final class Parent: View {
            let child = View()
            var inset = 0.0
            override init() { super.init(); addSubview(child) }
            override func layoutSubviews() { child.frame = Rect(x: inset, y: 0, width: 10, height: 10) }
        }
        let parent = Parent()
        parent.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        window.addSubview(parent)
        window.layoutIfNeeded()
        parent.inset = 100
        parent.setNeedsLayout()
        View.animate(withDuration: 1, options: .curveLinear, animations: { parent.layoutIfNeeded() })
        #expect(parent.child.frame.minX == 100)
        advance(to: 0.5)
        #expect(abs(parent.child.presentationFrame.minX - 50) < 1e-9)
    }

    @Test func springAnimationOvershoots() {
        View.animate(withDuration: 0.33, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                     animations: { view.center = Point(x: 150, y: 50) })
        var maxX = 0.0
        for i in 1...33 { advance(to: Double(i) / 100); maxX = max(maxX, view.presentationCenter.x) }
        #expect(maxX > 150.5)
        advance(to: 0.4)
        #expect(view.presentationCenter.x == 150)
    }

    @Test func settingWithoutAnimationEndsARunningAnimation() {
        var done: Bool?
        View.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { done = $0 })
        view.alpha = 0.4
        #expect(view.presentationAlpha == 0.4)
        #expect(done == false)
    }

    /// UIKit's `layer.removeAllAnimations()`: what is on screen jumps to the model values (setting a property to
    /// the value it already has does not end its animation), and the blocks complete unfinished.
    @Test func removingAllAnimationsShowsTheModelAtOnce() {
        var done: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: {
            view.alpha = 0
            view.frame = Rect(x: 50, y: 0, width: 100, height: 100)
        }, completion: { done = $0 })
        advance(to: 0.5)
        view.frame = Rect(x: 50, y: 0, width: 100, height: 100)
        #expect(view.presentationFrame.minX == 25, "set again to its model value, the frame still moves")
        view.removeAllAnimations()
        #expect(view.presentationAlpha == 0 && view.presentationFrame.minX == 50)
        #expect(done == false)
        advance(to: 0.75)
        #expect(view.presentationFrame.minX == 50, "nothing moves on")
    }

    @Test func colorsAndTransformsAnimate() {
        view.backgroundColor = .black
        View.animate(withDuration: 1, options: .curveLinear, animations: {
            view.backgroundColor = .white
            view.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        })
        advance(to: 0.5)
        #expect(abs((view.presentationBackgroundColor?.red ?? 0) - 0.5) < 1e-9)
        #expect(abs(view.presentationTransform.a - 0.75) < 1e-9)
    }

    @Test func viewsOutsideAWindowDoNotAnimate() {
        let loose = View()
        var done: Bool?
        View.animate(withDuration: 1, animations: { loose.alpha = 0 }, completion: { done = $0 })
        #expect(loose.presentationAlpha == 0)
        #expect(done == true, "nothing to wait for")
    }

    @Test func displayLinksRunEachTickWithTheClock() {
        var times: [Double] = []
        let link = window.animator.addDisplayLink { times.append($0) }
        #expect(window.animator.isActive)
        advance(to: 0.1); advance(to: 0.2)
        link.isPaused = true
        advance(to: 0.3)
        #expect(times == [0.1, 0.2])
        link.invalidate()
        #expect(!window.animator.isActive)
    }
}
