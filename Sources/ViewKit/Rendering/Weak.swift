/// A reference that does not keep its object alive (for lists of objects owned elsewhere).
struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
