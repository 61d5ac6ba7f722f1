/// A font request: a size in points and a weight, resolved against the renderer's `FontLibrary`.
public struct Font: Hashable, Sendable {
    /// How heavy the strokes are (UIFont.Weight), from regular to bold.
    public enum Weight: Int, Hashable, Sendable, CaseIterable { case regular, medium, semibold, bold }

    public var size: Double
    public var weight: Weight

    public init(size: Double, weight: Weight = .regular) { self.size = size; self.weight = weight }

    public static func systemFont(ofSize size: Double) -> Font { Font(size: size) }
    public static func boldSystemFont(ofSize size: Double) -> Font { Font(size: size, weight: .bold) }
}
