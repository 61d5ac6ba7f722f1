/// Gives a gesture recognizer a typed `addTarget`: the handler receives the recognizer as its own class
/// (a `PanGestureRecognizer` handler can ask for the translation without a cast). A protocol, because
/// only a protocol extension can name the receiver's own class (`Self`) in a closure's type.
@MainActor
public protocol TypedTargets: AnyObject {}

public extension TypedTargets where Self: GestureRecognizer {
    /// Calls `handler` with this recognizer on every state change that reports (began, changed, ended,
    /// cancelled), UIKit's addTarget(_:action:).
    func addTarget(_ handler: @escaping (Self) -> Void) {
        addUntypedTarget { [unowned self] _ in handler(self) }
    }
}
