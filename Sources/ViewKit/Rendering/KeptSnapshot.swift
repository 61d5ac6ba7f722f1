/// A still of a view (`Renderer.snapshot`) taken again only when what it shows has changed, so that a transition
/// starting over an unchanged screen finds its still ready instead of drawing the screen into it in its first
/// frame (a whole window, two million pixels on a portrait kiosk). A change is a redraw asked for in the view's
/// subtree outside the excluded views (`setNeedsDisplay`, which every property that shows calls), another size
/// or pixel scale, or the renderer losing its targets' pixels. The still is held until the next one is taken.
@MainActor
public final class KeptSnapshot {
    public let view: View
    public let background: Color
    public let excluded: [View]

    private struct Kept {
        let image: Image
        let changes: Int
        let size: Size
        let pixelScale: Double
        let pixelsLost: Int
    }

    private var kept: Kept?

    /// Keeps stills of `view` over `background`, leaving out `excluded` views (see `Renderer.snapshot`).
    public init(of view: View, background: Color = .clear, excluding excluded: [View] = []) {
        self.view = view
        self.background = background
        self.excluded = excluded
    }

    /// The still of the view as it is now: the kept one when nothing it shows has changed since, else a new one
    /// (nil when the renderer cannot make one).
    public func image(from renderer: Renderer) -> Image? {
        let changes = changesShown
        let size = view.presentationBounds.size
        if let kept, kept.changes == changes, kept.size == size, kept.pixelScale == renderer.pixelScale,
           kept.pixelsLost == renderer.pixelsLost {
            return kept.image
        }
        // The old still goes first: its texture is free for the new one.
        kept = nil
        guard let image = renderer.snapshot(view, background: background, excluding: excluded) else { return nil }
        kept = Kept(image: image, changes: changes, size: size, pixelScale: renderer.pixelScale, pixelsLost: renderer.pixelsLost)
        return image
    }

    /// Lets the kept still go (its memory with it).
    public func discard() {
        kept = nil
    }

    /// The redraws asked for in the subtree outside the excluded views: every one in an excluded view's subtree
    /// also counted once on each of its ancestors, the view included.
    /// (An excluded view inside another excluded one is counted with it.)
    private var changesShown: Int {
        let inside = excluded.filter { $0 !== view && $0.isDescendant(of: view) }
        let outermost = inside.filter { v in !inside.contains { $0 !== v && v.isDescendant(of: $0) } }
        return outermost.reduce(view.displayGeneration) { $0 &- $1.displayGeneration }
    }
}
