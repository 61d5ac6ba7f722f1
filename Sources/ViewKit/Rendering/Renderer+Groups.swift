import CSDL2

/// Group opacity: a subtree with alpha below 1 drawn at full opacity offscreen, then composited once.
extension Renderer {
    /// Renders the subtree at full opacity into an offscreen target, then composites it once with `alpha`,
    /// so overlapping children do not show through each other (UIKit's group opacity).
    func drawGroup(_ view: View, transform m: AffineTransform, alpha: Double, clip: PixelRect) {
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
    func unpremultipliedCopy(of target: Texture, width: Int, height: Int) -> Texture? {
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

    func target(width: Int, height: Int) -> Texture? {
        if let t = targets[groupDepth], t.width >= width, t.height >= height { return t }
        let w = max(width, targets[groupDepth]?.width ?? 0), h = max(height, targets[groupDepth]?.height ?? 0)
        targets[groupDepth] = nil
        guard let handle = SDL_CreateTexture(handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                             Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)) else { return nil }
        let t = Texture(handle: handle, width: w, height: h)
        targets[groupDepth] = t
        return t
    }
}
