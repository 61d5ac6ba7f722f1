/// A size in bytes as a person reads it: "700 bytes", "256 KB", "7.2 MB" (powers of 1,024).
public struct ByteCount: CustomStringConvertible, Sendable {
    public let bytes: Int
    public init(_ bytes: Int) { self.bytes = bytes }

    public var description: String {
        if bytes < 1024 { return "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024, unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        let rounded = value < 10 && value.rounded() != value ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
        return "\(text) \(units[unit])"
    }
}
