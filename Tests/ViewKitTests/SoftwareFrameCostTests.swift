import CSDL2
import Testing
@testable import ViewKit

/// What a software-rendered frame leaves out, with the same pixels (issue 14: a card transition or a lyrics
/// flip on a 1080 × 1920 kiosk): a large view under a later opaque one draws only the part that shows; a group
/// whose root paints all of it opaquely is composited without being read back; an opaque still of the screen
/// is scaled straight onto the window; a tinted picture with alpha is tinted once, not on every draw.
@MainActor
struct SoftwareFrameCostTests {
    /// A view filling its bounds with `color` that records the clip each time it draws.
    final class ClipRecorder: View {
        var clips: [PixelRect] = []
        let color: SDL_Color
        init(frame: Rect, color: SDL_Color) {
            self.color = color
            super.init()
            self.frame = frame
        }
        override var hasContent: Bool { true }
        override func draw(in context: DrawContext) {
            clips.append(context.renderer.clip)
            context.renderer.fill(context.transform.apply(to: context.bounds), color: color)
        }
    }

    /// A 200 × 200 view (orange) and, drawn after it, an opaque 200 × 150 sheet (blue) over its lower part: the
    /// view draws its top 50 rows only (it used to draw all 200 and be covered), and the frame shows the same.
    @Test func aLargeViewUnderALaterOpaqueViewDrawsOnlyWhatShows() throws {
        let c = try OffscreenCanvas(size: Size(width: 200, height: 200), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let under = ClipRecorder(frame: root.bounds, color: SDL_Color(r: 255, g: 128, b: 0, a: 255))
        let sheet = View(frame: Rect(x: 0, y: 50, width: 200, height: 150))
        sheet.backgroundColor = .blue
        root.addSubview(under)
        root.addSubview(sheet)
        c.render(root, background: .white)
        #expect(!under.clips.isEmpty)
        for clip in under.clips {
            #expect(clip.y + clip.height <= 50, "drew within \(clip), under the sheet")
        }
        assertPixel(c.pixel(x: 100, y: 49), 255, 128, 0, 0, "the view above the sheet")
        assertPixel(c.pixel(x: 100, y: 50), 0, 0, 255, 0, "the sheet")
    }

    /// A small view under the sheet is drawn whole and covered after (cut at the sheet's edge, a scaled picture
    /// would be sampled a fraction of a pixel apart from one drawn whole).
    @Test func aSmallViewUnderALaterOpaqueViewIsDrawnWhole() throws {
        let c = try OffscreenCanvas(size: Size(width: 200, height: 200), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let small = ClipRecorder(frame: Rect(x: 10, y: 40, width: 20, height: 20), color: SDL_Color(r: 255, g: 0, b: 0, a: 255))
        let sheet = View(frame: Rect(x: 0, y: 50, width: 200, height: 150))
        sheet.backgroundColor = .blue
        root.addSubview(small)
        root.addSubview(sheet)
        c.render(root, background: .white)
        #expect(small.clips.map { $0.y + $0.height }.allSatisfy { $0 >= 200 })
        assertPixel(c.pixel(x: 15, y: 45), 255, 0, 0, 0, "the small view above the sheet")
    }

    /// A group at 0.5 whose root paints its bounds red and clips a blue child: over white, (255, 128, 128) and
    /// (128, 128, 255) by the blending formula, and nothing read back from its target (it used to be, to
    /// divide by an alpha that is 255 everywhere).
    @Test func anOpaqueGroupIsCompositedWithoutReadingItBack() throws {
        let c = try OffscreenCanvas(size: Size(width: 100, height: 100), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let group = Fixtures.fadingGroup(Rect(x: 10.5, y: 10.25, width: 80, height: 80), .red,
                                         child: .blue, at: Point(x: 40, y: 40))
        root.addSubview(group)
        c.render(root, background: .white)
        #expect(c.renderer.groupReadBacks == 0)
        assertPixel(c.pixel(x: 20, y: 20), 255, 128, 128, 1, "the root at half")
        // The edges the root's fill paints (origin and size truncated: columns and rows 10 to 89).
        assertPixel(c.pixel(x: 10, y: 10), 255, 128, 128, 1, "the root's first column and row")
        assertPixel(c.pixel(x: 89, y: 20), 255, 128, 128, 1, "the root's last column")
        assertPixel(c.pixel(x: 70, y: 70), 128, 128, 255, 1, "the child at half, clipped by the root")
        assertPixel(c.pixel(x: 95, y: 95), 255, 255, 255, 0, "outside the root")
        // An instant from the end of a fade (alpha 255 as a byte), the group's target, without alpha, is copied
        // as it is: SDL's blend of such a texture at alpha 255 is its generic per-pixel one (16 ms a million
        // pixels on this machine, against 0.6 at 254).
        group.alpha = 0.999
        c.render(root, background: .white)
        let target = try #require(c.renderer.targets[Renderer.OffscreenSlot(depth: 0, format: SDL_PIXELFORMAT_RGB888.rawValue)]?.texture)
        var mode = SDL_BLENDMODE_BLEND
        SDL_GetTextureBlendMode(target.handle, &mode)
        #expect(mode == SDL_BLENDMODE_NONE)
        assertPixel(c.pixel(x: 20, y: 20), 255, 0, 0, 0, "the root at full")
        assertPixel(c.pixel(x: 70, y: 70), 0, 0, 255, 0, "the child at full")
        group.alpha = 0.5
        c.render(root, background: .white)
        SDL_GetTextureBlendMode(target.handle, &mode)
        #expect(mode == SDL_BLENDMODE_BLEND)
        // A root with a translucent background still needs its target read back and un-premultiplied.
        group.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        c.render(root, background: .white)
        #expect(c.renderer.groupReadBacks == 1)
    }

    /// An opaque still of a headless window, drawn shrunk as a card's backdrop is: scaled by SDL straight onto
    /// the window (no staging copy, which a still with alpha needed), and grey stays grey.
    @Test func anOpaqueStillIsScaledStraightOntoTheWindow() throws {
        let a = try Application(configuration: .init(title: "still", size: Size(width: 200, height: 150),
                                                     minimumSize: Size(width: 50, height: 50), headless: true,
                                                     fonts: Fixtures.fonts), clock: ManualClock())
        let content = View(frame: Rect(x: 0, y: 0, width: 200, height: 150))
        content.backgroundColor = Color(white: 0.5)
        a.window.addSubview(content)
        a.drawIfNeeded()
        let still = try #require(a.renderer.snapshot(content, background: .black))
        let backdrop = ImageView(image: still)
        backdrop.contentMode = .scaleToFill
        backdrop.frame = Rect(x: 10, y: 7.5, width: 180, height: 135)
        content.removeFromSuperview()
        a.window.addSubview(backdrop)
        a.renderer.render(a.window, background: .black)
        #expect(a.renderer.stagedCopies == 0)
        let pixels = try #require(a.renderer.readPixels())
        assertPixel(pixels.pixel(x: 100, y: 75), 128, 128, 128, 1, "the still's grey")
    }

    /// Black-on-transparent text tinted orange, drawn twice: the pixels of SDL's tinted blend (orange over
    /// white where the glyph is solid), and the tinted copy made once for both draws.
    @Test func aTintedPictureIsTintedOnce() throws {
        let c = try OffscreenCanvas(size: Size(width: 60, height: 20), fonts: Fixtures.fonts)
        let s = try #require(Surface(width: 60, height: 20))
        SDL_FillRect(s.pointer, nil, 0)
        var solid = SDL_Rect(x: 0, y: 0, w: 30, h: 20)
        SDL_FillRect(s.pointer, &solid, 0xFFFF_FFFF)
        var half = SDL_Rect(x: 30, y: 0, w: 30, h: 20)
        SDL_FillRect(s.pointer, &half, 0x80FF_FFFF)
        let texture = try #require(Texture(renderer: c.renderer.handle, surface: s.pointer))
        final class Tinted: View {
            let texture: Texture
            init(_ t: Texture) { texture = t; super.init() }
            override var hasContent: Bool { true }
            override func draw(in context: DrawContext) {
                context.draw(texture, in: context.bounds, tint: Color(red: 1, green: 0.5, blue: 0))
            }
        }
        let root = View(frame: Rect(x: 0, y: 0, width: 60, height: 20))
        let v = Tinted(texture)
        v.frame = root.bounds
        root.addSubview(v)
        c.render(root, background: .white)
        let made = try #require(texture.tinted?.texture)
        assertPixel(c.pixel(x: 10, y: 10), 255, 128, 0, 1, "solid: orange")
        // Half alpha: orange at 128/255 over white, (255, 191, 127).
        assertPixel(c.pixel(x: 45, y: 10), 255, 191, 127, 2, "half: orange at half over white")
        c.render(root, background: .white)
        #expect(texture.tinted?.texture === made)
        // Drawn fading (a new alpha each frame), it is copied for two tints at most, then blended as it is.
        var copies = [made]
        for step in 1...5 {
            v.alpha = 1 - Double(step) / 10
            c.render(root, background: .white)
            if let t = texture.tinted?.texture, t !== copies.last { copies.append(t) }
        }
        #expect(copies.count == 3)
        // Orange at 0.5 × 0.5 over white, through SDL's own tinted blend.
        assertPixel(c.pixel(x: 45, y: 10), 255, 223, 191, 2, "half, at half: orange at a quarter over white")
    }

    /// A picture scaled at a fractional origin under a sheet whose edge is on a whole pixel: cut around the
    /// sheet, it still paints the row next to it (the software renderer truncates a copy's origin and size
    /// apart, so a cut given at the picture's own fractional edge lost that row to the background).
    @Test func aPictureCutAroundASheetMeetsIt() throws {
        let c = try OffscreenCanvas(size: Size(width: 200, height: 200), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let orange = try #require(Surface(width: 100, height: 100))
        SDL_FillRect(orange.pointer, nil, 0xFFFF_8000)
        let picture = ImageView(image: Image(surface: orange, name: "orange"))
        picture.contentMode = .scaleToFill
        picture.frame = Rect(x: 0.5, y: 7.5, width: 199, height: 100)
        let sheet = View(frame: Rect(x: 0, y: 50, width: 200, height: 150))
        sheet.backgroundColor = .blue
        root.addSubview(picture)
        root.addSubview(sheet)
        c.render(root, background: .white)
        assertPixel(c.pixel(x: 100, y: 49), 255, 128, 0, 2, "the row above the sheet")
        assertPixel(c.pixel(x: 100, y: 50), 0, 0, 255, 0, "the sheet")
    }

    /// A gradient 1,000 rows tall from black to 20 % grey, at half-pixel ends: every row in its colour by
    /// linear interpolation at the row's centre (the partly covered first and last rows too), in one fill per
    /// run of rows of one colour (52 shades) rather than one per row (a card's gradient at 1080 × 1920 was
    /// 1,250 fills every frame).
    @Test func aGradientFillsEachRunOfOneColourOnce() throws {
        let c = try OffscreenCanvas(size: Size(width: 40, height: 1001), fonts: Fixtures.fonts)
        final class Gradient: View {
            override var hasContent: Bool { true }
            override func draw(in context: DrawContext) {
                context.fillGradient(Rect(x: 0, y: 0.5, width: 40, height: 1000), top: .black, bottom: Color(white: 0.2))
            }
        }
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 1001))
        let g = Gradient()
        g.frame = root.bounds
        root.addSubview(g)
        let before = c.renderer.fills
        c.render(root, background: .white)
        #expect(c.renderer.fills - before <= 60, "\(c.renderer.fills - before) fills")
        for row in 0...1000 {
            let y0 = max(Double(row), 0.5), y1 = min(Double(row + 1), 1000.5)
            let expected = 0.2 * 255 * ((y0 + y1) / 2 - 0.5) / 1000
            let p = c.pixel(x: 20, y: row)
            #expect(abs(Double(p.r) - expected) <= 1 && p.r == p.g && p.g == p.b, "row \(row): \(p), expected \(expected)")
        }
    }

    /// A translucent veil over the whole canvas (200 over 100 at half), redrawn only where a small view changed:
    /// that part has the whole frame's pixels. SDL's blended fill and the strips it is blended from when large
    /// round apart by one; the choice is made on the whole fill, not on the piece of it the clip leaves.
    @Test func aTranslucentFillRedrawnInPartHasTheWholeFramesPixels() throws {
        let c = try OffscreenCanvas(size: Size(width: 200, height: 200), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let base = View(frame: root.bounds)
        base.backgroundColor = Color(white: 100 / 255)
        let veil = View(frame: root.bounds)
        veil.backgroundColor = Color(white: 200 / 255, alpha: 128 / 255)
        let small = View(frame: Rect(x: 50, y: 50, width: 10, height: 10))
        root.addSubview(base)
        root.addSubview(veil)
        root.addSubview(small)
        c.render(root, background: .white)
        let whole = c.pixel(x: 55, y: 55)
        SDL_FillRect(c.surface.pointer, nil, 0xFF00_0000)
        c.renderer.render(root, background: .white, changed: [small])
        SDL_RenderFlush(c.renderer.handle)
        #expect(c.renderer.lastRegion.width <= 12, "redrew \(c.renderer.lastRegion)")
        let part = c.pixel(x: 55, y: 55)
        #expect(part == whole, "\(part) redrawn in part, \(whole) whole")
    }
}
