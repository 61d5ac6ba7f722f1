/// The direction a paragraph is written in (NSWritingDirection).
public enum WritingDirection: Sendable {
    /// Taken from the text itself: its first strong character.
    case natural
    case leftToRight
    case rightToLeft

    /// The base direction of a paragraph by the Unicode bidirectional algorithm's rules P2–P3 (UAX #9): that of
    /// its first strong character, skipping isolated runs; left to right when it has none. Digits, punctuation
    /// and marks are not strong.
    public static func of(_ text: some StringProtocol) -> WritingDirection {
        var isolates = 0
        for s in text.unicodeScalars {
            switch s.value {
            case 0x2066...0x2068: isolates += 1                 // LRI, RLI, FSI
            case 0x2069: isolates = max(0, isolates - 1)        // PDI
            case _ where isolates > 0: continue
            case 0x200E: return .leftToRight                    // LRM
            case 0x200F, 0x061C: return .rightToLeft            // RLM, ALM
            default:
                guard isStrong(s) else { continue }
                return isInRightToLeftBlock(s) ? .rightToLeft : .leftToRight
            }
        }
        return .leftToRight
    }

    /// Letters are strong (bidi class L, R or AL); so are spacing marks outside the right-to-left blocks.
    private static func isStrong(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        case .spacingMark: !isInRightToLeftBlock(s)
        default: false
        }
    }

    /// The blocks whose letters are right to left: Hebrew to Arabic Extended-A (Syriac, Thaana, N'Ko, Samaritan,
    /// Mandaic among them), the Hebrew and Arabic presentation forms, and the historic right-to-left scripts.
    private static func isInRightToLeftBlock(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }
}
