/// The root of a view tree: it knows when its tree needs layout or drawing and routes touches.
@MainActor
public final class Window: View {
    /// Set when anything in the tree changed how it looks; cleared when a frame is drawn.
    public internal(set) var needsDisplay = true
    /// Set when a view asked for layout; cleared by `layoutIfNeeded`.
    public private(set) var needsLayoutPass = true
    /// The colour behind everything.
    public var clearColor: Color = .black { didSet { needsDisplay = true } }

    /// The view that fills the window (UIKit's root view controller's view); resized with it.
    public var contentView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let contentView { addSubview(contentView) }
            setNeedsLayout()
        }
    }

    private var touches: [Int: Touch] = [:]

    /// Runs this window's animations and display links.
    public private(set) lazy var animator = Animator(window: self, clock: clock)
    private let clock: Clock

    /// A window whose animations run on `clock` (a `ManualClock` in tests).
    public init(clock: Clock = SystemClock()) {
        self.clock = clock
        super.init()
        identifier = "window"
    }

    public override func layoutSubviews() {
        contentView?.frame = bounds
    }

    public override func subtreeNeedsDisplay() { needsDisplay = true }
    public override func subtreeNeedsLayout() { needsLayoutPass = true }

    /// Lays out the whole tree if any view asked for it.
    public func layoutTreeIfNeeded() {
        guard needsLayoutPass else { return }
        needsLayoutPass = false
        layoutIfNeeded()
    }

    /// The touches currently down.
    public var activeTouches: [Touch] { Array(touches.values) }

    // MARK: Touch routing

    /// A finger or the mouse went down at a point in window space.
    public func touchDown(id: Int, at point: Point, time: Double, isFinger: Bool) {
        if touches[id] != nil { touchUp(id: id, at: point, time: time) }
        let touch = Touch(id: id, isFinger: isFinger, location: point, timestamp: time)
        touch.view = hitTest(point) ?? self
        touches[id] = touch
        touch.view?.touchesBegan([touch])
    }

    public func touchMoved(id: Int, to point: Point, time: Double) {
        guard let touch = touches[id] else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = point
        touch.timestamp = time
        touch.phase = .moved
        touch.view?.touchesMoved([touch])
    }

    public func touchUp(id: Int, at point: Point, time: Double) {
        guard let touch = touches.removeValue(forKey: id) else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = point
        touch.timestamp = time
        touch.phase = .ended
        touch.view?.touchesEnded([touch])
    }

    /// Cancels every active touch (e.g. the window lost focus mid-drag).
    public func cancelAllTouches() {
        let all = touches.values
        touches.removeAll()
        for t in all {
            t.phase = .cancelled
            t.view?.touchesCancelled([t])
        }
    }
}
