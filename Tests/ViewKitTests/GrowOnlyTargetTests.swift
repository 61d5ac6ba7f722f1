import CSDL2
import Testing
@testable import ViewKit

/// Render targets only grow and are used in their top-left part (issue 17: SDL's OpenGL renderer keeps memory
/// for every size of target made). The kept frame of GPU renderers is exercised on the software renderer,
/// told to keep its frame as they do; what the window shows must equal a full redraw at every size.
@MainActor
@Suite(.serialized)
struct GrowOnlyTargetTests {
    /// A headless window of 200 × 150 keeping its frame as GPU renderers do, with a red box in its top-left
    /// corner.
    private func app() throws -> (Application, box: View) {
        let a = try Application(configuration: .init(title: "frame", size: Size(width: 200, height: 150),
                                                     minimumSize: Size(width: 50, height: 50), headless: true,
                                                     fonts: Fixtures.fonts), clock: ManualClock())
        a.renderer.keepsFrame = true
        let box = View(frame: Rect(x: 10, y: 10, width: 30, height: 20))
        box.backgroundColor = .red
        a.window.addSubview(box)
        return (a, box)
    }

    @Test func theKeptFrameOnlyGrowsAndTheWindowShowsExactlyAFullRedraw() throws {
        let (a, box) = try app()
        // Pinned to the bottom-right corner: each size draws it somewhere else.
        let corner = View()
        corner.backgroundColor = .green
        a.window.addSubview(corner)
        // Grow, shrink well below, grow within the texture (320 × 256), grow past it, shrink again.
        for (w, h, grows) in [(200, 150, true), (300, 220, true), (120, 90, false), (250, 200, false), (330, 300, true), (160, 140, false)] {
            let before = a.renderer.frame.texture
            SDL_SetWindowSize(a.sdlWindow, Int32(w), Int32(h))
            corner.frame = Rect(x: Double(w - 40), y: Double(h - 30), width: 40, height: 30)
            a.turn(blocking: false)
            #expect(a.renderer.outputSize == (w, h))
            #expect(a.renderer.lastRegion == PixelRect(x: 0, y: 0, width: w, height: h), "\(w) × \(h): drawn whole")
            let texture = try #require(a.renderer.frame.texture)
            #expect((texture !== before) == grows,
                    "\(w) × \(h): a texture of \(texture.width) × \(texture.height), made anew: \(texture !== before)")
            #expect(texture.width >= w && texture.height >= h && texture.width % 64 == 0 && texture.height % 64 == 0,
                    "\(w) × \(h): a texture of \(texture.width) × \(texture.height)")
            try expectScreenIsAFullRedraw(a, "\(w) × \(h)")
            assertPixel(pixel(a, x: w - 5, y: h - 5), 0, 255, 0, 3, "\(w) × \(h): the corner view in the window's corner")
            assertPixel(pixel(a, x: w - 50, y: h - 5), 0, 0, 0, 3, "\(w) × \(h): left of it, the background")

