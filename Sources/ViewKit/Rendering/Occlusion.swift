/// The topmost view of a frame that paints every pixel of the region opaquely (an opaque background or
/// content, full alpha all the way up, no rotation, nothing clipping it): everything drawn before it in
/// painter's order is hidden, so the renderer skips it. Its ancestors still draw what comes after it.
@MainActor
struct Occlusion {
    private(set) var occluder: View?
    private var ancestors: Set<ObjectIdentifier> = []
    /// False until the occluder has been drawn.
    private var passed = true

    init() {}

    init(root: View, transform: AffineTransform, region: PixelRect) {
        occluder = Occlusion.topmost(in: root, transform: transform, region: region)
        guard let occluder else { return }
        passed = false
        var v = occluder.superview
        while let a = v { ancestors.insert(ObjectIdentifier(a)); v = a.superview }
    }

    /// Whether the whole subtree of `view` is under the occluder (not the occluder or one of its ancestors).
    func hides(_ view: View) -> Bool {
        !passed && view !== occluder && !ancestors.contains(ObjectIdentifier(view))
    }

    /// Called as `view` draws its own content: false for the occluder's ancestors (whose backgrounds it
    /// covers); from the occluder on, everything draws.
    mutating func reached(_ view: View) -> Bool {
        if view === occluder { passed = true }
        return passed
    }

    /// The last view in drawing order that covers `region` opaquely.
    private static func topmost(in view: View, transform parent: AffineTransform, region: PixelRect) -> View? {
        guard !view.isHidden, view.presentationAlpha >= 1 else { return nil }
        let m = view.presentationTransformToSuperview.concatenating(parent)
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0 else { return nil }
        let rect = m.apply(to: view.presentationBounds)
        let covers = rect.minX <= Double(region.x) && rect.minY <= Double(region.y)
            && rect.maxX >= Double(region.x + region.width) && rect.maxY >= Double(region.y + region.height)
        // A clipping view that does not cover the region cuts its subviews short of covering it too.
        if view.clipsToBounds && !covers { return nil }
        for s in view.subviewsInDrawingOrder.reversed() {
            if let found = topmost(in: s, transform: m, region: region) { return found }
        }
        return covers && view.paintsOpaquely ? view : nil
    }
}

extension View {
    /// Whether the view paints every pixel of its bounds with full alpha (before its subviews).
    var paintsOpaquely: Bool {
        if let bg = presentationBackgroundColor, bg.alpha >= 1, presentationCornerRadius == 0 { return true }
        return drawsOpaqueContent
    }
}
