/// A still of a view (`Renderer.snapshot`) taken again only when what it shows has changed, so that a transition
/// starting over an unchanged screen finds its still ready instead of drawing the screen into it in its first
/// frame (a whole window, two million pixels on a portrait kiosk). A change is a redraw asked for in the view's
/// subtree outside the excluded views (`setNeedsDisplay`, which every property that shows calls), an excluded
/// view (or a view between it and this one) put in or taken out of a superview, another size, pixel scale or
/// renderer, or the renderer losing its targets' pixels. The still is held until the next one is taken.
@MainActor
public final class KeptSnapshot {
    public let view: View
    public let background: Color
    /// The views left out, each once.
    public let excluded: [View]

    /// What a still was taken of: the redraws counted on the view less those of the excluded views inside it,
    /// and, for each of those, the views from it up to the view (identities and how often each moved).
    private struct Shown: Equatable {
        var changes: Int
        var chains: [[ObjectIdentifier]]
        var moves: [[Int]]
    }

    private struct Kept {
        let image: Image
        weak var renderer: Renderer?
        let shown: Shown
        let size: Size
        let pixelScale: Double
        let pixelsLost: Int
    }

    private var kept: Kept?

    /// Keeps stills of `view` over `background`, leaving out `excluded` views (see `Renderer.snapshot`).
    public init(of view: View, background: Color = .clear, excluding excluded: [View] = []) {
        self.view = view
        self.background = background
        var seen = Set<ObjectIdentifier>()
        self.excluded = excluded.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The still of the view as it is now: the kept one when nothing it shows has changed since, else a new one
    /// (nil when the renderer cannot make one).
    public func image(from renderer: Renderer) -> Image? {
        let shown = self.shown
        let size = view.presentationBounds.size
        if let kept, kept.renderer === renderer, kept.shown == shown, kept.size == size,
           kept.pixelScale == renderer.pixelScale, kept.pixelsLost == renderer.pixelsLost {
            return kept.image
        }
        // The old still goes first: its texture is free for the new one.
        kept = nil
        guard let image = renderer.snapshot(view, background: background, excluding: excluded) else { return nil }
        kept = Kept(image: image, renderer: renderer, shown: shown, size: size, pixelScale: renderer.pixelScale,
                    pixelsLost: renderer.pixelsLost)
        return image
    }

    /// Lets the kept still go (its memory with it).
    public func discard() {
        kept = nil
    }

    /// A redraw in an excluded view counts once on each of its ancestors, the view included: the view's count less
    /// the outermost excluded views' inside it is what the still shows changing, as long as each of those stayed
    /// inside all along, which their unchanged chains of ancestors (none moved) tell.
    private var shown: Shown {
        let inside = excluded.filter { $0 !== view && $0.isDescendant(of: view) }
        let outermost = inside.filter { v in !inside.contains { $0 !== v && v.isDescendant(of: $0) } }
        var result = Shown(changes: view.displayGeneration, chains: [], moves: [])
        for e in outermost {
            result.changes &-= e.displayGeneration
            var chain: [View] = []
            var v: View? = e
            while let x = v, x !== view { chain.append(x); v = x.superview }
            result.chains.append(chain.map(ObjectIdentifier.init))
            result.moves.append(chain.map(\.superviewChanges))
        }
        return result
    }
}
