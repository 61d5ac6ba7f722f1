/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2),
/// as CAMediaTimingFunction: maps elapsed time fraction to progress.
public struct TimingCurve: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let linear = TimingCurve(0, 0, 1, 1)
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)
    /// Core Animation's default curve.
    public static let `default` = TimingCurve(0.25, 0.1, 0.25, 1)

    private func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// Progress at time fraction x in 0…1: solve x(t) = x (Newton, then bisection), return y(t).
    public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        var t = x
        for _ in 0..<8 {
            let err = bezier(t, x1, x2) - x
            if abs(err) < 1e-9 { return bezier(t, y1, y2) }
            let d = slope(t, x1, x2)
            if abs(d) < 1e-9 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let v = bezier(t, x1, x2)
            if abs(v - x) < 1e-10 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return bezier(t, y1, y2)
    }
}
