import CSDL2
import Testing
@testable import ViewKit

/// A still kept while what it shows is unchanged (issue 14: a portrait kiosk's card transition spent 3.5 ms of its
/// first frame drawing the library, unchanged since the last transition, into a new still). Kept means the same
/// image; any change a redraw is asked for in the subtree (outside the excluded views), a new size or scale, or
/// lost target pixels make a new one, which shows the change.
@MainActor
@Suite(.serialized)
struct KeptSnapshotTests {
    /// A headless 200 × 150 window holding a 120 × 80 panel (red) with a label and a badge (blue) in it.
    private func scene() throws -> (Application, panel: View, label: Label, badge: View) {
        let a = try Application(configuration: .init(title: "kept", size: Size(width: 200, height: 150),
                                                     minimumSize: Size(width: 50, height: 50), headless: true,
                                                     fonts: Fixtures.fonts), clock: ManualClock())
        let panel = View(frame: Rect(x: 10, y: 10, width: 120, height: 80))
        panel.backgroundColor = .red
        let label = Label(text: "Side A", font: Font(size: 14))
        label.frame = Rect(x: 4, y: 4, width: 80, height: 20)
        let badge = View(frame: Rect(x: 90, y: 50, width: 20, height: 20))
        badge.backgroundColor = .blue
        for v in [label, badge] { panel.addSubview(v) }
        a.window.addSubview(panel)
        a.turn(blocking: false)
        return (a, panel, label, badge)
    }

    private func color(_ image: Image?, x: Int, y: Int, in a: Application) throws -> RGBA {
        let image = try #require(image)
        let texture = try #require(image.texture)
        let surface = try #require(a.renderer.drawing(into: texture.handle) { a.renderer.readPixels(width: texture.width, height: texture.height) })
        return surface.pixel(x: x, y: y)
    }

    @Test func anUnchangedSubtreeGivesTheSameStill() throws {
        let (a, panel, _, _) = try scene()
        let kept = KeptSnapshot(of: panel, background: .black)
        let first = try #require(kept.image(from: a.renderer))
        // Frames drawn, the window redrawn whole, other views changed: nothing the panel shows.
        let other = View(frame: Rect(x: 150, y: 100, width: 20, height: 20))
        other.backgroundColor = .green
        a.window.addSubview(other)
        a.turn(blocking: false)
        a.window.setNeedsDisplay()
        a.turn(blocking: false)
        #expect(kept.image(from: a.renderer) === first, "the panel did not change: its still is kept")
    }

    @Test func aChangeInsideMakesANewStillThatShowsIt() throws {
        let (a, panel, _, badge) = try scene()
        let kept = KeptSnapshot(of: panel, background: .black)
        let first = try #require(kept.image(from: a.renderer))
        assertPixel(try color(first, x: 100, y: 60, in: a), 0, 0, 255, 3, "the badge, blue")
        badge.backgroundColor = .green
        let second = kept.image(from: a.renderer)
        #expect(second !== first, "the badge changed colour: a new still")
        assertPixel(try color(second, x: 100, y: 60, in: a), 0, 255, 0, 3, "the new still shows the badge green")
        #expect(kept.image(from: a.renderer) === second, "and that one is kept in turn")
    }

    @Test func everyKindOfChangeMakesANewStill() throws {
        let (a, panel, label, badge) = try scene()
        let kept = KeptSnapshot(of: panel, background: .black)
        var last = try #require(kept.image(from: a.renderer))
        func expectNew(_ what: String) {
            let now = kept.image(from: a.renderer)
            #expect(now !== last, "\(what): a new still")
            if let now { last = now }
        }
        label.text = "Side B"
        expectNew("a label's text")
        badge.frame = Rect(x: 80, y: 40, width: 20, height: 20)
        expectNew("a subview moved")
        badge.removeFromSuperview()
        expectNew("a subview removed")
        panel.addSubview(badge)
        expectNew("a subview added")
        panel.frame = Rect(x: 10, y: 10, width: 100, height: 80)
        expectNew("the view resized")
        a.renderer.targetsWereReset()
        expectNew("render targets lost their pixels")
    }

