import Foundation
import Testing
@testable import ViewKit

struct ScrollMotionTests {
    @Test func decelerationDistanceMatchesTheRatePerMillisecond() {
        // Velocity × rate every millisecond. Integrated exactly the distance is v / λ with λ = −ln(rate) · 1000;
        // the per-millisecond sum Σ v_ms · r^k = v_ms · r / (1 − r) (499 ms of travel at 0.998) agrees within 1 %.
        for rate in [ScrollView.normalDecelerationRate, ScrollView.fastDecelerationRate] {
            let v = 1500.0
            let discrete = v / 1000 * rate / (1 - rate)
            let m = ScrollMotion(start: 0, velocity: v, rate: rate, range: -1e9...1e9)
            #expect(abs(m.restingPoint - v / (-log(rate) * 1000)) < 1e-9)
            #expect(abs(m.restingPoint - discrete) / discrete < 0.01)
            #expect(abs(m.velocity(at: 0.001) - v * rate) < 0.01, "velocity × rate after one millisecond")
        }
    }

    @Test func rubberBandFormula() {
        let d = 375.0
        #expect(abs(ScrollMotion.rubberBand(100, dimension: d) - (1 - 1 / (100 * 0.55 / d + 1)) * d) < 1e-12)
        #expect(ScrollMotion.rubberBand(-100, dimension: d) == -ScrollMotion.rubberBand(100, dimension: d))
        #expect(ScrollMotion.rubberBand(1000, dimension: d) < d * 0.6, "resistance grows: never more than the dimension")
        #expect(ScrollMotion.rubberBand(10, dimension: d) < 10)
    }

    @Test func momentumPastAnEdgeBouncesBackToIt() {
        let m = ScrollMotion(start: 900, velocity: 2000, rate: 0.998, range: 0...1000)
        #expect(m.restingPoint == 1000)
        let path = stride(from: 0.0, through: 2.0, by: 0.01).map { m.position(at: $0) }
        #expect(path.max()! > 1010, "overshoots")
        #expect(abs(path.last! - 1000) < 0.1)
        #expect(m.isFinished(at: 2.0))
    }

    /// A glide rests once what is left of it is under half a point, slow: a carousel's cover that has visibly
    /// arrived has settled (its track switches then, C7), not the better part of a second later.
    @Test func aGlideRestsOnceWhatIsLeftOfItCannotBeSeen() {
        let m = ScrollMotion(start: 0, target: 307, rate: 0.998, range: 0...3000)
        let times = stride(from: 0.0, through: 5.0, by: 0.001)
        let withinHalf = try! #require(times.first { abs(m.position(at: $0) - 307) < 0.5 })
        let withinTenth = try! #require(times.first { abs(m.position(at: $0) - 307) < 0.1 })
        #expect(m.isFinished(at: withinHalf + 0.001), "at rest under half a point from the end (\(withinHalf) s)")
        #expect(!m.isFinished(at: withinHalf - 0.05), "not before")
        #expect(withinTenth - withinHalf > 0.7, "the last four tenths of a point take \(withinTenth - withinHalf) s of decay")
    }

    @Test func withoutBouncingMomentumStopsAtTheEdge() {
        let m = ScrollMotion(start: 900, velocity: 2000, rate: 0.998, range: 0...1000, bounces: false)
        #expect(stride(from: 0.0, through: 2.0, by: 0.01).map { m.position(at: $0) }.max()! <= 1000)
    }

    @Test func aChangedTargetIsReachedExactly() {
        let m = ScrollMotion(start: 0, target: 307, rate: 0.995, range: 0...3000)
        #expect(m.restingPoint == 307)
        #expect(abs(m.position(at: 3) - 307) < 0.01)
    }
}

