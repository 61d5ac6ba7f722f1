import Testing
@testable import Playback

/// SPEC P1–P3 as properties over many random seeds.
struct QueueTests {
    static let seeds: [UInt64] = Array(1...60)

    @Test(arguments: seeds)
    func shufflePlaysEveryTrackOnceBeforeAnyRepeats(seed: UInt64) {
        let count = Int(seed % 9) + 2
        var q = Queue(count: count, current: Int(seed % UInt64(count)), seed: seed)
        q.repeatMode = .all
        q.setShuffled(true)
        var heard = [q.current]
        for _ in 1..<count { heard.append(q.next()!) }
        #expect(Set(heard).count == count, "one pass covers every track exactly once")
        // The next pass is again a full permutation that does not repeat the last track straight away.
        var second = [q.next()!]
        #expect(second[0] != heard.last!)
        for _ in 1..<count { second.append(q.next()!) }
        #expect(Set(second).count == count)
    }

    /// Tracks read later join the queue: after the others in album order; shuffled, among the tracks not yet
    /// played, so the pass still plays every track exactly once (SPEC P2).
    @Test(arguments: seeds)
    func appendedTracksJoinThePass(seed: UInt64) {
        var plain = Queue(count: 3, seed: seed)
        plain.append(count: 2)
        #expect(plain.order == [0, 1, 2, 3, 4] && plain.count == 5)
        var q = Queue(count: 5, seed: seed)
        q.setShuffled(true)
        var heard = [q.current, q.next()!]
        q.append(count: 4)
        #expect(q.count == 9)
        #expect(Array(q.order.prefix(2)) == heard, "what was played stays where it was")
        while let n = q.next() { heard.append(n) }
        #expect(heard.count == 9 && Set(heard) == Set(0..<9), "every track once, the new ones included")
    }

    @Test(arguments: seeds)
    func shuffleOffReturnsToAlbumOrderFromTheCurrentTrack(seed: UInt64) {
        var q = Queue(count: 10, seed: seed)
        q.setShuffled(true)
        for _ in 0..<Int(seed % 7) { _ = q.next() }
        let now = q.current
        q.setShuffled(false)
        #expect(q.current == now)
        if now < 9 { #expect(q.next() == now + 1) } else { #expect(q.next() == nil) }
    }

    @Test func repeatCyclesOffAllOne() {
        #expect(Queue.Repeat.off.next == .all && Queue.Repeat.all.next == .one && Queue.Repeat.one.next == .off)
    }

    @Test func endOfTrackFollowsRepeat() {
        var q = Queue(count: 3, current: 2, seed: 1)
        #expect(q.trackEnded() == nil, "SPEC P3: repeat off stops after the last track")
        q.repeatMode = .all
        #expect(q.trackEnded() == 0, "repeat all wraps")
        q.repeatMode = .one
        #expect(q.trackEnded() == 0, "repeat one plays the same track again")
        #expect(q.trackEnded() == 0)
        q.repeatMode = .off
        #expect(q.trackEnded() == 1)
    }

    @Test(arguments: [0.0, 1.5, 3.0, 3.01, 42.0])
    func previousRestartsAfterThreeSeconds(position: Double) {
        var q = Queue(count: 5, current: 3, seed: 1)
        let index = q.previous(at: position)
        #expect(index == (position > 3 ? 3 : 2), "SPEC P1")
    }

    @Test func previousAtTheStart() {
        var q = Queue(count: 5, current: 0, seed: 1)
        #expect(q.previous(at: 0) == 0, "stays on the first track")
        q.repeatMode = .all
        #expect(q.previous(at: 0) == 4, "wraps with repeat all")
    }

    @Test func selectKeepsTheOrder() {
        var q = Queue(count: 6, seed: 9)
        q.setShuffled(true)
        let order = q.order
        q.select(order[3])
        #expect(q.current == order[3] && q.order == order)
        #expect(q.next() == order[4])
    }
}
