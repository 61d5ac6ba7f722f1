import CBidi
import CSDL2

/// Shapes text with SDL_ttf (HarfBuzz) into cached textures. Text is split into runs by face and by direction
/// (each character's embedding level by the Unicode bidirectional algorithm, GNU FriBidi), and the runs are put
/// in visual order by its rule L2, so a right-to-left title with a Latin or Japanese name in it reads right:
/// the UI font where it has the glyph, else the face fontconfig prefers for the character at the same weight
/// (`FallbackFonts`: CJK, Arabic, Hebrew …), and a colour face for emoji. White glyphs go to one texture that
/// labels tint with a colour modulation, so one texture serves every colour; colour glyphs to a second, drawn as is.
@MainActor
public final class TextRenderer {
    public var library: FontLibrary { didSet { closeFonts(); textures.removeAll() } }

    /// One line drawn: white glyphs to tint with the text colour, and colour glyphs (emoji) to draw as they are.
    /// Both textures, when there, are the line's size in pixels.
    public struct LineTextures {
        public let glyphs: Texture?
        public let colour: Texture?
        public let width: Int
        public let height: Int
        var byteCount: Int { (glyphs?.byteCount ?? 0) + (colour?.byteCount ?? 0) }
    }

    private struct TextKey: Hashable {
        let text: String
        let weight: Font.Weight
        let pixels: Int
        var direction = WritingDirection.natural
    }
    private struct FaceKey: Hashable { let path: String; let index: Int; let embolden: Bool }
    /// An open face as a run uses it: colour faces draw untinted; a bitmap face is scaled by `scale` to the line.
    private struct Face {
        let handle: OpaquePointer
        var fallback: FallbackFace?
        var scale = 1.0
        var isColour: Bool { fallback?.isColour ?? false }
    }
    private struct Run {
        let text: String
        let face: Face
        let script: String
        /// The embedding level: odd runs right to left.
        let level: Int8
        var rtl: Bool { level % 2 == 1 }
    }

    private let renderer: OpaquePointer
    /// One open face per font file, set to whatever size is needed (each face costs its font's tables, so
    /// a face per size would cost them again and again).
    private var faces: [FaceKey: OpaquePointer] = [:]
    private var faceSizes: [OpaquePointer: Int] = [:]
    /// The font files the faces read, in memory; let go only after every face of theirs is closed.
    private var fontFiles: [String: FileBytes] = [:]
    /// fontconfig's answers, kept for the renderer's life.
    let fallbacks = FallbackFonts()
    private var textures = LRUCache<TextKey, LineTextures>(budget: 24 << 20)
    private var widths = LRUCache<TextKey, Double>(budget: 8192)

    /// Destroys the cached textures (before the SDL renderer that made them goes).
    func releaseTextures() { textures.removeAll() }

    /// Faces this renderer opened itself (tests count them: those of faces opened ahead are not).
    private(set) var facesOpened = 0

    /// A text renderer drawing with `renderer`; with `opened`, it takes the UI font's faces opened ahead (those of a
    /// library since changed are closed at the first change, as its own).
    init(renderer: OpaquePointer, library: FontLibrary, opened: OpenedFaces? = nil) {
        self.renderer = renderer
        self.library = library
        for face in opened?.take() ?? [] {
            fontFiles[face.path] = face.file
            adopt(face.handle, as: FaceKey(path: face.path, index: 0, embolden: false), size: face.size)
        }
        if TTF_WasInit() == 0 { TTF_Init() }
    }

    /// Closes the faces before their mapped files go.
    isolated deinit { closeFonts() }

    /// Font metrics in points at a pixel scale.
    public func lineHeight(_ font: Font, scale: Double) -> Double {
        guard let f = primary(font, scale) else { return font.size * 1.2 }
        return Double(TTF_FontLineSkip(f)) / scale
    }

    /// The advance width of a single line, in points.
    public func width(of text: String, font: Font, scale: Double) -> Double {
        let key = TextKey(text: text, weight: font.weight, pixels: pixels(font, scale))
        if let w = widths.value(for: key) { return w }
        var total = 0
        for run in runs(text, font: font, scale: scale) {
            var w: Int32 = 0, h: Int32 = 0
            configure(run)
            TTF_SizeUTF8(run.face.handle, run.text, &w, &h)
            total += scaled(Int(w), run.face)
        }
        let w = Double(total) / scale
        widths.insert(w, for: key, cost: 1)
        return w
    }

