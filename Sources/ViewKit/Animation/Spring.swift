import FoundationEssentials
import Glibc

/// A damped harmonic oscillator driving progress from 0 to 1 (UIKit's spring animations).
/// `dampingRatio` below 1 overshoots; `initialVelocity` is in UIKit's unit, the whole animation distance
/// per second. The stiffness is chosen so the oscillation has died down to 0.1 % by `duration`.
public struct Spring: Hashable, Sendable {
    public let duration: Double
    public let dampingRatio: Double
    public let initialVelocity: Double
    /// Undamped angular frequency (rad/s).
    public let omega: Double

    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        self.duration = max(duration, 1e-6)
        self.dampingRatio = max(dampingRatio, 0.01)
        self.initialVelocity = initialVelocity
        // Envelope e^(−ζ ω t) falls to 0.001 at the duration (for ζ ≥ 1, e^(−ω t)).
        omega = -log(0.001) / (min(self.dampingRatio, 1) * self.duration)
    }

    /// Displacement from the target (1 at the start) at time t.
    private func displacement(_ t: Double) -> Double {
        let z = dampingRatio, w = omega, x0 = 1.0, v0 = -initialVelocity
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (x0 * cos(wd * t) + (z * w * x0 + v0) / wd * sin(wd * t))
        }
        if z == 1 {
            return (x0 + (v0 + w * x0) * t) * exp(-w * t)
        }
        let s = w * (z * z - 1).squareRoot()
        let r1 = -z * w + s, r2 = -z * w - s
        let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Progress (may pass 1 while overshooting) at time t in seconds; exactly 1 from `duration` on.
    public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        return 1 - displacement(t)
    }
}
