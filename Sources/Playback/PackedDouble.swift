/// A `Double?` kept in eight bytes, where Swift lays the optional out in sixteen once it sits in a struct:
/// not-a-number stands for nil (a length or a gain that is not a number is none). Compares and hashes as the
/// optional it holds. For fields of values kept by the thousand (a library's tracks).
@propertyWrapper
public struct PackedDouble: Hashable, Sendable {
    private var bits: Double

    public init(wrappedValue: Double?) { bits = wrappedValue.flatMap { $0.isNaN ? nil : $0 } ?? .nan }

    public var wrappedValue: Double? {
        get { bits.isNaN ? nil : bits }
        set { self = PackedDouble(wrappedValue: newValue) }
    }

    public static func == (a: PackedDouble, b: PackedDouble) -> Bool { a.wrappedValue == b.wrappedValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}
