/// Two same-size views, one in front and one behind it (a card peeking out from behind another, smaller).
/// Dragging the front view moves it with the finger and fades it once the drag passes `fadeOffset`;
/// released before `flipOffset` it springs back (`springBack`); dragged past it, the views change places over
/// `flipDuration` and the pan is off until they have. The numbers are the app's look: set them.
open class PerspectiveView: View {
    /// The directions a drag on the front view may take.
    public enum Axis: Sendable { case vertical, horizontal, both }

    /// Where the behind view sits, relative to the front one's place (applied about its centre).
    public var behindTransform = AffineTransform(scaleX: 0.9, y: 0.9) {
        didSet { if !isFlipping { behindView.transform = behindTransform } }
    }
    /// Drag distance before the front view starts to fade.
    public var fadeOffset = 0.0
    /// Drag distance beyond `fadeOffset` over which the front view fades from opaque to clear.
    public var fadeDistance = 100.0
    /// Drag distance past which the views change places.
    public var flipOffset = 100.0
    /// How long the views take to change places.
    public var flipDuration = 0.3
    /// The spring that brings a released front view back (its duration, damping ratio, initial velocity).
    public var springBack = Spring(duration: 0.3, dampingRatio: 1)
    private static let frontZ = 2.0, behindZ = 1.0

    public let firstView: View
    public let secondView: View
    public private(set) var isFirstViewAbove = true
    /// The directions a drag may take; the other direction is left to other gestures (a carousel's, say).
    public var axis: Axis = .vertical
    public let panGestureRecognizer = PanGestureRecognizer()
    /// Called when a flip has finished, with the view now in front.
    public var onFlip: ((View) -> Void)?
    /// Called as a flip is about to start (before its animation and `animationsAlongsideFlip`), with the view
    /// coming to the front: what stands in for the front view where it is now can go before it moves. `frontView`
    /// is still the one in front and `isFlipping` still false; it must not call `flip()`.
    public var onFlipWillBegin: ((View) -> Void)?
    /// Called as a flip starts, inside its animation, with the view coming to the front: what it changes
    /// animates along with the flip (UIKit's animate(alongsideTransition:)).
    public var animationsAlongsideFlip: ((View) -> Void)?
    public private(set) var isFlipping = false

    public var frontView: View { isFirstViewAbove ? firstView : secondView }
    public var behindView: View { isFirstViewAbove ? secondView : firstView }

    /// Whether a drag that has moved by `t` goes along the allowed axis.
    private func isAlongAxis(_ t: Point) -> Bool {
        switch axis {
        case .vertical: return abs(t.y) > abs(t.x)
        case .horizontal: return abs(t.x) > abs(t.y)
        case .both: return true
        }
    }

    public init(front: View, behind: View) {
        firstView = front
        secondView = behind
        super.init()
        addSubview(front)
        addSubview(behind)
        front.zPosition = PerspectiveView.frontZ
        behind.zPosition = PerspectiveView.behindZ
        behind.transform = behindTransform
        panGestureRecognizer.shouldBegin = { [unowned self] in isAlongAxis(panGestureRecognizer.translation(in: self)) }
        panGestureRecognizer.addTarget { [unowned self] pan in handlePan(pan) }
        addGestureRecognizer(panGestureRecognizer)
    }

    open override func layoutSubviews() {
        for v in [firstView, secondView] {
            v.bounds = Rect(origin: v.bounds.origin, size: bounds.size)
            v.center = Point(x: bounds.midX, y: bounds.midY)
        }
    }

    /// The drag along the allowed axis.
    private func offset(_ t: Point) -> Point {
        switch axis {
        case .vertical: return Point(x: 0, y: t.y)
        case .horizontal: return Point(x: t.x, y: 0)
        case .both: return t
        }
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            let t = offset(pan.translation(in: self))
            let distance = (t.x * t.x + t.y * t.y).squareRoot()
            frontView.transform = AffineTransform(translationX: t.x, y: t.y)
            frontView.alpha = distance > fadeOffset ? 1 - (distance - fadeOffset) / fadeDistance : 1
            if distance > flipOffset {
                pan.isEnabled = false
                flip()
            }
        case .ended, .cancelled:
            guard !isFlipping else { return }
            View.animate(withDuration: springBack.duration, usingSpringWithDamping: springBack.dampingRatio,
                         initialSpringVelocity: springBack.initialVelocity, options: .curveEaseOut, animations: {
                self.frontView.transform = .identity
                self.frontView.alpha = 1
            })
        default:
            break
        }
    }

    /// Swaps the views over `flipDuration`: the front one goes behind from wherever it is (so a dragged view leaves
    /// in the direction it was dragged), the behind one comes to the front.
    public func flip() {
        guard !isFlipping else { return }
        onFlipWillBegin?(behindView)
        isFlipping = true
        panGestureRecognizer.isEnabled = false
        let above = frontView, below = behindView
        above.zPosition = PerspectiveView.behindZ
        below.zPosition = PerspectiveView.frontZ
        View.animate(withDuration: flipDuration, animations: {
            above.alpha = 1
            above.transform = self.behindTransform
            below.transform = .identity
            below.alpha = 1
            self.animationsAlongsideFlip?(below)
        }, completion: { _ in
            self.isFirstViewAbove.toggle()
            self.isFlipping = false
            self.panGestureRecognizer.isEnabled = true
            self.onFlip?(self.frontView)
        })
    }
}
