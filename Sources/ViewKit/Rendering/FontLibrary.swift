/// Where the UI font's files are: one file per weight. Characters the UI font lacks (emoji, CJK, Arabic …)
/// are drawn with the faces fontconfig finds for them (`FallbackFonts`).
public struct FontLibrary: Sendable {
    public var faces: [Font.Weight: String]

    public init(faces: [Font.Weight: String]) {
        self.faces = faces
    }

    /// The file for a weight: the nearest registered weight when the exact one is missing.
    public func path(for weight: Font.Weight) -> String? {
        if let p = faces[weight] { return p }
        let ordered = Font.Weight.allCases.sorted { abs($0.rawValue - weight.rawValue) < abs($1.rawValue - weight.rawValue) }
        return ordered.lazy.compactMap { faces[$0] }.first
    }
}
