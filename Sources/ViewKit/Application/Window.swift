/// The root of a view tree: it knows when its tree needs layout or drawing and routes touches.
@MainActor
public final class Window: View {
    /// Set when anything in the tree changed how it looks; cleared when a frame is drawn.
    public internal(set) var needsDisplay = true
    /// Set when a view asked for layout; cleared by `layoutTreeIfNeeded`.
    public private(set) var needsLayoutPass = true
    /// Measures text for views that size themselves to it (labels' `sizeThatFits`); set by the application.
    public var textMeasurer: (renderer: TextRenderer, scale: Double)?

    /// The colour behind everything.
    public var clearColor: Color = .black { didSet { setNeedsDisplay() } }

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
    public private(set) lazy var animator = Animator(clock: clock)
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

    /// The views that changed since the last frame; nil when the whole window must be redrawn.
    private var dirtyViews: [View]? = nil

    public override func subtreeNeedsDisplay(_ view: View) {
        needsDisplay = true
        if view === self {
            for v in dirtyViews ?? [] {
                v.isPendingDisplay = false
                v.clearDisplayMark()
            }
            dirtyViews = nil
        } else if dirtyViews == nil {
            // The whole window is redrawn next: what the view marked is in it.
            view.clearDisplayMark()
        } else if !view.isPendingDisplay {
            view.isPendingDisplay = true
            dirtyViews?.append(view)
        }
    }

    /// The views to redraw (nil: everything), and a fresh list for the next frame.
    func takeDirtyViews() -> [View]? {
        let views = dirtyViews
        for v in views ?? [] { v.isPendingDisplay = false }
        dirtyViews = []
        needsDisplay = false
        return views
    }
    public override func subtreeNeedsLayout() { needsLayoutPass = true }

    /// Lays out the views of the tree that asked for it, if any did.
    public func layoutTreeIfNeeded() {
        guard needsLayoutPass else { return }
        needsLayoutPass = false
        lastLayoutPassLooks = layOutMarked()
    }
    /// How many views the last layout pass looked at (for tests: it follows the views marked, not the tree).
    private(set) var lastLayoutPassLooks = 0

    // MARK: Touch routing

    /// A finger or the mouse went down at a point in window space: the touched view's recognizers and its
    /// ancestors' get it first, then the view.
    public func touchDown(id: Int, at point: Point, time: Double, isFinger: Bool) {
        if touches[id] != nil { touchUp(id: id, at: point, time: time) }
        let touch = Touch(id: id, isFinger: isFinger, location: point, timestamp: time)
        let hit = hitTest(point) ?? self
        touch.view = hit
        var chain: View? = hit
        while let v = chain {
            for gr in v.gestureRecognizers where gr.shouldReceive(touch) && (gr.state == .possible || gr.isActive) {
                gr.window = self
                touch.gestureRecognizers.append(gr)
            }
            chain = v.superview
        }
        touches[id] = touch
        for gr in touch.gestureRecognizers { gr.touchesBegan([touch]) }
        if touch.deliversToView { hit.touchesBegan([touch]) }
    }

    public func touchMoved(id: Int, to point: Point, time: Double) {
        guard let touch = touches[id] else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = point
        touch.timestamp = time
        touch.phase = .moved
        for gr in touch.gestureRecognizers where gr.state == .possible || gr.isActive { gr.touchesMoved([touch]) }
        if touch.deliversToView { touch.view?.touchesMoved([touch]) }
    }

    public func touchUp(id: Int, at point: Point, time: Double) {
        guard let touch = touches.removeValue(forKey: id) else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = point
        touch.timestamp = time
        touch.phase = .ended
        for gr in touch.gestureRecognizers where gr.state == .possible || gr.isActive { gr.touchesEnded([touch]) }
        if touch.deliversToView { touch.view?.touchesEnded([touch]) }
        finish(touch)
    }

    /// Recognizers whose touches have all ended go back to `.possible`.
    private func finish(_ touch: Touch) {
        for gr in touch.gestureRecognizers where !touches.values.contains(where: { $0.gestureRecognizers.contains { $0 === gr } }) {
            gr.reset()
            gr.state = .possible
        }
    }

    /// A recognizer may begin unless another one following the same touches is already recognising
    /// and the two may not run together.
    func recognizerMayBegin(_ recognizer: GestureRecognizer) -> Bool {
        for touch in recognizer.touches {
            for other in touch.gestureRecognizers where other !== recognizer && other.isActive {
                if !recognizer.canRunAlongside(other) { return false }
            }
        }
        return true
    }

    /// A recognizer began: the others that may not run with it fail (or are cancelled), and the
    /// touched view loses the touch when the recognizer cancels touches in view.
    func recognizerDidBegin(_ recognizer: GestureRecognizer) {
        for touch in recognizer.touches {
            for other in touch.gestureRecognizers where other !== recognizer && !recognizer.canRunAlongside(other) {
                if other.isActive { other.state = .cancelled } else if other.state == .possible { other.state = .failed }
            }
            if recognizer.cancelsTouchesInView && touch.deliversToView {
                touch.deliversToView = false
                touch.phase = .cancelled
                touch.view?.touchesCancelled([touch])
            }
        }
    }

    /// A wheel or touchpad scroll at a point: the nearest scroll view under it (or above what is under it) scrolls.
    public func scrollWheel(at point: Point, delta: Point) {
        // A gesture's notches go on to the scroll view that took its first one, while it is in the window: a page
        // scrolled under a still pointer does not hand the rest of the gesture to a view it brings there.
        let now = clock.now
        if let latch = wheelLatch, now - latch.time < Window.wheelGestureGap, let latched = latch.view.object,
           latched.window === self, latched.isScrollEnabled {
            wheelLatch = (latch.view, now)
            latched.scroll(byWheel: delta)
            return
        }
        wheelLatch = nil
        var v = hitTest(point)
        while let view = v {
            if let scrollView = view as? ScrollView, scrollView.isScrollEnabled {
                wheelLatch = (Weak(scrollView), now)
                scrollView.scroll(byWheel: delta)
                return
            }
            v = view.superview
        }
    }

    /// The scroll view the wheel's current gesture scrolls, and when its last notch came.
    private var wheelLatch: (view: Weak<ScrollView>, time: Double)?

    /// The pause after which the next wheel notch begins a new gesture, going to the view under the pointer (as
    /// AppKit latches a scroll gesture to the view it began on; a mouse wheel has no gesture phases, so a pause
    /// ends it: Firefox's wheel transactions end after 1.5 s, too long for turning from a page to a carousel).
    static let wheelGestureGap = 0.5

    /// Cancels every active touch (e.g. the window lost focus mid-drag).
    public func cancelAllTouches() {
        let all = touches.values
        touches.removeAll()
        for t in all {
            t.phase = .cancelled
            for gr in t.gestureRecognizers where gr.state == .possible || gr.isActive { gr.touchesCancelled([t]) }
            if t.deliversToView { t.view?.touchesCancelled([t]) }
            finish(t)
        }
    }
}
