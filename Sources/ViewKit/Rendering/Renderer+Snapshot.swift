import CSDL2

/// Stills of views (for transitions) and the pixels of the output (for screenshots and tests).
extension Renderer {
    /// Draws a view and its subtree, as it is on screen now, into an image of its bounds, leaving out the
    /// `excluded` views (UIKit's snapshotView: for transitions that show a still of the screen underneath).
    public func snapshot(_ view: View, background: Color = .clear, excluding excluded: [View] = []) -> Image? {
        let bounds = view.presentationBounds
        let w = max(1, Int((bounds.width * pixelScale).rounded())), h = max(1, Int((bounds.height * pixelScale).rounded()))
        // Drawn in an offscreen target and read back into a texture of its own, not drawn in a target of the
        // still's size: a view's size changes with the window's (see `GrowOnlyTarget`).
        let drawn = drawingOffscreen(width: w, height: h) { _ in
            let c = background.rgba8
            clear(width: w, height: h, to: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a))
            let m = AffineTransform(translationX: -bounds.minX, y: -bounds.minY)
                .concatenating(AffineTransform(scaleX: pixelScale, y: pixelScale))
            let recording = recordingOrigin
            recordingOrigin = nil
            snapshotExclusions = Set(excluded.map(ObjectIdentifier.init))
            drawContent(view, transform: m, alpha: 1, clip: PixelRect(x: 0, y: 0, width: w, height: h))
            snapshotExclusions = []
            recordingOrigin = recording
            return readPixels(width: w, height: h)
        }
        // Over an opaque background, every pixel of the still is opaque.
        let isOpaque = background.alpha >= 1
        guard let surface = drawn,
              let texture = Texture(renderer: handle, surface: surface.pointer, isOpaque: isOpaque) else { return nil }
        return Image(texture: texture, scale: pixelScale, name: "snapshot", isOpaque: isOpaque, averageColor: surface.averageColor())
    }

    /// The pixels of the current output (window or surface), for screenshots and tests.
    public func readPixels() -> Surface? {
        let (w, h) = outputSize
        return readPixels(width: w, height: h)
    }

    /// The top-left `width` × `height` pixels of the current target (which may be larger).
    func readPixels(width: Int, height: Int) -> Surface? {
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        guard let surface = Surface(width: width, height: height),
              SDL_RenderReadPixels(handle, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                   surface.pointer.pointee.pixels, surface.pointer.pointee.pitch) == 0 else { return nil }
        return surface
    }
}
