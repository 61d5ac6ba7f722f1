import CSDL2

/// The render targets snapshots are drawn in, each used again once the snapshot drawn in it has gone. A
/// snapshot stays where it was drawn (no read-back from the GPU, no second texture), and the targets only
/// grow (see `GrowOnlyTarget`): a transition's two stills, taken again and again at any window size, reuse
/// the same two textures.
struct SnapshotTargets {
    private struct Slot {
        var target = GrowOnlyTarget()
        /// The snapshot drawn in the target, while it lives.
        weak var still: Texture?
    }

    private var slots: [Slot] = []

    /// The top-left `width` × `height` of a target no living snapshot uses, for a new snapshot: the smallest
    /// large enough already if there is one, else the largest, grown (a target is added when all are in use).
    /// Nil if SDL cannot make it.
    mutating func reserve(width: Int, height: Int, isOpaque: Bool, limit: Int, on renderer: OpaquePointer) -> Texture? {
        let free = slots.indices.filter { slots[$0].still == nil }
        func area(_ i: Int) -> Int { slots[i].target.texture.map { $0.width * $0.height } ?? 0 }
        let fitting = free.filter { i in slots[i].target.texture.map { $0.width >= width && $0.height >= height } ?? false }
        let index = fitting.min { area($0) < area($1) } ?? free.max { area($0) < area($1) }
            ?? { slots.append(Slot()); return slots.count - 1 }()
        guard let (whole, isNew) = slots[index].target.reserve(width: width, height: height, limit: limit, on: renderer) else {
            return nil
        }
        if isNew { texturesMade += 1 }
        let still = Texture(topLeftOf: whole, width: width, height: height, isOpaque: isOpaque)
        slots[index].still = still
        return still
    }

    /// How many targets there are, and how many textures were made for them (for tests).
    var count: Int { slots.count }
    private(set) var texturesMade = 0

    /// Lets go of every target (a living snapshot keeps its own until it goes).
    mutating func removeAll() { slots.removeAll() }
}
