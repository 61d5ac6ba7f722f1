@testable import ViewKit

/// What fontconfig finds on this machine, for tests that skip when a font is not installed.
enum SystemFonts {
    static var hasColourEmoji: Bool {
        FallbackFonts().face(for: "\u{1F525}", weight: .regular, colour: true)?.isColour == true
    }

    /// Whether a face of at least fontconfig's bold weight (200) has the character.
    static func hasBold(for scalar: Unicode.Scalar) -> Bool {
        (FallbackFonts().face(for: scalar, weight: .bold, colour: false)?.weight ?? 0) >= 200
    }
}
