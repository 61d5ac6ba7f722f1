/// Decides whether gesture recognizers may begin, receive a touch, or run together.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
}

public extension GestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
}

/// Turns touches into a gesture (UIGestureRecognizer). Touches reach the recognizers of the touched view
/// and of its ancestors before the view itself; when one begins, the view's touches are cancelled and
/// recognizers that may not run alongside it fail.
@MainActor
open class GestureRecognizer {
    public enum State: Sendable { case possible, began, changed, ended, cancelled, failed }

    public internal(set) var state: State = .possible
    public internal(set) weak var view: View?
    public weak var delegate: GestureRecognizerDelegate?
    /// When the gesture begins, the touched view gets `touchesCancelled` (UIKit's default).
    public var cancelsTouchesInView = true
    /// Turning a recognizer off cancels a gesture in progress.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled {
                if isActive { transition(to: .cancelled) } else if state == .possible && !touches.isEmpty { state = .failed }
            } else if touches.isEmpty && state != .possible {
                // Turned back on between touches: ready for the next one.
                reset()
                state = .possible
            }
        }
    }

    private var handlers: [(GestureRecognizer) -> Void] = []
    weak var window: Window?
    /// The touches this recognizer is following.
    public internal(set) var touches: [Touch] = []

    public init() {}

    /// Calls `handler` on every state change that reports (began, changed, ended, cancelled).
    public func addTarget(_ handler: @escaping (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    public var isActive: Bool { state == .began || state == .changed }

    /// Where the gesture is (its first touch) in `view`'s space.
    public func location(in view: View?) -> Point {
        touches.first?.location(in: view) ?? .zero
    }

    // MARK: For subclasses

    open func touchesBegan(_ touches: [Touch]) {}
    open func touchesMoved(_ touches: [Touch]) {}
    open func touchesEnded(_ touches: [Touch]) {}
    open func touchesCancelled(_ touches: [Touch]) {
        if isActive { transition(to: .cancelled) } else { state = .failed }
    }

    /// Back to `.possible` once every touch has ended; subclasses clear their own state here.
    open func reset() {}

    /// Asks the delegate, the touched view and the window whether the gesture may be recognised now;
    /// when not, the recognizer fails.
    public func mayBegin() -> Bool {
        guard state == .possible, isEnabled else { return false }
        let allowed = (delegate?.gestureRecognizerShouldBegin(self) ?? true)
            && (touches.first?.view?.gestureRecognizerShouldBegin(self) ?? true)
            && (window?.recognizerMayBegin(self) ?? true)
        if !allowed { state = .failed }
        return allowed
    }

    /// Moves to a new state and tells the handlers (and the window, which arbitrates). A continuous gesture
    /// starts with `.began`; a discrete one (a tap) goes straight from `.possible` to `.ended`.
    public func transition(to newState: State) {
        let old = state
        state = newState
        if newState == .began || (newState == .ended && old == .possible) { window?.recognizerDidBegin(self) }
        if newState != .possible && newState != .failed { for h in handlers { h(self) } }
    }

    func canRunAlongside(_ other: GestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }

    func shouldReceive(_ touch: Touch) -> Bool {
        isEnabled && (delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true)
    }
}
