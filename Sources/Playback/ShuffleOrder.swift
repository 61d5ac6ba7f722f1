/// A small, seedable random generator (SplitMix64), so shuffles can be reproduced in tests.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A play order that visits every track once: the given track first, the rest shuffled.
public enum ShuffleOrder {
    public static func make<G: RandomNumberGenerator>(count: Int, first: Int?, using rng: inout G) -> [Int] {
        var rest = (0..<count).filter { $0 != first }
        rest.shuffle(using: &rng)
        return (first.map { [$0] } ?? []) + rest
    }
}
