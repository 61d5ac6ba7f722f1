import CSDL2
import CX11Window

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

    struct ImageKey: Hashable { let image: ObjectIdentifier; let width: Int; let height: Int }
    struct CornerKey: Hashable { let image: ObjectIdentifier; let width: Int; let height: Int; let corner: Int; let size: Int }
    /// An image's texture, holding the image weakly: the texture goes with it (a snapshot replaced by the
    /// next one), not when the budget finally pushes it out.
    struct ImageTexture { weak var image: Image?; let texture: Texture }
    var imageTextures = LRUCache<ImageKey, ImageTexture>(budget: 4 << 20)
    /// Small textures (thumbnails, icons) apart, so that a few large pictures never push them out.
    var smallImageTextures = LRUCache<ImageKey, ImageTexture>(budget: 2 << 20)
    static let smallTextureBytes = 96 << 10
    /// One offscreen target per nesting depth and pixel format (groups, snapshots, read-backs), grown to the
    /// largest drawn at that depth and kept: animated groups change size every frame and would otherwise need
    /// a texture each.
    var targets: [OffscreenSlot: GrowOnlyTarget] = [:]
    /// Which of `targets`: a nesting depth and a pixel format.
    struct OffscreenSlot: Hashable {
        var depth: Int
        var format: UInt32
    }
    /// Where snapshots are drawn (and kept).
    var snapshotTargets: SnapshotTargets
    var cornerMasks = LRUCache<Int, Texture>(budget: 4 << 20)
    var cornerPieces = LRUCache<CornerKey, ImageTexture>(budget: 4 << 20)
    var currentTarget: OpaquePointer?
    /// The current target's extent in pixels.
    var targetBounds = Rect.zero
    /// The current target's pixel format, where SDL tells it (a software renderer drawing into a surface of
    /// the caller's does not).
    var targetFormat: UInt32?
    /// Where scaled copies are staged on the software renderer (see `staged`), kept while frames use it.
    var staging: [UInt32: GrowOnlyTarget] = [:]
    /// Where scaled copies cut by a clip are staged whole (see `wholeScaled`), kept while frames use it.
    var wholeStaging: [UInt32: GrowOnlyTarget] = [:]
    /// Copies staged in `staging` and in `wholeStaging` in the current frame.
    var stagedCopies = 0, wholeStagedCopies = 0
    /// The size of the frame being drawn (nil outside `render`): a group's target is smaller.
    var frameOutputSize: (width: Int, height: Int)?
    /// Large opaque stills whose pixels the CPU reads, and where their resampled copies are written (software).
    var pixelStills = PixelStills()
    /// How many pixels an opaque still on the software renderer has at least to keep its pixels for the CPU
    /// (a kiosk's card backdrop; below it, SDL's scaled copy and blended dimmer cost little, and the extra
    /// memory is not worth it).
    var resampledStillArea = 1 << 20
    /// How many pixels a resampled copy paints at least for its stage to be made as large as the window at once
    /// (a copy growing through a transition needs no new memory), and how many of them show at least for it to
    /// be resampled in bands on several cores; a smaller copy's stage is as large as the largest such copy.
    var resampledCopyArea = 1 << 18
    /// Copies resampled in the current frame.
    var resampledCopies = 0
    /// Strips of solid colours without alpha that translucent fills are blended from on the software renderer.
    var fillStrips: [UInt32: Texture] = [:]
    /// Whether every pixel of the current target is opaque: a frame or a still over an opaque background, not a
    /// group's target. The software renderer may then blend through SDL's surface-alpha blitter, which writes
    /// full alpha.
    var targetIsOpaque = false
    /// Copies and meshes drawn so far (tells whether a view's content drew anything).
    var drawCount = 0
    /// Rectangles filled, since creation (for tests).
    var fills = 0
    /// Fills, copies and meshes the views' drawing asked of SDL since creation (not the copies ViewKit makes
    /// on its own: rounded corners' masks, groups composited, the kept frame presented).
    var drawCalls: Int { drawCount + fills }
    /// Groups read back from their target to be un-premultiplied on the CPU, since creation.
    var groupReadBacks = 0
    var groupDepth = 0
    let premultipliedBlend: SDL_BlendMode
    /// Whether the renderer composites premultiplied groups natively (GPU renderers); otherwise groups are
    /// un-premultiplied on the CPU (the software renderer supports only SDL's standard blend modes).
    public private(set) var supportsPremultipliedBlend = false
    /// Frames drawn since creation.
    public internal(set) var frameCount = 0
    /// Whether SDL draws on the CPU (its "software" renderer).
    let isSoftware: Bool
    /// The largest side of a texture SDL can make.
    let maxTextureSide: Int

    /// Wraps an SDL renderer; the caller keeps it alive for the Renderer's lifetime. `openedFaces`: the fonts' faces
    /// opened ahead, for its text renderer to take.
    public init(handle: OpaquePointer, pixelScale: Double, fonts: FontLibrary, openedFaces: OpenedFaces? = nil) {
        self.handle = handle
        self.pixelScale = pixelScale
        self.text = TextRenderer(renderer: handle, library: fonts, opened: openedFaces)
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
        copier = !isSoftware && SDL_GetHintBoolean(Renderer.presentDamageHint, SDL_TRUE) == SDL_TRUE
            ? SDL_RenderGetWindow(handle).flatMap { np_gl_copier_make(UnsafeMutableRawPointer($0)) } : nil
        keepsFrame = !isSoftware && copier == nil
        snapshotTargets = SnapshotTargets(keepsTargets: !isSoftware)
        var info = SDL_RendererInfo()
        let side = SDL_GetRendererInfo(handle, &info) == 0 ? Int(min(info.max_texture_width, info.max_texture_height)) : 0
        maxTextureSide = side > 0 ? side : Int(Int32.max)
        setTarget(nil)
    }

    isolated deinit {
        np_gl_copier_free(copier)
    }

    /// SDL's name for the renderer in use ("software", "opengl", "opengles2" …).
    public var name: String { Renderer.name(of: handle) }

    static func name(of handle: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0, let n = info.name else { return "unknown" }
        return String(cString: n)
    }

    /// The size of the current output in pixels.
    public var outputSize: (width: Int, height: Int) {
        // SDL gives the size of the target texture while one is set; the kept frame's is larger than the frame.
        if let target = currentTarget, target == frame.texture?.handle { return frameSize }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    // MARK: Frame state

    /// Views a snapshot leaves out (with their subviews).
    var snapshotExclusions: Set<ObjectIdentifier> = []

    /// Where the current target's origin lies in the window, while drawing a frame (not a snapshot):
    /// views record where they were drawn from it.
    var recordingOrigin: (x: Double, y: Double)?

    /// While a frame is drawn, the window pixels the clipping ancestors of the views being drawn leave them
    /// (nil: the whole window): what a view records as drawn is cut to it.
    var recordingBound: PixelRect?

    /// The view under which nothing needs drawing this frame, and its ancestors (drawn, minus their own content).
    var occlusion = Occlusion()
    /// The subtree bounds of the views drawn, kept while a frame is drawn.
    let boxes = SubtreeBoxes()

    /// Whether frames are drawn into `frame` and copied to the window: on GPU renderers, whose back buffer is
    /// undefined after presenting (unless frames are presented in part); the software renderer draws into the
    /// window's surface, which keeps them.
    var keepsFrame: Bool
    /// Whether frames are drawn straight into the window's back buffer and only the rectangles redrawn are copied
    /// to the window, the back buffer keeping the frame: OpenGL drawn on the CPU (Mesa's llvmpipe, where there
    /// is no GPU), which would otherwise shade a copy of the whole kept frame and send the X server the whole
    /// window at every present.
    var presentsDamage: Bool { copier != nil }
    /// Whether presents send the window only the rectangles redrawn since the last one (`damage`): OpenGL drawn on
    /// the CPU (`presentsDamage`), and the software renderer, whose window surface keeps the frame (SDL's own
    /// present sends all of it, which the X server copies at every frame).
    var presentsInPart: Bool { presentsDamage || isSoftware }
    /// What copies the redrawn rectangles to the window, while frames are presented so (made once: its X
    /// functions looked up at each present were a twentieth of a drag frame's main-thread time).
    var copier: OpaquePointer?
    /// Copies of a part refused by the X server in a row, the window's size unchanged, and that size.
    var refusedCopies = 0
    var refusedAt: (width: Int, height: Int)?
    /// The SDL hint (or environment variable) that, set to 0, keeps OpenGL drawn on the CPU on the kept frame's
    /// path, as a GPU takes it (for tests of that path on a machine without a GPU).
    public nonisolated static let presentDamageHint = "VIEWKIT_PRESENT_DAMAGE"
    /// Pixels the presents (and swaps) since creation sent to the window: the whole frame at each, except where
    /// only the rectangles redrawn are (`presentsInPart`).
    public internal(set) var presentedPixels = 0
    /// The rectangles to show at the next present, where only those are (`presentsInPart`): the ones redrawn
    /// since the last, or nil for the whole frame (drawn whole, or its window's pixels lost).
    var damage: [PixelRect]?
    /// The target keeping the last frame, and the frame's size (its top-left part; where frames are presented in
    /// part, the size the last was drawn at, zero once a copy of it failed).
    var frame = GrowOnlyTarget()
    var frameSize = (width: 0, height: 0)

    /// The clip rectangle in effect, in target pixels (the whole target when unclipped).
    var clip = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether a clip rectangle is set on the current target.
    var isClipped = false

    /// Where drawing lands now: the target within the clip (the whole target when no clip is known).
    var drawableArea: Rect { clip.isEmpty ? targetBounds : targetBounds.intersection(clip.rect) }

    /// Destroys every texture the renderer made: call before destroying the SDL renderer they belong to.
    public func releaseTextures() {
        pixelsLost &+= 1
        imageTextures.removeAll()
        smallImageTextures.removeAll()
        targets.removeAll()
        snapshotTargets = SnapshotTargets(keepsTargets: snapshotTargets.keepsTargets)
        staging = [:]
        wholeStaging = [:]
        pixelStills = PixelStills()
        fillStrips = [:]
        cornerMasks.removeAll()
        cornerPieces.removeAll()
        frame = GrowOnlyTarget()
        text.releaseTextures()
    }

    /// Drops what lived in render targets, whose pixels SDL lost (`SDL_RENDER_TARGETS_RESET`): the kept frame,
    /// the offscreen and staging targets and picture levels scaled on the GPU; the next frame is drawn whole.
    /// A living snapshot (a transition's still, drawn in a target) shows what the reset left of it until the
    /// next is taken.
    public func targetsWereReset() {
        pixelsLost &+= 1
        frame = GrowOnlyTarget()
        targets.removeAll()
        staging = [:]
        wholeStaging = [:]
        imageTextures.removeAll { $0.texture.isRenderTarget }
        smallImageTextures.removeAll { $0.texture.isRenderTarget }
    }

    /// Stills handed out in images (`snapshot`), which their holders may keep beyond the renderer.
    private var stillsHandedOut: [Weak<Texture>] = []

    /// Notes a still's texture given away in an image (see `destroyTexturesHeldOutside`).
    func handOut(_ still: Texture) {
        stillsHandedOut.removeAll { $0.object == nil }
        // (A kept texture, as PixelStills' are, is handed out again for every still drawn in it.)
        guard !stillsHandedOut.contains(where: { $0.object === still }) else { return }
        stillsHandedOut.append(Weak(still))
    }

    /// Destroys, with the renderer, the textures of stills that images outside it still hold (a kept still, a
    /// transition's): call just before destroying the SDL renderer, after `releaseTextures`. Those images must
    /// not be drawn again.
    public func destroyTexturesHeldOutside() {
        for still in stillsHandedOut { still.object?.destroyWithRenderer() }
        stillsHandedOut = []
    }

    /// How many times textures or render targets lost their pixels (a still kept across it must be taken again).
    private(set) var pixelsLost = 0

    /// The rectangles the last `render` redrew.
    var lastDirtyRects: [PixelRect] = []

    /// How many times a frame was shown (a frame drawn, or the last one shown again after an expose).
    public private(set) var presentCount = 0

    /// Waits until the frame drawn so far is in the back buffer: OpenGL runs queued commands later (llvmpipe on
    /// its own threads), so a window shown before then stands black while they run (the first frame of a
    /// fullscreen window: a tenth of a second on llvmpipe).
    public func finishDrawing() {
        SDL_RenderFlush(handle)
        guard !isSoftware, let finish = SDL_GL_GetProcAddress("glFinish") else { return }
        unsafeBitCast(finish, to: (@convention(c) () -> Void).self)()
    }

    /// Shows the last rendered frame (copying it from the frame target where the renderer keeps one). False when
    /// the window did not take it (it changed size after the frame was drawn): the next frame is drawn whole.
    @discardableResult
    public func present() -> Bool {
        presentCount += 1
        defer { damage = [] }
        if let copier { return presentRedrawn(with: copier) }
        if isSoftware, let damage, let window = SDL_RenderGetWindow(handle) { return presentSoftwareRects(damage, to: window) }
        let (w, h) = outputSize
        presentedPixels += w * h
        if keepsFrame, let texture = frame.texture {
            setTarget(nil)
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
            // Only the frame's part: the rest of the texture is left from larger windows, or was never drawn.
            var used = SDL_Rect(x: 0, y: 0, w: Int32(frameSize.width), h: Int32(frameSize.height))
            copyPixelForPixel(texture) { SDL_RenderCopy(handle, texture.handle, &used, &used) }
        }
        SDL_RenderPresent(handle)
        return true
    }

    /// Runs `copy`, which draws `texture` pixel for pixel (same size, whole-pixel place), sampling its nearest
    /// texels: the same pixels as linear filtering there, and much less work for a GPU renderer without a GPU
    /// (llvmpipe shades a copy of the window's frame 15 % cheaper of a carousel drag's whole CPU). The
    /// sampling is a texture's state that a batched renderer reads when it runs its queue: the copy is run
    /// before linear sampling comes back.
    func copyPixelForPixel(_ texture: Texture, _ copy: () -> Void) {
        guard !isSoftware else { return copy() }
        SDL_SetTextureScaleMode(texture.handle, SDL_ScaleModeNearest)
        copy()
        SDL_RenderFlush(handle)
        SDL_SetTextureScaleMode(texture.handle, SDL_ScaleModeLinear)
    }

    /// Where a frame of `width` × `height` is drawn: the window itself, or the kept frame's target (see
    /// `keepsFrame`). Whether it is new there (nothing of the last frame in it: a new texture, or a new size).
    func frameTarget(width: Int, height: Int) -> (OpaquePointer?, isNew: Bool) {
        guard keepsFrame else { return (nil, presentsDamage && backBufferIsNew(width: width, height: height)) }
        guard let (texture, isNew) = frame.reserve(width: width, height: height, limit: maxTextureSide, on: handle) else {
            return (nil, true)
        }
        let sameSize = frameSize == (width, height)
        frameSize = (width, height)
        return (texture.handle, isNew || !sameSize)
    }


    /// Runs `body` drawing unclipped into `target` (its top-left `size`, nil: all of it), then returns to the
    /// current target and its clip (SDL resets the clip when the target changes).
    func drawing<T>(into target: OpaquePointer, size: (width: Int, height: Int)? = nil, _ body: () -> T) -> T {
        let previous = currentTarget, previousClip = isClipped ? clip : nil
        let previousSize = (width: Int(targetBounds.width), height: Int(targetBounds.height))
        setTarget(target, size: size)
        defer {
            setTarget(previous, size: previousSize)
            if let previousClip { setClip(previousClip) }
        }
        return body()
    }

    /// The pixel format of the window the software renderer draws in; nil for the others (asking would make
    /// them a window surface) and for a software renderer drawing into a surface of the caller's.
    var softwareWindowFormat: UInt32? {
        guard isSoftware, let window = SDL_RenderGetWindow(handle), let surface = SDL_GetWindowSurface(window) else { return nil }
        return surface.pointee.format.pointee.format
    }

    /// Makes `t` (nil: the window) the target, unclipped, with its top-left `size` in use (nil: all of it).
    /// SDL keeps the window's clip rectangle while textures are targets and brings it back after: a clip left
    /// on the window by drawing done between frames (a snapshot) would clip the next present's copy of the
    /// frame, so every change of target clears it.
    func setTarget(_ t: OpaquePointer?, size: (width: Int, height: Int)? = nil) {
        SDL_SetRenderTarget(handle, t)
        SDL_RenderSetClipRect(handle, nil)
        currentTarget = t
        var w: Int32 = 0, h: Int32 = 0
        var format: UInt32 = 0
        if let t {
            SDL_QueryTexture(t, &format, nil, &w, &h)
        } else {
            SDL_GetRendererOutputSize(handle, &w, &h)
            format = softwareWindowFormat ?? 0
        }
        if let size { (w, h) = (Int32(size.width), Int32(size.height)) }
        targetBounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        targetFormat = format == 0 ? nil : format
        clip = PixelRect(x: 0, y: 0, width: Int(w), height: Int(h))
        isClipped = false
    }


    func setClip(_ clip: PixelRect) {
        self.clip = clip
        isClipped = true
        var r = SDL_Rect(x: Int32(clip.x), y: Int32(clip.y), w: Int32(clip.width), h: Int32(clip.height))
        SDL_RenderSetClipRect(handle, &r)
    }

    // MARK: Resources

    func draw(_ mesh: Mesh, texture: Texture?) {
        drawCount += 1
        guard !mesh.indices.isEmpty else { return }
        mesh.vertices.withUnsafeBufferPointer { v in
            mesh.indices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(handle, texture?.handle, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
    }

    /// Fills an axis-aligned rectangle in target pixels: exact edges on every renderer, no triangles.
    func fill(_ rect: Rect, color: SDL_Color) {
        fills += 1
        SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a)
        var r = SDL_FRect(wholePixels(rect))
        if isSoftware, targetIsOpaque, color.a < 255, blending, blendFromStrips(rect, color: color) { return }
        writingOpaque(color.a == 255) { _ = SDL_RenderFillRectF(handle, &r) }
    }

    /// Whether colours drawn now are blended (SDL's draw blend mode is ViewKit's usual one).
    private var blending: Bool {
        var mode = SDL_BLENDMODE_BLEND
        SDL_GetRenderDrawBlendMode(handle, &mode)
        return mode == SDL_BLENDMODE_BLEND
    }

    /// Runs `draw`, which draws colours (fills, meshes), writing rather than blending them when they are all
    /// `opaque` and would be blended: an opaque colour blends to itself, and a written one reads nothing under it
    /// (the software renderer's blended fill is per pixel; llvmpipe's reads the target).
    func writingOpaque(_ opaque: Bool, _ draw: () -> Void) {
        let write = opaque && blending
        if write { SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE) }
        draw()
        if write { SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND) }
    }

    /// The pixels an axis-aligned fill or copy of `rect` paints, on every renderer: the software renderer's
    /// (origin and size truncated apart). A GPU renderer would paint the pixels whose centres `rect` covers and
    /// sample textures at fractional places: at a fractional scale its text sat half a pixel off and soft, and
    /// edges a row apart, against the software renderer's.
    func wholePixels(_ rect: Rect) -> Rect {
        isSoftware ? rect : PixelRect(paintedBySoftwareFill: rect).rect
    }

    /// Copies part of a texture (source in texture pixels) to a rectangle in target pixels, tinted.
    func copy(_ texture: Texture, from source: Rect, to destination: Rect, color: SDL_Color) {
        drawCount += 1
        var source = source, destination = destination
        // A copy of an opaque picture whose pixels the CPU reads, scaled or darkened, is resampled by ViewKit
        // (SDL scales more slowly, tints pixel by pixel, and takes a source in whole pixels: a copy cut by a
        // clip would be sampled apart from the same copy drawn whole). Faded, onto an opaque frame only.
        if isSoftware, texture.keepsPixels, color.a == 255 || targetIsOpaque,
           source.size != destination.size || color.r & color.g & color.b != 255,
           resampledCopy(texture, from: source, to: destination, color: color) {
            return
        }
        let opaque = texture.isOpaque && color.a == 255
        let keepingAlpha = !targetIsOpaque && !opaque && !texture.hasAlphaChannel
        var stagedWhole: (Texture, SDL_Rect, SDL_FRect)?
        if isSoftware {
            guard let visible = cropped(source, destination) else { return }
            // SDL takes a source in whole pixels: a scaled copy cut by the clip or the target's edge is scaled
            // whole and its visible part copied unscaled, so a part redrawn later meets what was drawn before.
            if visible.destination != destination, source.size != destination.size {
                stagedWhole = wholeScaled(texture, source, destination, showing: visible.destination, withAlpha: keepingAlpha)
            }
            if stagedWhole == nil { (source, destination) = visible }
        }
        var drawn = texture
        var src = SDL_Rect(roundingEdgesOf: source)
        var dst = SDL_FRect(wholePixels(destination))
        var color = color
        if let stagedWhole {
            (drawn, src, dst) = stagedWhole
        } else if isSoftware, let staged = staged(texture, src, dst, tinted: !opaque || color.r & color.g & color.b != 255, withAlpha: keepingAlpha) {
            (drawn, src, dst) = staged
        } else if isSoftware, color.r & color.g & color.b & color.a != 255, texture.hasAlphaChannel,
                  let tinted = tintedCopy(of: texture, color) {
            (drawn, color) = (tinted, SDL_Color(r: 255, g: 255, b: 255, a: 255))
        }
        SDL_SetTextureColorMod(drawn.handle, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(drawn.handle, color.a)
        if opaque { SDL_SetTextureBlendMode(drawn.handle, SDL_BLENDMODE_NONE) }
        SDL_RenderCopyF(handle, drawn.handle, &src, &dst)
        if opaque { SDL_SetTextureBlendMode(drawn.handle, SDL_BLENDMODE_BLEND) }
        SDL_SetTextureColorMod(drawn.handle, 255, 255, 255)
        SDL_SetTextureAlphaMod(drawn.handle, 255)
    }
}
