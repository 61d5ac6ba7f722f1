import CSDL2

/// Group opacity: a subtree with alpha below 1 drawn at full opacity offscreen, then composited once.
extension Renderer {
    /// Renders the subtree at full opacity into an offscreen target, then composites it once with `alpha`,
    /// so overlapping children do not show through each other (UIKit's group opacity).
    func drawGroup(_ view: View, transform m: AffineTransform, alpha: Double, clip: PixelRect) {
        let box = clip.intersection(PixelRect(enclosing: boxes.box(of: view, in: m)))
        guard !box.isEmpty else { return }
        // On the software renderer, a root that paints its whole bounds opaquely and clips its subtree to them,
        // unturned, is drawn only within the pixels its fill paints (origin and size truncated apart): every
        // pixel of the group is then opaque, where premultiplied and straight alpha agree, and it is composited
        // without being read back. (Its subviews lose the sliver of a pixel beyond the fill that the clip, whole
        // pixels around the bounds, would let them paint.)
        let opaque = isSoftware && view.paintsOpaquely && view.clipsToBounds && m.b == 0 && m.c == 0
        let content = opaque ? box.intersection(PixelRect(paintedBySoftwareFill: m.apply(to: view.presentationBounds))) : box
        guard !content.isEmpty else { return }
        // Composited onto an opaque frame on the software renderer, such a group's pixels (all opaque) are drawn
        // in a target without alpha, which SDL fades with its SIMD surface-alpha blitter, not pixel by pixel.
        let withoutAlpha = opaque && targetIsOpaque
        let format = withoutAlpha ? SDL_PIXELFORMAT_RGB888.rawValue : nil
        let composite = drawingOffscreen(width: content.width, height: content.height, format: format) { target -> Texture? in
            let shift = AffineTransform(translationX: -Double(content.x), y: -Double(content.y))
            clear(width: content.width, height: content.height, to: SDL_Color(r: 0, g: 0, b: 0, a: 0))
            if withoutAlpha { targetIsOpaque = true }
            let outerOrigin = recordingOrigin
            recordingOrigin = outerOrigin.map { ($0.x + Double(content.x), $0.y + Double(content.y)) }
            drawContent(view, transform: m.concatenating(shift), alpha: 1,
                        clip: PixelRect(x: 0, y: 0, width: content.width, height: content.height))
            recordingOrigin = outerOrigin
            return supportsPremultipliedBlend || opaque ? target : unpremultipliedCopy(of: target, width: content.width, height: content.height)
        }
        setClip(clip)
        guard let composite else { return }
        let a = UInt8(max(0, min(255, (alpha * 255).rounded())))
        if supportsPremultipliedBlend {
            SDL_SetTextureBlendMode(composite.handle, premultipliedBlend)
            SDL_SetTextureColorMod(composite.handle, a, a, a)
        } else {
            SDL_SetTextureColorMod(composite.handle, 255, 255, 255)
            // A target without alpha at full alpha (a group an instant from the end of its fade) is copied as it
            // is: SDL blends a texture without alpha at alpha 255 pixel by pixel, 25 times slower than at 254.
            SDL_SetTextureBlendMode(composite.handle, withoutAlpha && a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        }
        SDL_SetTextureAlphaMod(composite.handle, a)
        var src = SDL_Rect(x: 0, y: 0, w: Int32(content.width), h: Int32(content.height))
        var dst = SDL_Rect(x: Int32(content.x), y: Int32(content.y), w: Int32(content.width), h: Int32(content.height))
        copyPixelForPixel(composite) { SDL_RenderCopy(handle, composite.handle, &src, &dst) }
    }

    /// Reads a premultiplied target back and divides by alpha, for renderers without custom blend modes.
    func unpremultipliedCopy(of target: Texture, width: Int, height: Int) -> Texture? {
        groupReadBacks += 1
        guard let surface = readPixels(width: width, height: height) else { return nil }
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

    /// Runs `body` drawing into the offscreen target of the current depth in `format` (nil: ARGB), unclipped,
    /// its top-left `width` × `height` in use; what `body` draws offscreen in turn goes one depth deeper. Nil if
    /// SDL has no target.
    func drawingOffscreen<T>(width: Int, height: Int, format: UInt32? = nil, _ body: (Texture) -> T?) -> T? {
        let slot = OffscreenSlot(depth: groupDepth, format: format ?? SDL_PIXELFORMAT_ARGB8888.rawValue)
        var target = targets[slot] ?? GrowOnlyTarget(format: slot.format)
        let reserved = target.reserve(width: width, height: height, limit: maxTextureSide, on: handle)
        targets[slot] = target
        guard let texture = reserved?.texture else { return nil }
        return drawing(into: texture.handle, size: (width, height)) {
            let outerOpaque = targetIsOpaque
            groupDepth += 1
            targetIsOpaque = false
            defer { groupDepth -= 1; targetIsOpaque = outerOpaque }
            return body(texture)
        }
    }

    /// Sets the current target's top-left `width` × `height` to `color`, blending nothing.
    func clear(width: Int, height: Int, to color: SDL_Color) {
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: color)
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
    }
}
