import CSDL2

/// The frame walk: what to redraw, and the tree drawn back to front within it.
extension Renderer {
    /// Draws the tree rooted at `root` over `background` (not presented). With `changed` views, only the
    /// places they covered last frame and cover now are redrawn (the rest of the last frame stays), leaving out
    /// those under an opaque view drawn after them; nil redraws everything. Within each place, whatever lies
    /// under the topmost opaque view covering it is skipped.
    public func render(_ root: View, background: Color, changed: [View]? = nil) {
        frameCount += 1
        let (w, h) = outputSize
        frameOutputSize = (w, h)
        defer { frameOutputSize = nil }
        let screen = PixelRect(x: 0, y: 0, width: w, height: h)
        imageTextures.budget = Renderer.imageTextureBudget(outputWidth: w, height: h)
        let base = AffineTransform(scaleX: pixelScale, y: pixelScale)
        let (target, isNew) = frameTarget(width: w, height: h)
        setTarget(target, size: (w, h))
        var region = DirtyRegion(bounds: screen)
        boxes.beginFrame()
        defer { boxes.endFrame() }
        // A new frame target holds nothing of the last frame: it is drawn whole.
        if let changed, !isNew {
            addPlaces(of: changed, root: root, base: base, to: &region)
        } else {
            region.add(screen)
        }
        lastDirtyRects = region.rects
        if presentsInPart { damage = isNew || changed == nil ? nil : damage.map { $0 + region.rects } }
        recordingOrigin = (0, 0)
        stagedCopies = 0
        wholeStagedCopies = 0
        resampledCopies = 0
        targetIsOpaque = background.alpha >= 1
        for rect in region.rects { draw(root, within: rect, background: background, base: base) }
        targetIsOpaque = false
        recordingOrigin = nil
        occlusion = Occlusion()
        if stagedCopies == 0 { staging = [:] }
        if wholeStagedCopies == 0 { wholeStaging = [:] }
    }

    /// The rectangles the last `render` redrew.
    public var lastRegions: [PixelRect] { lastDirtyRects }

    /// The smallest rectangle holding what the last `render` redrew.
    public var lastRegion: PixelRect { DirtyRegion.boundingBox(of: lastDirtyRects) }

