/// One finger (or the mouse, as touch 0) on the screen, from press to release.
@MainActor
public final class Touch {
    /// Where a touch is in its life (UITouch.Phase).
    public enum Phase: Sendable { case began, moved, ended, cancelled }

    /// 0 for the mouse; a distinct positive number for each finger.
    public let id: Int
    public let isFinger: Bool
    public internal(set) var phase: Phase = .began
    /// Where the touch is, in the root view's space (window points).
    public internal(set) var locationInWindow: Point
    public internal(set) var previousLocationInWindow: Point
    /// Seconds on the application's clock.
    public internal(set) var timestamp: Double
    /// The view the touch began on: it receives every event of the touch, until a gesture takes it.
    public internal(set) weak var view: View?
    /// The recognizers of the view and its ancestors that follow this touch.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// False once a recognizer has taken the touch (the view got `touchesCancelled`).
    public internal(set) var deliversToView = true

    init(id: Int, isFinger: Bool, location: Point, timestamp: Double) {
        self.id = id
        self.isFinger = isFinger
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.timestamp = timestamp
    }

    /// The touch's position in `view`'s bounds space (the window's when nil).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }
}
