import CSDL2

/// Draws a view tree through an SDL_Renderer: back to front, siblings by zPosition, transforms and
/// alphas concatenated, subtrees with alpha below 1 composited as a group, clipping where asked.
/// Works in pixels: `pixelScale` pixels per point (renderer output size / window size).
@MainActor
public final class Renderer {
    public let handle: OpaquePointer
    /// Pixels per point.
    public var pixelScale: Double
    /// Shapes and caches text.
    public let text: TextRenderer

    private struct ImageKey: Hashable { let image: ObjectIdentifier; let width: Int; let height: Int }
    private struct CornerKey: Hashable { let image: ObjectIdentifier; let width: Int; let height: Int; let corner: Int; let size: Int }
    /// An image's texture, holding the image weakly: the texture goes with it (a snapshot replaced by the
    /// next one), not when the budget finally pushes it out.
    private struct ImageTexture { weak var image: Image?; let texture: Texture }
    private var imageTextures = LRUCache<ImageKey, ImageTexture>(budget: 4 << 20)
    /// Small textures (thumbnails, icons) apart, so that a few large pictures never push them out.
    private var smallImageTextures = LRUCache<ImageKey, ImageTexture>(budget: 2 << 20)
    private static let smallTextureBytes = 96 << 10
    /// One offscreen target per group nesting depth, grown to the largest group drawn at that depth (a group
    /// uses its top-left part): animated groups change size every frame and would otherwise need a texture each.
    private var targets: [Int: Texture] = [:]
    private var cornerMasks = LRUCache<Int, Texture>(budget: 4 << 20)
    private var cornerPieces = LRUCache<CornerKey, ImageTexture>(budget: 4 << 20)
    private var currentTarget: OpaquePointer?
    /// The current target's extent in pixels.
    private(set) var targetBounds = Rect.zero
    /// The current target's pixel format, where SDL tells it (a software renderer drawing into a surface of
    /// the caller's does not).
    private(set) var targetFormat: UInt32?
    /// Where scaled copies are staged on the software renderer (see `staged`), kept while frames use it.
    var staging: Texture?
    /// Copies staged in the current frame.
    var stagedCopies = 0
    private var groupDepth = 0
    private let premultipliedBlend: SDL_BlendMode
    /// Whether the renderer composites premultiplied groups natively (GPU renderers); otherwise groups are
    /// un-premultiplied on the CPU (the software renderer supports only SDL's standard blend modes).
    public private(set) var supportsPremultipliedBlend = false
    /// Frames drawn since creation.
    public private(set) var frameCount = 0
    /// Whether SDL draws on the CPU (its "software" renderer).
    let isSoftware: Bool

    /// Wraps an SDL renderer; the caller keeps it alive for the Renderer's lifetime.
    public init(handle: OpaquePointer, pixelScale: Double, fonts: FontLibrary) {
        self.handle = handle
        self.pixelScale = pixelScale
        self.text = TextRenderer(renderer: handle, library: fonts)
        premultipliedBlend = SDL_ComposeCustomBlendMode(
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        if let probe = SDL_CreateTexture(handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                         Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 1, 1) {
            supportsPremultipliedBlend = SDL_SetTextureBlendMode(probe, premultipliedBlend) == 0
            SDL_DestroyTexture(probe)
        }
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
        isSoftware = Renderer.name(of: handle) == "software"
        setTarget(nil)
    }

    /// SDL's name for the renderer in use ("software", "opengl", "opengles2" …).
    public var name: String { Renderer.name(of: handle) }

    private static func name(of handle: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0, let n = info.name else { return "unknown" }
        return String(cString: n)
    }

    /// The size of the current output in pixels.
    public var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    // MARK: Frames

    /// Draws the tree rooted at `root` over `background` (not presented). With `changed` views, only the
    /// region they covered last frame and cover now is redrawn (the rest of the last frame stays); nil redraws
    /// everything. Whatever lies under the topmost opaque view covering the region is skipped.
    public func render(_ root: View, background: Color, changed: [View]? = nil) {
        frameCount += 1
        let (w, h) = outputSize
        let screen = PixelRect(x: 0, y: 0, width: w, height: h)
        let base = AffineTransform(scaleX: pixelScale, y: pixelScale)
        let (target, isNew) = frameTarget(width: w, height: h)
        setTarget(target)
        // A new frame target holds nothing of the last frame: it is drawn whole.
        let region = isNew ? screen : changed.map { dirtyRegion($0, root: root, base: base).intersection(screen) } ?? screen
        lastRegion = region
        guard !region.isEmpty else { return }
        occlusion = Occlusion(root: root, transform: base, region: region)
        setClip(region)
        if occlusion.occluder == nil {
            let c = background.rgba8
            SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
            fill(region.rect, color: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a))
            SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
        }
        recordingOrigin = (0, 0)
        groupsDrawn = 0
        stagedCopies = 0
        draw(root, parent: base, alpha: 1, clip: region)
        recordingOrigin = nil
        occlusion = Occlusion()
        // Offscreen targets serve groups while they fade; a frame without any lets them go.
        if groupsDrawn == 0 { targets.removeAll() }
        if stagedCopies == 0 { staging = nil }
    }