    /// Draws the tree clipped to `rect`, over the background unless an opaque view covers all of it.
    private func draw(_ root: View, within rect: PixelRect, background: Color, base: AffineTransform) {
        occlusion = Occlusion(root: root, transform: base, region: rect, boxes: boxes)
        setClip(rect)
        if occlusion.occluder == nil {
            let c = background.rgba8
            SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
            fillExposed(rect.rect, color: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a))
            SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
        }
        draw(root, parent: base, alpha: 1, clip: rect)
    }

    /// Each changed view's place when last drawn and its place now, except a place that an opaque view drawn
    /// after it covers whole (a slider under an opaque sheet changes nothing on screen).
    private func addPlaces(of views: [View], root: View, base: AffineTransform, to region: inout DirtyRegion) {
        for v in views {
            let inTree = v.rootView === root && v.isVisibleInTree
            let placed = inTree ? placement(of: v, base: base) : nil
            let now = placed?.place
            var places: [PixelRect] = []
            if let part = v.takeInvalidRect(), let m = placed?.transform, let now, v.lastDrawnRect == now {
                // Only part of its drawing changed, where it was drawn last: that part (a pixel around it, as
                // around each view).
                places.append(PixelRect(enclosing: m.apply(to: part).insetBy(dx: -1, dy: -1)).intersection(now))
            } else {
                if let old = v.lastDrawnRect { places.append(old) }
                if let now { places.append(now) }
            }
            for place in places {
                let visible = place.intersection(region.bounds)
                guard !visible.isEmpty else { continue }
                if inTree, let cover = Occlusion.topmost(in: root, transform: base, region: visible, boxes: boxes), v.isDrawn(below: cover) { continue }
                region.add(visible)
            }
        }
    }

    /// A view's transform to the frame's pixels, and where its subtree can draw now: its bounding box, cut to
    /// every clipping ancestor (a cell moving in a scroll view redraws inside it, where the scroll view's own
    /// backdrop can hide what lies under it). Worked out from the root down, as the frame's walks work them out:
    /// the same numbers, so the place is the one the view records when drawn, and its box is the one kept.
    private func placement(of v: View, base: AffineTransform) -> (transform: AffineTransform, place: PixelRect) {
        var chain: [View] = []
        var x: View? = v
        while let y = x { chain.append(y); x = y.superview }
        var m = base
        var bound: PixelRect?
        for a in chain.reversed() {
            m = a.presentationTransformToSuperview.concatenating(m)
            if a !== v, a.clipsToBounds {
                let own = PixelRect(enclosing: m.apply(to: a.presentationBounds))
                bound = bound.map { $0.intersection(own) } ?? own
            }
        }
        let box = PixelRect(enclosing: boxes.box(of: v, in: m))
        return (m, bound.map { box.intersection($0) } ?? box)
    }

    func draw(_ view: View, parent: AffineTransform, alpha: Double, clip: PixelRect) {
        let viewAlpha = view.presentationAlpha
        guard !view.isHidden, viewAlpha > 0, alpha > 0, !occlusion.hides(view, box: nil),
              snapshotExclusions.isEmpty || !snapshotExclusions.contains(ObjectIdentifier(view)) else { return }
        let m = view.presentationTransformToSuperview.concatenating(parent)
        let box = boxes.box(of: view, in: m)
        record(view, box: box)
        let visible = PixelRect(enclosing: box).intersection(clip)
        // Nothing of it falls in the place being redrawn, or all of that is under a view drawn later.
        guard !visible.isEmpty, groupDepth > 0 || !occlusion.hides(view, box: visible) else { return }
        if viewAlpha < 1 && view.allowsGroupOpacity && view.drawingElementCount(limit: 2) >= 2 {
            drawGroup(view, transform: m, alpha: alpha * viewAlpha, clip: clip)
        } else {
            drawContent(view, transform: m, alpha: alpha * viewAlpha, clip: clip)
        }
    }

    /// Notes where a view is drawn this frame (its place is redrawn when it changes).
    private func record(_ view: View, box: Rect) {
        guard let origin = recordingOrigin else { return }
        let drawn = PixelRect(enclosing: box.offsetBy(dx: origin.x, dy: origin.y))
        view.lastDrawnRect = recordingBound.map { drawn.intersection($0) } ?? drawn
    }

    /// A dimmer over a large opaque still on the software renderer: a plain black view, alone, translucent,
    /// square-cornered, laid exactly over the bounds of an image view that clips to them, has no border and
    /// whose picture covers them (a card presentation's backdrop), drawn at full alpha. The still is then drawn
    /// darkened instead (`resampledCopy` multiplies as it resamples), and the dimmer is not blended over it: one
    /// pass over those pixels instead of two, the same pixels within rounding (and the dimming rounded with the
    /// still's corners). Returns the dimmer and its alpha.
    func dimmer(over view: View, alpha: Double) -> (view: View, alpha: Double)? {
        guard isSoftware, alpha >= 1, view.clipsToBounds, view.subviews.count == 1, view.presentationBorderWidth == 0,
              let imageView = view as? ImageView, imageView.contentCoversBackground,
              imageView.image?.texture?.keepsPixels == true,
              let d = view.subviews.first, type(of: d) == View.self, d.subviews.isEmpty, !d.isHidden,
              d.presentationBorderWidth == 0, d.presentationCornerRadius == 0,
              snapshotExclusions.isEmpty || !snapshotExclusions.contains(ObjectIdentifier(d)),
              let color = d.presentationBackgroundColor, color.red == 0, color.green == 0, color.blue == 0,
              d.presentationTransformToSuperview.apply(to: d.presentationBounds).isClose(to: view.presentationBounds) else { return nil }
        let dimming = d.presentationAlpha * color.alpha
        // An opaque one hides the still (and the occlusion walk takes it for a cover): it is drawn as it is.
        return dimming < 1 ? (d, dimming) : nil
    }

    func drawContent(_ view: View, transform m: AffineTransform, alpha: Double, clip: PixelRect) {
        let bounds = view.presentationBounds
        let folded = dimmer(over: view, alpha: alpha)
        let ctx = DrawContext(renderer: self, transform: m, alpha: alpha, bounds: bounds, shade: 1 - (folded?.alpha ?? 0))
        let radii = CornerRadii(radius: view.presentationCornerRadius, corners: view.maskedCorners, in: bounds.size)
        setClip(clip)
        if occlusion.reached(view) {
            // A background the content covers is left out, unless the content drew nothing after all (a picture
            // that could not be read again at a larger size): then it is drawn after, where it would have shown.
            // A large view draws only what a partial cover drawn later leaves exposed (see `drawContentExposed`).
            let background = view.presentationBackgroundColor, covered = background != nil && view.contentCoversBackground
            drawContentExposed(PixelRect(enclosing: m.apply(to: view.drawnContentBounds)), within: clip) {
                if let background, !covered { ctx.fill(bounds, color: background, radii: radii) }
                let drawn = drawCalls
                view.draw(in: ctx)
                if covered, drawCalls == drawn, let background { ctx.fill(bounds, color: background, radii: radii) }
            }
        }
        let childClip = view.clipsToBounds ? clip.intersection(PixelRect(enclosing: m.apply(to: bounds))) : clip
        if !childClip.isEmpty {
            let outerBound = recordingBound
            if view.clipsToBounds, let origin = recordingOrigin {
                let own = PixelRect(enclosing: m.apply(to: bounds).offsetBy(dx: origin.x, dy: origin.y))
                recordingBound = outerBound.map { $0.intersection(own) } ?? own
            }
            for s in view.subviewsInDrawingOrder {
                if let folded, s === folded.view {
                    record(s, box: boxes.box(of: s, in: s.presentationTransformToSuperview.concatenating(m)))
                } else {
                    draw(s, parent: m, alpha: alpha, clip: childClip)
                }
            }
            recordingBound = outerBound
        }
        setClip(clip)
        let border = view.presentationBorderWidth
        if border > 0 { ctx.stroke(bounds, width: border, color: view.presentationBorderColor, radii: radii) }
    }
}
