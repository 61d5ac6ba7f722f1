import CSDL2

/// Stills of views (for transitions) and the pixels of the output (for screenshots and tests).
extension Renderer {
    /// Whether the renderer holds the memory of a still of `width` × `height` pixels between one still and the
    /// next anyway (GPU renderers keep their snapshot targets; the software renderer keeps large stills), so that
    /// keeping the still itself (`KeptSnapshot`) costs no more.
    public func holdsStillMemory(width: Int, height: Int) -> Bool {
        !isSoftware || width * height >= resampledStillArea
    }

    /// Draws a view and its subtree, as it is on screen now, into an image of its bounds, leaving out the
    /// `excluded` views (UIKit's snapshotView: for transitions that show a still of the screen underneath).
    public func snapshot(_ view: View, background: Color = .clear, excluding excluded: [View] = []) -> Image? {
        let bounds = view.presentationBounds
        let w = max(1, Int((bounds.width * pixelScale).rounded())), h = max(1, Int((bounds.height * pixelScale).rounded()))
        // Over an opaque background, every pixel of the still is opaque.
        let isOpaque = background.alpha >= 1
        // Drawn in a target kept for snapshots and left there: reading it back from a GPU and uploading it
        // again cost a card transition's first frame several milliseconds.
        // On the software renderer an opaque still has the window's pixel format: SDL scales it straight onto
        // the frame (a card's shrinking backdrop), where a still with alpha is scaled into a staging texture first.
        let argb = SDL_PIXELFORMAT_ARGB8888.rawValue
        let format = isOpaque ? softwareWindowFormat.flatMap { $0 == SDL_PIXELFORMAT_RGB888.rawValue ? $0 : nil } ?? argb : argb
        func draw(into target: Texture) {
            drawing(into: target.handle, size: (w, h)) {
                let c = background.rgba8
                clear(width: w, height: h, to: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a))
                let m = AffineTransform(translationX: -bounds.minX, y: -bounds.minY)
                    .concatenating(AffineTransform(scaleX: pixelScale, y: pixelScale))
                let recording = recordingOrigin, outerOpaque = targetIsOpaque
                recordingOrigin = nil
                targetIsOpaque = isOpaque
                defer { targetIsOpaque = outerOpaque }
                snapshotExclusions = Set(excluded.map(ObjectIdentifier.init))
                drawContent(view, transform: m, alpha: 1, clip: PixelRect(x: 0, y: 0, width: w, height: h))
                snapshotExclusions = []
                recordingOrigin = recording
            }
        }
        // A large one in that format is drawn in a kept target and read into a kept texture whose pixels the CPU
        // reads (see `PixelStills`): scaled, it is resampled in one pass with a dimmer over it.
        if isSoftware, isOpaque, format == SDL_PIXELFORMAT_RGB888.rawValue, w * h >= resampledStillArea,
           let canvas = pixelStills.canvas(width: w, height: h, limit: maxTextureSide, on: handle),
           let still = pixelStills.reserve(width: w, height: h, on: handle) {
            draw(into: canvas)
            if read(canvas, into: still) {
                handOut(still)
                let image = Image(texture: still, scale: pixelScale, name: "snapshot", isOpaque: true, averageColor: background)
                pixelStills.adopt(still, by: image)
                return image
            }
        }
        guard let still = snapshotTargets.reserve(width: w, height: h, format: format, isOpaque: isOpaque,
                                                  limit: maxTextureSide, on: handle) else {
            return nil
        }
        draw(into: still)
        handOut(still)
        return Image(texture: still, scale: pixelScale, name: "snapshot", isOpaque: isOpaque, averageColor: background)
    }

    /// Reads the top-left of `target` into `still`, a streaming texture of that size in the target's format.
    private func read(_ target: Texture, into still: Texture) -> Bool {
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(still.handle, nil, &pixels, &pitch) == 0, let pixels else { return false }
        defer { SDL_UnlockTexture(still.handle) }
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(still.width), h: Int32(still.height))
        return drawing(into: target.handle, size: (still.width, still.height)) {
            SDL_RenderReadPixels(handle, &rect, SDL_PIXELFORMAT_RGB888.rawValue, pixels, pitch) == 0
        }
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
