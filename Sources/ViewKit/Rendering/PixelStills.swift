import CSDL2

/// Large opaque stills whose pixels the CPU reads (software renderer; see `Renderer.resampledCopy`): the target
/// they are drawn in, streaming textures they are read into, each used again once the image made of it has gone,
/// and the texture their resampled copies are written in. A card transition takes a still of the screen every
/// time it starts; fresh memory for it (and for the copy written each frame) cost that transition's first frames
/// thousands of page faults. The target is theirs alone: a group drawn in the still has targets of its own.
struct PixelStills {
    private struct Slot {
        let texture: Texture
        /// The image made of the texture, while it lives.
        weak var image: Image?
    }

    private var slots: [Slot] = []
    /// Where stills are drawn before they are read.
    private var canvas = GrowOnlyTarget(format: SDL_PIXELFORMAT_RGB888.rawValue)
    /// Where resampled copies are written, as large as the largest target drawn into.
    private(set) var stage: Texture?

    /// A streaming XRGB8888 texture of exactly `width` × `height` that no living image uses: a free one of that
    /// size if there is one; else a new one, replacing the free ones (of another size). Nil if SDL cannot make it.
    mutating func reserve(width: Int, height: Int, on renderer: OpaquePointer) -> Texture? {
        if let free = slots.first(where: { $0.image == nil && $0.texture.width == width && $0.texture.height == height }) {
            return free.texture
        }
        slots.removeAll { $0.image == nil }
        guard let handle = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                             Int32(width), Int32(height)) else { return nil }
        let texture = Texture(handle: handle, width: width, height: height, isOpaque: true)
        texture.keepsPixels = true
        slots.append(Slot(texture: texture))
        return texture
    }

    /// The target to draw a still of `width` × `height` in (its top-left part), grown if need be.
    mutating func canvas(width: Int, height: Int, limit: Int, on renderer: OpaquePointer) -> Texture? {
        canvas.reserve(width: width, height: height, limit: limit, on: renderer)?.texture
    }

    /// Marks `texture` (from `reserve`) as used while `image` lives.
    mutating func adopt(_ texture: Texture, by image: Image) {
        guard let i = slots.firstIndex(where: { $0.texture === texture }) else { return }
        slots[i].image = image
    }

    /// The stage, grown to at least `width` × `height`. Nil if SDL cannot make it.
    mutating func stage(width: Int, height: Int, on renderer: OpaquePointer) -> Texture? {
        if let stage, stage.width >= width, stage.height >= height { return stage }
        let w = max(width, stage?.width ?? 0), h = max(height, stage?.height ?? 0)
        stage = nil
        stage = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                  Int32(w), Int32(h)).map { Texture(handle: $0, width: w, height: h, isOpaque: true) }
        return stage
    }

    /// How many stills are kept (for tests).
    var count: Int { slots.count }
}
