import CSDL2

/// A software renderer drawing into memory instead of a window: for snapshots of views, thumbnails and
/// pixel-exact tests. Needs no display and no video subsystem.
@MainActor
public final class OffscreenCanvas {
    public let surface: Surface
    public let renderer: Renderer
    private let handle: OpaquePointer
    /// The canvas size in points.
    public let size: Size

    public init(size: Size, pixelScale: Double = 1, fonts: FontLibrary, openedFaces: OpenedFaces? = nil) throws {
        guard let surface = Surface(width: Int((size.width * pixelScale).rounded()),
                                    height: Int((size.height * pixelScale).rounded())) else {
            throw SDLError("Creating an offscreen surface")
        }
        guard let handle = SDL_CreateSoftwareRenderer(surface.pointer) else { throw SDLError("Creating a software renderer") }
        self.surface = surface
        self.handle = handle
        self.size = size
        renderer = Renderer(handle: handle, pixelScale: pixelScale, fonts: fonts, openedFaces: openedFaces)
    }

    /// Lays out and draws `root` (placed at the canvas origin) over `background`.
    public func render(_ root: View, background: Color = .clear) {
        root.layoutIfNeeded()
        renderer.render(root, background: background)
        SDL_RenderFlush(handle)
    }

    /// The pixel at (x, y) in pixels.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { surface.pixel(x: x, y: y) }

    /// The pixel under a point, at the canvas's pixel scale.
    public func pixel(at p: Point) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let s = renderer.pixelScale
        return surface.pixel(x: Int(p.x * s), y: Int(p.y * s))
    }

    /// Writes the canvas as PNG.
    public func savePNG(to path: String) throws {
        try ImageLibrary.savePNG(surface, to: path)
    }

    isolated deinit {
        renderer.releaseTextures()
        renderer.destroyTexturesHeldOutside()
        SDL_DestroyRenderer(handle)
    }
}