    /// Destroys every texture the renderer made: call before destroying the SDL renderer they belong to.
    public func releaseTextures() {
        imageTextures.removeAll()
        smallImageTextures.removeAll()
        targets.removeAll()
        staging = nil
        cornerMasks.removeAll()
        cornerPieces.removeAll()
        frameTexture = nil
        text.releaseTextures()
    }

    /// The pixels the last `render` redrew.
    public private(set) var lastRegion = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Shows the last rendered frame (copying it from the frame target where the renderer keeps one).
    public func present() {
        if let frame = frameTexture {
            setTarget(nil)
            SDL_SetTextureBlendMode(frame.handle, SDL_BLENDMODE_NONE)
            SDL_RenderCopy(handle, frame.handle, nil, nil)
        }
        SDL_RenderPresent(handle)
    }

    /// Where frames are drawn: the window itself for the software renderer (its surface keeps the last frame),
    /// else a texture of the window's size that keeps it (a GPU back buffer is undefined after presenting).
    /// Whether it was made anew (nothing of the last frame in it).
    private func frameTarget(width: Int, height: Int) -> (OpaquePointer?, isNew: Bool) {
        guard !isSoftware else { return (nil, false) }
        if let t = frameTexture, t.width == width, t.height == height { return (t.handle, false) }
        frameTexture = nil
        frameTexture = SDL_CreateTexture(handle, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                         Int32(width), Int32(height)).map { Texture(handle: $0, width: width, height: height) }
        return (frameTexture?.handle, true)
    }

    private var frameTexture: Texture?

    /// The pixels the changed views covered when last drawn and cover now.
    private func dirtyRegion(_ views: [View], root: View, base: AffineTransform) -> PixelRect {
        var region = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for v in views {
            if let old = v.lastDrawnRect { region = region.union(old) }
            guard v.rootView === root, v.isVisibleInTree else { continue }
            let m = v.presentationTransformToRoot.concatenating(base)
            region = region.union(PixelRect(enclosing: v.subtreeBounds(in: m)))
        }
        return region
    }

    /// Views a snapshot leaves out (with their subviews).
    private var snapshotExclusions: Set<ObjectIdentifier> = []

    /// Where the current target's origin lies in the window, while drawing a frame (not a snapshot):
    /// views record where they were drawn from it.
    private var recordingOrigin: (x: Double, y: Double)?

    /// The view under which nothing needs drawing this frame, and its ancestors (drawn, minus their own content).
    private var occlusion = Occlusion()

    private func draw(_ view: View, parent: AffineTransform, alpha: Double, clip: PixelRect) {
        let viewAlpha = view.presentationAlpha
        guard !view.isHidden, viewAlpha > 0, alpha > 0, !occlusion.hides(view),
              snapshotExclusions.isEmpty || !snapshotExclusions.contains(ObjectIdentifier(view)) else { return }
        let m = view.presentationTransformToSuperview.concatenating(parent)
        if let origin = recordingOrigin {
            view.lastDrawnRect = PixelRect(enclosing: view.subtreeBounds(in: m).offsetBy(dx: origin.x, dy: origin.y))
        }
        if viewAlpha < 1 && view.allowsGroupOpacity && view.drawingElementCount(limit: 2) >= 2 {
            drawGroup(view, transform: m, alpha: alpha * viewAlpha, clip: clip)
        } else {
            drawContent(view, transform: m, alpha: alpha * viewAlpha, clip: clip)
        }
    }

