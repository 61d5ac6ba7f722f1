import FoundationEssentials
import Glibc

/// How a scroll view's offset moves along one axis after the finger lifts, as an exact function of time
/// (so the result is the same at any frame rate):
/// momentum that decays by `rate` every millisecond (UIScrollView's deceleration rate), and, past an edge,
/// a critically damped spring back to it (the bounce).
public struct ScrollMotion: Sendable {
    /// Velocity decay per second, from the per-millisecond rate: v(t) = v0 · rate^(1000 t).
    public let lambda: Double
    public let start: Double
    public let velocity: Double
    public let range: ClosedRange<Double>
    public let bounces: Bool
    /// The spring's angular frequency for bounces (rad/s).
    public static let bounceOmega = 20.0
    /// Where the motion stops being tracked: within this distance and slower than `restSpeed`, it snaps to rest.
    /// Half a point: what is left of the glide then cannot be told apart on screen, and a carousel settles (and
    /// switches its track) as its cover visibly arrives — at 0.1 the decay's last tenths of a point took another
    /// 0.8 s at the default rate (0.3 s at a carousel's 0.995, where the speed limit ends it at about 0.4 pt), the
    /// title changing after the cover had stopped (a tester).
    public static let restDistance = 0.5
    public static let restSpeed = 2.0

    private enum Phase { case momentum(target: Double), springBack }
    private let phase: Phase
    /// For momentum that crosses an edge: when, and how fast.
    private let crossing: (time: Double, velocity: Double, edge: Double)?

    /// Momentum from `start` at `velocity` (points per second); starts with a spring when already past an edge.
    public init(start: Double, velocity: Double, rate: Double, range: ClosedRange<Double>, bounces: Bool = true) {
        self.lambda = -log(rate) * 1000
        self.start = start
        self.velocity = velocity
        self.range = range
        self.bounces = bounces
        if start < range.lowerBound - 1e-9 || start > range.upperBound + 1e-9 {
            phase = .springBack
            crossing = nil
            return
        }
        let target = start + velocity / lambda
        phase = .momentum(target: target)
        let edge = target > range.upperBound ? range.upperBound : (target < range.lowerBound ? range.lowerBound : nil)
        if let edge {
            // x(t) = target − (target − start) e^(−λt) reaches the edge at t = ln((target − start)/(target − edge)) / λ.
            let t = log((target - start) / (target - edge)) / lambda
            crossing = (t, lambda * (target - edge), edge)
        } else {
            crossing = nil
        }
    }

    /// Momentum that lands exactly on `target`: the start velocity is chosen for it (a changed target offset).
    public init(start: Double, target: Double, rate: Double, range: ClosedRange<Double>, bounces: Bool = true) {
        let lambda = -log(rate) * 1000
        self.init(start: start, velocity: (target - start) * lambda, rate: rate, range: range, bounces: bounces)
    }

    /// Where the motion comes to rest.
    public var restingPoint: Double {
        switch phase {
        case .springBack: return min(max(start, range.lowerBound), range.upperBound)
        case .momentum(let target): return crossing?.edge ?? target
        }
    }

    /// The offset `t` seconds after release.
    public func position(at t: Double) -> Double {
        let w = ScrollMotion.bounceOmega
        switch phase {
        case .springBack:
            let rest = restingPoint, x0 = start - rest, v0 = velocity
            return rest + (x0 + (v0 + w * x0) * t) * exp(-w * t)
        case .momentum(let target):
            if let c = crossing, t > c.time {
                guard bounces else { return c.edge }
                let tau = t - c.time
                return c.edge + c.velocity * tau * exp(-w * tau)
            }
            return target - (target - start) * exp(-lambda * t)
        }
    }

    /// The speed (points per second) `t` seconds after release.
    public func velocity(at t: Double) -> Double {
        let w = ScrollMotion.bounceOmega
        switch phase {
        case .springBack:
            let x0 = start - restingPoint, v0 = velocity
            return (v0 - w * (v0 + w * x0) * t) * exp(-w * t)
        case .momentum(let target):
            if let c = crossing, t > c.time {
                guard bounces else { return 0 }
                let tau = t - c.time
                return c.velocity * (1 - w * tau) * exp(-w * tau)
            }
            return lambda * (target - start) * exp(-lambda * t)
        }
    }

    /// Whether the motion has come to rest `t` seconds after release.
    public func isFinished(at t: Double) -> Bool {
        abs(position(at: t) - restingPoint) < ScrollMotion.restDistance && abs(velocity(at: t)) < ScrollMotion.restSpeed
    }

    /// The rubber band: how far content follows a drag of `overshoot` points past an edge, in a dimension `d`.
    public static func rubberBand(_ overshoot: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let x = abs(overshoot)
        let r = (1 - 1 / (x * 0.55 / d + 1)) * d
        return overshoot < 0 ? -r : r
    }
}
