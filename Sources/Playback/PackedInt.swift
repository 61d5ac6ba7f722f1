/// An `Int?` kept in eight bytes, where Swift lays the optional out in sixteen once it sits in a struct:
/// `Int.min` stands for nil (a track or disc number, read from a tag or a file name, is never negative).
@propertyWrapper
public struct PackedInt: Hashable, Sendable {
    private var bits: Int

    public init(wrappedValue: Int?) { bits = wrappedValue.flatMap { $0 == .min ? nil : $0 } ?? .min }

    public var wrappedValue: Int? {
        get { bits == .min ? nil : bits }
        set { self = PackedInt(wrappedValue: newValue) }
    }
}
