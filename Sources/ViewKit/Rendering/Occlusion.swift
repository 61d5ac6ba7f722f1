import CSDL2

/// What opaque views hide in the region a frame redraws. The topmost view that paints every pixel of the
/// region opaquely (an opaque background or content, full alpha all the way up, no rotation, nothing clipping
/// it) is its occluder: everything drawn before it in painter's order is hidden, so the renderer skips it; its
/// ancestors still draw what comes after it. Above it (or without one), the opaque view covering most of the
/// region (a carousel's backdrop in a region a pixel taller than it) is a partial cover: what lies wholly within
/// the pixels it covers is hidden too, and fills drawn before it leave those pixels out.
@MainActor
struct Occlusion {
    /// The view covering the whole region, if one does.
    private(set) var occluder: View?
    private var occluderAncestors: Set<ObjectIdentifier> = []
    /// False until the occluder has been drawn.
    private var passedOccluder = true
    /// The view covering most of the region, drawn after the occluder.
    private var partialCover: View?
    private var partialCoverAncestors: Set<ObjectIdentifier> = []
    /// The region's pixels the partial cover paints opaquely (in the frame's target).
    private(set) var covered = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var passedPartialCover = true
    /// The pixels of the region.
    private var regionArea = 0

    init() {}

    init(root: View, transform: AffineTransform, region: PixelRect, boxes: SubtreeBoxes) {
        regionArea = region.area
        occluder = Occlusion.topmost(in: root, transform: transform, region: region, boxes: boxes)
        if let occluder {
            passedOccluder = false
            occluderAncestors = Occlusion.ancestors(of: occluder)
        }
        if let (view, pixels) = Occlusion.largest(in: root, after: occluder, transform: transform, within: region, boxes: boxes) {
            partialCover = view
            covered = pixels
            passedPartialCover = false
            partialCoverAncestors = Occlusion.ancestors(of: view)
        }
    }

    private static func ancestors(of view: View) -> Set<ObjectIdentifier> {
        var set: Set<ObjectIdentifier> = []
        var v = view.superview
        while let a = v { set.insert(ObjectIdentifier(a)); v = a.superview }
        return set
    }

    /// Whether the whole subtree of `view` is hidden: under the occluder (and not it or one of its ancestors),
    /// or under the partial cover when `box`, the frame's pixels the subtree draws in (nil inside a group,
    /// drawn offscreen), lies within what it covers.
    func hides(_ view: View, box: PixelRect?) -> Bool {
        let id = ObjectIdentifier(view)
        if !passedOccluder { return view !== occluder && !occluderAncestors.contains(id) }
        guard !passedPartialCover, view !== partialCover, !partialCoverAncestors.contains(id), let box else { return false }
        return covered.contains(box)
    }

    /// Called as `view` draws its own content: false for the occluder's ancestors (whose backgrounds it
    /// covers); from the occluder on, everything draws (the partial cover's ancestors too: their fills leave
    /// out what it covers).
    mutating func reached(_ view: View) -> Bool {
        if view === occluder { passedOccluder = true }
        if view === partialCover { passedPartialCover = true }
        return passedOccluder
    }

    /// Whether `area` is a tenth of the region or more (as large as a partial cover may be).
    func isLarge(_ area: PixelRect) -> Bool { area.area * 10 >= regionArea }

    /// Whether the partial cover, not drawn yet, will paint some of `area` (target pixels).
    func covers(part area: PixelRect) -> Bool {
        !passedPartialCover && !covered.intersection(area).isEmpty
    }

    /// Whether the partial cover, not drawn yet, will paint all of `area`.
    func covers(all area: PixelRect) -> Bool {
        !passedPartialCover && covered.contains(area)
    }

