/// The carousel's zoom and fade (SPEC C4, C5), as pure functions of a cover's distance from the centre.
public enum CoverZoom {
    public static let tolerance = 0.02
    public static let factor = 0.105
    public static let minimumScale = 0.860091
    public static let maximumScale = 1.0

    /// C4: `1 + 0.02 − (d / centreX) × 0.105`, clamped to [0.860091, 1].
    public static func scale(distance d: Double, centerX: Double) -> Double {
        guard centerX > 0 else { return maximumScale }
        let s = 1 + tolerance - (abs(d) / centerX) * factor
        return min(maximumScale, max(minimumScale, s))
    }

    /// C5: scale 0.86…1 maps linearly to alpha 0.25…1.
    public static func alpha(forScale s: Double) -> Double {
        (1.0 - 0.25) * (s - 0.86) / (1.0 - 0.86) + 0.25
    }
}
