/// Follows one finger as it drags (UIPanGestureRecognizer): begins once it has moved `minimumMovement`,
/// reports the translation from where it went down and the velocity of its recent movement.
open class PanGestureRecognizer: GestureRecognizer {
    /// How far the finger must move before the pan begins (UIKit's hysteresis).
    public var minimumMovement: Double = 10

    private var start: Point = .zero
    private var offset: Point = .zero
    private var samples: [(time: Double, point: Point)] = []
    /// Samples older than this do not count towards the velocity.
    static let velocityWindow = 0.1

    public override init() { super.init() }

    /// The finger's movement since it went down (plus any `setTranslation`), in `view`'s space.
    public func translation(in view: View?) -> Point {
        guard let touch = touches.first else { return offset }
        let v = vector(touch.locationInWindow - start, in: view)
        return Point(x: v.x + offset.x, y: v.y + offset.y)
    }

    /// Makes the current translation read `translation` from now on.
    public func setTranslation(_ translation: Point, in view: View?) {
        guard let touch = touches.first else { offset = translation; return }
        let raw = vector(touch.locationInWindow - start, in: view)
        offset = Point(x: translation.x - raw.x, y: translation.y - raw.y)
    }

    /// Points per second over the last tenth of a second of movement, in `view`'s space;
    /// zero when the finger has been still for that long.
    public func velocity(in view: View?) -> Point {
        guard let last = samples.last else { return .zero }
        let recent = samples.filter { last.time - $0.time <= PanGestureRecognizer.velocityWindow }
        guard let first = recent.first, last.time - first.time > 1e-6 else { return .zero }
        let dt = last.time - first.time
        let v = vector(last.point - first.point, in: view)
        return Point(x: v.x / dt, y: v.y / dt)
    }

    /// A window-space displacement expressed in `view`'s space (the linear part of its transform).
    private func vector(_ d: Point, in view: View?) -> Point {
        guard let view else { return d }
        let o = view.convert(Point.zero, from: nil), p = view.convert(d, from: nil)
        return Point(x: p.x - o.x, y: p.y - o.y)
    }

    open override func touchesBegan(_ touches: [Touch]) {
        guard self.touches.isEmpty, let t = touches.first else { return }
        self.touches = [t]
        start = t.locationInWindow
        offset = .zero
        samples = [(t.timestamp, t.locationInWindow)]
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let t = touches.first, t === self.touches.first else { return }
        samples.append((t.timestamp, t.locationInWindow))
        if samples.count > 64 { samples.removeFirst(samples.count - 64) }
        switch state {
        case .possible:
            if t.locationInWindow.distance(to: start) >= minimumMovement && mayBegin() { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard let t = touches.first, t === self.touches.first else { return }
        samples.append((t.timestamp, t.locationInWindow))
        if isActive { state = .ended } else if state == .possible { state = .failed }
    }

    open override func reset() {
        touches = []
        samples = []
        offset = .zero
    }
}
