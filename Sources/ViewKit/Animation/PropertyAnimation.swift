/// How an animation's progress follows time.
public enum AnimationTiming: Hashable, Sendable {
    case curve(TimingCurve)
    case spring(Spring)

    /// Progress 0…1 (a spring may overshoot) after `elapsed` of `duration` seconds.
    func progress(elapsed: Double, duration: Double) -> Double {
        switch self {
        case .curve(let c): return duration > 0 ? c.progress(at: elapsed / duration) : 1
        case .spring(let s): return s.progress(at: elapsed)
        }
    }
}

/// The animations started by one `animate` call; calls its completion once all of them have ended,
/// with `finished == false` if any was interrupted.
@MainActor
final class AnimationGroup {
    private var completion: ((Bool) -> Void)?
    private var pending = 0
    private var committed = false
    private(set) var finished = true

    init(completion: ((Bool) -> Void)?) { self.completion = completion }

    func add() { pending += 1 }

    func end(finished done: Bool) {
        if !done { finished = false }
        pending -= 1
        fireIfDone()
    }

    /// The block has run: from now on, the group completes when its last animation ends.
    func commit() {
        committed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard committed, pending <= 0, let c = completion else { return }
        completion = nil
        c(finished)
    }
}

/// One property of one view moving from a value to another over time.
@MainActor
final class PropertyAnimation {
    let from: AnimatableValue
    let to: AnimatableValue
    let begin: Double
    let duration: Double
    let timing: AnimationTiming
    let group: AnimationGroup
    /// The value on screen as of the last tick.
    private(set) var current: AnimatableValue

    init(from: AnimatableValue, to: AnimatableValue, begin: Double, duration: Double, timing: AnimationTiming,
         group: AnimationGroup) {
        self.from = from; self.to = to; self.begin = begin; self.duration = duration
        self.timing = timing; self.group = group
        current = from
        group.add()
    }

    /// Moves to time `now`; returns false once the animation has reached its end.
    func update(now: Double) -> Bool {
        let elapsed = now - begin
        if elapsed < 0 { current = from; return true }
        if elapsed >= duration { current = to; return false }
        current = from.interpolated(to: to, fraction: timing.progress(elapsed: elapsed, duration: duration))
        return true
    }

    /// The presentation value at `now` without storing it (used when a new animation takes over).
    func value(at now: Double) -> AnimatableValue {
        let elapsed = now - begin
        if elapsed < 0 { return from }
        if elapsed >= duration { return to }
        return from.interpolated(to: to, fraction: timing.progress(elapsed: elapsed, duration: duration))
    }
}
