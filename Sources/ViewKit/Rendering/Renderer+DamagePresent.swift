import CSDL2
import CX11Window

/// Presenting what was redrawn: OpenGL drawn on the CPU (Mesa's llvmpipe) draws frames straight into the back
/// buffer, which is never swapped and so keeps the last frame, and copies only the rectangles redrawn to the
/// window (`presentsDamage`); the software renderer sends the window those rectangles of its surface.
extension Renderer {
    /// The window's pixels were lost or hidden (an expose, shown again): the next present shows the whole frame,
    /// whatever the frame drawn before it redraws.
    public func windowPixelsLost() {
        damage = nil
    }

    /// Copies what was redrawn since the last present (all of it when `damage` is nil) to the window. False when
    /// the X server refused a copy: the frame is then shown whole by a swap, and must be drawn again.
    func presentRedrawn(with copier: OpaquePointer) -> Bool {
        SDL_RenderFlush(handle)
        // What the back buffer holds: the frame as large as it was drawn.
        let drawn = PixelRect(x: 0, y: 0, width: frameSize.width, height: frameSize.height)
        let rects = (damage ?? [drawn]).map { $0.intersection(drawn) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return true }
        let flat = rects.flatMap { [Int32($0.x), Int32($0.y), Int32($0.width), Int32($0.height)] }
        guard np_gl_copier_copy(copier, flat, Int32(rects.count)) != 0 else {
            // Copies refused again and again at one size (a driver that does not keep its word, not a window
            // being resized under them) give the kept frame's path back.
            swapWholeFrame()
            let size = outputSize
            refusedCopies = refusedAt.map { $0 == size } == true ? refusedCopies + 1 : 1
            refusedAt = size
            frameSize = (0, 0)
            if refusedCopies >= 3 {
                np_gl_copier_free(copier)
                self.copier = nil
                keepsFrame = true
            }
            return false
        }
        refusedCopies = 0
        presentedPixels += rects.reduce(0) { $0 + $1.width * $1.height }
        return true
    }

    /// The software renderer's frame shown by sending `window` the rectangles redrawn (its surface keeps the
    /// rest): SDL's own present sends the whole surface. False when SDL would not (the window's surface is being
    /// made anew for a new size): the frame is then to be drawn again, whole.
    func presentSoftwareRects(_ rects: [PixelRect], to window: OpaquePointer) -> Bool {
        SDL_RenderFlush(handle)
        let (w, h) = outputSize
        let screen = PixelRect(x: 0, y: 0, width: w, height: h)
        let shown = rects.map { $0.intersection(screen) }.filter { !$0.isEmpty }
        guard !shown.isEmpty else { return true }
        let sdl = shown.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        guard SDL_UpdateWindowSurfaceRects(window, sdl, Int32(sdl.count)) == 0 else { return false }
        presentedPixels += shown.reduce(0) { $0 + $1.width * $1.height }
        return true
    }

    /// Whether the back buffer holds nothing of the last frame for one of `width` × `height`: it keeps the last
    /// frame only at the size it was drawn at, and only while the X server took every copy of it.
    func backBufferIsNew(width: Int, height: Int) -> Bool {
        let isNew = frameSize != (width, height)
        // Mesa's software rasteriser learns the window's size at a swap, which a copy of a part is not: one is
        // made (showing what the back buffer holds) so that its back buffer is made as large as the window.
        if isNew { swapWholeFrame() }
        frameSize = (width, height)
        return isNew
    }

    private func swapWholeFrame() {
        SDL_RenderPresent(handle)
        let (w, h) = outputSize
        presentedPixels += w * h
    }
}
