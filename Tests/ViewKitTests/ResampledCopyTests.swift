import CSDL2
import Testing
@testable import ViewKit

/// Opaque pictures on the software renderer resampled by ViewKit's own bilinear filter rather than SDL's
/// (issue 14: a kiosk's card backdrop is two million pixels scaled and dimmed every frame): the pixels of the
/// formula, pieces and bands that meet exactly, a dimmer folded into the picture it covers, and the stills'
/// memory kept from one transition to the next.
@MainActor
struct ResampledCopyTests {
    /// An opaque picture whose columns are the greys `values`, one row tall, `height` rows.
    private func columns(_ values: [UInt8], height: Int = 1) throws -> Image {
        let s = try #require(Surface(width: values.count, height: height))
        for (x, v) in values.enumerated() {
            var column = SDL_Rect(x: Int32(x), y: 0, w: 1, h: Int32(height))
            SDL_FillRect(s.pointer, &column, 0xFF00_0000 | UInt32(v) << 16 | UInt32(v) << 8 | UInt32(v))
        }
        return Image(surface: s, name: "columns")
    }

    /// A headless window showing a view of `color`, drawn, whose stills all keep their pixels and whose copies
    /// of them are all resampled.
    private func window(width: Double, height: Double, showing color: Color) throws -> (Application, View) {
        let a = try Application(configuration: .init(title: "stills", size: Size(width: width, height: height),
                                                     minimumSize: Size(width: 50, height: 50), headless: true,
                                                     fonts: Fixtures.fonts), clock: ManualClock())
        a.renderer.resampledStillArea = 0
        a.renderer.resampledCopyArea = 0
        let content = View(frame: Rect(x: 0, y: 0, width: width, height: height))
        content.backgroundColor = color
        a.window.addSubview(content)
        a.drawIfNeeded()
        return (a, content)
    }

    /// The grey columns the stretching tests draw.
    private static let columnValues: [Double] = [0, 100, 200, 50]

