import CFontconfig

/// A face fontconfig offers for characters the UI font lacks.
public struct FallbackFace: Hashable, Sendable {
    /// The font file and the face's index in it.
    public let path: String
    public let index: Int
    /// The face's weight as fontconfig reports it (`FC_WEIGHT`: 80 regular, 100 medium, 180 semibold, 200 bold).
    public let weight: Double
    /// fontconfig asks for a synthetic bold: no face at the wanted weight has the character.
    public let embolden: Bool
    /// Colour glyphs (emoji): drawn as they are, never tinted with the text colour.
    public let isColour: Bool
    /// The face has no outlines, only bitmaps of one size (Noto Color Emoji's 109 px strike): scaled to the line.
    public let isBitmap: Bool
}

/// Finds faces for characters through fontconfig: for each weight (and colour or not), fontconfig sorts the
/// system's fonts once, sans-serif first; a character takes the first face in that order that has it.
/// Both the sorted lists and each character's answer are kept, so drawing a frame asks fontconfig nothing.
final class FallbackFonts {
    private struct Request: Hashable { let weight: Font.Weight; let colour: Bool }
    private struct Lookup: Hashable { let scalar: Unicode.Scalar; let request: Request }
    /// One fontconfig sort: the fonts in order of preference and the pattern they were sorted for.
    private final class SortedFonts {
        let pattern: OpaquePointer
        let fonts: UnsafeMutablePointer<FcFontSet>?
        init(pattern: OpaquePointer) {
            self.pattern = pattern
            var result = FcResultNoMatch
            fonts = FcFontSort(nil, pattern, FcFalse, nil, &result)
        }
        deinit {
            if let fonts { FcFontSetDestroy(fonts) }
            FcPatternDestroy(pattern)
        }
    }

    private var sorted: [Request: SortedFonts] = [:]
    private var found: [Lookup: FallbackFace?] = [:]
    /// How many times fontconfig was asked to sort the fonts (for tests: once per weight, never per frame).
    private(set) var sorts = 0

    /// The first face fontconfig prefers for `scalar` at a weight, a colour face first when `colour`; nil when no
    /// installed font has it.
    func face(for scalar: Unicode.Scalar, weight: Font.Weight, colour: Bool) -> FallbackFace? {
        let lookup = Lookup(scalar: scalar, request: Request(weight: weight, colour: colour))
        if let known = found[lookup] { return known }
        let face = search(scalar, in: fonts(for: lookup.request))
        found[lookup] = face
        return face
    }

    private func fonts(for request: Request) -> SortedFonts {
        if let s = sorted[request] { return s }
        let pattern = FcPatternCreate()!
        _ = Array("sans-serif".utf8CString).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: FcChar8.self) { FcPatternAddString(pattern, FC_FAMILY, $0.baseAddress) }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, FallbackFonts.fontconfigWeight(request.weight))
        if request.colour { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        let s = SortedFonts(pattern: pattern)
        sorts += 1
        sorted[request] = s
        return s
    }

    private func search(_ scalar: Unicode.Scalar, in sorted: SortedFonts) -> FallbackFace? {
        guard let set = sorted.fonts?.pointee, let fonts = set.fonts else { return nil }
        for i in 0..<Int(set.nfont) {
            guard let font = fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                  FcCharSetHasChar(charset, scalar.value) == FcTrue else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0, weight = 0.0, colour = FcFalse, outline = FcTrue, embolden = FcFalse
            FcPatternGetInteger(font, FC_INDEX, 0, &index)
            FcPatternGetDouble(font, FC_WEIGHT, 0, &weight)
            FcPatternGetBool(font, FC_COLOR, 0, &colour)
            FcPatternGetBool(font, FC_OUTLINE, 0, &outline)
            // What fontconfig would draw this font with for the request (its synthetic-bold rule among others).
            if let prepared = FcFontRenderPrepare(nil, sorted.pattern, font) {
                FcPatternGetBool(prepared, FC_EMBOLDEN, 0, &embolden)
                FcPatternDestroy(prepared)
            }
            return FallbackFace(path: String(cString: file), index: Int(index), weight: weight,
                                embolden: embolden == FcTrue, isColour: colour == FcTrue, isBitmap: outline == FcFalse)
        }
        return nil
    }

    /// fontconfig's weight for a UI weight (fontconfig.h: FC_WEIGHT_REGULAR 80 … FC_WEIGHT_BOLD 200).
    static func fontconfigWeight(_ weight: Font.Weight) -> Int32 {
        switch weight {
        case .regular: FC_WEIGHT_REGULAR
        case .medium: FC_WEIGHT_MEDIUM
        case .semibold: FC_WEIGHT_DEMIBOLD
        case .bold: FC_WEIGHT_BOLD
        }
    }
}
