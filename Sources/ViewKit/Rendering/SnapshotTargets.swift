import CSDL2

/// The render targets snapshots are drawn in. A snapshot stays where it was drawn (no read-back from the GPU,
/// no second texture). On GPU renderers the targets are kept, each used again once the snapshot drawn in it
/// has gone, and only grow (see `GrowOnlyTarget`): a transition's two stills, taken again and again at any
/// window size, reuse the same two textures. On the software renderer, where a target is memory like any
/// other, each still gets a target of its own size that goes with it: nothing is held between transitions.
struct SnapshotTargets {
    /// Whether targets are kept for later snapshots.
    let keepsTargets: Bool

    private struct Slot {
        var target = GrowOnlyTarget()
        /// The snapshot drawn in the target, while it lives.
        weak var still: Texture?
    }

    private var slots: [Slot] = []

    init(keepsTargets: Bool) { self.keepsTargets = keepsTargets }

    /// For a new snapshot, a target of its own, `width` × `height`, in `format`; or where targets are kept (in
    /// ARGB, whatever `format` says), the top-left `width` × `height` of one no living snapshot uses: the
    /// smallest large enough already if there is one, else the largest, grown (a target is added when all are
    /// in use). Nil if SDL cannot make it.
    mutating func reserve(width: Int, height: Int, format: UInt32, isOpaque: Bool, limit: Int, on renderer: OpaquePointer) -> Texture? {
        guard keepsTargets else {
            let target = SDL_CreateTexture(renderer, format,
                                           Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width), Int32(height))
            return target.map { Texture(handle: $0, width: width, height: height, isOpaque: isOpaque) }
        }
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
}
