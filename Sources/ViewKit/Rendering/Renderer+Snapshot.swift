import CSDL2

/// Stills of views (for transitions) and the pixels of the output (for screenshots and tests).
extension Renderer {
    /// Draws a view and its subtree, as it is on screen now, into an image of its bounds, leaving out the
    /// `excluded` views (UIKit's snapshotView: for transitions that show a still of the screen underneath).
    public func snapshot(_ view: View, background: Color = .clear, excluding excluded: [View] = []) -> Image? {
        let bounds = view.presentationBounds
        let w = max(1, Int((bounds.width * pixelScale).rounded())), h = max(1, Int((bounds.height * pixelScale).rounded()))
        guard let handle = SDL_CreateTexture(self.handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                             Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)) else { return nil }
        // Over an opaque background, every pixel of the still is opaque.
        let target = Texture(handle: handle, width: w, height: h, isOpaque: background.alpha >= 1)
        drawing(into: target.handle) {
            let c = background.rgba8
            SDL_SetRenderDrawBlendMode(self.handle, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(self.handle, c.r, c.g, c.b, c.a)
            SDL_RenderClear(self.handle)
            SDL_SetRenderDrawBlendMode(self.handle, SDL_BLENDMODE_BLEND)
            let m = AffineTransform(translationX: -bounds.minX, y: -bounds.minY)
                .concatenating(AffineTransform(scaleX: pixelScale, y: pixelScale))
            let recording = recordingOrigin
            recordingOrigin = nil
            snapshotExclusions = Set(excluded.map(ObjectIdentifier.init))
            drawContent(view, transform: m, alpha: 1, clip: PixelRect(x: 0, y: 0, width: w, height: h))
            snapshotExclusions = []
            recordingOrigin = recording
        }
        // The pixels stay in the target, which becomes the image's texture; only a tiny copy is read back for
        // the average colour.
        let average = pixels(of: target, region: SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h)), width: 16, height: 16)?
            .averageColor() ?? background
        let image = Image(texture: target, scale: pixelScale, name: "snapshot", isOpaque: background.alpha >= 1,
                          averageColor: average)
        return image
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