    /// The pieces of `clip` a fill drawn now must still paint: all of it, or, before the partial cover is
    /// drawn, up to four rectangles around what it will cover.
    func exposed(_ clip: PixelRect) -> [PixelRect] {
        guard !passedPartialCover else { return [clip] }
        let c = covered.intersection(clip)
        guard !c.isEmpty else { return [clip] }
        return [PixelRect(x: clip.x, y: clip.y, width: clip.width, height: c.y - clip.y),
                PixelRect(x: clip.x, y: c.y + c.height, width: clip.width, height: clip.y + clip.height - c.y - c.height),
                PixelRect(x: clip.x, y: c.y, width: c.x - clip.x, height: c.height),
                PixelRect(x: c.x + c.width, y: c.y, width: clip.x + clip.width - c.x - c.width, height: c.height)]
            .filter { !$0.isEmpty }
    }

    /// The last view in drawing order that covers `region` opaquely: the occluder, without a partial cover
    /// looked for (all a changed view's place needs: is it under an opaque view drawn after it?). A subtree
    /// whose box does not hold the region holds no view that covers it, and is passed over.
    static func topmost(in view: View, transform parent: AffineTransform, region: PixelRect, boxes: SubtreeBoxes) -> View? {
        guard !view.isHidden, view.presentationAlpha >= 1 else { return nil }
        let m = view.presentationTransformToSuperview.concatenating(parent)
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0 else { return nil }
        guard boxes.box(of: view, in: m).holds(region) else { return nil }
        let covers = m.apply(to: view.presentationBounds).holds(region)
        // A clipping view that does not cover the region cuts its subviews short of covering it too.
        if view.clipsToBounds && !covers { return nil }
        for s in view.subviewsInDrawingOrder.reversed() {
            if let found = topmost(in: s, transform: m, region: region, boxes: boxes) { return found }
        }
        return covers && view.paintsOpaquely ? view : nil
    }

    /// The opaque view drawn after `occluder` covering the most pixels of `region`, and those pixels (none
    /// under a tenth of it). A subtree whose box lies outside what is left of the region is passed over.
    private static func largest(in root: View, after occluder: View?, transform: AffineTransform,
                                within region: PixelRect, boxes: SubtreeBoxes) -> (View, PixelRect)? {
        var best: (view: View, pixels: PixelRect)?
        var eligible = occluder == nil
        func visit(_ view: View, _ parent: AffineTransform, _ bound: PixelRect) {
            guard !view.isHidden, view.presentationAlpha >= 1 else { return }
            let m = view.presentationTransformToSuperview.concatenating(parent)
            guard m.b == 0, m.c == 0, m.a > 0, m.d > 0 else { return }
            // The occluder's box holds the whole region: it is never passed over.
            guard !PixelRect(enclosing: boxes.box(of: view, in: m)).intersection(bound).isEmpty else { return }
            let rect = m.apply(to: view.presentationBounds)
            if eligible && view.paintsOpaquely {
                let pixels = PixelRect(paintedWholly: rect).intersection(bound)
                if pixels.area * 10 >= region.area, pixels.area >= best?.pixels.area ?? 0 { best = (view, pixels) }
            }
            if view === occluder { eligible = true }
            let inner = view.clipsToBounds ? bound.intersection(PixelRect(enclosing: rect)) : bound
            guard !inner.isEmpty else { return }
            for s in view.subviewsInDrawingOrder { visit(s, m, inner) }
        }
        visit(root, transform, region)
        return best.map { ($0.view, $0.pixels) }
    }
}

extension Renderer {
    /// Fills `rect` (target pixels) within the clip, leaving out what a partial cover drawn later paints (the
    /// same pixels as a whole fill once it is drawn: a fill's pixels do not depend on the clip).
    func fillExposed(_ rect: Rect, color: SDL_Color) {
        drawExposed(PixelRect(enclosing: rect), within: clip) { fill(rect, color: color) }
    }

