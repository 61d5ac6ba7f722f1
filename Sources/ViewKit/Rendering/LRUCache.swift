/// A cache that evicts the least recently used entries once the total cost passes a budget.
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry { var value: Value; var cost: Int; var lastUse: UInt64 }
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    public private(set) var totalCost = 0
    public let budget: Int

    public init(budget: Int) { self.budget = budget }

    public var count: Int { entries.count }

    public mutating func value(for key: Key) -> Value? {
        guard var e = entries[key] else { return nil }
        clock += 1
        e.lastUse = clock
        entries[key] = e
        return e.value
    }

    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        clock += 1
        if let old = entries[key] { totalCost -= old.cost }
        entries[key] = Entry(value: value, cost: cost, lastUse: clock)
        totalCost += cost
        guard totalCost > budget else { return }
        // Evict oldest first, keeping the entry just inserted.
        for (k, e) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where totalCost > budget && k != key {
            entries[k] = nil
            totalCost -= e.cost
        }
    }

    public mutating func removeAll() { entries.removeAll(); totalCost = 0 }

    /// Drops the entries whose value no longer matters (say, a texture of an image that is gone).
    public mutating func removeAll(where isStale: (Value) -> Bool) {
        for (k, e) in entries where isStale(e.value) {
            entries[k] = nil
            totalCost -= e.cost
        }
    }
}
