/// The bounding boxes of what the views' subtrees may draw, in the frame's target pixels, each
/// worked out once per frame and kept for the rest of it. The frame's walks ask for them many times — where each
/// changed view was and is, what covers each redrawn rectangle, where each view drawn lies — and worked out again
/// at each ask, a box cost a walk of the whole subtree (the root's, the whole tree) for each ancestor of each view
/// drawn. The tree does not change while a frame is drawn.
@MainActor
final class SubtreeBoxes {
    /// Unchecked for exclusivity (as the views' geometry is, see `View`): asked for hundreds of times a frame, and
    /// no access outlives the statement that makes it.
    @exclusivity(unchecked) private var boxes: [ObjectIdentifier: (transform: AffineTransform, box: Rect)] = [:]
    /// Between `beginFrame` and `endFrame`: outside a frame (a snapshot), nothing is kept.
    @exclusivity(unchecked) private var isKeeping = false

    init() {}

    /// Keeps the boxes worked out from now on, until `endFrame`.
    func beginFrame() { isKeeping = true }

    /// Forgets the frame's boxes: the tree may change before the next one (the table's room is kept for it).
    func endFrame() {
        isKeeping = false
        boxes.removeAll(keepingCapacity: true)
    }

    /// The bounding box of everything `view`'s subtree may draw under `m` (its transform to target pixels): its
    /// drawn extent with a pixel around it and, unless it clips to its bounds, its visible subviews' boxes. Kept
    /// from an earlier ask in the frame under the same transform, or worked out now (with its subviews').
    func box(of view: View, in m: AffineTransform) -> Rect {
        let id = ObjectIdentifier(view)
        if isKeeping, let kept = boxes[id], kept.transform == m { return kept.box }
        var box = m.apply(to: view.drawnContentBounds).insetBy(dx: -1, dy: -1)
        if !view.clipsToBounds {
            for s in view.subviews where !s.isHidden && s.presentationAlpha > 0 {
                box = box.union(self.box(of: s, in: s.presentationTransformToSuperview.concatenating(m)))
            }
        }
        if isKeeping { boxes[id] = (m, box) }
        return box
    }
}
