/// Recognises a press and release that stays within `allowableMovement` (UITapGestureRecognizer, one tap).
open class TapGestureRecognizer: GestureRecognizer {
    public var allowableMovement: Double = 10
    private var start: Point = .zero

    public override init() { super.init() }

    open override func touchesBegan(_ touches: [Touch]) {
        guard self.touches.isEmpty, let t = touches.first else {
            state = .failed
            return
        }
        self.touches = [t]
        start = t.locationInWindow
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard state == .possible, let t = touches.first else { return }
        if t.locationInWindow.distance(to: start) > allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard state == .possible, let t = touches.first else { return }
        guard t.locationInWindow.distance(to: start) <= allowableMovement else { state = .failed; return }
        if mayBegin() { state = .ended }
    }

    open override func reset() { touches = [] }
}
