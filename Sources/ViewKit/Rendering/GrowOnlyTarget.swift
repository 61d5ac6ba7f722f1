import CSDL2

/// A render target that only grows, in steps of 64 pixels, and is drawn in its top-left part. SDL's OpenGL
/// renderer keeps a framebuffer for every size of target it has made, for the renderer's life, and each holds
/// on to the last texture of its size (GL detaches a deleted texture only from the bound framebuffer): a
/// target made anew at every window size kept a window's worth of memory per size.
struct GrowOnlyTarget {
    static let step = 64
    /// The pixel format of the texture.
    let format: UInt32
    private(set) var texture: Texture?

    init(format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue) { self.format = format }

    /// The texture, grown if it is smaller than `width` × `height` (each side rounded up to the step, within
    /// `limit`), and whether it was made anew (holds nothing drawn before). Nil if SDL cannot make it.
    mutating func reserve(width: Int, height: Int, limit: Int, on renderer: OpaquePointer) -> (texture: Texture, isNew: Bool)? {
        if let t = texture, t.width >= width, t.height >= height { return (t, false) }
        func grown(_ needed: Int, _ kept: Int) -> Int {
            max(needed, kept, min((needed + Self.step - 1) / Self.step * Self.step, limit))
        }
        let w = grown(width, texture?.width ?? 0), h = grown(height, texture?.height ?? 0)
        texture = nil
        texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h))
            .map { Texture(handle: $0, width: w, height: h) }
        return texture.map { ($0, true) }
    }
}
