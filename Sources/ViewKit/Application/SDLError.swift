import CSDL2

/// A failure reported by SDL, with SDL's own message.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let message: String

    /// Captures SDL_GetError() for the operation that just failed.
    public init(_ operation: String) {
        self.operation = operation
        self.message = String(cString: SDL_GetError())
    }

    /// A failure of `operation` for a reason SDL did not give.
    init(_ operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    public var description: String { "\(operation) failed: \(message)" }
}
