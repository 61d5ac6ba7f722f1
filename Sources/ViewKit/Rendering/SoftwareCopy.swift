import CSDL2

/// Texture copies on SDL's software renderer without its temporary surfaces. SDL scales a copy that crosses
/// the target's edge, or one that blends, tints or changes pixel format while scaling smoothly, through a
/// surface of the whole destination's size allocated and freed on every draw: fresh memory, page faults and
/// an extra pass every frame of a zooming, fading carousel. Here copies are cropped to the clip first, and
/// such scaled copies are scaled into one kept staging texture, then copied from it unscaled.
extension Renderer {
    /// The part of a copy inside the target and its clip, the source cropped in proportion (as SDL crops a
    /// scaled copy to its clip rectangle); nil when none of it shows.
    func cropped(_ source: Rect, _ destination: Rect) -> (source: Rect, destination: Rect)? {
        let window = clip.isEmpty ? targetBounds : targetBounds.intersection(clip.rect)
        guard !window.contains(destination) else { return (source, destination) }
        let visible = destination.intersection(window)
        guard !visible.isEmpty, destination.width > 0, destination.height > 0 else { return nil }
        let sx = source.width / destination.width, sy = source.height / destination.height
        return (Rect(x: source.minX + (visible.minX - destination.minX) * sx,
                     y: source.minY + (visible.minY - destination.minY) * sy,
                     width: visible.width * sx, height: visible.height * sy), visible)
    }

    /// Scales `src` of `texture` into the staging texture with neither blending nor tint (SDL's direct smooth
    /// scaler), and returns what to copy instead: the staged pixels, unscaled, where `dst` would have landed.
    /// Nil when SDL copies directly: unscaled, or scaled untinted into a target of the texture's format.
    /// `withAlpha` stages even an unscaled copy, in a format with alpha: an opaque picture (a texture without an
    /// alpha channel) blended translucent into a group's transparent target, where SDL's surface-alpha
    /// blitter would write full alpha.
    func staged(_ texture: Texture, _ src: SDL_Rect, _ dst: SDL_FRect, tinted: Bool, withAlpha: Bool = false) -> (Texture, SDL_Rect, SDL_FRect)? {
        // The software renderer truncates a destination to whole pixels.
        let w = Int32(dst.w), h = Int32(dst.h)
        guard w > 0, h > 0, withAlpha || w != src.w || h != src.h else { return nil }
        var format: UInt32 = 0
        SDL_QueryTexture(texture.handle, &format, nil, nil, nil)
        if withAlpha { format = SDL_PIXELFORMAT_ARGB8888.rawValue }
        guard tinted || withAlpha || format != targetFormat, let stage = staging(format: format, width: Int(w), height: Int(h)) else { return nil }
        stagedCopies += 1
        drawing(into: stage.handle, size: (Int(w), Int(h))) {
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
            var s = src, d = SDL_Rect(x: 0, y: 0, w: w, h: h)
            SDL_RenderCopy(handle, texture.handle, &s, &d)
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
        }
        return (stage, SDL_Rect(x: 0, y: 0, w: w, h: h),
                SDL_FRect(x: Float(Int32(dst.x)), y: Float(Int32(dst.y)), w: Float(w), h: Float(h)))
    }

    /// The staging texture, in the copied texture's pixel format (SDL scales directly only between equal
    /// formats) and grown to the largest copy staged: a copy growing a little every frame of a transition does
    /// not need a new texture every frame.
    private func staging(format: UInt32, width: Int, height: Int) -> Texture? {
        if staging?.format != format { staging = GrowOnlyTarget(format: format) }
        return staging?.reserve(width: width, height: height, limit: maxTextureSide, on: handle)?.texture
    }
}

extension SDL_Rect {
    /// Whole pixels between the rounded edges of `r` (rounding each edge keeps adjacent pieces adjacent).
    /// Coordinates beyond 32 bits saturate, and a NaN (a programming error that `DrawContext` stops in debug
    /// builds) becomes 0, so no geometry can trap in the drawing path of a release build.
    init(roundingEdgesOf r: Rect) {
        let x0 = r.minX.rounded(), y0 = r.minY.rounded()
        self.init(x: Int32(saturating: x0), y: Int32(saturating: y0),
                  w: Int32(saturating: max(1, r.maxX.rounded() - x0)), h: Int32(saturating: max(1, r.maxY.rounded() - y0)))
    }
}

extension SDL_FRect {
    init(_ r: Rect) {
        self.init(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    }
}

extension Int32 {
    /// `value` rounded toward zero and clamped to Int32's range; 0 for NaN.
    init(saturating value: Double) {
        guard !value.isNaN else { self = 0; return }
        self = Int32(Swift.max(Double(Int32.min), Swift.min(Double(Int32.max), value.rounded(.towardZero))))
    }
}
