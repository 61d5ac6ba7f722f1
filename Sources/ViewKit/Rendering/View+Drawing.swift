extension View {
    /// Neither this view nor any ancestor is hidden.
    var isVisibleInTree: Bool {
        var v: View? = self
        while let x = v { if x.isHidden { return false }; v = x.superview }
        return true
    }

    /// How many things in this subtree draw, counting up to `limit` (a group needs compositing only from two).
    func drawingElementCount(limit: Int) -> Int {
        guard !isHidden, presentationAlpha > 0 else { return 0 }
        var count = drawsOwnContent ? 1 : 0
        for s in subviews where count < limit { count += s.drawingElementCount(limit: limit - count) }
        return count
    }

    var drawsOwnContent: Bool {
        (presentationBackgroundColor.map { $0.alpha > 0 } ?? false) || presentationBorderWidth > 0 || hasContent
    }

    /// Whether this view is drawn before `other` and outside its subtree, other than as one of its ancestors:
    /// then `other`, where it is opaque, hides this view's whole subtree.
    func isDrawn(below other: View) -> Bool {
        func chain(_ v: View) -> [View] {
            var path: [View] = [], x: View? = v
            while let y = x { path.append(y); x = y.superview }
            return path.reversed()
        }
        let mine = chain(self), theirs = chain(other)
        guard mine.first === theirs.first else { return false }
        var k = 0
        while k < mine.count && k < theirs.count && mine[k] === theirs[k] { k += 1 }
        // One is the other's ancestor (or they are the same view).
        guard k < mine.count, k < theirs.count else { return false }
        let order = mine[k - 1].subviewsInDrawingOrder
        guard let a = order.firstIndex(where: { $0 === mine[k] }), let b = order.firstIndex(where: { $0 === theirs[k] }) else { return false }
        return a < b
    }
}
