/// Gives gesture recognizers a typed `addTarget` and controls a typed `addAction`: the handler receives the
/// sender as its own class (a `PanGestureRecognizer` handler asks for the translation, a `Slider` handler for
/// the value, without a cast). A protocol, because only a protocol extension can name the receiver's own
/// class (`Self`) in a closure's type.
@MainActor
public protocol TypedTargets: AnyObject {}

public extension TypedTargets where Self: GestureRecognizer {
    /// Calls `handler` with this recognizer on every state change that reports (began, changed, ended,
    /// cancelled), UIKit's addTarget(_:action:).
    func addTarget(_ handler: @escaping (Self) -> Void) {
        appendTarget { [unowned self] _ in handler(self) }
    }
}

public extension TypedTargets where Self: Control {
    /// Calls `handler` with this control whenever one of `events` happens (UIKit's addAction(_:for:)).
    func addAction(for events: Control.Event, _ handler: @escaping (Self) -> Void) {
        appendAction(for: events) { [unowned self] _ in handler(self) }
    }
}
