import CSDL2

/// A monotonic time source in seconds. The application and its animations read time only from here,
/// so tests and scripted runs inject a clock they control.
@MainActor
public protocol Clock: AnyObject {
    var now: Double { get }
}

/// Real time from SDL's performance counter.
public final class SystemClock: Clock {
    private let frequency = Double(SDL_GetPerformanceFrequency())
    public init() {}
    public var now: Double { Double(SDL_GetPerformanceCounter()) / frequency }
}

/// Time that moves only when told to: for tests and for deterministic scripted runs.
public final class ManualClock: Clock {
    public var now: Double
    public init(now: Double = 0) { self.now = now }
    public func advance(by seconds: Double) { now += seconds }
}
