import CResample
import CSDL2

/// Texture copies on SDL's software renderer without its temporary surfaces. SDL scales a copy that crosses
/// the target's edge, or one that blends, tints or changes pixel format while scaling smoothly, through a
/// surface of the whole destination's size allocated and freed on every draw: fresh memory, page faults and
/// an extra pass every frame of a zooming, fading carousel. Here such scaled copies are scaled into a kept
/// staging texture, then copied from it unscaled; a scaled copy the clip cuts is scaled whole there (SDL takes a
/// source in whole pixels: cropped in proportion, its part would be sampled apart from the rest), others are
/// cropped to the clip first.
extension Renderer {
    /// The part of a copy inside the target and its clip, the source cropped in proportion (as SDL crops a
    /// scaled copy to its clip rectangle); nil when none of it shows. A cropped copy is given in the whole
    /// pixels the software renderer paints of the whole copy (it truncates a destination's origin and size
    /// apart), so that the pieces of a copy cut around a cover meet, with no pixel left out between them.
    func cropped(_ source: Rect, _ destination: Rect) -> (source: Rect, destination: Rect)? {
        let window = drawableArea
        guard !window.contains(destination) else { return (source, destination) }
        guard destination.isFinite, destination.width >= 1, destination.height >= 1 else { return nil }
        let painted = PixelRect(paintedBySoftwareFill: destination).rect
        let visible = painted.intersection(PixelRect(enclosing: window).rect)
        guard !visible.isEmpty else { return nil }
        let sx = source.width / painted.width, sy = source.height / painted.height
        return (Rect(x: source.minX + (visible.minX - painted.minX) * sx,
                     y: source.minY + (visible.minY - painted.minY) * sy,
                     width: visible.width * sx, height: visible.height * sy), visible)
    }

    /// Scales `src` of `texture` into a staging texture with neither blending nor tint (SDL's direct smooth
    /// scaler, between textures of one format), and returns what to copy instead: the staged pixels, unscaled,
    /// where `dst` would have landed. Nil when SDL copies directly: unscaled, or scaled untinted into a target
    /// of the texture's format. `withAlpha` stages even an unscaled copy, then into a format with alpha: an
    /// opaque picture (a texture without an alpha channel) blended translucent into a target that is not
    /// opaque, where SDL's surface-alpha blitter would write full alpha.
    func staged(_ texture: Texture, _ src: SDL_Rect, _ dst: SDL_FRect, tinted: Bool, withAlpha: Bool = false) -> (Texture, SDL_Rect, SDL_FRect)? {
        // The software renderer truncates a destination to whole pixels.
        let w = Int32(dst.w), h = Int32(dst.h)
        guard w > 0, h > 0 else { return nil }
        var format: UInt32 = 0
        SDL_QueryTexture(texture.handle, &format, nil, nil, nil)
        let whole = SDL_Rect(x: 0, y: 0, w: w, h: h)
        var source = (texture: texture, rect: src)
        if w != src.w || h != src.h, tinted || withAlpha || format != targetFormat {
            guard let stage = staging(format: format, width: Int(w), height: Int(h)) else { return nil }
            copyUnblended(source.texture, source.rect, into: stage, whole)
            source = (stage, whole)
        } else if !withAlpha {
            return nil
        }
        if withAlpha {
            guard let stage = staging(format: SDL_PIXELFORMAT_ARGB8888.rawValue, width: Int(w), height: Int(h)) else { return nil }
            copyUnblended(source.texture, source.rect, into: stage, whole)
            source = (stage, whole)
        }
        stagedCopies += 1
        return (source.texture, whole, SDL_FRect(x: Float(Int32(dst.x)), y: Float(Int32(dst.y)), w: Float(w), h: Float(h)))
    }

    /// A scaled copy cut by the clip or the target's edge, scaled whole into its staging texture: what to copy
    /// instead, unscaled, to draw the part `visible` (whole pixels) of it. The pixels are those of the copy
    /// drawn whole, wherever it is cut. Nil (the caller crops the copy) for a copy more than twice as wide or as
    /// high as the frame, or when a staging texture cannot be had.
    func wholeScaled(_ texture: Texture, _ source: Rect, _ destination: Rect, showing visible: Rect,
                     withAlpha: Bool) -> (Texture, SDL_Rect, SDL_FRect)? {
        let painted = PixelRect(paintedBySoftwareFill: destination)
        let frame = frameOutputSize ?? (Int(targetBounds.width), Int(targetBounds.height))
        guard painted.width <= min(maxTextureSide, 2 * max(1, frame.width)),
              painted.height <= min(maxTextureSide, 2 * max(1, frame.height)) else { return nil }
        var format: UInt32 = 0
        SDL_QueryTexture(texture.handle, &format, nil, nil, nil)
        let whole = SDL_Rect(x: 0, y: 0, w: Int32(painted.width), h: Int32(painted.height))
        guard let stage = wholeStaging(format: withAlpha ? SDL_PIXELFORMAT_ARGB8888.rawValue : format,
                                       width: painted.width, height: painted.height) else { return nil }
        copyUnblended(texture, SDL_Rect(roundingEdgesOf: source), into: stage, whole)
        wholeStagedCopies += 1
        let part = SDL_Rect(x: Int32(visible.minX) - Int32(painted.x), y: Int32(visible.minY) - Int32(painted.y),
                            w: Int32(visible.width), h: Int32(visible.height))
        return (stage, part, SDL_FRect(visible))
    }

