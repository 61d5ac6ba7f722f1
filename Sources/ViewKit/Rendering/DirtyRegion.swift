/// The pixels a frame redraws, as a few rectangles: each changed view's old and new place. Two rectangles are
/// joined only when their bounding box holds fewer pixels than the two apart (as LVGL joins its invalid areas),
/// so a change at the top and one at the bottom of the window do not redraw everything between them.
struct DirtyRegion {
    /// The target's extent: nothing outside it is redrawn.
    let bounds: PixelRect
    private(set) var rects: [PixelRect] = []

    /// Past this many rectangles a frame redraws their bounding box (walking the tree once per rectangle
    /// would cost more than the pixels it saves).
    static let maximumCount = 8

    init(bounds: PixelRect) { self.bounds = bounds }

    /// Adds `rect` (cut to the bounds), joining it with the rectangles it is cheaper to draw together with.
    mutating func add(_ rect: PixelRect) {
        var r = rect.intersection(bounds)
        guard !r.isEmpty, !rects.contains(where: { $0.contains(r) }) else { return }
        var joined = true
        while joined {
            joined = false
            if let i = rects.firstIndex(where: { $0.union(r).area <= $0.area + r.area }) {
                r = rects.remove(at: i).union(r)
                joined = true
            }
        }
        rects.append(r)
        if rects.count > DirtyRegion.maximumCount { rects = [boundingBox] }
    }

    /// The smallest rectangle holding every dirty one (empty when nothing is dirty).
    var boundingBox: PixelRect { DirtyRegion.boundingBox(of: rects) }

    static func boundingBox(of rects: [PixelRect]) -> PixelRect {
        rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    }

    /// How many pixels are redrawn.
    var area: Int { rects.reduce(0) { $0 + $1.area } }
}
