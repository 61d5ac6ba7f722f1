/// A callback run once per frame with the clock's time, while not paused (CADisplayLink).
@MainActor
public final class DisplayLink {
    let callback: (Double) -> Void
    public var isPaused = false
    public private(set) var isValid = true

    init(_ callback: @escaping (Double) -> Void) { self.callback = callback }

    /// Stops the callbacks for good.
    public func invalidate() { isValid = false }
}
