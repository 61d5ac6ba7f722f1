/// Two same-size views, one in front and one behind it, smaller and higher (Spotify's cover / lyrics card).
/// Dragging the front view moves it with the finger and fades it past `fadeOffset`; released before
/// `dismissalOffset` it springs back; dragged past it, the views change places and the pan is off until they have.
open class PerspectiveView: View {
    public enum Axis: Sendable { case vertical, horizontal, both }

    /// The behind view: scale 0.9, then 30 pt up (SPEC L1).
    public nonisolated static let behindTransform = AffineTransform(scaleX: 0.9, y: 0.9)
        .concatenating(AffineTransform(translationX: 0, y: -30))
    public static let aboveZ = 2.0, belowZ = 1.0
    /// Drag distance before the front view starts to fade, and past which the views swap (SPEC L2, L4).
    public static let fadeOffset = 20.0, dismissalOffset = 80.0
    public static let duration = 0.33

    public let firstView: View
    public let secondView: View
    public private(set) var isFirstViewAbove = true
    /// The directions a drag may take; the other direction is left to other gestures (a carousel's, say).
    public var axis: Axis = .vertical
    public let panGestureRecognizer = PanGestureRecognizer()
    /// Called when a flip has finished, with the view now in front.
    public var onFlip: ((View) -> Void)?
    /// Called as a flip starts, inside its animation, with the view coming to the front: what it changes
    /// animates along with the flip (UIKit's animate(alongsideTransition:)).
    public var animationsAlongsideFlip: ((View) -> Void)?
    public private(set) var isFlipping = false

    public var frontView: View { isFirstViewAbove ? firstView : secondView }
    public var behindView: View { isFirstViewAbove ? secondView : firstView }

    private lazy var panDelegate = AxisDelegate(view: self)

    /// Lets the pan begin only along the allowed axis.
    private final class AxisDelegate: GestureRecognizerDelegate {
        unowned let view: PerspectiveView
        init(view: PerspectiveView) { self.view = view }
        func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool {
            let t = (g as! PanGestureRecognizer).translation(in: view)
            switch view.axis {
            case .vertical: return abs(t.y) > abs(t.x)
            case .horizontal: return abs(t.x) > abs(t.y)
            case .both: return true
            }
        }
    }

    public init(front: View, behind: View) {
        firstView = front
        secondView = behind
        super.init()
        addSubview(front)
        addSubview(behind)
        front.zPosition = PerspectiveView.aboveZ
        behind.zPosition = PerspectiveView.belowZ
        behind.transform = PerspectiveView.behindTransform
        panGestureRecognizer.delegate = panDelegate
        panGestureRecognizer.addTarget { [unowned self] g in self.handlePan(g as! PanGestureRecognizer) }
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
            frontView.alpha = distance > PerspectiveView.fadeOffset
                ? 1 - (distance - PerspectiveView.fadeOffset) / 100 : 1
            if distance > PerspectiveView.dismissalOffset {
                pan.isEnabled = false
                flip()
            }
        case .ended, .cancelled:
            guard !isFlipping else { return }
            View.animate(withDuration: PerspectiveView.duration, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.7,
                         options: .curveEaseOut, animations: {
                self.frontView.transform = .identity
                self.frontView.alpha = 1
            })
        default:
            break
        }
    }

    /// Swaps the views over 0.33 s: the front one goes behind from wherever it is (so a dragged view leaves
    /// in the direction it was dragged), the behind one comes to the front.
    public func flip() {
        guard !isFlipping else { return }
        isFlipping = true
        panGestureRecognizer.isEnabled = false
        let above = frontView, below = behindView
        above.zPosition = PerspectiveView.belowZ
        below.zPosition = PerspectiveView.aboveZ
        View.animate(withDuration: PerspectiveView.duration, animations: {
            above.alpha = 1
            above.transform = PerspectiveView.behindTransform
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
