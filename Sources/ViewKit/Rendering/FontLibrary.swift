import FoundationEssentials

/// Where the font files are: one file per weight for the primary face, then fall-back files
/// tried in order for characters the primary face lacks (CJK, Hebrew, Arabic …).
public struct FontLibrary: Sendable {
    public var faces: [Font.Weight: String]
    public var fallbacks: [String]

    public init(faces: [Font.Weight: String], fallbacks: [String] = FontLibrary.systemFallbacks) {
        self.faces = faces
        self.fallbacks = fallbacks.filter { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Fall-back faces commonly installed on Debian and Ubuntu (missing ones are skipped).
    public static let systemFallbacks = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    ]

    /// The file for a weight: the nearest registered weight when the exact one is missing.
    public func path(for weight: Font.Weight) -> String? {
        if let p = faces[weight] { return p }
        let ordered = Font.Weight.allCases.sorted { abs($0.rawValue - weight.rawValue) < abs($1.rawValue - weight.rawValue) }
        return ordered.lazy.compactMap { faces[$0] }.first
    }
}
