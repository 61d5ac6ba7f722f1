import CSystemd
import Glibc

/// D-Bus type codes as sd-bus takes them ("s" → 's').
private func code(_ type: String) -> CChar { CChar(bitPattern: type.utf8.first ?? 0) }

/// Appends values to an sd-bus message (sd_bus_message_append is variadic, so unusable from Swift); the first
/// failure is kept in `result` and later appends are skipped.
struct MessageWriter {
    let message: OpaquePointer
    /// sd-bus's result of the first failed append, else 0.
    private(set) var result: Int32 = 0

    init(_ message: OpaquePointer) { self.message = message }

    private mutating func run(_ step: (OpaquePointer) -> Int32) {
        guard result >= 0 else { return }
        let r = step(message)
        if r < 0 { result = r }
    }

    mutating func string(_ value: String, type: String = "s") {
        run { m in value.withCString { sd_bus_message_append_basic(m, code(type), $0) } }
    }

    mutating func strings(_ values: [String]) {
        open("a", "s")
        for v in values { string(v) }
        close()
    }

    mutating func bool(_ value: Bool) {
        var v: Int32 = value ? 1 : 0
        run { m in sd_bus_message_append_basic(m, code("b"), &v) }
    }

    mutating func double(_ value: Double) {
        var v = value
        run { m in sd_bus_message_append_basic(m, code("d"), &v) }
    }

    mutating func int64(_ value: Int64) {
        var v = value
        run { m in sd_bus_message_append_basic(m, code("x"), &v) }
    }

    mutating func int32(_ value: Int32) {
        var v = value
        run { m in sd_bus_message_append_basic(m, code("i"), &v) }
    }

    /// Opens an array ("a"), dictionary entry ("e"), variant ("v") or struct ("r") of `contents`.
    mutating func open(_ type: String, _ contents: String) {
        run { m in sd_bus_message_open_container(m, code(type), contents) }
    }

    mutating func close() { run { m in sd_bus_message_close_container(m) } }
}

/// Reads values from an sd-bus message in order; nil when the next value is missing or of another type
/// (`result` then holds sd-bus's error, to return to the caller).
struct MessageReader {
    let message: OpaquePointer
    private(set) var result: Int32 = -EINVAL

    init(_ message: OpaquePointer) { self.message = message }

    /// Whether sd-bus read a value (r > 0); otherwise keeps the error.
    private mutating func check(_ r: Int32) -> Bool {
        if r <= 0 { result = r < 0 ? r : -EINVAL }
        return r > 0
    }

    mutating func int64() -> Int64? {
        var v: Int64 = 0
        return check(sd_bus_message_read_basic(message, code("x"), &v)) ? v : nil
    }

    mutating func double() -> Double? {
        var v = 0.0
        return check(sd_bus_message_read_basic(message, code("d"), &v)) ? v : nil
    }

    mutating func bool() -> Bool? {
        var v: Int32 = 0
        return check(sd_bus_message_read_basic(message, code("b"), &v)) ? v != 0 : nil
    }

    /// A string ("s") or object path ("o").
    mutating func string(type: String = "s") -> String? {
        var v: UnsafePointer<CChar>?
        guard check(sd_bus_message_read_basic(message, code(type), &v)), let v else { return nil }
        return String(cString: v)
    }

    /// An array of strings.
    mutating func strings() -> [String]? {
        guard check(sd_bus_message_enter_container(message, code("a"), "s")) else { return nil }
        var values: [String] = []
        while sd_bus_message_at_end(message, 0) == 0, let s = string() { values.append(s) }
        _ = sd_bus_message_exit_container(message)
        return values
    }
}
