/// Told when a scroll view moves, and asked where a fling should land (UIScrollViewDelegate).
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// `velocity` in points per second, the unit of every velocity in ViewKit (UIKit reports this one in
    /// points per millisecond: divide by 1000 when porting); change `targetContentOffset` to land elsewhere.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point)
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

public extension ScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: ScrollView) {}
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {}
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

/// A view whose content is larger than its bounds (UIScrollView): `contentOffset` is the bounds origin, so
/// subviews placed in content coordinates move as it changes. A pan drags the content (rubber-banding past
/// the edges); on release it glides with momentum that decays by `decelerationRate` per millisecond and
/// bounces back at the edges. The mouse wheel and touchpad scroll it too, without the dragging callbacks
/// (no finger drags: as a mouse wheel on UIKit): once the wheel rests, the content settles where
/// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` says, animated. Clips to its bounds.
/// Velocities are in points per second throughout.
open class ScrollView: View {
    public nonisolated static let normalDecelerationRate = 0.998
    public nonisolated static let fastDecelerationRate = 0.99
    /// Duration of `setContentOffset(_:animated:)` and of settling a slow release.
    public static let scrollAnimationDuration = 0.3
    /// A release slower than this (points per second) does not fling: the content settles with an animation.
    public static let flingThreshold = 200.0

    public weak var delegate: ScrollViewDelegate?
    public let panGestureRecognizer = PanGestureRecognizer()

    /// The size of the content, in content coordinates.
    public var contentSize: Size = .zero { didSet { if contentSize != oldValue { setNeedsLayout() } } }
    /// Extra scrollable space around the content (e.g. so the first and last items can be centred).
    public var contentInset: EdgeInsets = .zero { didSet { if contentInset != oldValue { setNeedsLayout() } } }
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether the content rubber-bands past its edges and bounces back.
    public var bounces = true
    /// Allow dragging along an axis whose content fits (it then only rubber-bands).
    public var alwaysBounceHorizontal = false
    public var alwaysBounceVertical = false
    /// Momentum kept per millisecond: `normalDecelerationRate` (0.998) or `fastDecelerationRate` (0.99).
    public var decelerationRate = ScrollView.normalDecelerationRate

    public private(set) var isDragging = false
    public private(set) var isDecelerating = false

    /// The point of the content at the bounds' top-left corner.
    public var contentOffset: Point {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    private enum Motion {
        case momentum(x: ScrollMotion, y: ScrollMotion, start: Double)
        case animation(from: Point, to: Point, start: Double, duration: Double, curve: TimingCurve)
    }
    private var motion: Motion?
    private var link: DisplayLink?
    private var dragStart: Point = .zero
    private var lastWheel: Double?

    public override init() {
        super.init()
        clipsToBounds = true
        panGestureRecognizer.shouldBegin = { [unowned self] in
            shouldBeginDragging(translation: panGestureRecognizer.translation(in: nil))
        }
        panGestureRecognizer.addTarget { [unowned self] pan in handlePan(pan) }
        addGestureRecognizer(panGestureRecognizer)
    }

    /// The smallest and largest offsets that show content (inset included).
    public var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }
    public var maximumContentOffset: Point {
        Point(x: max(-contentInset.left, contentSize.width + contentInset.right - bounds.width),
              y: max(-contentInset.top, contentSize.height + contentInset.bottom - bounds.height))
    }

    private var canScrollHorizontally: Bool { maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal }
    private var canScrollVertically: Bool { maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical }

    /// The offset clamped to the scrollable range.
    public func clamped(_ p: Point) -> Point {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return Point(x: min(max(p.x, lo.x), hi.x), y: min(max(p.y, lo.y), hi.y))
    }