@MainActor
final class ScrollViewTests {
    final class Recorder: ScrollViewDelegate {
        var events: [String] = []
        var retarget: Point?
        var velocity: Point?
        func scrollViewWillBeginDragging(_ s: ScrollView) { events.append("willBegin") }
        func scrollViewWillEndDragging(_ s: ScrollView, withVelocity v: Point, targetContentOffset: inout Point) {
            events.append("willEnd")
            velocity = v
            if let r = retarget { targetContentOffset = r }
        }
        func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate d: Bool) { events.append("didEnd(\(d))") }
        func scrollViewDidEndDecelerating(_ s: ScrollView) { events.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ s: ScrollView) { events.append("didEndAnimation") }
    }

    let clock = ManualClock()
    let window: Window
    let scroll = ScrollView()
    let recorder = Recorder()

    init() {
        window = Window(clock: clock)
        window.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        scroll.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        scroll.contentSize = Size(width: 4000, height: 400)
        scroll.delegate = recorder
        window.addSubview(scroll)
    }

    /// A horizontal fling: the same touch events whatever the frame rate.
    private func fling(dx: Double, over seconds: Double = 0.1, from x: Double = 300) {
        window.touchDown(id: 0, at: Point(x: x, y: 200), time: clock.now, isFinger: false)
        let steps = 10
        for i in 1...steps {
            clock.advance(by: seconds / Double(steps))
            window.touchMoved(id: 0, to: Point(x: x + dx * Double(i) / Double(steps), y: 200), time: clock.now)
        }
        window.touchUp(id: 0, at: Point(x: x + dx, y: 200), time: clock.now)
    }

    /// Ticks at `hz` until `seconds` have passed, recording the offset at the given times.
    private func run(hz: Double, seconds: Double, sampleAt times: [Double]) -> [Double] {
        let start = clock.now
        var samples: [Double] = []
        var pending = times
        let frames = Int((seconds * hz).rounded())
        for i in 1...frames {
            clock.now = start + Double(i) / hz
            window.animator.tick()
            if let t = pending.first, abs(clock.now - start - t) < 1e-9 {
                samples.append(scroll.contentOffset.x)
                pending.removeFirst()
            }
        }
        return samples
    }

    @Test func momentumIsTheSameAtAnyFrameRate() {
        var results: [[Double]] = []
        for hz in [30.0, 60.0, 144.0] {
            scroll.contentOffset = .zero
            clock.now = 100
            fling(dx: -200)
            results.append(run(hz: hz, seconds: 4, sampleAt: [0.5, 1, 2, 3, 4]))
        }
        #expect(results[0].count == 5)
        for r in results.dropFirst() {
            for (a, b) in zip(results[0], r) { #expect(abs(a - b) < 1e-6) }
        }
        #expect(results[0][0] > 200, "the content glided on after the release")
    }

    @Test func flingGlidesThenReportsTheEnd() {
        fling(dx: -200)
        #expect(recorder.events == ["willBegin", "willEnd", "didEnd(true)"])
        #expect(scroll.isDecelerating)
        _ = run(hz: 60, seconds: 6, sampleAt: [])
        #expect(recorder.events.last == "didEndDecelerating")
        #expect(!window.animator.isActive, "idle once it rests")
    }

    @Test func aChangedTargetIsWhereItStops() {
        recorder.retarget = Point(x: 777, y: 0)
        fling(dx: -200)
        _ = run(hz: 60, seconds: 6, sampleAt: [])
        #expect(scroll.contentOffset.x == 777)
    }

    @Test func dragPastTheStartRubberBandsAndSpringsBack() {
        window.touchDown(id: 0, at: Point(x: 100, y: 200), time: 0, isFinger: false)
        for i in 1...10 { window.touchMoved(id: 0, to: Point(x: 100 + 20 * Double(i), y: 200), time: Double(i) / 60) }
        #expect(scroll.contentOffset.x < 0)
        #expect(abs(scroll.contentOffset.x - -ScrollMotion.rubberBand(200, dimension: 400)) < 1e-9, "rubber band")
        clock.now = 1
        window.touchUp(id: 0, at: Point(x: 300, y: 200), time: 1)
        _ = run(hz: 60, seconds: 2, sampleAt: [])
        #expect(scroll.contentOffset.x == 0)
    }

    @Test func animatedContentOffset() {
        scroll.setContentOffset(Point(x: 500, y: 0), animated: true)
        #expect(scroll.contentOffset.x == 0)
        let mid = run(hz: 60, seconds: 0.5, sampleAt: [0.15])
        #expect(mid[0] > 0 && mid[0] < 500)
        #expect(scroll.contentOffset.x == 500)
        #expect(recorder.events == ["didEndAnimation"])
    }

    @Test func touchingGlidingContentStopsIt() {
        fling(dx: -200)
        _ = run(hz: 60, seconds: 0.2, sampleAt: [])
        let x = scroll.contentOffset.x
        window.touchDown(id: 0, at: Point(x: 200, y: 200), time: clock.now, isFinger: false)
        _ = run(hz: 60, seconds: 0.5, sampleAt: [])
        #expect(scroll.contentOffset.x == x)
    }

    @Test func wheelScrollsAndSettles() {
        window.scrollWheel(at: Point(x: 200, y: 200), delta: Point(x: 0, y: -40))
        #expect(scroll.contentOffset.x == 40, "a vertical wheel scrolls a horizontal-only view sideways")
        #expect(!scroll.isDragging)
        _ = run(hz: 60, seconds: 0.5, sampleAt: [])
        #expect(recorder.events.isEmpty, "a mouse wheel is no drag in UIKit: no dragging callbacks, got \(recorder.events)")
        window.scrollWheel(at: Point(x: 200, y: 200), delta: Point(x: 0, y: 100))
        #expect(scroll.contentOffset.x == 0, "clamped at the start")
    }

    /// A wheel gesture stays with the scroll view it began on, as AppKit latches a scroll gesture to the view
    /// under the pointer at its start: a page scrolled up brings a sideways carousel under a still pointer, and
    /// the next notches went to the carousel and changed the track (found by a tester scrolling a short card).
    /// After a pause longer than a gesture's, the wheel goes to what is under the pointer again.
    @Test func aWheelGestureStaysWithTheViewItBeganOn() {
        let page = ScrollView()
        page.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        page.contentSize = Size(width: 400, height: 1000)
        let strip = ScrollView()
        strip.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        strip.contentSize = Size(width: 4000, height: 100)
        page.addSubview(strip)
        scroll.removeFromSuperview()
        window.addSubview(page)
        page.contentOffset = Point(x: 0, y: 300)
        let pointer = Point(x: 200, y: 50)
        // The strip lies 300 pt above the window's top: the page takes the notches, each 40 pt up.
        for _ in 0..<8 {
            window.scrollWheel(at: pointer, delta: Point(x: 0, y: 40))
            clock.advance(by: 0.05)
            window.animator.tick()
        }
        #expect(page.contentOffset.y == 0, "the page scrolled to its top, the strip now under the pointer")
        #expect(strip.contentOffset.x == 0, "notches of the page's gesture never reached the strip")
        clock.advance(by: 2)
        window.animator.tick()
        window.scrollWheel(at: pointer, delta: Point(x: 0, y: -40))
        #expect(strip.contentOffset.x == 40, "a new gesture goes to the strip under the pointer")
    }

    @Test func theDelegateHearsTheReleaseVelocityInPointsPerSecondLikeThePan() {
        fling(dx: -200)
        #expect(abs((recorder.velocity?.x ?? 0) - 2000) < 1, "200 pt in 0.1 s: the content moves at 2000 pt/s")
    }

    @Test func aFlingAt1000PointsPerSecondTravelsAbout499Points() {
        fling(dx: -100)
        let released = scroll.contentOffset.x
        _ = run(hz: 60, seconds: 10, sampleAt: [])
        // UIKit's .normal deceleration keeps 0.998 of the velocity each millisecond: the distance is
        // Σ v·d^k·1 ms = v · d / (1 − d) · 1 ms = 1 pt/ms × 0.998 / 0.002 × 1 ms = 499 pt.
        let expected = 1.0 * 0.998 / (1 - 0.998)
        let travelled = scroll.contentOffset.x - released
        #expect(abs(travelled - expected) / expected < 0.01, "travelled \(travelled) pt, expected ≈ \(expected)")
    }
}
