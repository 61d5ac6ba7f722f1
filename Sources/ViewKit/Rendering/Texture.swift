import CSDL2

/// An SDL texture owned by Swift: destroyed when the last reference goes.
/// Created and released on the main thread only, as SDL's renderer requires: it is not Sendable, so the
/// compiler keeps every reference, and so its deinit, on the renderer's thread.
public final class Texture {
    public let handle: OpaquePointer
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Every pixel is opaque: copies at full alpha need no blending (much cheaper on the software renderer).
    public let isOpaque: Bool

    init(handle: OpaquePointer, width: Int, height: Int, isOpaque: Bool = false) {
        self.handle = handle; self.width = width; self.height = height; self.isOpaque = isOpaque
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
    }

    /// A texture holding a copy of the surface's pixels (`isOpaque` when the caller knows every pixel is).
    convenience init?(renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>, isOpaque: Bool = false) {
        guard let t = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        self.init(handle: t, width: Int(surface.pointee.w), height: Int(surface.pointee.h), isOpaque: isOpaque)
    }

    /// Whether the texture is a render target (its pixels are lost when SDL resets the targets).
    public var isRenderTarget: Bool {
        var access: Int32 = 0
        SDL_QueryTexture(handle, nil, &access, nil, nil)
        return access == Int32(SDL_TEXTUREACCESS_TARGET.rawValue)
    }

    /// Bytes of video memory the texture takes, for cache budgets.
    public var byteCount: Int { width * height * 4 }

    deinit { SDL_DestroyTexture(handle) }
}
