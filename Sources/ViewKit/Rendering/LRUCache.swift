/// A cache that evicts the least recently used entries once the total cost passes a budget.
/// Entries sit in a doubly linked list from most to least recently used, stored in an array whose freed slots
/// are reused, so a look-up, an insert and each eviction cost the same however many entries the cache holds.
public struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }
    private var nodes: [Node?] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?
    public private(set) var totalCost = 0
    /// The total cost kept; lowering it evicts the least recently used entries at once.
    public var budget: Int { didSet { evict(sparing: nil) } }
    /// Entries linked, unlinked or evicted by the last insert (counted for tests: it must not grow with the cache).
    private(set) var lastInsertWork = 0

    public init(budget: Int) { self.budget = budget }

    public var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used entry.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToFront(slot)
        return nodes[slot]?.value
    }

    /// Stores `value` as the most recently used entry, then evicts the least recently used others while the
    /// total cost is over budget.
    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        lastInsertWork = 1
        if let slot = slots[key] {
            totalCost += cost - (nodes[slot]?.cost ?? 0)
            nodes[slot]?.value = value
            nodes[slot]?.cost = cost
            moveToFront(slot)
        } else {
            let node = Node(key: key, value: value, cost: cost, newer: nil, older: nil)
            let slot: Int
            if let free = freeSlots.popLast() { slot = free; nodes[slot] = node } else { slot = nodes.count; nodes.append(node) }
            slots[key] = slot
            totalCost += cost
            linkAtFront(slot)
        }
        evict(sparing: key)
    }

    /// Drops `key`'s entry, if there is one, and returns its value (`NSCache.removeObject(forKey:)`).
    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        let value = nodes[slot]?.value
        remove(slot)
        return value
    }

    public mutating func removeAll() {
        nodes.removeAll(); freeSlots.removeAll(); slots.removeAll()
        newest = nil; oldest = nil; totalCost = 0
    }

    /// Drops the entries whose value no longer matters (say, a texture of an image that is gone).
    public mutating func removeAll(where isStale: (Value) -> Bool) {
        var slot = newest
        while let s = slot, let node = nodes[s] {
            slot = node.older
            if isStale(node.value) { remove(s) }
        }
    }

    /// The keys from least to most recently used (for tests).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = oldest
        while let s = slot, let node = nodes[s] { keys.append(node.key); slot = node.newer }
        return keys
    }

    /// Evicts the least recently used entries, other than `key`'s, while the total cost is over budget.
    private mutating func evict(sparing key: Key?) {
        while totalCost > budget, let victim = oldest, nodes[victim]?.key != key {
            remove(victim)
            lastInsertWork += 1
        }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    private mutating func linkAtFront(_ slot: Int) {
        nodes[slot]?.newer = nil
        nodes[slot]?.older = newest
        if let n = newest { nodes[n]?.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if let n = node.newer { nodes[n]?.older = node.older } else { newest = node.older }
        if let o = node.older { nodes[o]?.newer = node.newer } else { oldest = node.newer }
    }

    private mutating func remove(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        unlink(slot)
        slots[node.key] = nil
        totalCost -= node.cost
        nodes[slot] = nil
        freeSlots.append(slot)
    }
}