    /// One line of text at pixel size, cached; `direction` is its paragraph's (a wrapped line of a right-to-left
    /// paragraph stays right to left though it starts with a Latin word).
    public func textures(for text: String, font: Font, scale: Double, direction: WritingDirection = .natural) -> LineTextures? {
        guard !text.isEmpty else { return nil }
        let key = TextKey(text: text, weight: font.weight, pixels: pixels(font, scale), direction: direction)
        if let t = textures.value(for: key) { return t }
        let visual = TextRenderer.visualOrder(runs(text, font: font, scale: scale, direction: direction))
        var rendered: [(surface: Surface, ascent: Int, isColour: Bool)] = []
        for run in visual {
            configure(run)
            guard var s = Surface(taking: TTF_RenderUTF8_Blended(run.face.handle, run.text, SDL_Color(r: 255, g: 255, b: 255, a: 255)))
            else { continue }
            if run.face.scale != 1 {
                guard let small = s.resampled(width: scaled(s.width, run.face), height: scaled(s.height, run.face)) else { continue }
                s = small
            }
            rendered.append((s, scaled(Int(TTF_FontAscent(run.face.handle)), run.face), run.face.isColour))
        }
        guard !rendered.isEmpty else { return nil }
        let ascent = rendered.map(\.ascent).max() ?? 0
        let width = rendered.reduce(0) { $0 + $1.surface.width }
        let height = rendered.map { ascent - $0.ascent + $0.surface.height }.max() ?? 1
        var glyphs: Surface?, colour: Surface?
        var x = 0
        for r in rendered {
            let layer = r.isColour ? colour ?? Surface(width: width, height: height) : glyphs ?? Surface(width: width, height: height)
            guard let layer else { return nil }
            if r.isColour { colour = layer } else { glyphs = layer }
            SDL_SetSurfaceBlendMode(r.surface.pointer, SDL_BLENDMODE_NONE)
            var dst = SDL_Rect(x: Int32(x), y: Int32(ascent - r.ascent), w: Int32(r.surface.width), h: Int32(r.surface.height))
            SDL_UpperBlit(r.surface.pointer, nil, layer.pointer, &dst)
            x += r.surface.width
        }
        let line = LineTextures(glyphs: glyphs.flatMap { Texture(renderer: renderer, surface: $0.pointer) },
                                colour: colour.flatMap { Texture(renderer: renderer, surface: $0.pointer) },
                                width: width, height: height)
        textures.insert(line, for: key, cost: line.byteCount)
        return line
    }

    /// The texts of a line's runs as they are drawn, left to right (for tests and inspection).
    func visualRuns(for text: String, font: Font, scale: Double, direction: WritingDirection = .natural) -> [String] {
        TextRenderer.visualOrder(runs(text, font: font, scale: scale, direction: direction)).map(\.text)
    }