    /// Copies `src` of `texture` over `dst` of `target` as it is, scaled if the sizes differ.
    func copyUnblended(_ texture: Texture, _ src: SDL_Rect, into target: Texture, _ dst: SDL_Rect) {
        drawing(into: target.handle, size: (Int(dst.w), Int(dst.h))) {
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
            var s = src, d = dst
            SDL_RenderCopy(handle, texture.handle, &s, &d)
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
        }
    }

    /// `texture` tinted by `color` (its colours and alpha multiplied), made once and kept with it: SDL blends
    /// a tinted copy pixel by pixel through its generic blitter, an untinted one with alpha through its
    /// faster one (a card's labels, redrawn every frame of a transition, are white glyphs tinted). Nil once
    /// the tint has changed twice: a texture drawn fading would need a new copy at every step.
    func tintedCopy(of texture: Texture, _ color: SDL_Color) -> Texture? {
        let key = UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(color.a)
        if let kept = texture.tinted {
            if kept.color == key { return kept.texture }
            guard texture.tintChanges < 2 else { return nil }
            texture.tintChanges += 1
        }
        guard let handle = SDL_CreateTexture(self.handle, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             Int32(texture.width), Int32(texture.height)) else { return nil }
        let copy = Texture(handle: handle, width: texture.width, height: texture.height)
        drawing(into: handle) {
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureColorMod(texture.handle, color.r, color.g, color.b)
            SDL_SetTextureAlphaMod(texture.handle, color.a)
            var r = SDL_Rect(x: 0, y: 0, w: Int32(texture.width), h: Int32(texture.height))
            SDL_RenderCopy(self.handle, texture.handle, &r, &r)
            SDL_SetTextureColorMod(texture.handle, 255, 255, 255)
            SDL_SetTextureAlphaMod(texture.handle, 255)
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
        }
        texture.tinted = (key, copy)
        return copy
    }

    /// Blends a translucent solid fill as unscaled copies of a strip of the colour without alpha, faded by the
    /// fill's alpha: SDL's surface-alpha blitter is SIMD, where its blended fill goes pixel by pixel (a card
    /// transition's dimmer over a kiosk's window is two million pixels a frame). Only onto an opaque target;
    /// false when the fill is small or no strip can be made (the caller fills as usual).
    func blendFromStrips(_ rect: Rect, color: SDL_Color) -> Bool {
        // The pixels SDL's software fill covers (origin and size truncated apart), within the target and clip.
        guard rect.isFinite else { return false }
        let filled = PixelRect(paintedBySoftwareFill: rect)
        let window = PixelRect(enclosing: drawableArea)
        let r = filled.intersection(window)
        // Whether to blend from strips is decided on the whole fill, not the piece the clip leaves of it: the two
        // ways round apart by one, and a frame redrawn in part must equal the whole.
        guard filled.area >= 64 * 64 else { return false }
        guard !r.isEmpty else { return true }
        guard let strip = fillStrip(color, width: r.width) else { return false }
        SDL_SetTextureAlphaMod(strip.handle, color.a)
        var y = r.y
        while y < r.y + r.height {
            let h = min(strip.height, r.y + r.height - y)
            var src = SDL_Rect(x: 0, y: 0, w: Int32(r.width), h: Int32(h))
            var dst = SDL_Rect(x: Int32(r.x), y: Int32(y), w: Int32(r.width), h: Int32(h))
            SDL_RenderCopy(handle, strip.handle, &src, &dst)
            y += h
        }
        return true
    }

