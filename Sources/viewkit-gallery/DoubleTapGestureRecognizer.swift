import ViewKit

/// Two taps close together in time and place (UITapGestureRecognizer with two taps), written outside ViewKit
/// as any app can: it follows touches, reads their timestamps and sets `state` itself.
final class DoubleTapGestureRecognizer: GestureRecognizer {
    /// The longest pause between the first release and the second press, in seconds.
    var maximumInterval = 0.3
    /// How far the finger may stray, in points.
    var allowableMovement = 10.0

    private var firstTap: (time: Double, place: Point)?
    private var pressPoint = Point.zero

    override func touchesBegan(_ touches: [Touch]) {
        guard self.touches.isEmpty, let t = touches.first else { return }
        self.touches = [t]
        pressPoint = t.locationInWindow
        if let first = firstTap,
           t.timestamp - first.time > maximumInterval || t.locationInWindow.distance(to: first.place) > allowableMovement {
            firstTap = nil
        }
    }

    override func touchesMoved(_ touches: [Touch]) {
        guard let t = touches.first, t.locationInWindow.distance(to: pressPoint) > allowableMovement else { return }
        firstTap = nil
        state = .failed
    }

    override func touchesEnded(_ touches: [Touch]) {
        guard state == .possible, let t = touches.first else { return }
        if firstTap != nil {
            firstTap = nil
            if mayBegin() { state = .ended }
        } else {
            firstTap = (t.timestamp, t.locationInWindow)
        }
    }

    override func reset() { touches = [] }
}
