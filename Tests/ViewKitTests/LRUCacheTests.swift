import Testing
@testable import ViewKit

/// The cache behind text widths, text textures and picture textures: least recently used entries go first,
/// and making room costs the same however many entries the cache holds (issue 13, defect 8).
struct LRUCacheTests {
    @Test func aFullCacheEvictsWithConstantWork() {
        // The text renderer's width cache: 8,192 entries of cost 1.
        var cache = LRUCache<String, Double>(budget: 8192)
        for i in 0..<8192 { cache.insert(Double(i), for: "warm \(i)", cost: 1) }
        #expect(cache.count == 8192)
        var most = 0
        for i in 0..<4096 {
            cache.insert(Double(i), for: "new \(i)", cost: 1)
            most = max(most, cache.lastInsertWork)
        }
        #expect(cache.count == 8192 && cache.totalCost == 8192)
        // Linking the new entry and unlinking the one evicted: a handful of entries touched, not 8,192.
        #expect(most <= 4, "an insert into a full cache touched \(most) entries")
        // A costly entry evicts several: the work follows what is evicted, one unit each, not the cache's size.
        cache.insert(0, for: "large", cost: 10)
        #expect(cache.count == 8192 - 9)
        #expect(cache.lastInsertWork <= 2 + 10, "evicting 10 entries touched \(cache.lastInsertWork)")
    }

    /// `removeValue(for:)` drops one entry and its cost, as `NSCache.removeObject(forKey:)` does; the others keep
    /// their order.
    @Test func removingAValueDropsItAndItsCost() {
        var cache = LRUCache<String, Int?>(budget: 10)
        cache.insert(1, for: "a", cost: 2)
        cache.insert(nil, for: "b", cost: 3)
        cache.insert(3, for: "c", cost: 4)
        #expect(cache.removeValue(for: "b") == .some(nil), "a stored nil comes back as a stored nil")
        #expect(cache.removeValue(for: "b") == nil, "gone")
        #expect(cache.count == 2 && cache.totalCost == 6)
        #expect(cache.keysByRecency == ["a", "c"])
        cache.insert(4, for: "d", cost: 5)
        #expect(cache.keysByRecency == ["c", "d"], "a, least recently used, evicted to fit the budget of 10")
    }

    @Test func evictsInLeastRecentlyUsedOrderLikeAReferenceModel() {
        var rng = SplitMix(seed: 13)
        for round in 0..<20 {
            let budget = 1 + Int(rng.next() % 40)
            var cache = LRUCache<Int, Int>(budget: budget)
            var model = ReferenceLRU(budget: budget)
            for step in 0..<2000 {
                let key = Int(rng.next() % 30)
                switch rng.next() % 10 {
                case 0..<5:
                    let cost = Int(rng.next() % 6)
                    cache.insert(step, for: key, cost: cost)
                    model.insert(step, for: key, cost: cost)
                case 5..<9:
                    #expect(cache.value(for: key) == model.value(for: key), "round \(round) step \(step): value of \(key)")
                default:
                    let odd = rng.next() % 2 == 0
                    cache.removeAll { ($0 % 2 == 1) == odd }
                    model.removeAll { ($0 % 2 == 1) == odd }
                }
                #expect(cache.keysByRecency == model.keys, "round \(round) step \(step)")
                #expect(cache.totalCost == model.totalCost && cache.count == model.keys.count)
            }
            cache.removeAll()
            #expect(cache.count == 0 && cache.totalCost == 0 && cache.keysByRecency.isEmpty)
        }
    }
}

/// The LRU rule written plainly: keys from least to most recently used; an insert past the budget drops
/// the least recently used entries other than the one just inserted until the total fits.
private struct ReferenceLRU {
    var keys: [Int] = []
    var entries: [Int: (value: Int, cost: Int)] = [:]
    let budget: Int
    init(budget: Int) { self.budget = budget }

    var totalCost: Int { entries.values.reduce(0) { $0 + $1.cost } }

    mutating func value(for key: Int) -> Int? {
        guard let e = entries[key] else { return nil }
        touch(key)
        return e.value
    }

    mutating func insert(_ value: Int, for key: Int, cost: Int) {
        entries[key] = (value, cost)
        touch(key)
        while totalCost > budget, let oldest = keys.first(where: { $0 != key }) {
            keys.removeAll { $0 == oldest }
            entries[oldest] = nil
        }
    }

    mutating func removeAll(where isStale: (Int) -> Bool) {
        keys.removeAll { isStale(entries[$0]!.value) }
        entries = entries.filter { !isStale($0.value.value) }
    }

    private mutating func touch(_ key: Int) {
        keys.removeAll { $0 == key }
        keys.append(key)
    }
}

/// A small seeded generator, so a failing round can be replayed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