    /// A strip 64 pixels tall and at least `width` wide of `color` without alpha, kept per colour (the last few).
    private func fillStrip(_ color: SDL_Color, width: Int) -> Texture? {
        let key = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        if let strip = fillStrips[key], strip.width >= width { return strip }
        let w = max(width, fillStrips[key]?.width ?? 0), h = 64
        guard let handle = SDL_CreateTexture(self.handle, SDL_PIXELFORMAT_RGB888.rawValue,
                                             Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(w), Int32(h)) else { return nil }
        let pixels = [UInt32](repeating: 0xFF00_0000 | key, count: w * h)
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(handle, nil, $0.baseAddress, Int32(w * 4)) }
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        if fillStrips[key] == nil, fillStrips.count >= 4 { fillStrips.removeAll() }
        let strip = Texture(handle: handle, width: w, height: h, isOpaque: true)
        fillStrips[key] = strip
        return strip
    }

    /// The staging texture, in the copied texture's pixel format (SDL scales directly only between equal
    /// formats) and grown to the largest copy staged: a copy growing a little every frame of a transition does
    /// not need a new texture every frame.
    private func staging(format: UInt32, width: Int, height: Int) -> Texture? {
        reserve(&staging, format: format, width: width, height: height)
    }

    /// The staging texture of copies scaled whole and drawn in part (see `wholeScaled`), let go apart from the
    /// other (it may be four times the frame's pixels, and kept only while frames cut scaled copies).
    private func wholeStaging(format: UInt32, width: Int, height: Int) -> Texture? {
        reserve(&wholeStaging, format: format, width: width, height: height)
    }

    private func reserve(_ targets: inout [UInt32: GrowOnlyTarget], format: UInt32, width: Int, height: Int) -> Texture? {
        var target = targets[format] ?? GrowOnlyTarget(format: format)
        let texture = target.reserve(width: width, height: height, limit: maxTextureSide, on: handle)?.texture
        targets[format] = target
        return texture
    }

    /// Draws a scaled copy of a texture that keeps its pixels (a large opaque still) by resampling them
    /// bilinearly into the kept stage, multiplied by `color`, and copying that unscaled: one pass
    /// where SDL would scale and then blend a dimmer over it (see `Renderer.dimmer(over:)`). Each pixel is
    /// sampled from the whole copy's mapping, so the pieces of a copy cut by clips meet exactly. False when the
    /// pixels could not be had (the caller copies as usual).
    func resampledCopy(_ texture: Texture, from source: Rect, to destination: Rect, color: SDL_Color) -> Bool {
        guard destination.isFinite, source.isFinite, destination.width >= 1, destination.height >= 1 else { return false }
        // Mapped onto the pixels the copy paints (as SDL maps a copy, and the GPU renderers are given it).
        let painted = PixelRect(paintedBySoftwareFill: destination)
        let r = painted.intersection(PixelRect(enclosing: drawableArea))
        // The source in whole pixels, as SDL and the GPU renderers take it.
        let src = SDL_Rect(roundingEdgesOf: source)
        guard !r.isEmpty else { return true }
        // A large copy's stage is as large as the target at once: one growing every frame of a transition needs
        // no new memory.
        let (paintedArea, overflow) = painted.width.multipliedReportingOverflow(by: painted.height)
        let large = overflow || paintedArea >= resampledCopyArea
        guard let stage = pixelStills.stage(width: large ? max(r.width, Int(targetBounds.width)) : r.width,
                                            height: large ? max(r.height, Int(targetBounds.height)) : r.height, on: handle) else { return false }
        var area = SDL_Rect(x: 0, y: 0, w: Int32(r.width), h: Int32(r.height))
        var out: UnsafeMutableRawPointer?
        var outPitch: Int32 = 0
        guard SDL_LockTexture(stage.handle, &area, &out, &outPitch) == 0, let out else { return false }
        let mapping = np_resample_mapping(src_x: Double(src.x), src_y: Double(src.y), src_w: Double(src.w), src_h: Double(src.h),
                                          dst_x: Double(painted.x), dst_y: Double(painted.y),
                                          dst_w: Double(painted.width), dst_h: Double(painted.height))
        // XRGB8888 lies B, G, R, X in memory; 255 multiplies by 256/256.
        let multiply = [color.b, color.g, color.r, 255].map { (UInt16($0) * 256 + 127) / 255 }
        // A large copy is resampled in bands on as many cores as there are, up to four (each band reads the
        // whole copy's mapping, so the bands meet exactly); the frame waits for all of them.
        let bands = r.area >= resampledCopyArea ? min(4, max(1, Int(SDL_GetCPUCount()))) : 1
        let status = texture.withPixels { pixels, pitch in
            np_resample_bilinear_bands(pixels, Int32(texture.width), Int32(texture.height), Int32(pitch), mapping,
                                       Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height),
                                       out.assumingMemoryBound(to: UInt8.self), outPitch, multiply, Int32(bands))
        }
        SDL_UnlockTexture(stage.handle)
        guard status == 0 else { return false }
        // Faded (onto an opaque frame): the stage has no alpha channel, which SDL blends with its SIMD blitter.
        SDL_SetTextureBlendMode(stage.handle, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(stage.handle, color.a)
        var dst = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
        SDL_RenderCopy(handle, stage.handle, &area, &dst)
        SDL_SetTextureBlendMode(stage.handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(stage.handle, 255)
        resampledCopies += 1
        return true
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
