/// A view that turns touches into actions (UIControl): it tracks one touch and sends events to handlers.
open class Control: View, TypedTargets {
    /// What happened to a control.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 1)
        public static let touchUpOutside = Event(rawValue: 1 << 2)
        public static let touchCancel = Event(rawValue: 1 << 3)
        public static let valueChanged = Event(rawValue: 1 << 4)
        public static let editingDidEnd = Event(rawValue: 1 << 5)
    }

    /// The visual states a control can be in; `normal` is the empty set.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    public var isEnabled = true { didSet { if isEnabled != oldValue { stateDidChange() } } }
    public var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// Whether the control shows its pressed look; the control sets it while tracking a touch, and anyone may
    /// set it (UIControl's isHighlighted).
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    public private(set) var isTracking = false

    public var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    private var actions: [(events: Event, handler: (Control) -> Void)] = []

    /// Calls `handler` whenever one of `events` happens; the public, typed form is `addAction(for:_:)`.
    func appendAction(for events: Event, _ handler: @escaping (Control) -> Void) {
        actions.append((events, handler))
    }

    /// Sends `events` to their handlers, as the control does itself when touched.
    public func sendActions(for events: Event) {
        for a in actions where !a.events.isDisjoint(with: events) { a.handler(self) }
    }

    /// Called when highlighted / selected / enabled changes; subclasses update their look.
    open func stateDidChange() { setNeedsDisplay(); setNeedsLayout() }

    /// Taps recognised by an ancestor do not steal a control's touch (UIKit's rule): the control acts instead.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        !(gestureRecognizer is TapGestureRecognizer && gestureRecognizer.view !== self)
    }

    open override func hitTest(_ point: Point) -> View? {
        guard isEnabled else { return nil }
        return super.hitTest(point)
    }

    // MARK: Tracking (UIControl's begin / continue / end)

    /// Return false to ignore the touch.
    open func beginTracking(_ touch: Touch) -> Bool { true }
    open func continueTracking(_ touch: Touch) {}
    open func endTracking(_ touch: Touch) {}
    open func cancelTracking() {}

    open override func touchesBegan(_ touches: [Touch]) {
        guard let t = touches.first, isEnabled, !isTracking else { return }
        guard beginTracking(t) else { return }
        isTracking = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let t = touches.first, isTracking else { return }
        continueTracking(t)
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard let t = touches.first, isTracking else { return }
        isTracking = false
        endTracking(t)
        let inside = point(inside: t.location(in: self))
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        guard isTracking else { return }
        isTracking = false
        cancelTracking()
        sendActions(for: .touchCancel)
    }
}