            // A partial redraw into the kept frame at this size.
            box.backgroundColor = box.backgroundColor == .red ? .blue : .red
            a.turn(blocking: false)
            #expect(a.renderer.lastRegion.width < w, "\(w) × \(h): only the box redrawn")
            try expectScreenIsAFullRedraw(a, "\(w) × \(h), the box redrawn")
        }
    }

    @Test func aFrameOfANewSizeIsDrawnWholeInTheKeptTexture() throws {
        let (a, box) = try app()
        a.turn(blocking: false)
        let texture = try #require(a.renderer.frame.texture)
        SDL_SetWindowSize(a.sdlWindow, 180, 140)
        box.backgroundColor = .blue
        // Only the box changed, but nothing of a frame of this size is in the texture yet.
        a.renderer.render(a.window, background: .black, changed: [box])
        #expect(a.renderer.frame.texture === texture, "kept")
        #expect(a.renderer.lastRegion == PixelRect(x: 0, y: 0, width: 180, height: 140))
    }

    /// A snapshot stays in the target it was drawn in (no read-back from the GPU: issue 13, the default
    /// renderer's card frames), a target reused once its still has gone.
    @Test func snapshotsStayInKeptTargetsReusedOnceTheirStillHasGone() throws {
        let c = try OffscreenCanvas(size: Size(width: 120, height: 90), fonts: Fixtures.fonts)
        // As GPU renderers keep them.
        c.renderer.snapshotTargets = SnapshotTargets(keepsTargets: true)
        let large = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        large.backgroundColor = .white
        var first: Image? = try #require(c.renderer.snapshot(large))
        #expect(first?.texture?.width == 300 && first?.texture?.height == 200 && first?.texture?.isRenderTarget == true)

        // While the first still lives, a second gets a target of its own.
        let small = View(frame: Rect(x: 0, y: 0, width: 120, height: 90))
        small.backgroundColor = .black
        let inner = View(frame: Rect(x: 100, y: 70, width: 20, height: 20))
        inner.backgroundColor = .red
        small.addSubview(inner)
        var second: Image? = try #require(c.renderer.snapshot(small))
        #expect(second?.texture?.handle != first?.texture?.handle)
        #expect(c.renderer.snapshotTargets.count == 2 && c.renderer.snapshotTargets.texturesMade == 2)

        // Once both have gone, pairs of stills of any size no larger reuse the two targets, never a new texture:
        // the bar takes the smaller target, whichever is taken first.
        first = nil
        second = nil
        for (w, h) in [(120, 90), (300, 200), (64, 48), (250, 10)] {
            large.frame = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
            let bar = try #require(c.renderer.snapshot(inner)), backdrop = try #require(c.renderer.snapshot(large))
            #expect(bar.texture?.handle != backdrop.texture?.handle, "\(w) × \(h)")
            #expect(backdrop.texture?.width == w && backdrop.texture?.height == h, "\(w) × \(h): the still's own size")
        }
        #expect(c.renderer.snapshotTargets.count == 2 && c.renderer.snapshotTargets.texturesMade == 2)
    }

    /// On the software renderer a target is memory like any other: each still has one of its own size, which
    /// goes with it.
    @Test func onTheSoftwareRendererAStillsTargetGoesWithIt() throws {
        let c = try OffscreenCanvas(size: Size(width: 120, height: 90), fonts: Fixtures.fonts)
        let view = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        view.backgroundColor = .red
        weak var target: Texture?
        do {
            let still = try #require(c.renderer.snapshot(view))
            let texture = try #require(still.texture)
            #expect(texture.width == 300 && texture.height == 200 && texture.coordinateExtent == (1, 1))
            target = texture
            assertPixel(try #require(c.renderer.pixels(of: texture, region: SDL_Rect(x: 290, y: 190, w: 1, h: 1),
                                                       width: 1, height: 1)).pixel(x: 0, y: 0), 255, 0, 0)
        }
        #expect(target == nil, "the still's target went with it")
        #expect(c.renderer.snapshotTargets.count == 0 && c.renderer.snapshotTargets.texturesMade == 0)
    }

    /// A still drawn in part of a larger target shows only its own pixels, by copies (axis-aligned) and by
    /// triangles (turned, rounded), whose texture coordinates SDL takes relative to the whole target.
    @Test(arguments: [false, true])
    func aStillInPartOfALargerTargetDrawsOnlyItsOwnPixels(turned: Bool) throws {
        let c = try OffscreenCanvas(size: Size(width: 120, height: 90), fonts: Fixtures.fonts)
        c.renderer.snapshotTargets = SnapshotTargets(keepsTargets: true)
        // A white still grows the target to 320 × 256, then goes.
        let large = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        large.backgroundColor = .white
        _ = c.renderer.snapshot(large)
        let small = View(frame: Rect(x: 0, y: 0, width: 120, height: 90))
        small.backgroundColor = .black
        let inner = View(frame: Rect(x: 90, y: 60, width: 30, height: 30))
        inner.backgroundColor = .red
        small.addSubview(inner)
        let still = try #require(c.renderer.snapshot(small, background: .black))
        #expect(still.size == Size(width: 120, height: 90))
        #expect(c.renderer.snapshotTargets.texturesMade == 1, "drawn in the white still's target")

        let shown = ImageView(frame: Rect(x: 0, y: 0, width: 120, height: 90))
        shown.image = still
        if turned {
            shown.transform = AffineTransform(rotationAngle: 0.02)
            shown.cornerRadius = 8
            shown.clipsToBounds = true
        }
        c.render(shown, background: .blue)
        // The still's middle is black and its bottom-right corner red: no white from the rest of the target.
        assertPixel(c.pixel(x: 40, y: 40), 0, 0, 0, 8, "the middle")
        assertPixel(c.pixel(x: 100, y: 72), 255, 0, 0, 8, "the red square")
        var white = 0
        for y in 0..<90 { for x in 0..<120 where c.pixel(x: x, y: y).r > 128 && c.pixel(x: x, y: y).g > 128 { white += 1 } }
        #expect(white == 0, "\(white) pixels of the target outside the still were drawn")
    }

    private func pixel(_ a: Application, x: Int, y: Int) -> RGBA {
        a.renderer.readPixels()?.pixel(x: x, y: y) ?? (0, 0, 0, 0)
    }

    /// What the window shows now equals the same state drawn from scratch.
    private func expectScreenIsAFullRedraw(_ a: Application, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shown = try #require(a.renderer.readPixels())
        let full = try a.captureFrame()
        #expect(shown.width == full.width && shown.height == full.height,
                "\(what): the window is \(shown.width) × \(shown.height), a full redraw \(full.width) × \(full.height)",
                sourceLocation: sourceLocation)
        var differing = 0
        for y in 0..<min(shown.height, full.height) {
            for x in 0..<min(shown.width, full.width) where shown.pixel(x: x, y: y) != full.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(what): the window differs from a full redraw in \(differing) pixels", sourceLocation: sourceLocation)
    }
}
