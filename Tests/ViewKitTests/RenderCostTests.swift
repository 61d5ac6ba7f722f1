import CSDL2
import Testing
@testable import ViewKit

/// What keeps frames cheap: nothing drawn under an opaque cover, only the changed region redrawn, picture
/// textures at stable sizes, pictures not kept decoded. (The pixels themselves are checked in RenderTests
/// and, frame by frame against full redraws, in PartialRedrawTests.)
@MainActor
struct RenderCostTests {
    /// Counts its draws.
    final class Probe: View {
        var draws = 0
        override var hasContent: Bool { true }
        override func draw(in context: DrawContext) { draws += 1 }
    }

    private func canvas() throws -> OffscreenCanvas {
        try OffscreenCanvas(size: Size(width: 100, height: 100), fonts: Fixtures.fonts)
    }

    @Test func nothingUnderAnOpaqueViewIsDrawn() throws {
        let c = try canvas()
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let under = Probe(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let cover = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        cover.backgroundColor = .red
        root.addSubview(under)
        root.addSubview(cover)
        let above = Probe(frame: Rect(x: 40, y: 40, width: 20, height: 20))
        root.addSubview(above)
        c.render(root)
        #expect(under.draws == 0, "hidden by the opaque cover")
        #expect(above.draws == 1)
        assertPixel(c.pixel(x: 20, y: 20), 255, 0, 0)
        cover.alpha = 0.5
        c.render(root)
        #expect(under.draws == 1, "a translucent cover shows what is under it")
        cover.alpha = 1
        cover.cornerRadius = 8
        c.render(root)
        #expect(under.draws == 2, "rounded corners let the corners show through")
        cover.cornerRadius = 0
        cover.transform = AffineTransform(rotationAngle: 0.1)
        c.render(root)
        #expect(under.draws == 3, "rotated, it no longer covers everything")
    }

    /// A region a pixel larger than the opaque view covering the rest of it (a carousel's backdrop at a
    /// fractional scale, the dirty region rounded out): what lies wholly under that view is not drawn, and the
    /// fills under it paint only the strip around it; the pixels are those of a full redraw.
    @Test func aViewCoveringAllButAStripOfTheRegionHidesWhatIsUnderIt() throws {
        let c = try canvas()
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        window.backgroundColor = .blue
        let under = Probe(frame: Rect(x: 20, y: 30, width: 40, height: 30))
        let backdrop = View(frame: Rect(x: 0, y: 20.25, width: 100, height: 50))
        backdrop.backgroundColor = .red
        let moving = View(frame: Rect(x: 10, y: 30, width: 20, height: 20))
        moving.backgroundColor = .green
        for v in [under, backdrop, moving] { window.addSubview(v) }
        window.layoutTreeIfNeeded()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(under.draws == 0, "wholly under the backdrop, which covers only part of the window")
        // Its new place, a pixel around it, is rows 19…71; the view paints rows 21…69 wholly (20 and 70 in part).
        moving.frame = Rect(x: 0, y: 20.25, width: 100, height: 50)
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegion == PixelRect(x: 0, y: 19, width: 100, height: 53))
        #expect(under.draws == 0, "wholly under the moved view")
        func pixels() -> [UInt32] { c.rgbPixels(width: 100, height: 100) }
        let partial = pixels()
        assertPixel(c.pixel(x: 50, y: 20), 0, 255, 0, 0, "the row the moved view paints in part")
        assertPixel(c.pixel(x: 50, y: 19), 0, 0, 255, 0, "the window's background above it")
        assertPixel(c.pixel(x: 50, y: 70), 0, 0, 255, 0, "and below it")
        c.renderer.render(window, background: .black)
        #expect(under.draws == 0)
        #expect(pixels() == partial, "a full redraw")
    }