    @Test func changesInExcludedViewsKeepTheStill() throws {
        let (a, panel, label, badge) = try scene()
        let kept = KeptSnapshot(of: panel, background: .black, excluding: [badge])
        let first = try #require(kept.image(from: a.renderer))
        assertPixel(try color(first, x: 100, y: 60, in: a), 255, 0, 0, 3, "the badge is left out: the panel's red")
        badge.backgroundColor = .green
        #expect(kept.image(from: a.renderer) === first, "only the excluded badge changed")
        // Changes inside and outside the excluded view between two stills: the one outside counts.
        badge.backgroundColor = .white
        label.text = "Side B"
        #expect(kept.image(from: a.renderer) !== first, "the label changed too")
    }

    @Test func aStillOfAnExcludedViewNestedInAnotherCountsItsChangesOnce() throws {
        let (a, panel, _, badge) = try scene()
        let dot = View(frame: Rect(x: 5, y: 5, width: 5, height: 5))
        dot.backgroundColor = .white
        badge.addSubview(dot)
        let plain = View(frame: Rect(x: 0, y: 60, width: 10, height: 10))
        plain.backgroundColor = .white
        panel.addSubview(plain)
        let kept = KeptSnapshot(of: panel, background: .black, excluding: [badge, dot])
        let first = try #require(kept.image(from: a.renderer))
        // The dot (inside the excluded badge) and a view outside both change: the still must change.
        dot.backgroundColor = .black
        plain.backgroundColor = .green
        #expect(kept.image(from: a.renderer) !== first, "a change outside the excluded views is not cancelled out")
    }

    @Test func anExcludedViewThatMovesOrIsNamedTwiceCancelsNoChange() throws {
        let (a, panel, label, badge) = try scene()
        // Named twice: one change in it must not cancel one outside it.
        let twice = KeptSnapshot(of: panel, background: .black, excluding: [badge, badge])
        var first = try #require(twice.image(from: a.renderer))
        badge.backgroundColor = .green
        label.text = "Side B"
        #expect(twice.image(from: a.renderer) !== first, "the label changed")

        // Taken out, changed while out, put back: its changes while out never reached the panel.
        let holder = View(frame: Rect(x: 80, y: 40, width: 40, height: 40))
        panel.addSubview(holder)
        badge.frame = Rect(x: 5, y: 5, width: 20, height: 20)
        holder.addSubview(badge)
        let kept = KeptSnapshot(of: panel, background: .black, excluding: [badge])
        first = try #require(kept.image(from: a.renderer))
        holder.removeFromSuperview()
        for white in [0.1, 0.2, 0.3, 0.4] { badge.backgroundColor = Color(white: white) }
        panel.addSubview(holder)
        label.text = "Side C"
        label.text = "Side D"
        #expect(kept.image(from: a.renderer) !== first, "the label changed while the excluded badge was out")

        // Made elsewhere (changes counted before it came), then put in.
        let late = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        for white in [0.5, 0.6, 0.7] { late.backgroundColor = Color(white: white) }
        let lateKept = KeptSnapshot(of: panel, background: .black, excluding: [late])
        first = try #require(lateKept.image(from: a.renderer))
        panel.addSubview(late)
        label.text = "Side E"
        #expect(lateKept.image(from: a.renderer) !== first, "the label changed as the excluded view came in")
    }

    @Test func aStillIsKeptForTheRendererThatTookIt() throws {
        let (a, panel, _, _) = try scene()
        let kept = KeptSnapshot(of: panel, background: .black)
        let first = try #require(kept.image(from: a.renderer))
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 150), fonts: Fixtures.fonts)
        #expect(kept.image(from: canvas.renderer) !== first, "another renderer takes its own still")
    }

    /// A kept still outlives the window it was taken in (the app's objects are let go after the application at
    /// exit): its texture goes with the renderer, not after it (SDL frees a renderer's textures with it, so the
    /// texture's own release came second, on freed memory).
    @Test func aStillKeptBeyondItsWindowGoesWithItsRenderer() throws {
        var kept: Image?
        do {
            let (a, panel, _, _) = try scene()
            kept = KeptSnapshot(of: panel, background: .black).image(from: a.renderer)
            #expect(kept?.texture?.isDestroyed == false, "drawable while its window lives")
        }
        // The application and its renderer are gone; the still is not drawn again, and goes now.
        #expect(kept?.texture?.isDestroyed == true, "its texture was destroyed with the renderer")
        kept = nil
    }
}
