import CSDL2

/// An SDL texture owned by Swift: destroyed when the last reference goes. Or the top-left part of a larger
/// one (a render target kept for reuse), which that part keeps alive and never destroys.
/// Created and released on the main thread only, as SDL's renderer requires: it is not Sendable, so the
/// compiler keeps every reference, and so its deinit, on the renderer's thread.
public final class Texture {
    public let handle: OpaquePointer
    /// Size in pixels (of the part, for a part of a larger texture): copies read pixels 0..<width, 0..<height.
    public let width: Int
    public let height: Int
    /// Every pixel is opaque: copies at full alpha need no blending (much cheaper on the software renderer).
    public let isOpaque: Bool
    /// The texture this is the top-left part of (nil: the whole of its own).
    private let whole: Texture?
    /// A copy tinted by one colour (packed RGBA), made by the software renderer for unscaled tinted copies,
    /// and how many times the tint changed (a texture drawn fading is not copied again at every step).
    var tinted: (color: UInt32, texture: Texture)?
    var tintChanges = 0
    /// A streaming texture whose pixels (XRGB8888) the CPU reads in place, on the software renderer: an opaque
    /// picture's, or a large still's (see `PixelStills`); its scaled copies are resampled by `resampledCopy`.
    var keepsPixels = false

    /// Runs `body` with the pixels and the bytes per row of a texture that keeps its pixels.
    func withPixels<T>(_ body: (UnsafePointer<UInt8>, Int) -> T) -> T? {
        guard keepsPixels else { return nil }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(handle, nil, &pixels, &pitch) == 0, let pixels else { return nil }
        defer { SDL_UnlockTexture(handle) }
        return body(UnsafePointer(pixels.assumingMemoryBound(to: UInt8.self)), Int(pitch))
    }

    init(handle: OpaquePointer, width: Int, height: Int, isOpaque: Bool = false) {
        self.handle = handle; self.width = width; self.height = height; self.isOpaque = isOpaque
        whole = nil
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
    }

    /// The top-left `width` × `height` pixels of `whole`, kept alive as long as this part is.
    init(topLeftOf whole: Texture, width: Int, height: Int, isOpaque: Bool) {
        handle = whole.handle; self.width = width; self.height = height; self.isOpaque = isOpaque
        self.whole = whole
    }

    /// The part's extent as a fraction of the SDL texture (1 × 1 for a whole texture): texture coordinates
    /// of triangles, which SDL takes relative to the whole texture, are scaled by it.
    var coordinateExtent: (u: Double, v: Double) {
        guard let whole else { return (1, 1) }
        return (Double(width) / Double(whole.width), Double(height) / Double(whole.height))
    }

    /// A texture holding a copy of the surface's pixels (`isOpaque` when the caller knows every pixel is).
    convenience init?(renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>, isOpaque: Bool = false) {
        guard let t = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        self.init(handle: t, width: Int(surface.pointee.w), height: Int(surface.pointee.h), isOpaque: isOpaque)
    }

    /// A texture without an alpha channel (XRGB8888) holding an ARGB8888 surface's colours, for the software
    /// renderer: streaming, so that its pixels can be read in place (`keepsPixels`) at no extra memory.
    convenience init?(renderer: OpaquePointer, opaquePixelsOf surface: UnsafeMutablePointer<SDL_Surface>) {
        let w = surface.pointee.w, h = surface.pointee.h
        guard surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h) else { return nil }
        SDL_UpdateTexture(t, nil, surface.pointee.pixels, surface.pointee.pitch)
        self.init(handle: t, width: Int(w), height: Int(h), isOpaque: true)
        keepsPixels = true
    }

    /// Whether the texture's pixels carry alpha (an opaque picture on the software renderer does not).
    public var hasAlphaChannel: Bool {
        var format: UInt32 = 0
        SDL_QueryTexture(handle, &format, nil, nil, nil)
        return format != SDL_PIXELFORMAT_RGB888.rawValue
    }

    /// Whether the texture is a render target (its pixels are lost when SDL resets the targets).
    public var isRenderTarget: Bool {
        var access: Int32 = 0
        SDL_QueryTexture(handle, nil, &access, nil, nil)
        return access == Int32(SDL_TEXTUREACCESS_TARGET.rawValue)
    }

    /// Bytes of video memory the texture takes, for cache budgets.
    public var byteCount: Int { width * height * 4 }

    /// Destroyed ahead of its last reference, with its renderer (see `destroyWithRenderer`).
    private(set) var isDestroyed = false

    /// Destroys the SDL texture now (for a part, the whole it is part of), since the renderer it belongs to is
    /// about to be destroyed and someone outside the renderer still holds it: destroyed after the renderer,
    /// it would be freed twice.
    func destroyWithRenderer() {
        if let whole { return whole.destroyWithRenderer() }
        tinted?.texture.destroyWithRenderer()
        guard !isDestroyed else { return }
        isDestroyed = true
        SDL_DestroyTexture(handle)
    }

    deinit { if whole == nil && !isDestroyed { SDL_DestroyTexture(handle) } }
}