    /// Fills the pixel rows `pixels` (target pixels) touches — those the software renderer's fills of each row
    /// paint — with one quad whose colours the renderer interpolates at each row's centre: `color(f)` for the
    /// part `f` of the way down `pixels` (0…1; a little beyond for the corners of partly covered rows), within
    /// the 8-bit rounding of the corners' colours. Within the clip, leaving out what a partial cover drawn later
    /// paints; the quad is the same whatever the clip, so a part redrawn meets what was drawn whole.
    func fillGradientExposed(_ pixels: Rect, color: (Double) -> SDL_Color) {
        let columns = PixelRect(paintedBySoftwareFill: Rect(x: pixels.minX, y: 0, width: pixels.width, height: 1))
        let top = pixels.minY.rounded(.down), bottom = pixels.maxY.rounded(.up)
        let area = PixelRect(x: columns.x, y: Int(top), width: columns.width, height: Int(bottom - top))
        guard !area.intersection(clip).isEmpty else { return }
        // The corners' colours extrapolated to the whole rows' edges (`color` clamps each channel), so that each
        // row's centre interpolates to its own.
        func f(_ y: Double) -> Double { pixels.height > 0 ? (y - pixels.minY) / pixels.height : 0 }
        let (t, b) = (color(f(top)), color(f(bottom)))
        var mesh = Mesh()
        mesh.addQuad(area.rect.corners, colors: [t, t, b, b], uvs: Array(repeating: .zero, count: 4))
        drawExposed(area, within: clip) {
            writingOpaque(t.a == 255 && b.a == 255) { draw(mesh, texture: nil) }
        }
    }

    /// A view's own content, drawing within `area`: left out where the partial cover drawn later paints, when
    /// it is large (a tenth of the region or more, as a card's backdrop under the rising card), where that
    /// saves the most. A smaller one is drawn whole and covered after: a scaled picture cut at the cover's edge
    /// samples its source a fraction of a pixel apart from one drawn whole, and the cover of a partial redraw
    /// may not be that of the full one it must equal.
    func drawContentExposed(_ area: PixelRect, within clip: PixelRect, _ body: () -> Void) {
        guard occlusion.isLarge(area.intersection(clip)) else { return body() }
        drawExposed(area, within: clip, body)
    }

    /// Runs `body`, which draws within `area`, clipped to what the partial cover leaves of `clip`: once with
    /// `clip` when the cover paints none of `area`, not at all when it paints all of it, else once for each
    /// exposed piece around it. The pixels are those of drawing `body` whole, then the cover over it.
    private func drawExposed(_ area: PixelRect, within clip: PixelRect, _ body: () -> Void) {
        let visible = area.intersection(clip)
        guard groupDepth == 0, occlusion.covers(part: visible) else { return body() }
        guard !occlusion.covers(all: visible) else { return }
        for piece in occlusion.exposed(clip) where !piece.intersection(visible).isEmpty {
            setClip(piece)
            body()
        }
        setClip(clip)
    }
}

extension PixelRect {
    /// The pixels the software renderer's fill of `r` paints: origin and size truncated apart, at least one.
    init(paintedBySoftwareFill r: Rect) {
        guard r.isFinite else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        let p = PixelRect.pixel
        self.init(x: p(r.minX.rounded(.towardZero)), y: p(r.minY.rounded(.towardZero)),
                  width: max(1, p(r.width.rounded(.towardZero))), height: max(1, p(r.height.rounded(.towardZero))))
    }

    /// The pixels an axis-aligned fill or copy of `r` paints wholly on every renderer: those whose whole square
    /// lies inside `r`, and within the software renderer's, which truncates the origin and the size apart.
    init(paintedWholly r: Rect) {
        guard r.isFinite else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        let p = PixelRect.pixel
        let x0 = p(r.minX.rounded(.up)), y0 = p(r.minY.rounded(.up))
        let x1 = min(p(r.maxX.rounded(.down)), p(r.minX.rounded(.down)) + p(r.width.rounded(.down)))
        let y1 = min(p(r.maxY.rounded(.down)), p(r.minY.rounded(.down)) + p(r.height.rounded(.down)))
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

extension Rect {
    /// Whether these bounds hold every pixel of `region`.
    func holds(_ region: PixelRect) -> Bool {
        minX <= Double(region.x) && minY <= Double(region.y)
            && maxX >= Double(region.x + region.width) && maxY >= Double(region.y + region.height)
    }
}

extension View {
    /// Whether the view paints every pixel of its bounds with full alpha (before its subviews).
    var paintsOpaquely: Bool {
        if let bg = presentationBackgroundColor, bg.alpha >= 1, presentationCornerRadius == 0 { return true }
        return drawsOpaqueContent
    }
}