    private func drawContent(_ view: View, transform m: AffineTransform, alpha: Double, clip: PixelRect) {
        let bounds = view.presentationBounds
        let ctx = DrawContext(renderer: self, transform: m, alpha: alpha, bounds: bounds)
        let radii = CornerRadii(radius: view.presentationCornerRadius, corners: view.maskedCorners, in: bounds.size)
        setClip(clip)
        if occlusion.reached(view) {
            if let bg = view.presentationBackgroundColor { ctx.fill(bounds, color: bg, radii: radii) }
            view.draw(in: ctx)
        }
        let childClip = view.clipsToBounds ? clip.intersection(PixelRect(enclosing: m.apply(to: bounds))) : clip
        if !childClip.isEmpty {
            for s in view.subviewsInDrawingOrder { draw(s, parent: m, alpha: alpha, clip: childClip) }
        }
        setClip(clip)
        let border = view.presentationBorderWidth
        if border > 0 { ctx.stroke(bounds, width: border, color: view.presentationBorderColor, radii: radii) }
    }

    /// Renders the subtree at full opacity into an offscreen target, then composites it once with `alpha`,
    /// so overlapping children do not show through each other (UIKit's group opacity).
    private var groupsDrawn = 0

    private func drawGroup(_ view: View, transform m: AffineTransform, alpha: Double, clip: PixelRect) {
        groupsDrawn += 1
        let box = clip.intersection(PixelRect(enclosing: view.subtreeBounds(in: m)))
        guard !box.isEmpty, let target = target(width: box.width, height: box.height) else { return }
        let previous = currentTarget
        setTarget(target.handle)
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        setClip(PixelRect(x: 0, y: 0, width: box.width, height: box.height))
        fill(Rect(x: 0, y: 0, width: Double(box.width), height: Double(box.height)), color: SDL_Color(r: 0, g: 0, b: 0, a: 0))
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
        groupDepth += 1
        let shift = AffineTransform(translationX: -Double(box.x), y: -Double(box.y))
        let outerOrigin = recordingOrigin
        recordingOrigin = outerOrigin.map { ($0.x + Double(box.x), $0.y + Double(box.y)) }
        drawContent(view, transform: m.concatenating(shift), alpha: 1,
                    clip: PixelRect(x: 0, y: 0, width: box.width, height: box.height))
        recordingOrigin = outerOrigin
        groupDepth -= 1
        let composite = supportsPremultipliedBlend ? target : unpremultipliedCopy(of: target, width: box.width, height: box.height)
        setTarget(previous)
        setClip(clip)
        guard let composite else { return }
        let a = UInt8(max(0, min(255, (alpha * 255).rounded())))
        if supportsPremultipliedBlend {
            SDL_SetTextureBlendMode(composite.handle, premultipliedBlend)
            SDL_SetTextureColorMod(composite.handle, a, a, a)
        } else {
            SDL_SetTextureBlendMode(composite.handle, SDL_BLENDMODE_BLEND)
        }
        SDL_SetTextureAlphaMod(composite.handle, a)
        var src = SDL_Rect(x: 0, y: 0, w: Int32(box.width), h: Int32(box.height))
        var dst = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: Int32(box.width), h: Int32(box.height))
        SDL_RenderCopy(handle, composite.handle, &src, &dst)
    }

    /// Reads a premultiplied target back and divides by alpha, for renderers without custom blend modes.
    private func unpremultipliedCopy(of target: Texture, width: Int, height: Int) -> Texture? {
        guard let surface = Surface(width: width, height: height) else { return nil }
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        guard SDL_RenderReadPixels(handle, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                   surface.pointer.pointee.pixels, surface.pointer.pointee.pitch) == 0 else { return nil }
        let pitch = Int(surface.pointer.pointee.pitch) / 4
        let pixels = surface.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            for x in 0..<width {
                let v = pixels[y * pitch + x]
                let a = v >> 24
                guard a > 0, a < 255 else { continue }
                func un(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
                pixels[y * pitch + x] = (a << 24) | (un((v >> 16) & 0xFF) << 16) | (un((v >> 8) & 0xFF) << 8) | un(v & 0xFF)
            }
        }
        return Texture(renderer: handle, surface: surface.pointer)
    }

    private func target(width: Int, height: Int) -> Texture? {
        if let t = targets[groupDepth], t.width >= width, t.height >= height { return t }
        let w = max(width, targets[groupDepth]?.width ?? 0), h = max(height, targets[groupDepth]?.height ?? 0)
        targets[groupDepth] = nil
        guard let handle = SDL_CreateTexture(handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                             Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)) else { return nil }
        let t = Texture(handle: handle, width: w, height: h)
        targets[groupDepth] = t
        return t
    }

    /// Runs `body` drawing unclipped into `target`, then returns to the current target and its clip (SDL resets
    /// the clip when the target changes).
    func drawing<T>(into target: OpaquePointer, _ body: () -> T) -> T {
        let previous = currentTarget, previousClip = isClipped ? clip : nil
        setTarget(target)
        defer {
            setTarget(previous)
            if let previousClip { setClip(previousClip) }
        }
        return body()
    }

    /// Makes `t` (nil: the window) the target, unclipped. SDL keeps the window's clip rectangle while textures
    /// are targets and brings it back after: a clip left on the window by drawing done between frames (a
    /// snapshot) would clip the next present's copy of the whole frame, so every change of target clears it.
    private func setTarget(_ t: OpaquePointer?) {
        SDL_SetRenderTarget(handle, t)
        SDL_RenderSetClipRect(handle, nil)
        currentTarget = t
        var w: Int32 = 0, h: Int32 = 0
        var format: UInt32 = 0
        if let t {
            SDL_QueryTexture(t, &format, nil, &w, &h)
        } else {
            SDL_GetRendererOutputSize(handle, &w, &h)
            // Only asked of the software renderer: for the others it would make a window surface.
            if isSoftware, let window = SDL_RenderGetWindow(handle), let surface = SDL_GetWindowSurface(window) {
                format = surface.pointee.format.pointee.format
            }
        }
        targetBounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        targetFormat = format == 0 ? nil : format
        clip = PixelRect(x: 0, y: 0, width: Int(w), height: Int(h))
        isClipped = false
    }

    /// The clip rectangle in effect, in target pixels (the whole target when unclipped).
    private(set) var clip = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether a clip rectangle is set on the current target.
    private var isClipped = false

    private func setClip(_ clip: PixelRect) {
        self.clip = clip
        isClipped = true
        var r = SDL_Rect(x: Int32(clip.x), y: Int32(clip.y), w: Int32(clip.width), h: Int32(clip.height))
        SDL_RenderSetClipRect(handle, &r)
    }

    // MARK: Resources

    func draw(_ mesh: Mesh, texture: Texture?) {
        guard !mesh.indices.isEmpty else { return }
        mesh.vertices.withUnsafeBufferPointer { v in
            mesh.indices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(handle, texture?.handle, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
    }

    /// Fills an axis-aligned rectangle in target pixels: exact edges on every renderer, no triangles.
    func fill(_ rect: Rect, color: SDL_Color) {
        SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a)
        var r = SDL_FRect(rect)
        // An opaque colour blends to itself: write it (the software renderer's blended fill is per pixel).
        var mode = SDL_BLENDMODE_BLEND
        SDL_GetRenderDrawBlendMode(handle, &mode)
        let opaque = color.a == 255 && mode == SDL_BLENDMODE_BLEND
        if opaque { SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE) }
        SDL_RenderFillRectF(handle, &r)
        if opaque { SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND) }
    }

    /// Copies part of a texture (source in texture pixels) to a rectangle in target pixels, tinted.
    func copy(_ texture: Texture, from source: Rect, to destination: Rect, color: SDL_Color) {
        var source = source, destination = destination
        if isSoftware {
            guard let visible = cropped(source, destination) else { return }
            (source, destination) = visible
        }
        let opaque = texture.isOpaque && color.a == 255
        var drawn = texture
        var src = SDL_Rect(roundingEdgesOf: source)
        var dst = SDL_FRect(destination)
        if isSoftware, let staged = staged(texture, src, dst, tinted: !opaque || color.r & color.g & color.b != 255) {
            (drawn, src, dst) = staged
        }
        SDL_SetTextureColorMod(drawn.handle, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(drawn.handle, color.a)
        if opaque { SDL_SetTextureBlendMode(drawn.handle, SDL_BLENDMODE_NONE) }
        SDL_RenderCopyF(handle, drawn.handle, &src, &dst)
        if opaque { SDL_SetTextureBlendMode(drawn.handle, SDL_BLENDMODE_BLEND) }
        SDL_SetTextureColorMod(drawn.handle, 255, 255, 255)
        SDL_SetTextureAlphaMod(drawn.handle, 255)
    }

    /// The texture of an image for drawing at a pixel size, rasterised or resampled once and cached. Pictures
    /// come at their own size taken down by quarters, the smallest level at least as large as asked, or a
    /// larger level already made if it is at most twice the size; the copy scales the rest. An image whose
    /// view grows or shrinks every frame (a transition) needs no texture per frame. Vector images are
    /// rasterised at the size asked.
    public func texture(for image: Image, pixelSize: Size) -> Texture? {
        if let own = image.texture { return own }
        let w = max(1, Int(pixelSize.width.rounded())), h = max(1, Int(pixelSize.height.rounded()))
        guard let levels = levels(of: image, w, h) else { return cachedTexture(image, w, h) ?? makeTexture(image, w, h) }
        let best = levels[levels.count - 1]
        if let t = cachedLevel(of: image, levels, w) {
            // Pixels decoded ahead for this size are not needed: what they would make serves already.
            image.discardPreparedLevel(width: best.width, height: best.height)
            return t
        }
        if let prepared = image.takePreparedLevel(width: best.width, height: best.height) {
            return makeTexture(image, from: prepared)
        }
        // A larger level decoded ahead (for a larger view of the same picture) is made now: it serves below.
        if let size = image.preparedLevelSize, size.width > best.width, let prepared = image.takePreparedLevel(width: size.width, height: size.height) {
            _ = makeTexture(image, from: prepared)
        }
        // From the nearest larger level already made, by a scaled copy (no second decode mid-transition).
        for level in levels.dropLast().reversed() {
            if let larger = cachedTexture(image, level.width, level.height) {
                return scaledTexture(image, from: larger, best.width, best.height) ?? makeTexture(image, best.width, best.height)
            }
        }
        return makeTexture(image, best.width, best.height)
    }

    /// Whether drawing `image` at `pixelSize` finds its texture made already (nothing to decode or rasterise).
    public func hasTexture(for image: Image, pixelSize: Size) -> Bool {
        if image.texture != nil { return true }
        let w = max(1, Int(pixelSize.width.rounded())), h = max(1, Int(pixelSize.height.rounded()))
        guard let levels = levels(of: image, w, h) else { return cachedTexture(image, w, h) != nil }
        return cachedLevel(of: image, levels, w) != nil
    }

    /// The mipmap levels of a picture for drawing at `w` × `h` pixels (nil for vector images).
    private func levels(of image: Image, _ w: Int, _ h: Int) -> [(width: Int, height: Int)]? {
        guard let (iw, ih) = image.pixelDimensions(drawnAt: w, h), iw > 0, ih > 0 else { return nil }
        return DecodedImage.mipmapLevels(width: iw, height: ih, atLeast: Size(width: Double(w), height: Double(h)))
    }

    /// The level made already that serves drawing `w` pixels wide: the best level, or a larger one up to twice
    /// the size (a picture shrinking through a transition decodes a few levels, not one per frame).
    private func cachedLevel(of image: Image, _ levels: [(width: Int, height: Int)], _ w: Int) -> Texture? {
        for level in levels.dropLast() where level.width <= 2 * w {
            if let t = cachedTexture(image, level.width, level.height) { return t }
        }
        let best = levels[levels.count - 1]
        return cachedTexture(image, best.width, best.height)
    }

    /// A smaller level of a picture drawn from a larger one's texture.
    private func scaledTexture(_ image: Image, from larger: Texture, _ w: Int, _ h: Int) -> Texture? {
        guard let handle = SDL_CreateTexture(self.handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                             Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)) else { return nil }
        let t = Texture(handle: handle, width: w, height: h, isOpaque: image.isOpaque)
        drawing(into: t.handle) {
            SDL_SetTextureBlendMode(larger.handle, SDL_BLENDMODE_NONE)
            SDL_RenderCopy(self.handle, larger.handle, nil, nil)
            SDL_SetTextureBlendMode(larger.handle, SDL_BLENDMODE_BLEND)
        }
        cache(t, of: image)
        return t
    }

    private func cachedTexture(_ image: Image, _ w: Int, _ h: Int) -> Texture? {
        let key = ImageKey(image: ObjectIdentifier(image), width: w, height: h)
        guard let entry = w * h * 4 < Renderer.smallTextureBytes ? smallImageTextures.value(for: key) : imageTextures.value(for: key),
              entry.image === image else { return nil }
        return entry.texture
    }

    private func cache(_ t: Texture, of image: Image) {
        let key = ImageKey(image: ObjectIdentifier(image), width: t.width, height: t.height)
        if t.byteCount < Renderer.smallTextureBytes {
            smallImageTextures.removeAll { $0.image == nil }
            smallImageTextures.insert(ImageTexture(image: image, texture: t), for: key, cost: t.byteCount)
        } else {
            imageTextures.removeAll { $0.image == nil }
            imageTextures.insert(ImageTexture(image: image, texture: t), for: key, cost: t.byteCount)
        }
    }

    /// Decodes a `w` × `h` texture of the image, and caches it.
    private func makeTexture(_ image: Image, _ w: Int, _ h: Int) -> Texture? {
        image.surface(pixelWidth: w, pixelHeight: h).flatMap { makeTexture(image, from: $0) }
    }

    private func makeTexture(_ image: Image, from surface: Surface) -> Texture? {
        guard let t = Texture(renderer: handle, surface: surface.pointer, isOpaque: image.isOpaque) else { return nil }
        cache(t, of: image)
        return t
    }

    /// One corner (0 top-left, then clockwise) of `texture`, an image's texture, `size` pixels square, with the
    /// rounded edge of a corner of that radius in its alpha. Cut from the texture itself: the picture is not
    /// decoded again (a new mipmap level mid-transition costs four small copies, not four decodes).
    func cornerPiece(of image: Image, texture: Texture, corner: Int, size: Int) -> Texture? {
        let key = CornerKey(image: ObjectIdentifier(image), width: texture.width, height: texture.height, corner: corner, size: size)
        if let entry = cornerPieces.value(for: key), entry.image === image { return entry.texture }
        let flipX = corner == 1 || corner == 2, flipY = corner >= 2
        let from = SDL_Rect(x: Int32(flipX ? texture.width - size : 0), y: Int32(flipY ? texture.height - size : 0),
                            w: Int32(size), h: Int32(size))
        guard let piece = pixels(of: texture, region: from, width: size, height: size) else { return nil }
        piece.roundCorners(CornerRadii(topLeft: corner == 0 ? Double(size) : 0, topRight: corner == 1 ? Double(size) : 0,
                                       bottomRight: corner == 2 ? Double(size) : 0, bottomLeft: corner == 3 ? Double(size) : 0))
        guard let t = Texture(renderer: handle, surface: piece.pointer) else { return nil }
        cornerPieces.removeAll { $0.image == nil }
        cornerPieces.insert(ImageTexture(image: image, texture: t), for: key, cost: t.byteCount)
        return t
    }

    /// A white quarter disc of `radius` pixels (top-left corner, anti-aliased in its alpha), tinted to
    /// draw the rounded corners of fills.
    func cornerMask(radius: Int) -> Texture? {
        if let t = cornerMasks.value(for: radius) { return t }
        guard let surface = Surface(width: radius, height: radius) else { return nil }
        let pitch = Int(surface.pointer.pointee.pitch) / 4
        let pixels = surface.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<radius {
            for x in 0..<radius {
                let a = UInt32((CornerCoverage.topLeft(x: x, y: y, radius: Double(radius)) * 255).rounded())
                pixels[y * pitch + x] = (a << 24) | 0x00FF_FFFF
            }
        }
        guard let t = Texture(renderer: handle, surface: surface.pointer) else { return nil }
        cornerMasks.insert(t, for: radius, cost: t.byteCount)
        return t
    }

    /// Copies a quarter of a corner mask flipped into the corner it rounds, tinted.
    func copyCorner(_ mask: Texture, to destination: Rect, flipX: Bool, flipY: Bool, color: SDL_Color) {
        SDL_SetTextureColorMod(mask.handle, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(mask.handle, color.a)
        var dst = SDL_FRect(destination)
        let flip = (flipX ? SDL_FLIP_HORIZONTAL.rawValue : 0) | (flipY ? SDL_FLIP_VERTICAL.rawValue : 0)
        SDL_RenderCopyExF(handle, mask.handle, nil, &dst, 0, nil, SDL_RendererFlip(flip))
    }

    /// A region of a texture, scaled to `width` × `height`, read back into memory.
    private func pixels(of texture: Texture, region: SDL_Rect, width: Int, height: Int) -> Surface? {
        guard let t = SDL_CreateTexture(handle, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(width), Int32(height)),
              let surface = Surface(width: width, height: height) else { return nil }
        let scratch = Texture(handle: t, width: width, height: height)
        let ok = drawing(into: scratch.handle) {
            var source = region
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
            SDL_RenderCopy(handle, texture.handle, &source, nil)
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
            var all = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
            return SDL_RenderReadPixels(handle, &all, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        surface.pointer.pointee.pixels, surface.pointer.pointee.pitch) == 0
        }
        return ok ? surface : nil
    }

    /// Draws a view and its subtree, as it is on screen now, into an image of its bounds, leaving out the
    /// `excluded` views (UIKit's snapshotView: for transitions that show a still of the screen underneath).
    public func snapshot(_ view: View, background: Color = .clear, excluding excluded: [View] = []) -> Image? {
        let bounds = view.presentationBounds
        let w = max(1, Int((bounds.width * pixelScale).rounded())), h = max(1, Int((bounds.height * pixelScale).rounded()))
        guard let handle = SDL_CreateTexture(self.handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                             Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)) else { return nil }
        // Over an opaque background, every pixel of the still is opaque.
        let target = Texture(handle: handle, width: w, height: h, isOpaque: background.alpha >= 1)
        drawing(into: target.handle) {
            let c = background.rgba8
            SDL_SetRenderDrawBlendMode(self.handle, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(self.handle, c.r, c.g, c.b, c.a)
            SDL_RenderClear(self.handle)
            SDL_SetRenderDrawBlendMode(self.handle, SDL_BLENDMODE_BLEND)
            let m = AffineTransform(translationX: -bounds.minX, y: -bounds.minY)
                .concatenating(AffineTransform(scaleX: pixelScale, y: pixelScale))
            let recording = recordingOrigin
            recordingOrigin = nil
            snapshotExclusions = Set(excluded.map(ObjectIdentifier.init))
            drawContent(view, transform: m, alpha: 1, clip: PixelRect(x: 0, y: 0, width: w, height: h))
            snapshotExclusions = []
            recordingOrigin = recording
        }
        // The pixels stay in the target, which becomes the image's texture; only a tiny copy is read back for
        // the average colour.
        let average = pixels(of: target, region: SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h)), width: 16, height: 16)?
            .averageColor() ?? background
        let image = Image(texture: target, scale: pixelScale, name: "snapshot", isOpaque: background.alpha >= 1,
                          averageColor: average)
        return image
    }

    /// The pixels of the current output (window or surface), for screenshots and tests.
    public func readPixels() -> Surface? {
        let (w, h) = outputSize
        guard let surface = Surface(width: w, height: h),
              SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                   surface.pointer.pointee.pixels, surface.pointer.pointee.pitch) == 0 else { return nil }
        return surface
    }
}

/// An integer rectangle in pixels of a render target.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    /// The smallest pixel rectangle holding `r`.
    init(enclosing r: Rect) {
        let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
        self.init(x: x0, y: y0, width: max(0, Int(r.maxX.rounded(.up)) - x0), height: max(0, Int(r.maxY.rounded(.up)) - y0))
    }

    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The same pixels as a `Rect`.
    var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// The smallest rectangle holding both (an empty one adds nothing).
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(x + width, o.x + o.width) - x0, height: max(y + height, o.y + o.height) - y0)
    }

    func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width), y1 = min(y + height, o.y + o.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

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

    /// The bounding box of everything this subtree may draw, under the transform `m` (bounds → pixels).
    func subtreeBounds(in m: AffineTransform) -> Rect {
        var box = m.apply(to: presentationBounds).insetBy(dx: -1, dy: -1)
        guard !clipsToBounds else { return box }
        for s in subviews where !s.isHidden && s.presentationAlpha > 0 {
            box = box.union(s.subtreeBounds(in: s.presentationTransformToSuperview.concatenating(m)))
        }
        return box
    }
}
