import CSDL2

/// Textures of images: mipmap levels of pictures, cached by size within budgets, and the pieces that round
/// their corners.
extension Renderer {
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

    /// The bytes of large picture textures kept: 4 MB, or two windows' worth of pixels on a larger window. One
    /// frame's pictures (covers drawn across the window, each at a level up to a few times its drawn size)
    /// must fit together: a kiosk's three 1.4 MB covers in 4 MB pushed each other out and were decoded again
    /// on every frame of a drag.
    static func imageTextureBudget(outputWidth w: Int, height h: Int) -> Int {
        max(4 << 20, 2 * w * h * 4)
    }

    /// Whether drawing `image` at `pixelSize` finds its texture made already (nothing to decode or rasterise).
    public func hasTexture(for image: Image, pixelSize: Size) -> Bool {
        if image.texture != nil { return true }
        let w = max(1, Int(pixelSize.width.rounded())), h = max(1, Int(pixelSize.height.rounded()))
        guard let levels = levels(of: image, w, h) else { return cachedTexture(image, w, h) != nil }
        return cachedLevel(of: image, levels, w) != nil
    }

    /// The mipmap levels of a picture for drawing at `w` × `h` pixels (nil for vector images).
    func levels(of image: Image, _ w: Int, _ h: Int) -> [(width: Int, height: Int)]? {
        guard let (iw, ih) = image.pixelDimensions(drawnAt: w, h), iw > 0, ih > 0 else { return nil }
        return DecodedImage.mipmapLevels(width: iw, height: ih, atLeast: Size(width: Double(w), height: Double(h)))
    }

    /// The level made already that serves drawing `w` pixels wide: the best level, or a larger one up to twice
    /// the size (a picture shrinking through a transition decodes a few levels, not one per frame).
    func cachedLevel(of image: Image, _ levels: [(width: Int, height: Int)], _ w: Int) -> Texture? {
        for level in levels.dropLast() where level.width <= 2 * w {
            if let t = cachedTexture(image, level.width, level.height) { return t }
        }
        let best = levels[levels.count - 1]
        return cachedTexture(image, best.width, best.height)
    }

    /// A smaller level of a picture drawn from a larger one's texture: halved while more than twice as large, as
    /// `Surface.resampled` takes a picture down, since one bilinear copy from further off samples only some of
    /// its texels and aliases (a 4000 px cover's library thumbnail, scaled from its carousel level, showed false
    /// stripes). The halves are drawn in two grow-only targets let go after (sizes in steps of 64 pixels: SDL's
    /// OpenGL renderer keeps a framebuffer for each size of target it makes).
    func scaledTexture(_ image: Image, from larger: Texture, _ w: Int, _ h: Int) -> Texture? {
        // In the larger level's format: SDL scales directly between equal formats, and a level without alpha
        // keeps the software renderer's fast fading (see `makeTexture`).
        let format = larger.hasAlphaChannel ? SDL_PIXELFORMAT_ARGB8888.rawValue : SDL_PIXELFORMAT_RGB888.rawValue
        guard let made = SDL_CreateTexture(handle, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)) else { return nil }
        let t = Texture(handle: made, width: w, height: h, isOpaque: image.isOpaque)
        var halves = [GrowOnlyTarget(format: format), GrowOnlyTarget(format: format)]
        var source = (texture: larger, rect: SDL_Rect(x: 0, y: 0, w: Int32(larger.width), h: Int32(larger.height)))
        var step = 0
        while source.rect.w > 2 * Int32(w) || source.rect.h > 2 * Int32(h) {
            let half = SDL_Rect(x: 0, y: 0, w: max(Int32(w), (source.rect.w + 1) / 2), h: max(Int32(h), (source.rect.h + 1) / 2))
            guard let target = halves[step % 2].reserve(width: Int(half.w), height: Int(half.h), limit: maxTextureSide, on: handle)?.texture
            else { break }
            copyUnblended(source.texture, source.rect, into: target, half)
            source = (target, half)
            step += 1
        }
        copyUnblended(source.texture, source.rect, into: t, SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h)))
        cache(t, of: image)
        return t
    }

    func cachedTexture(_ image: Image, _ w: Int, _ h: Int) -> Texture? {
        let key = ImageKey(image: ObjectIdentifier(image), width: w, height: h)
        guard let entry = w * h * 4 < Renderer.smallTextureBytes ? smallImageTextures.value(for: key) : imageTextures.value(for: key),
              entry.image === image else { return nil }
        return entry.texture
    }

    func cache(_ t: Texture, of image: Image) {
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
    func makeTexture(_ image: Image, _ w: Int, _ h: Int) -> Texture? {
        image.surface(pixelWidth: w, pixelHeight: h).flatMap { makeTexture(image, from: $0) }
    }

    /// On the software renderer an opaque picture's texture has no alpha channel: SDL then fades it with its
    /// SIMD surface-alpha blitter rather than pixel by pixel (a kiosk's faded covers are a million pixels).
    func makeTexture(_ image: Image, from surface: Surface) -> Texture? {
        guard let t = (isSoftware && image.isOpaque ? Texture(renderer: handle, opaquePixelsOf: surface.pointer) : nil)
                ?? Texture(renderer: handle, surface: surface.pointer, isOpaque: image.isOpaque) else { return nil }
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
        var dst = SDL_FRect(wholePixels(destination))
        let flip = (flipX ? SDL_FLIP_HORIZONTAL.rawValue : 0) | (flipY ? SDL_FLIP_VERTICAL.rawValue : 0)
        SDL_RenderCopyExF(handle, mask.handle, nil, &dst, 0, nil, SDL_RendererFlip(flip))
    }

    /// A region of a texture, scaled to `width` × `height`, read back into memory.
    func pixels(of texture: Texture, region: SDL_Rect, width: Int, height: Int) -> Surface? {
        drawingOffscreen(width: width, height: height) { _ in
            var source = region, destination = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
            SDL_RenderCopy(handle, texture.handle, &source, &destination)
            SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
            return readPixels(width: width, height: height)
        }
    }
}