    @Test func onlyTheChangedViewsRegionIsRedrawn() throws {
        let c = try canvas()
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let a = View(frame: Rect(x: 10, y: 10, width: 20, height: 10))
        a.backgroundColor = .red
        window.addSubview(a)
        window.layoutTreeIfNeeded()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegion == PixelRect(x: 0, y: 0, width: 100, height: 100), "the first frame is whole")
        a.center = Point(x: 60, y: 50)
        let changed = window.takeDirtyViews()
        #expect(changed?.count == 1)
        c.renderer.render(window, background: .black, changed: changed)
        // Where it was (10…30 × 10…20) and where it is (50…70 × 45…55), a pixel of margin around each: two
        // places apart (their bounding box would hold 2,914 pixels against 2 × 264), as LVGL keeps them.
        #expect(c.renderer.lastRegions == [PixelRect(x: 9, y: 9, width: 22, height: 12), PixelRect(x: 49, y: 44, width: 22, height: 12)])
        #expect(c.renderer.lastRegion == PixelRect(x: 9, y: 9, width: 62, height: 47))
        assertPixel(c.pixel(x: 20, y: 15), 0, 0, 0, 3, "the old place is cleared")
        assertPixel(c.pixel(x: 60, y: 50), 255, 0, 0, 3, "the new place is drawn")
        window.setNeedsDisplay()
        #expect(window.takeDirtyViews() == nil, "the window itself asks for everything")
    }

    @Test func picturesAreTexturedAtQuarterStepsOfTheirOwnSize() throws {
        let c = try canvas()
        let surface = try #require(Surface(width: 600, height: 400))
        // 600, 450, 338, 254, 191, 144, 108, 81, 61 …: the smallest that is at least the size asked.
        for (asked, got) in [(600.0, 600), (451, 600), (450, 450), (412, 450), (300, 338), (200, 254), (75, 81), (62, 81)] {
            let image = Image(surface: surface, name: "fresh")
            let t = try #require(c.renderer.texture(for: image, pixelSize: Size(width: asked, height: asked * 2 / 3)))
            #expect(t.width == got, "asked \(asked) px wide")
        }
        // Shrinking: a level already made serves down to half its size before another is made.
        let image = Image(surface: surface, name: "shrinking")
        let full = try #require(c.renderer.texture(for: image, pixelSize: Size(width: 600, height: 400)))
        #expect(c.renderer.texture(for: image, pixelSize: Size(width: 300, height: 200)) === full)
        #expect(c.renderer.texture(for: image, pixelSize: Size(width: 299, height: 199))?.width == 338)
    }

    /// A rounded picture is drawn in pieces (straight parts, corner pieces): scaled and at a fractional
    /// position, the pieces still meet without a gap or a seam.
    @Test func roundedPicturePiecesMeetWithoutSeams() throws {
        let c = try canvas()
        let red = try #require(Surface(width: 81, height: 81))
        SDL_FillRect(red.pointer, nil, 0xFFFF_0000)
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .black
        let v = ImageView(image: Image(surface: red, name: "red"))
        v.frame = Rect(x: 10.4, y: 10.6, width: 47.3, height: 47.3)
        v.cornerRadius = 4
        v.clipsToBounds = true
        root.addSubview(v)
        c.render(root)
        for y in stride(from: 16, to: 52, by: 5) {
            for x in 12..<56 {
                let p = c.pixel(x: x, y: y)
                #expect(p.r > 240 && p.g < 15, "(\(x), \(y)) is (\(p.r), \(p.g), \(p.b)): a gap between pieces")
                if p.r <= 240 { return }
            }
        }
        assertPixel(c.pixel(x: 10, y: 11), 0, 0, 0, 12, "the corner is cut away")
    }

    @Test func decodedPicturesAreNotKeptAndOpacityComesFromTheFormat() throws {
        let jpeg = try Image(contentsOfFile: Fixtures.repoRoot.appendingPathComponent("Assets/Demo/cover.jpg").path)
        #expect(jpeg.isOpaque, "a JPEG has no alpha channel")
        let first = try #require(jpeg.surface(pixelWidth: 600, pixelHeight: 600))
        let again = try #require(jpeg.surface(pixelWidth: 600, pixelHeight: 600))
        #expect(first !== again, "decoded again: the first pixels were handed over, not kept")
        #expect(first.pixel(x: 300, y: 300) == again.pixel(x: 300, y: 300))
        let svg = try Fixtures.solidImage(width: 10, height: 10, hex: "ff0000")
        #expect(!svg.isOpaque)
    }

    /// A change under an opaque view drawn after it redraws nothing (issue 13, defect 7: the mini player's
    /// progress line under the song card).
    @Test func aChangeUnderAnOpaqueViewRedrawsNothing() throws {
        let c = try canvas()
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let under = Probe(frame: Rect(x: 10, y: 80, width: 80, height: 4))
        let card = View(frame: Rect(x: 0, y: 20, width: 100, height: 80))
        card.backgroundColor = .white
        let onCard = Probe(frame: Rect(x: 10, y: 40, width: 80, height: 4))
        window.addSubview(under)
        window.addSubview(card)
        card.addSubview(onCard)
        window.layoutTreeIfNeeded()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        under.setNeedsDisplay()
        onCard.setNeedsDisplay()
        let draws = (under.draws, onCard.draws)
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegions == [PixelRect(x: 9, y: 59, width: 82, height: 6)], "only the change on the card")
        #expect(under.draws == draws.0 && onCard.draws == draws.1 + 1)
        under.setNeedsDisplay()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegions.isEmpty, "nothing on screen changed")
        // Moved out from under the card, its new place shows.
        under.frame.origin.y = 2
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegions == [PixelRect(x: 9, y: 1, width: 82, height: 6)])
    }

    /// A view moving inside a clipping view redraws only inside it: there the clipping view's opaque backdrop
    /// hides what lies under it, which is not drawn (the covers of a carousel over the card's gradient).
    @Test func aChangeInsideAClippingViewRedrawsOnlyInsideIt() throws {
        let c = try canvas()
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let under = Probe(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let scroller = View(frame: Rect(x: 10, y: 10, width: 80, height: 40))
        scroller.clipsToBounds = true
        scroller.backgroundColor = .white
        let cell = Probe(frame: Rect(x: 60, y: 0, width: 40, height: 40))
        window.addSubview(under)
        window.addSubview(scroller)
        scroller.addSubview(cell)
        window.layoutTreeIfNeeded()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        let drawsUnder = under.draws
        cell.center.x -= 10
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        // The cell spans 50…90 now and 60…100 before, a pixel of margin each side, cut to the scroller's 10…90 × 10…50.
        #expect(c.renderer.lastRegions == [PixelRect(x: 59, y: 10, width: 31, height: 40)])
        #expect(under.draws == drawsUnder, "nothing under the scroller's backdrop is drawn")
    }

    /// Counts how often a frame's walks look at it: its drawn extent (for its subtree's box) or whether it paints
    /// opaquely (for what covers a redrawn rectangle).
    final class Looked: View {
        var looks = 0
        override var drawnContentBounds: Rect { looks += 1; return presentationBounds }
        override var drawsOpaqueContent: Bool { looks += 1; return false }
    }

    /// A frame's cost follows what changed, not the tree's shape: each view's subtree box is worked out once per
    /// frame (it was again for each ancestor drawn, each place and each covering walk: depth times and more), and
    /// the walks for what covers the redrawn rectangle pass over subtrees lying elsewhere.
    @Test func aFrameLooksAtEachViewOnce() throws {
        let c = try canvas()
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        window.backgroundColor = .black
        // A library of 8 rows nested 8 deep in the top half, and a small label at the bottom that changes.
        var looked: [Looked] = []
        var parent: View = window
        for depth in 0..<8 {
            let row = Looked(frame: Rect(x: 0, y: depth == 0 ? 0 : 5, width: 100, height: 40))
            parent.addSubview(row)
            for i in 0..<4 {
                let leaf = Looked(frame: Rect(x: Double(i) * 25, y: 0, width: 20, height: 4))
                row.addSubview(leaf)
                looked.append(leaf)
            }
            looked.append(row)
            parent = row
        }
        let label = Probe(frame: Rect(x: 10, y: 90, width: 30, height: 6))
        window.addSubview(label)
        window.layoutTreeIfNeeded()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        for v in looked { v.looks = 0 }
        label.setNeedsDisplay()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegions == [PixelRect(x: 9, y: 89, width: 32, height: 8)])
        let looks = looked.map(\.looks).reduce(0, +)
        #expect(looks <= looked.count, "\(looked.count) views away from the change looked at \(looks) times")
    }

    /// A slider's value moving its thumb by a few pixels redraws around the thumb, not the whole track (UIKit's
    /// setNeedsDisplay(_:)), and the frame equals one drawn whole; moved, the slider is redrawn whole.
    @Test func aSliderRedrawsAroundItsThumb() throws {
        let c = try OffscreenCanvas(size: Size(width: 400, height: 40), fonts: Fixtures.fonts)
        let window = Window(clock: ManualClock())
        window.frame = Rect(x: 0, y: 0, width: 400, height: 40)
        let backdrop = GradientView(frame: window.bounds)
        backdrop.topColor = .red
        backdrop.bottomColor = .blue
        let slider = Slider(frame: Rect(x: 0, y: 5, width: 400, height: 30))
        slider.value = 0.5
        window.addSubview(backdrop)
        window.addSubview(slider)
        window.layoutTreeIfNeeded()
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        func pixels() -> [UInt32] { c.rgbPixels(width: 400, height: 40) }
        // The default thumb is 14 points; its travel is 400 - 14 = 386, so a hundredth moves it 3.86 points: from
        // 193…207 to 196.86…210.86, rows 13…27; with a pixel around, columns 192…212 and rows 12…28.
        slider.value = 0.51
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegions == [PixelRect(x: 192, y: 12, width: 20, height: 16)])
        let partial = pixels()
        c.renderer.render(window, background: .black)
        #expect(partial == pixels(), "the part redrawn meets the rest as a whole redraw draws it")
        slider.value = 0.2
        slider.frame.origin.y = 4
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        #expect(c.renderer.lastRegions == [PixelRect(x: 0, y: 3, width: 400, height: 33)], "moved: where it was and is, whole")
        // A track taller than the thumb is wide: the filled part's rounded end (radius 10) reaches past the thumb
        // (7 each side of its centre); near the start, the rounding of its start shrinks with it.
        slider.trackHeight = 20
        for value in [0.5, 0.53, 0.47, 0.02, 0.01, 0.04] {
            slider.value = value
            c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
            let partial = pixels()
            c.renderer.render(window, background: .black)
            #expect(partial == pixels(), "value \(value), redrawn \(c.renderer.lastRegions)")
        }
        // Held near its end, the larger thumb reaches beyond the slider's bounds (its travel is the normal thumb's):
        // let go, it leaves nothing behind.
        slider.trackHeight = 4
        slider.frame = Rect(x: 20, y: 5, width: 360, height: 30)
        slider.setThumbImage(try Fixtures.solidImage(width: 12, height: 12, hex: "ffffff"), for: .normal)
        slider.setThumbImage(try Fixtures.solidImage(width: 28, height: 28, hex: "00ff00"), for: .highlighted)
        slider.value = 1
        c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
        for (held, value) in [(true, 1.0), (true, 0.99), (false, 0.99)] {
            slider.isHighlighted = held
            slider.value = value
            c.renderer.render(window, background: .black, changed: window.takeDirtyViews())
            let partial = pixels()
            c.renderer.render(window, background: .black)
            #expect(partial == pixels(), "held \(held) at \(value)")
        }
    }
}