    /// A canvas `width` × 10 over white with the four columns stretched into `frame`, drawn.
    private func stretchedColumns(canvasWidth width: Double, frame: Rect) throws -> OffscreenCanvas {
        let c = try OffscreenCanvas(size: Size(width: width, height: 10), fonts: Fixtures.fonts)
        let picture = ImageView(image: try columns(Self.columnValues.map { UInt8($0) }))
        picture.contentMode = .scaleToFill
        picture.frame = frame
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: 10))
        root.addSubview(picture)
        c.render(root, background: .white)
        return c
    }

    /// The painted pixels `x0..<x0 + 40` against the bilinear formula: each pixel's centre at
    /// (x − x0 + 0.5) × 4 / 40 − 0.5 in the picture (the edges hold the edge columns), within one level.
    private func expectBilinearColumns(_ c: OffscreenCanvas, from x0: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let values = Self.columnValues
        for x in x0..<x0 + 40 {
            let u = min(max((Double(x - x0) + 0.5) * 4 / 40 - 0.5, 0), 3)
            let i = min(Int(u), 2), f = u - Double(i)
            let expected = values[i] * (1 - f) + values[i + 1] * f
            let p = c.pixel(x: x, y: 5)
            #expect(abs(Double(p.r) - expected) <= 1, "column \(x): \(p.r), expected \(expected)", sourceLocation: sourceLocation)
        }
    }

    /// Four grey columns stretched to 40 pixels: each pixel is the linear interpolation between the two
    /// columns around its centre's place in the picture, (x + 0.5) × 4 / 40 − 0.5 (the edges hold the edge
    /// columns), within one level.
    @Test func aStretchedPictureHasTheBilinearFormulasPixels() throws {
        // Small (a thumbnail, or anything at a phone's size), its stage is as large as the copy, not the window.
        let c = try stretchedColumns(canvasWidth: 40, frame: Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(c.renderer.resampledCopies == 1)
        #expect(c.renderer.pixelStills.stage.map { ($0.width, $0.height) } ?? (0, 0) == (40, 10))
        expectBilinearColumns(c, from: 0)
    }

    /// At a fractional place (a window at a fractional scale), the picture fills the pixels the copy paints —
    /// origin and size truncated, as SDL's software renderer paints a copy and as the GPU renderers are given
    /// it — and is mapped onto them: its columns where SDL, and the default renderer, put them. Mapped onto the
    /// fractional rectangle it sat up to a pixel lower and further right than on the default renderer (a
    /// tester's 1920 × 1080 window: 17,736 pixels along the cover's lines).
    @Test func aPictureAtAFractionalPlaceIsMappedOntoThePixelsItPaints() throws {
        let c = try stretchedColumns(canvasWidth: 60, frame: Rect(x: 10.75, y: 0, width: 40.5, height: 10))
        #expect(c.renderer.resampledCopies == 1)
        // Painted: x 10 to 50 (10.75 and 40.5 truncated apart).
        expectBilinearColumns(c, from: 10)
        assertPixel(c.pixel(x: 9, y: 5), 255, 255, 255, 0, "the background before it")
        assertPixel(c.pixel(x: 50, y: 5), 255, 255, 255, 0, "and after it")
    }

    /// A picture over 600 × 600 pixels (resampled in bands of rows on several cores) drawn whole, then again
    /// with an opaque sheet over its right half (the left drawn as a piece of its own, in one band; rounded,
    /// the picture is itself drawn in pieces, and not taken for the region's cover): the left
    /// half is the same, pixel for pixel, across the bands' seams — each pixel is sampled from the whole copy's
    /// mapping, whatever the clip or band.
    @Test func piecesAndBandsOfACopyMeetExactly() throws {
        let c = try OffscreenCanvas(size: Size(width: 600, height: 600), fonts: Fixtures.fonts)
        let s = try #require(Surface(width: 97, height: 89))
        let pixels = s.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let pitch = Int(s.pointer.pointee.pitch) / 4
        for y in 0..<89 {
            for x in 0..<97 { pixels[y * pitch + x] = 0xFF00_0000 | UInt32((x * 37 + y * 11) & 255) << 16 | UInt32((x * y) & 255) << 8 | UInt32((x ^ y) & 255) }
        }
        let picture = ImageView(image: Image(surface: s, name: "pattern"))
        picture.contentMode = .scaleToFill
        picture.frame = Rect(x: 3.3, y: 2.7, width: 591.2, height: 590.9)
        // Rounded as a card's backdrop is (drawn in straight pieces and corners), so not a cover itself.
        picture.clipsToBounds = true
        picture.cornerRadius = 4
        let sheet = View(frame: Rect(x: 300, y: 0, width: 300, height: 600))
        sheet.backgroundColor = .blue
        sheet.isHidden = true
        let root = View(frame: Rect(x: 0, y: 0, width: 600, height: 600))
        root.addSubview(picture)
        root.addSubview(sheet)
        c.render(root, background: .white)
        let whole = (0..<600).map { y in (0..<300).map { x in c.pixel(x: x, y: y) } }
        sheet.isHidden = false
        c.render(root, background: .white)
        var differing = 0
        for y in 0..<600 {
            for x in 0..<300 where c.pixel(x: x, y: y) != whole[y][x] { differing += 1 }
        }
        #expect(differing == 0)
        assertPixel(c.pixel(x: 300, y: 300), 0, 0, 255, 0, "the sheet")
    }

    /// A headless window's still (grey 50 %) shrunk as a card's backdrop over white, under a black dimmer at
    /// 0.3: the still is drawn darkened, 128 × 0.7, in one pass — no fill for the dimmer (the same fills as without
    /// it), scaled or not — and the dimmer's place is still recorded for the next partial redraw.
    @Test func aDimmerOverAStillIsFoldedIntoIt() throws {
        let (a, content) = try window(width: 200, height: 150, showing: Color(white: 0.5))
        let still = try #require(a.renderer.snapshot(content, background: .black))
        content.removeFromSuperview()
        let backdrop = ImageView(image: still)
        backdrop.contentMode = .scaleToFill
        backdrop.clipsToBounds = true
        backdrop.cornerRadius = 10
        backdrop.frame = Rect(x: 10, y: 7.5, width: 180, height: 135)
        let dimmer = View(frame: backdrop.bounds)
        dimmer.backgroundColor = .black
        dimmer.alpha = 0.3
        backdrop.addSubview(dimmer)
        a.window.addSubview(backdrop)
        dimmer.isHidden = true
        var fills = a.renderer.fills
        a.renderer.render(a.window, background: .white)
        let fillsWithout = a.renderer.fills - fills
        dimmer.isHidden = false
        fills = a.renderer.fills
        a.renderer.render(a.window, background: .white)
        #expect(a.renderer.fills - fills == fillsWithout, "the dimmer was filled")
        #expect(a.renderer.resampledCopies >= 1)
        #expect(dimmer.lastDrawnRect != nil)
        let pixels = try #require(a.renderer.readPixels())
        assertPixel(pixels.pixel(x: 100, y: 75), 90, 90, 90, 2, "grey 128 under black at 0.3")
        // Outside the backdrop's rounded corner the dimming does not reach (a dimmer clipped to the square
        // bounds darkened it).
        assertPixel(pixels.pixel(x: 10, y: 8), 255, 255, 255, 0, "the window's white beyond the rounded corner")
        // A border is drawn over the dimmer, as it was: not darkened with the picture.
        backdrop.borderWidth = 2
        backdrop.borderColor = .white
        a.renderer.render(a.window, background: .white)
        assertPixel(try #require(a.renderer.readPixels()).pixel(x: 100, y: 8), 255, 255, 255, 0, "the border, over the dimmer")
        backdrop.borderWidth = 0
        // At the still's own size (a transition's first frame) it is darkened by the same pass: SDL would
        // modulate it pixel by pixel.
        backdrop.frame = Rect(x: 0, y: 0, width: 200, height: 150)
        dimmer.frame = backdrop.bounds
        a.renderer.render(a.window, background: .white)
        #expect(a.renderer.resampledCopies >= 1)
        assertPixel(try #require(a.renderer.readPixels()).pixel(x: 100, y: 75), 90, 90, 90, 2, "unscaled, darkened")
    }

    /// Two transitions' stills in turn: the second takes the first's memory once the first image has gone;
    /// while it lives, the second has its own.
    @Test func stillsAreKeptFromOneTransitionToTheNext() throws {
        let (a, content) = try window(width: 120, height: 90, showing: .red)
        var first: Image? = try #require(a.renderer.snapshot(content, background: .black))
        let firstTexture = try #require(first?.texture)
        #expect(firstTexture.keepsPixels)
        let second = try #require(a.renderer.snapshot(content, background: .black))
        #expect(second.texture !== firstTexture)
        #expect(a.renderer.pixelStills.count == 2)
        first = nil
        let third = try #require(a.renderer.snapshot(content, background: .black))
        #expect(third.texture === firstTexture)
        #expect(a.renderer.pixelStills.count == 2)
    }

    /// A still of a screen holding a fading opaque group (a root that paints and clips its subtree, at 0.5): the
    /// group is composited in a target of its own, not in the one the still is being drawn in (they once shared
    /// it: the group cleared and overwrote the half-drawn still). Blue at half over red is (128, 0, 127), green
    /// (255 in green) at half over red (128, 128, 0).
    @Test func aStillOfAFadingGroupHasTheGroupComposited() throws {
        let (a, content) = try window(width: 120, height: 90, showing: .red)
        content.addSubview(Fixtures.fadingGroup(Rect(x: 20, y: 20, width: 60, height: 40), .blue,
                                                child: .green, at: Point(x: 30, y: 20)))
        let still = try #require(a.renderer.snapshot(content, background: .black))
        #expect(still.texture?.keepsPixels == true)
        content.removeFromSuperview()
        let shown = ImageView(image: still)
        shown.frame = Rect(x: 0, y: 0, width: 120, height: 90)
        a.window.addSubview(shown)
        a.renderer.render(a.window, background: .white)
        let pixels = try #require(a.renderer.readPixels())
        assertPixel(pixels.pixel(x: 5, y: 5), 255, 0, 0, 0, "the red around the group")
        assertPixel(pixels.pixel(x: 30, y: 30), 128, 0, 127, 2, "blue at half over red")
        assertPixel(pixels.pixel(x: 70, y: 50), 128, 128, 0, 2, "green at half over red, clipped by the group")
        assertPixel(pixels.pixel(x: 100, y: 80), 255, 0, 0, 0, "red beyond the group's clip")
    }
}