    /// Moves the content, at once or with a 0.3 s ease (then `scrollViewDidEndScrollingAnimation`).
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        guard animated, offset != contentOffset, let now = clockNow else {
            contentOffset = offset
            return
        }
        start(.animation(from: contentOffset, to: offset, start: now, duration: ScrollView.scrollAnimationDuration,
                         curve: .easeInOut))
    }

    open override func boundsDidChange(from old: Rect) {
        if bounds.origin != old.origin {
            setNeedsLayout()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Where a release at `velocity` (points per second) should land; subclasses snap here
    /// (UICollectionViewLayout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:)).
    open func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point) -> Point {
        proposed
    }

    // MARK: Dragging

    /// Whether a drag that has moved by `t` (window points) is this scroll view's. By default, only along an axis
    /// that scrolls: a vertical drag on a horizontal carousel is left to others. Subclasses refine it.
    open func shouldBeginDragging(translation t: Point) -> Bool {
        if !canScrollVertically && abs(t.y) > abs(t.x) { return false }
        if !canScrollHorizontally && abs(t.x) > abs(t.y) { return false }
        return canScrollHorizontally || canScrollVertically
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            isDragging = true
            dragStart = contentOffset
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            let t = pan.translation(in: nil)
            contentOffset = rubberBanded(Point(x: canScrollHorizontally ? dragStart.x - t.x : dragStart.x,
                                               y: canScrollVertically ? dragStart.y - t.y : dragStart.y))
        case .ended, .cancelled:
            isDragging = false
            let v = pan.state == .ended ? pan.velocity(in: nil) : .zero
            endDragging(velocity: Point(x: canScrollHorizontally ? -v.x : 0, y: canScrollVertically ? -v.y : 0))
        default:
            break
        }
    }

    /// Past an edge, the content follows the finger less and less (the rubber band).
    private func rubberBanded(_ p: Point) -> Point {
        let c = clamped(p)
        guard bounces else { return c }
        return Point(x: c.x + ScrollMotion.rubberBand(p.x - c.x, dimension: bounds.width),
                     y: c.y + ScrollMotion.rubberBand(p.y - c.y, dimension: bounds.height))
    }

    /// The finger lifted with the content moving at `velocity` (points per second).
    private func endDragging(velocity: Point) {
        let now = clockNow ?? 0
        let range = (x: minimumContentOffset.x...maximumContentOffset.x, y: minimumContentOffset.y...maximumContentOffset.y)
        let natural = Point(
            x: ScrollMotion(start: contentOffset.x, velocity: velocity.x, rate: decelerationRate, range: range.x, bounces: bounces).restingPoint,
            y: ScrollMotion(start: contentOffset.y, velocity: velocity.y, rate: decelerationRate, range: range.y, bounces: bounces).restingPoint)
        var target = targetContentOffset(forProposedContentOffset: natural, withScrollingVelocity: velocity)
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
        let outside = clamped(contentOffset) != contentOffset
        let moves = abs(target.x - contentOffset.x) > 0.01 || abs(target.y - contentOffset.y) > 0.01 || outside
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
        guard moves else { return }
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        if outside {
            // Released past an edge: spring back, keeping the finger's speed.
            start(.momentum(x: ScrollMotion(start: contentOffset.x, velocity: velocity.x, rate: decelerationRate, range: range.x),
                            y: ScrollMotion(start: contentOffset.y, velocity: velocity.y, rate: decelerationRate, range: range.y),
                            start: now))
        } else if speed < ScrollView.flingThreshold || target != natural {
            if speed < ScrollView.flingThreshold {
                start(.animation(from: contentOffset, to: target, start: now, duration: ScrollView.scrollAnimationDuration,
                                 curve: .easeOut))
            } else {
                start(.momentum(x: ScrollMotion(start: contentOffset.x, target: target.x, rate: decelerationRate, range: range.x),
                                y: ScrollMotion(start: contentOffset.y, target: target.y, rate: decelerationRate, range: range.y),
                                start: now))
            }
        } else {
            start(.momentum(x: ScrollMotion(start: contentOffset.x, velocity: velocity.x, rate: decelerationRate, range: range.x, bounces: bounces),
                            y: ScrollMotion(start: contentOffset.y, velocity: velocity.y, rate: decelerationRate, range: range.y, bounces: bounces),
                            start: now))
        }
        isDecelerating = true
    }

    // MARK: Wheel

    /// Scrolls by a wheel or touchpad delta (points, positive = content moves towards the start). A vertical
    /// wheel scrolls a horizontal-only view sideways. The view settles (and snaps) once the wheel rests.
    open func scroll(byWheel delta: Point) {
        guard isScrollEnabled, let now = clockNow else { return }
        var d = delta
        if !canScrollVertically && d.x == 0 { d = Point(x: d.y, y: 0) }
        if lastWheel == nil { stopMotion() }
        lastWheel = now
        contentOffset = clamped(Point(x: contentOffset.x - (canScrollHorizontally ? d.x : 0),
                                      y: contentOffset.y - (canScrollVertically ? d.y : 0)))
        ensureLink()
    }

    /// How long the wheel must rest before the view settles.
    static let wheelIdle = 0.15

    // MARK: Motion

    private var clockNow: Double? { window?.animator.clock.now }

    /// The wheel rested: glide to where a release at rest would land (a snapping subclass's item), if elsewhere.
    private func settleAfterWheel() {
        let target = clamped(targetContentOffset(forProposedContentOffset: contentOffset, withScrollingVelocity: .zero))
        if target != contentOffset, let now = clockNow {
            start(.animation(from: contentOffset, to: target, start: now, duration: ScrollView.scrollAnimationDuration,
                             curve: .easeOut))
        }
    }

    private func start(_ m: Motion) {
        motion = m
        ensureLink()
    }

    private func ensureLink() {
        guard link == nil, let window else { return }
        link = window.animator.addDisplayLink { [weak self] now in self?.step(now) }
    }

    /// Stops any momentum or animation where it is (a new touch catches the content).
    public func stopMotion() {
        motion = nil
        isDecelerating = false
        if lastWheel == nil { link?.invalidate(); link = nil }
    }

    private func step(_ now: Double) {
        if let last = lastWheel, now - last >= ScrollView.wheelIdle, motion == nil {
            lastWheel = nil
            link?.invalidate(); link = nil
            settleAfterWheel()
            return
        }
        guard let m = motion else { return }
        switch m {
        case let .momentum(x, y, start):
            let t = now - start
            if x.isFinished(at: t) && y.isFinished(at: t) {
                finishMotion(at: Point(x: x.restingPoint, y: y.restingPoint))
                delegate?.scrollViewDidEndDecelerating(self)
            } else {
                contentOffset = Point(x: x.position(at: t), y: y.position(at: t))
            }
        case let .animation(from, to, start, duration, curve):
            let f = curve.progress(at: (now - start) / duration)
            if now - start >= duration {
                let wasDecelerating = isDecelerating
                finishMotion(at: to)
                if wasDecelerating { delegate?.scrollViewDidEndDecelerating(self) } else { delegate?.scrollViewDidEndScrollingAnimation(self) }
            } else {
                contentOffset = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            }
        }
    }

    private func finishMotion(at p: Point) {
        contentOffset = p
        motion = nil
        isDecelerating = false
        if lastWheel == nil { link?.invalidate(); link = nil }
    }

    /// Touching the content while it glides stops it, as on a phone.
    open override func touchesBegan(_ touches: [Touch]) {
        if motion != nil { stopMotion() }
        super.touchesBegan(touches)
    }
}
