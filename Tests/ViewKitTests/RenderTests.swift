import Testing
@testable import ViewKit

/// The real renderer (SDL's software renderer) drawing into memory; every check reads pixels.
@MainActor
struct RenderTests {
    private func canvas(_ w: Double = 120, _ h: Double = 120, scale: Double = 1) throws -> OffscreenCanvas {
        try OffscreenCanvas(size: Size(width: w, height: h), pixelScale: scale, fonts: Fixtures.fonts)
    }

    private func root(_ w: Double = 120, _ h: Double = 120, _ color: Color = .black) -> View {
        let r = View(frame: Rect(x: 0, y: 0, width: w, height: h))
        r.backgroundColor = color
        return r
    }

    /// An opaque gradient covers its view's background colour, as a CAGradientLayer over a layer's background
    /// does: the background is left out, not filled over the gradient (a gradient drawn as fills did not count
    /// as content drawn, and the background was then filled after it, where it "would have shown").
    @Test func anOpaqueGradientShowsOverItsBackgroundColour() throws {
        let c = try canvas(), r = root()
        let g = GradientView(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        g.backgroundColor = .red
        g.topColor = Color(red: 0, green: 0, blue: 1)
        g.bottomColor = Color(red: 0, green: 0, blue: 1)
        r.addSubview(g)
        c.render(r)
        assertPixel(c.pixel(x: 60, y: 60), 0, 0, 255, 3, "the gradient, not the background")
    }

    @Test func testRoundedCornersAreCutAndAntialiased() throws {
        let c = try canvas(), r = root()
        let v = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        v.backgroundColor = .red
        v.cornerRadius = 20
        r.addSubview(v)
        c.render(r)
        assertPixel(c.pixel(x: 60, y: 60), 255, 0, 0, 3, "centre")
        assertPixel(c.pixel(x: 11, y: 11), 0, 0, 0, 3, "the corner is cut away")
        assertPixel(c.pixel(x: 14, y: 14), 0, 0, 0, 3, "still outside the arc")
        assertPixel(c.pixel(x: 60, y: 10), 255, 0, 0, 3, "straight top edge is filled")
        // Along the arc the edge pixels are partial: anti-aliasing, not a hard staircase.
        let partial = (10..<30).map { c.pixel(x: $0, y: 13).r }.filter { $0 > 20 && $0 < 235 }
        #expect(!partial.isEmpty, "the arc's edge has intermediate coverage")
    }

    @Test func testBorderIsDrawnInsideTheEdge() throws {
        let c = try canvas(), r = root()
        let v = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        v.borderWidth = 4
        v.borderColor = .white
        r.addSubview(v)
        c.render(r)
        assertPixel(c.pixel(x: 12, y: 60), 255, 255, 255, 3, "left border")
        assertPixel(c.pixel(x: 60, y: 107), 255, 255, 255, 3, "bottom border")
        assertPixel(c.pixel(x: 20, y: 60), 0, 0, 0, 3, "inside the border is clear")
        assertPixel(c.pixel(x: 8, y: 60), 0, 0, 0, 3, "the border does not spill outside")
    }

    @Test func testCircleBorderLikeThePlayButton() throws {
        let c = try canvas(), r = root()
        let v = View(frame: Rect(x: 23, y: 23, width: 74, height: 74))
        v.cornerRadius = 37
        v.borderWidth = 2
        v.borderColor = .white
        r.addSubview(v)
        c.render(r)
        // Across the ring's 2 px the brightest pixel is (nearly) white, at the top and at the left.
        #expect((21..<27).map { c.pixel(x: 60, y: $0).r }.max()! > 200, "top of the ring")
        #expect((21..<27).map { c.pixel(x: $0, y: 60).r }.max()! > 200, "left of the ring")
        assertPixel(c.pixel(x: 27, y: 27), 0, 0, 0, 3, "the square's corner is outside the circle")
        assertPixel(c.pixel(x: 60, y: 60), 0, 0, 0, 3, "the ring is hollow")
    }

    @Test func testGroupOpacityDoesNotShowOverlapsAndKeepsColours() throws {
        let c = try canvas(), r = root()
        let group = View(frame: Rect(x: 0, y: 0, width: 120, height: 120))
        group.alpha = 0.5
        let a = View(frame: Rect(x: 0, y: 0, width: 70, height: 40))
        let b = View(frame: Rect(x: 50, y: 0, width: 70, height: 40))
        a.backgroundColor = .red; b.backgroundColor = .red
        group.addSubview(a); group.addSubview(b)
        // A white panel with a half-transparent blue child, inside the same half-transparent group.
        let panel = View(frame: Rect(x: 0, y: 60, width: 120, height: 60))
        panel.backgroundColor = .white
        let tint = View(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        tint.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        panel.addSubview(tint)
        group.addSubview(panel)
        r.addSubview(group)
        c.render(r)
        assertPixel(c.pixel(x: 20, y: 20), 128, 0, 0, 3, "one layer of red at 0.5")
        assertPixel(c.pixel(x: 60, y: 20), 128, 0, 0, 3, "the overlap is no darker or brighter: the group is composited once")
        assertPixel(c.pixel(x: 90, y: 90), 128, 128, 128, 3, "white at 0.5 over black")
        // Blue at 0.5 over white is (128, 128, 255); the group at 0.5 over black halves it.
        assertPixel(c.pixel(x: 30, y: 90), 64, 64, 128, 4, "premultiplied colours stay right")
    }

    @Test func testAlphaWithoutOverlapMultipliesDown() throws {
        let c = try canvas(), r = root()
        let parent = View(frame: Rect(x: 0, y: 0, width: 120, height: 120))
        parent.alpha = 0.5
        let child = View(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        child.backgroundColor = .white
        child.alpha = 0.5
        parent.addSubview(child)
        r.addSubview(parent)
        c.render(r)
        assertPixel(c.pixel(x: 30, y: 30), 64, 64, 64, 3)
    }

    @Test func testTransformsScaleAndRotateAboutTheCentre() throws {
        let c = try canvas(100, 100), r = root(100, 100)
        let scaled = View(frame: Rect(x: 40, y: 40, width: 20, height: 20))
        scaled.backgroundColor = .green
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        r.addSubview(scaled)
        c.render(r)
        assertPixel(c.pixel(x: 32, y: 50), 0, 255, 0, 3, "scaled out to x = 30")
        assertPixel(c.pixel(x: 27, y: 50), 0, 0, 0, 3, "not beyond")

        scaled.transform = AffineTransform(rotationAngle: .pi / 4)
        scaled.bounds.size = Size(width: 40, height: 40)
        c.render(r)
        assertPixel(c.pixel(x: 50, y: 24), 0, 255, 0, 3, "the diamond's top vertex reaches y ≈ 21.7")
        assertPixel(c.pixel(x: 33, y: 33), 0, 0, 0, 3, "the unrotated corner is empty")
    }

    @Test func testZPositionOrdersSiblings() throws {
        let c = try canvas(), r = root()
        let front = View(frame: Rect(x: 0, y: 0, width: 80, height: 80))
        front.backgroundColor = .red
        front.zPosition = 2
        let back = View(frame: Rect(x: 40, y: 40, width: 80, height: 80))
        back.backgroundColor = .blue
        back.zPosition = 1
        r.addSubview(front); r.addSubview(back)
        c.render(r)
        assertPixel(c.pixel(x: 60, y: 60), 255, 0, 0, 3, "higher zPosition draws on top although added first")
        assertPixel(c.pixel(x: 100, y: 100), 0, 0, 255, 3)
    }

    @Test func testAspectFitLetterboxesAndAspectFillCrops() throws {
        let c = try canvas(), r = root()
        let v = ImageView(image: try Fixtures.solidImage(width: 200, height: 100, hex: "00ff00"))
        v.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        v.contentMode = .scaleAspectFit
        v.backgroundColor = .blue
        r.addSubview(v)
        c.render(r)
        assertPixel(c.pixel(x: 60, y: 20), 0, 0, 255, 3, "letterbox band above the picture")
        assertPixel(c.pixel(x: 60, y: 60), 0, 255, 0, 3, "the picture")
        assertPixel(c.pixel(x: 60, y: 100), 0, 0, 255, 3, "letterbox band below")
        v.contentMode = .scaleAspectFill
        v.clipsToBounds = true
        c.render(r)
        assertPixel(c.pixel(x: 60, y: 20), 0, 255, 0, 3, "fill covers the bounds")
        assertPixel(c.pixel(x: 5, y: 60), 0, 0, 0, 3, "and, clipping to bounds, stays inside them")
    }

    @Test func testRoundedImagesAreClippedToTheirCorners() throws {
        // The picture fills the canvas to its last pixel, so a texture read past the edge would fault.
        let c = try canvas(64, 64), r = root(64, 64)
        let v = ImageView(image: try Fixtures.solidImage(width: 64, height: 64, hex: "00ff00"))
        v.frame = Rect(x: 0, y: 0, width: 64, height: 64)
        v.cornerRadius = 16
        v.clipsToBounds = true
        r.addSubview(v)
        c.render(r)
        assertPixel(c.pixel(x: 32, y: 32), 0, 255, 0, 3, "inside")
        assertPixel(c.pixel(x: 62, y: 32), 0, 255, 0, 3, "up to the edge (its last column is the anti-aliased fringe)")
        assertPixel(c.pixel(x: 1, y: 1), 0, 0, 0, 3, "a rounded corner")
        assertPixel(c.pixel(x: 62, y: 62), 0, 0, 0, 3, "the far rounded corner")
    }

    @Test func testClipsToBoundsClipsSubviews() throws {
        let c = try canvas(), r = root()
        let clip = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        clip.clipsToBounds = true
        let big = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        big.backgroundColor = .white
        clip.addSubview(big)
        r.addSubview(clip)
        c.render(r)
        assertPixel(c.pixel(x: 30, y: 30), 255, 255, 255)
        assertPixel(c.pixel(x: 80, y: 30), 0, 0, 0, 3, "outside the clipping view")
    }

    @Test func testHiDPIScaleDoublesThePixels() throws {
        let c = try canvas(60, 60, scale: 2), r = root(60, 60)
        #expect(c.surface.width == 120)
        let v = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        v.backgroundColor = .red
        r.addSubview(v)
        c.render(r)
        assertPixel(c.pixel(x: 11, y: 11), 255, 0, 0)
        assertPixel(c.pixel(x: 29, y: 29), 255, 0, 0)
        assertPixel(c.pixel(x: 31, y: 31), 0, 0, 0)
    }

    @Test func testSVGIconsRasteriseAtThePixelSize() throws {
        let image = try Fixtures.solidImage(width: 12, height: 12, hex: "ff0000")
        let one = try canvas(20, 20), two = try canvas(20, 20, scale: 2)
        #expect(one.renderer.texture(for: image, pixelSize: Size(width: 12, height: 12))?.width == 12)
        #expect(two.renderer.texture(for: image, pixelSize: Size(width: 24, height: 24))?.width == 24,
                "vector images are rasterised at the drawn size, not scaled up")
    }

    /// Columns that hold any lit pixel in a band of rows.
    private func inkedColumns(_ c: OffscreenCanvas, rows: Range<Int>, width: Int) -> Int {
        (0..<width).filter { x in rows.contains { y in c.pixel(x: x, y: y).r > 100 } }.count
    }

    @Test func testLabelsRenderShapedTextAndTruncate() throws {
        let c = try canvas(300, 40), r = root(300, 40)
        let label = Label(text: "Hi", font: Font(size: 20), color: .white)
        label.frame = Rect(x: 0, y: 0, width: 300, height: 40)
        r.addSubview(label)
        c.render(r)
        let short = inkedColumns(c, rows: 5..<35, width: 300)
        #expect(short > 5, "text is drawn")
        label.text = "Hi there, a much longer title"
        c.render(r)
        let long = inkedColumns(c, rows: 5..<35, width: 300)
        #expect(long > short * 3)
        label.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        c.render(r)
        #expect(label.displayedLines.first?.hasSuffix("…") == true, "too long for 100 pt: ellipsis")
        #expect(inkedColumns(c, rows: 5..<35, width: 300) <= 101, "never drawn past the label's width")
    }

    @Test func testLabelsSizeToTheirWrappedText() throws {
        let c = try canvas(300, 100)
        let window = Window()
        window.frame = Rect(x: 0, y: 0, width: 300, height: 100)
        window.textMeasurer = (c.renderer.text, 1)
        let label = Label(text: "one two three four five six", font: Font(size: 20), color: .white)
        label.numberOfLines = 0
        window.addSubview(label)
        let wide = label.sizeThatFits(Size(width: 1000, height: 1000))
        let narrow = label.sizeThatFits(Size(width: 80, height: 1000))
        #expect(wide.height > 20 && wide.height < 30, "one line")
        #expect(narrow.height >= wide.height * 3, "wrapped onto several lines")
        #expect(narrow.width <= 80)
        label.numberOfLines = 2
        #expect(label.sizeThatFits(Size(width: 80, height: 1000)).height == wide.height * 2, "capped by numberOfLines")
    }

    @Test func testTextIsTintedByTheLabelColour() throws {
        let c = try canvas(100, 40), r = root(100, 40)
        let label = Label(text: "███", font: Font(size: 30, weight: .bold), color: Color(red: 0, green: 1, blue: 0))
        label.text = "HHHH"
        label.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        r.addSubview(label)
        c.render(r)
        let lit = (0..<100).flatMap { x in (0..<40).map { c.pixel(x: x, y: $0) } }.filter { $0.g > 200 }
        #expect(!lit.isEmpty)
        #expect(lit.allSatisfy { $0.r < 30 && $0.b < 30 }, "glyphs take the label's colour")
    }

    @Test func testFallbackFontsDrawGlyphsInterLacks() throws {
        try #require(FallbackFonts().face(for: "東", weight: .regular, colour: false) != nil,
                     "fontconfig finds a CJK face (scripts/install-deps.sh installs one)")
        let c = try canvas(200, 40), r = root(200, 40)
        let label = Label(text: "東京 שלום", font: Font(size: 20), color: .white)
        label.frame = Rect(x: 0, y: 0, width: 200, height: 40)
        r.addSubview(label)
        c.render(r)
        #expect(inkedColumns(c, rows: 5..<35, width: 200) > 30, "CJK and Hebrew glyphs come from the fall-backs")
    }
}