    /// Rule L2 of the bidirectional algorithm on whole runs: from the highest level down to the lowest odd one,
    /// every stretch of runs at that level or higher is reversed.
    private static func visualOrder(_ logical: [Run]) -> [Run] {
        var runs = logical
        guard let highest = runs.map(\.level).max(), let lowestOdd = runs.map(\.level).filter({ $0 % 2 == 1 }).min() else { return runs }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var i = 0
            while i < runs.count {
                guard runs[i].level >= level else { i += 1; continue }
                var end = i
                while end < runs.count, runs[end].level >= level { end += 1 }
                runs[i..<end].reverse()
                i = end
            }
        }
        return runs
    }

    /// Each code point's embedding level in a paragraph of `direction` (all 0 when the algorithm cannot run).
    private static func levels(of scalars: [Unicode.Scalar], direction: WritingDirection) -> [Int8] {
        var levels = [Int8](repeating: 0, count: scalars.count)
        let codes = scalars.map(\.value)
        let base: Int32 = switch direction { case .natural: 0; case .leftToRight: 1; case .rightToLeft: 2 }
        if np_bidi_levels(codes, Int32(codes.count), base, &levels) != 0 { return [Int8](repeating: 0, count: scalars.count) }
        return levels
    }

    /// The fontconfig faces a line uses besides the UI font, in logical order (for tests and inspection).
    func fallbackFaces(for text: String, font: Font, scale: Double) -> [FallbackFace] {
        runs(text, font: font, scale: scale).compactMap(\.face.fallback)
    }

    private func pixels(_ font: Font, _ scale: Double) -> Int { max(1, Int((font.size * scale).rounded())) }

    private func scaled(_ length: Int, _ face: Face) -> Int {
        face.scale == 1 ? length : max(1, Int((Double(length) * face.scale).rounded()))
    }

    /// The UI font's face for a font's weight, at its pixel size.
    private func primary(_ font: Font, _ scale: Double) -> OpaquePointer? {
        guard let path = library.path(for: font.weight) else { return nil }
        return face(FaceKey(path: path, index: 0, embolden: false), pixels(font, scale))
    }

    /// The face of a font file, at a pixel size (a bitmap face keeps its one size: SDL_ttf takes the size as the
    /// index of a strike and clamps it).
    private func face(_ key: FaceKey, _ size: Int) -> OpaquePointer? {
        let face: OpaquePointer
        if let f = faces[key] {
            face = f
        } else {
            guard let f = open(key, size) else { return nil }
            facesOpened += 1
            adopt(f, as: key, size: size)
            face = f
        }
        if faceSizes[face] != size {
            TTF_SetFontSize(face, Int32(size))
            faceSizes[face] = size
        }
        return face
    }

    /// Makes an open face this renderer's, with the synthetic bold `key` asks for.
    private func adopt(_ face: OpaquePointer, as key: FaceKey, size: Int) {
        if key.embolden { TTF_SetFontStyle(face, TTF_STYLE_BOLD) }
        faces[key] = face
        faceSizes[face] = size
    }

    /// A face of a font file, read from the file's bytes in memory (from the file itself when they cannot be had).
    private func open(_ key: FaceKey, _ size: Int) -> OpaquePointer? {
        if fontFiles[key.path] == nil { fontFiles[key.path] = FileBytes(path: key.path) }
        if let file = fontFiles[key.path], let face = TextRenderer.openFace(in: file, size: size, index: key.index) { return face }
        return TextRenderer.hinted(TTF_OpenFontIndex(key.path, Int32(size), key.index))
    }

    /// The face `index` of a font file's bytes in memory, at `size` pixels, hinted as text is drawn (any thread:
    /// SDL_ttf initialised).
    nonisolated static func openFace(in file: FileBytes, size: Int, index: Int) -> OpaquePointer? {
        guard file.count <= Int(Int32.max), let rw = SDL_RWFromConstMem(file.base, Int32(file.count)) else { return nil }
        return hinted(TTF_OpenFontIndexRW(rw, 1, Int32(size), index))
    }

    /// A face set to the hinting text is drawn with (light, subpixel): before it measures anything, as HarfBuzz keeps
    /// the advances it measured under the hinting of that moment.
    private nonisolated static func hinted(_ face: OpaquePointer?) -> OpaquePointer? {
        if let face { TTF_SetFontHinting(face, TTF_HINTING_LIGHT_SUBPIXEL) }
        return face
    }

    /// The face fontconfig prefers for a character the UI font lacks, opened at the font's size; a bitmap face is
    /// scaled so that its height matches the UI font's.
    private func fallback(for scalar: Unicode.Scalar, font: Font, scale: Double, colour: Bool, primary: OpaquePointer) -> Face? {
        guard let found = fallbacks.face(for: scalar, weight: font.weight, colour: colour),
              // Outlines only: SDL_ttf's synthetic bold outlines a colour bitmap in white.
              let handle = face(FaceKey(path: found.path, index: found.index, embolden: found.embolden && !found.isBitmap),
                                pixels(font, scale)),
              TTF_GlyphIsProvided32(handle, scalar.value) != 0 else { return nil }
        var f = Face(handle: handle, fallback: found)
        if found.isBitmap { f.scale = Double(TTF_FontHeight(primary)) / Double(max(1, TTF_FontHeight(handle))) }
        return f
    }

    private func configure(_ run: Run) {
        TTF_SetFontDirection(run.face.handle, run.rtl ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        TTF_SetFontScriptName(run.face.handle, run.script == "Zyyy" ? "Latn" : run.script)
    }

    /// Splits text where the face, the script or the embedding level changes; neutral characters join the run
    /// they are in (when their level allows), except emoji, which take a colour face when there is one.
    private func runs(_ text: String, font: Font, scale: Double, direction: WritingDirection = .natural) -> [Run] {
        guard let primaryHandle = primary(font, scale) else { return [] }
        let primary = Face(handle: primaryHandle)
        let scalars = Array(text.unicodeScalars)
        let levels = TextRenderer.levels(of: scalars, direction: direction)
        var runs: [Run] = []
        var current = ""
        var currentFace = primary
        var currentScript = "Zyyy"
        var currentLevel = levels.first ?? 0
        func flush() {
            guard !current.isEmpty else { return }
            runs.append(Run(text: current, face: currentFace, script: currentScript, level: currentLevel))
            current = ""
        }
        for (i, scalar) in scalars.enumerated() {
            let script = TextRenderer.script(of: scalar)
            let neutral = script == "Zyyy"
            let emoji = scalar.properties.isEmojiPresentation
                || (scalar.properties.isEmoji && i + 1 < scalars.count && scalars[i + 1] == "\u{FE0F}")
            // A colour face keeps what joins emoji (ZWJ, variation selector, keycap, tags; HarfBuzz drops those it
            // lacks) but not digits or spaces.
            let joinsEmoji = [0x200D, 0xFE0F, 0x20E3].contains(scalar.value) || (0xE0020...0xE007F).contains(scalar.value)
            let stays = currentFace.isColour ? joinsEmoji
                : neutral && !emoji && TTF_GlyphIsProvided32(currentFace.handle, scalar.value) != 0
            var f = currentFace
            if !stays {
                if emoji, let e = fallback(for: scalar, font: font, scale: scale, colour: true, primary: primaryHandle), e.isColour {
                    f = e
                } else if TTF_GlyphIsProvided32(primaryHandle, scalar.value) != 0 {
                    f = primary
                } else {
                    f = fallback(for: scalar, font: font, scale: scale, colour: false, primary: primaryHandle) ?? primary
                }
            }
            let newScript = neutral ? currentScript : script
            if f.handle != currentFace.handle || (newScript != currentScript && currentScript != "Zyyy") || levels[i] != currentLevel {
                flush()
            }
            currentFace = f
            currentScript = newScript
            currentLevel = levels[i]
            current.unicodeScalars.append(scalar)
        }
        flush()
        return runs
    }

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
        fontFiles.removeAll()
        widths.removeAll()
    }
}
