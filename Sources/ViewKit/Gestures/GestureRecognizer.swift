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
///
/// To write your own recognizer, subclass it and override the `touches…` methods and `reset()`, setting
/// `state` and `touches` as UIKit's `UIGestureRecognizerSubclass` lets a subclass do. Swift cannot limit a
/// setter to subclasses, so both setters are public: only a recognizer itself should set them.
@MainActor
open class GestureRecognizer: TypedTargets {
    /// Where a gesture is in its life (UIGestureRecognizer.State).
    public enum State: Sendable { case possible, began, changed, ended, cancelled, failed }

    /// Where the gesture is. Setting it (from a subclass) to `.began`, `.changed`, `.ended` or `.cancelled`
    /// calls the targets; `.began`, or `.ended` straight from `.possible` (a discrete gesture such as a tap),
    /// also tells the window, which then cancels the touched view's touches and fails rival recognizers.
    public var state: State {
        get { currentState }
        set {
            let old = currentState
            currentState = newValue
            if newValue == .began || (newValue == .ended && old == .possible) { window?.recognizerDidBegin(self) }
            if newValue != .possible && newValue != .failed { for h in handlers { h(self) } }
        }
    }
    private var currentState: State = .possible
    public internal(set) weak var view: View?
    public weak var delegate: GestureRecognizerDelegate?
    /// A closure form of the delegate's `gestureRecognizerShouldBegin` (no delegate object needed for that one
    /// question); when both are set, both must allow the gesture.
    public var shouldBegin: (() -> Bool)?
    /// When the gesture begins, the touched view gets `touchesCancelled` (UIKit's default).
    public var cancelsTouchesInView = true
    /// Turning a recognizer off cancels a gesture in progress.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled {
                if isActive { state = .cancelled } else if state == .possible && !touches.isEmpty { state = .failed }
            } else if touches.isEmpty && state != .possible {
                // Turned back on between touches: ready for the next one.
                reset()
                state = .possible
            }
        }
    }

    private var handlers: [(GestureRecognizer) -> Void] = []
    weak var window: Window?
    /// The touches this recognizer is following; a subclass sets it as it takes and lets go of touches.
    public var touches: [Touch] = []

    public init() {}

    /// Calls `handler` on every state change that reports (began, changed, ended, cancelled); the public,
    /// typed form is `addTarget(_:)`.
    func appendTarget(_ handler: @escaping (GestureRecognizer) -> Void) {
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
        state = isActive ? .cancelled : .failed
    }

    /// Back to `.possible` once every touch has ended; subclasses clear their own state here.
    open func reset() {}

    /// Asks the delegate, the touched view and the window whether the gesture may be recognised now;
    /// when not, the recognizer fails.
    public func mayBegin() -> Bool {
        guard state == .possible, isEnabled else { return false }
        let allowed = (delegate?.gestureRecognizerShouldBegin(self) ?? true)
            && (shouldBegin?() ?? true)
            && (touches.first?.view?.gestureRecognizerShouldBegin(self) ?? true)
            && (window?.recognizerMayBegin(self) ?? true)
        if !allowed { state = .failed }
        return allowed
    }

    func canRunAlongside(_ other: GestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }

    func shouldReceive(_ touch: Touch) -> Bool {
        isEnabled && (delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true)
    }
}
