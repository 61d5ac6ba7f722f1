/// The frames of a collection view's items along its one line, in content coordinates, computed once per layout
/// change. Items of one size (a carousel, a list: the common case) are kept as that size alone, so laying out
/// ten thousand of them holds no memory per item; items of different sizes keep a frame each.
struct ItemFrames {
    /// How many items there are.
    private(set) var count = 0
    /// The length of the line of items along the scroll axis.
    private(set) var length = 0.0
    private var horizontal = true
    /// Items are centred across the line, which is this long.
    private var across = 0.0
    private var spacing = 0.0
    /// The size of every item, while they all have one.
    private var uniform: Size?
    /// Each item's frame, once sizes differ.
    private var frames: [Rect] = []

    init() {}

    /// Items laid out one after another along the scroll axis, `spacing` apart, each centred across `across`.
    init(count: Int, horizontal: Bool, across: Double, spacing: Double, size: (Int) -> Size) {
        self.count = count
        self.horizontal = horizontal
        self.across = across
        self.spacing = spacing
        var pos = 0.0
        for i in 0..<count {
            let s = size(i)
            if i == 0 { uniform = s }
            if let u = uniform, u != s {
                frames = (0..<i).map { frame(at: $0) }
                frames.reserveCapacity(count)
                uniform = nil
            }
            if uniform == nil { frames.append(place(s, at: pos)) }
            pos += (horizontal ? s.width : s.height) + spacing
        }
        length = max(0, pos - (count > 0 ? spacing : 0))
    }

    /// Whether a frame is kept for each item (the items' sizes differ).
    var keepsFramePerItem: Bool { uniform == nil }

    /// The frame of item `i` (within `0..<count`).
    func frame(at i: Int) -> Rect {
        guard let u = uniform else { return frames[i] }
        return place(u, at: Double(i) * ((horizontal ? u.width : u.height) + spacing))
    }

    private func place(_ s: Size, at pos: Double) -> Rect {
        horizontal
            ? Rect(x: pos, y: (across - s.height) / 2, width: s.width, height: s.height)
            : Rect(x: (across - s.width) / 2, y: pos, width: s.width, height: s.height)
    }

    private func start(_ f: Rect) -> Double { horizontal ? f.minX : f.minY }
    private func end(_ f: Rect) -> Double { horizontal ? f.maxX : f.maxY }

    /// The items whose frames meet `lo..<hi` along the scroll axis, found by binary search: items follow one
    /// another along the axis (a negative spacing no larger than an item, as UIKit's flow layout allows).
    func range(meeting lo: Double, _ hi: Double) -> Range<Int> {
        var a = 0, b = count
        while a < b { let m = (a + b) / 2; if end(frame(at: m)) <= lo { a = m + 1 } else { b = m } }
        var last = a
        while last < count && start(frame(at: last)) < hi { last += 1 }
        return a..<last
    }

    /// The first item whose frame holds `p`.
    func index(at p: Point) -> Int? {
        let along = horizontal ? p.x : p.y
        var i = range(meeting: along, along).lowerBound
        while i < count && start(frame(at: i)) <= along {
            if frame(at: i).contains(p) { return i }
            i += 1
        }
        return nil
    }
}
