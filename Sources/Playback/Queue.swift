/// The order tracks play in and the rules of SPEC P1–P3: album order; shuffle plays every track once before
/// any repeats and turning it off returns to album order from the current track; repeat off → all → one;
/// previous restarts the track when more than 3 s in; the end of the queue with repeat off stops.
public struct Queue: Sendable {
    public enum Repeat: String, Sendable, CaseIterable, Codable {
        case off, all, one
        /// off → all → one → off.
        public var next: Repeat { self == .off ? .all : (self == .all ? .one : .off) }
    }

    /// Seconds into a track after which "previous" restarts it instead.
    public static let restartThreshold = 3.0

    public private(set) var count: Int
    /// Album indices in play order.
    public private(set) var order: [Int]
    /// Where in `order` playback is.
    public private(set) var cursor: Int
    public private(set) var isShuffled = false
    public var repeatMode: Repeat = .off
    private var rng: SeededGenerator

    public init(count: Int, current: Int = 0, seed: UInt64 = UInt64.random(in: 0...UInt64.max)) {
        self.count = count
        order = Array(0..<count)
        cursor = max(0, min(current, count - 1))
        rng = SeededGenerator(seed: seed)
    }

    /// The album index of the current track.
    public var current: Int { order.isEmpty ? 0 : order[cursor] }

    public mutating func setShuffled(_ on: Bool) {
        guard on != isShuffled, count > 0 else { isShuffled = on; return }
        let now = current
        isShuffled = on
        order = on ? ShuffleOrder.make(count: count, first: now, using: &rng) : Array(0..<count)
        cursor = on ? 0 : now
    }

    /// Tracks were added to the end of the album: in album order they follow; shuffled, they join the
    /// part of the order not yet played, so every track still plays once before any repeats.
    public mutating func append(count added: Int) {
        guard added > 0 else { return }
        let new = count..<(count + added)
        count += added
        if isShuffled {
            let played = order.isEmpty ? [] : Array(order[...cursor])
            var rest = Array(order.dropFirst(played.count)) + new
            rest.shuffle(using: &rng)
            order = played + rest
        } else {
            order += new
        }
    }

    /// Makes an album index current (a chosen cover, a tapped row), keeping the order.
    public mutating func select(_ index: Int) {
        guard let at = order.firstIndex(of: index) else { return }
        cursor = at
    }

    /// The user asked for the next track: wraps to the start (a new shuffle) only with repeat all.
    /// Returns nil at the end with repeat off.
    public mutating func next() -> Int? {
        guard count > 0 else { return nil }
        if cursor + 1 < order.count {
            cursor += 1
        } else if repeatMode != .off {
            wrap()
        } else {
            return nil
        }
        return current
    }

    /// The user asked for the previous track at `position` seconds: restart (returns the same index) when
    /// past the threshold or at the very start, else the previous in order.
    public mutating func previous(at position: Double) -> Int {
        if position > Queue.restartThreshold { return current }
        if cursor > 0 {
            cursor -= 1
        } else if repeatMode == .all {
            cursor = order.count - 1
        }
        return current
    }

    /// The current track played to its end: what plays next, or nil to stop (end of queue, repeat off).
    public mutating func trackEnded() -> Int? {
        switch repeatMode {
        case .one: return current
        case .all: return next()
        case .off: return cursor + 1 < order.count ? next() : nil
        }
    }

    /// Past the end with repeat all: album order again, or a fresh shuffle that does not start with the track just heard.
    private mutating func wrap() {
        if isShuffled {
            let last = current
            var fresh = ShuffleOrder.make(count: count, first: nil, using: &rng)
            if count > 1, fresh.first == last { fresh.swapAt(0, 1) }
            order = fresh
        }
        cursor = 0
    }
}
