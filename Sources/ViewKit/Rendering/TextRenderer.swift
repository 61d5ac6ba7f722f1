import CSDL2

/// Shapes text with SDL_ttf (HarfBuzz) into cached textures. Text is split into runs by the face that
/// has the glyphs (primary, then fall-backs) and by direction, so accents, CJK and right-to-left titles render.
/// Textures are white; labels tint them with a colour modulation, so one texture serves every colour.
@MainActor
public final class TextRenderer {
    public var library: FontLibrary { didSet { closeFonts(); textures.removeAll() } }

    private struct TextKey: Hashable { let text: String; let weight: Font.Weight; let pixels: Int }
    private struct Run { let text: String; let face: OpaquePointer; let rtl: Bool; let script: String }

    private let renderer: OpaquePointer
    /// One open face per font file, set to whatever size is needed (each face costs its font's tables, so
    /// a face per size would cost them again and again).
    private var faces: [String: OpaquePointer] = [:]
    private var faceSizes: [OpaquePointer: Int] = [:]
    private var textures = LRUCache<TextKey, Texture>(budget: 24 << 20)
    private var widths = LRUCache<TextKey, Double>(budget: 8192)

    /// Destroys the cached textures (before the SDL renderer that made them goes).
    func releaseTextures() { textures.removeAll() }

    init(renderer: OpaquePointer, library: FontLibrary) {
        self.renderer = renderer
        self.library = library
        if TTF_WasInit() == 0 { TTF_Init() }
    }

    /// Font metrics in points at a pixel scale.
    public func lineHeight(_ font: Font, scale: Double) -> Double {
        guard let f = face(library.path(for: font.weight), font, scale) else { return font.size * 1.2 }
        return Double(TTF_FontLineSkip(f)) / scale
    }

    /// The advance width of a single line, in points.
    public func width(of text: String, font: Font, scale: Double) -> Double {
        let key = TextKey(text: text, weight: font.weight, pixels: pixels(font, scale))
        if let w = widths.value(for: key) { return w }
        var total: Int32 = 0
        for run in runs(text, font: font, scale: scale) {
            var w: Int32 = 0, h: Int32 = 0
            configure(run)
            TTF_SizeUTF8(run.face, run.text, &w, &h)
            total += w
        }
        let w = Double(total) / scale
        widths.insert(w, for: key, cost: 1)
        return w
    }

    /// A white texture of one line of text at pixel size, cached.
    public func texture(for text: String, font: Font, scale: Double) -> Texture? {
        guard !text.isEmpty else { return nil }
        let key = TextKey(text: text, weight: font.weight, pixels: pixels(font, scale))
        if let t = textures.value(for: key) { return t }
        var visual = runs(text, font: font, scale: scale)
        if let first = visual.first(where: { $0.script != "Zyyy" }), first.rtl { visual.reverse() }
        var rendered: [(Surface, Int32)] = []
        for run in visual {
            configure(run)
            guard let s = Surface(taking: TTF_RenderUTF8_Blended(run.face, run.text, SDL_Color(r: 255, g: 255, b: 255, a: 255)))
            else { continue }
            rendered.append((s, TTF_FontAscent(run.face)))
        }
        guard !rendered.isEmpty else { return nil }
        let ascent = rendered.map(\.1).max() ?? 0
        let width = rendered.reduce(0) { $0 + $1.0.width }
        let height = rendered.map { Int(ascent - $0.1) + $0.0.height }.max() ?? 1
        guard let canvas = Surface(width: width, height: height) else { return nil }
        var x: Int32 = 0
        for (s, a) in rendered {
            SDL_SetSurfaceBlendMode(s.pointer, SDL_BLENDMODE_NONE)
            var dst = SDL_Rect(x: x, y: ascent - a, w: Int32(s.width), h: Int32(s.height))
            SDL_UpperBlit(s.pointer, nil, canvas.pointer, &dst)
            x += Int32(s.width)
        }
        guard let t = Texture(renderer: renderer, surface: canvas.pointer) else { return nil }
        textures.insert(t, for: key, cost: t.byteCount)
        return t
    }

    private func pixels(_ font: Font, _ scale: Double) -> Int { max(1, Int((font.size * scale).rounded())) }

    /// The face of a font file, at the font's pixel size.
    private func face(_ path: String?, _ font: Font, _ scale: Double) -> OpaquePointer? {
        guard let path else { return nil }
        let size = pixels(font, scale)
        let face: OpaquePointer
        if let f = faces[path] {
            face = f
        } else {
            guard let f = TTF_OpenFont(path, Int32(size)) else { return nil }
            TTF_SetFontHinting(f, TTF_HINTING_LIGHT_SUBPIXEL)
            faces[path] = f
            faceSizes[f] = size
            face = f
        }
        if faceSizes[face] != size {
            TTF_SetFontSize(face, Int32(size))
            faceSizes[face] = size
        }
        return face
    }

    private func configure(_ run: Run) {
        TTF_SetFontDirection(run.face, run.rtl ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        TTF_SetFontScriptName(run.face, run.script == "Zyyy" ? "Latn" : run.script)
    }

    /// Splits text where the face or the direction changes; neutral characters join the run they are in.
    private func runs(_ text: String, font: Font, scale: Double) -> [Run] {
        guard let primary = face(library.path(for: font.weight), font, scale) else { return [] }
        // Fall-back faces open only for text that needs them: a large CJK face costs megabytes at each size.
        var fallbacks: [OpaquePointer]?
        var runs: [Run] = []
        var current = ""
        var currentFace = primary
        var currentScript = "Zyyy"
        func flush() {
            guard !current.isEmpty else { return }
            runs.append(Run(text: current, face: currentFace, rtl: TextRenderer.isRTL(currentScript), script: currentScript))
            current = ""
        }
        for scalar in text.unicodeScalars {
            let script = TextRenderer.script(of: scalar)
            let neutral = script == "Zyyy"
            var f = currentFace
            if !neutral || TTF_GlyphIsProvided32(currentFace, scalar.value) == 0 {
                if TTF_GlyphIsProvided32(primary, scalar.value) != 0 {
                    f = primary
                } else {
                    if fallbacks == nil { fallbacks = library.fallbacks.compactMap { face($0, font, scale) } }
                    f = fallbacks?.first { TTF_GlyphIsProvided32($0, scalar.value) != 0 } ?? primary
                }
            }
            let newScript = neutral ? currentScript : script
            if f != currentFace || (newScript != currentScript && currentScript != "Zyyy") {
                flush()
            }
            currentFace = f
            currentScript = newScript
            current.unicodeScalars.append(scalar)
        }
        flush()
        return runs
    }

    private static func isRTL(_ script: String) -> Bool { script == "Hebr" || script == "Arab" }

    /// ISO 15924 script of a scalar, coarsely: the scripts whose shaping or direction differs.
    static func script(of s: Unicode.Scalar) -> String {
        switch s.value {
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "Hebr"
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "Arab"
        case 0x3040...0x30FF: return "Kana"
        case 0xAC00...0xD7AF, 0x1100...0x11FF: return "Hang"
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: return "Hani"
        default:
            let p = s.properties
            return p.isAlphabetic ? "Latn" : "Zyyy"
        }
    }

    private func closeFonts() {
        for f in faces.values { TTF_CloseFont(f) }
        faces.removeAll()
        faceSizes.removeAll()
        widths.removeAll()
    }
}
