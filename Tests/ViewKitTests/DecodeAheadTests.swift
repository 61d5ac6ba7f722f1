import CSDL2
import Foundation
import Testing
@testable import ViewKit

/// Pictures decoded ahead (on any thread) and what the renderer makes of them without decoding again: a
/// prepared level becomes its texture, corner pieces of a new level are cut from its texture. Each test
/// deletes the picture's file before drawing, so a decode at draw time would find nothing.
@MainActor
struct DecodeAheadTests {
    /// A PNG file of one opaque colour, in a temporary folder.
    private func pictureFile(width: Int, height: Int, argb: UInt32) throws -> String {
        let surface = try #require(Surface(width: width, height: height))
        SDL_FillRect(surface.pointer, nil, argb)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vk-\(UUID().uuidString).png").path
        #expect(IMG_SavePNG(surface.pointer, path) == 0)
        return path
    }

    private func demoCoverCopy() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vk-\(UUID().uuidString).jpg").path
        try FileManager.default.copyItem(atPath: Fixtures.repoRoot.appendingPathComponent("Assets/Demo/cover.jpg").path,
                                         toPath: path)
        return path
    }

    /// Draws the image `side` points square at the top left of a canvas (a new one, or `canvas` again).
    @discardableResult
    private func render(_ image: Image, side: Double, radius: Double = 0, on canvas: OffscreenCanvas? = nil) throws -> OffscreenCanvas {
        let c = try canvas ?? OffscreenCanvas(size: Size(width: side, height: side), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: c.size.width, height: c.size.height))
        root.backgroundColor = .black
        let v = ImageView(image: image)
        v.frame = Rect(x: 0, y: 0, width: side, height: side)
        v.cornerRadius = radius
        v.clipsToBounds = radius > 0
        root.addSubview(v)
        c.render(root)
        return c
    }

    @Test func aPreparedLevelIsDrawnWithoutDecodingAgain() throws {
        let path = try demoCoverCopy()
        // A 600 px cover drawn 412 px wide uses its 450 px level: that is the one kept.
        let decoded = try DecodedImage(contentsOfFile: path, preparingFor: Size(width: 412, height: 412))
        try FileManager.default.removeItem(atPath: path)
        let image = Image(decoded: decoded)
        #expect(image.pixelDimensions.map { $0 == (600, 600) } == true)
        let reference = try Image(contentsOfFile: Fixtures.repoRoot.appendingPathComponent("Assets/Demo/cover.jpg").path)
        let expected = try #require(reference.surface(pixelWidth: 450, pixelHeight: 450))
        let c = try render(image, side: 450)
        #expect(c.renderer.hasTexture(for: image, pixelSize: Size(width: 412, height: 412)), "the 450 px level is made")
        for (x, y) in [(10, 10), (225, 225), (440, 17), (17, 440), (300, 120)] {
            #expect(c.pixel(x: x, y: y) == expected.pixel(x: x, y: y), "(\(x), \(y)): the prepared pixels are the decoded ones")
        }
        #expect(image.takePreparedLevel(width: 450, height: 450) == nil, "handed over once, then not kept")
    }

    @Test func anImageAdoptsPixelsDecodedAheadForItsOwnPicture() throws {
        let path = try pictureFile(width: 200, height: 200, argb: 0xFF00_80FF)
        let image = try Image(contentsOfFile: path)
        let c0 = try OffscreenCanvas(size: Size(width: 10, height: 10), fonts: Fixtures.fonts)
        #expect(!c0.renderer.hasTexture(for: image, pixelSize: Size(width: 150, height: 150)))
        let other = try DecodedImage(contentsOfFile: try pictureFile(width: 100, height: 100, argb: 0xFFFF_0000),
                                     preparingFor: Size(width: 80, height: 80))
        image.adoptPreparedLevel(of: other)
        #expect(image.takePreparedLevel(width: 100, height: 100) == nil, "another picture's pixels are refused")
        image.adoptPreparedLevel(of: try DecodedImage(contentsOfFile: path, preparingFor: Size(width: 150, height: 150)))
        try FileManager.default.removeItem(atPath: path)
        let c = try render(image, side: 150)
        assertPixel(c.pixel(x: 75, y: 75), 0, 128, 255, 0, "drawn from the adopted pixels")
        #expect(c.renderer.hasTexture(for: image, pixelSize: Size(width: 150, height: 150)))
        image.adoptPreparedLevel(of: try DecodedImage(contentsOfFile: try pictureFile(width: 200, height: 200, argb: 0xFF00_80FF),
                                                      preparingFor: Size(width: 150, height: 150)))
        _ = c.renderer.texture(for: image, pixelSize: Size(width: 150, height: 150))
        #expect(image.takePreparedLevel(width: 150, height: 150) == nil, "a texture made already lets the new pixels go")
    }

    /// A cover decoded ahead for the carousel and shown first as a small thumbnail.
    @Test func aLargerPreparedLevelServesASmallerViewWithoutDecoding() throws {
        let path = try pictureFile(width: 600, height: 600, argb: 0xFF20_C040)
        let image = Image(decoded: try DecodedImage(contentsOfFile: path, preparingFor: Size(width: 412, height: 412)))
        try FileManager.default.removeItem(atPath: path)
        let c = try render(image, side: 48)
        assertPixel(c.pixel(x: 24, y: 24), 0x20, 0xC0, 0x40, 1, "the 61 px level, scaled from the prepared 450 px one")
        #expect(c.renderer.hasTexture(for: image, pixelSize: Size(width: 412, height: 412)), "the 450 px level is made too")
        #expect(image.preparedLevelSize == nil, "the prepared pixels are handed over")
    }

    @Test func cornersOfANewLevelAreCutFromItsTexture() throws {
        let path = try pictureFile(width: 600, height: 600, argb: 0xFFFF_0000)
        let image = try Image(contentsOfFile: path)
        let c = try render(image, side: 450, radius: 30)
        try FileManager.default.removeItem(atPath: path)
        // 200 px: the 254 px level, scaled from the 450 px texture; its corners cannot come from the file.
        try render(image, side: 200, radius: 20, on: c)
        assertPixel(c.pixel(x: 100, y: 100), 255, 0, 0, 0, "the middle")
        for (x, y) in [(12, 12), (187, 12), (187, 187), (12, 187)] {
            assertPixel(c.pixel(x: x, y: y), 255, 0, 0, 2, "inside the rounded corner at (\(x), \(y))")
        }
        for (x, y) in [(1, 1), (198, 1), (198, 198), (1, 198)] {
            assertPixel(c.pixel(x: x, y: y), 0, 0, 0, 2, "cut away at (\(x), \(y))")
        }
    }
    /// A busy picture (one-pixel lines on a ramp) of `side` pixels, encoded as `format` ("jpg" or "png").
    private func busyPicture(side: Int, format: String) throws -> [UInt8] {
        let s = try #require(Surface(width: side, height: side))
        let pitch = Int(s.pointer.pointee.pitch) / 4
        let pixels = s.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<side {
            for x in 0..<side {
                let v = UInt32(x % 9 == 0 || y % 13 == 0 ? 250 : (x + y) * 200 / (2 * side))
                pixels[y * pitch + x] = 0xFF00_0000 | v << 16 | (255 - v) << 8 | v / 2
            }
        }
        return try #require(format == "jpg" ? s.jpegData(quality: 90) : s.pngData())
    }

    /// The level a picture decoded ahead prepares is the level the renderer would decode for that size later
    /// (its texture gone from the cache, say): the same pixels, not another resampling of them. The first
    /// frame's cover was drawn from a stretch of the picture at its kept size, every later texture of that level
    /// from the picture decoded straight at a reduced size: a redraw crossing the cover showed the seam. Drawn
    /// at the size it is kept at (a 4000 px cover on a 2× screen's carousel, 824 px: its 1000 px level), later
    /// textures come from the kept copy, and so does the prepared level.
    @Test(arguments: [(600, "jpg", 346.0), (4000, "jpg", 346.0), (2000, "png", 300.0), (600, "jpg", 450.0), (4000, "jpg", 824.0)])
    func aPreparedLevelIsTheLevelDecodedLater(side: Int, format: String, drawn: Double) throws {
        let bytes = try busyPicture(side: side, format: format)
        let decoded = try DecodedImage(bytes: bytes, name: "busy.\(format)", preparingFor: Size(width: drawn, height: drawn))
        let level = try #require(decoded.level?.surface)
        let image = Image(decoded: decoded)
        let later = try #require(image.surface(pixelWidth: level.width, pixelHeight: level.height))
        var differing = 0
        for y in 0..<level.height {
            for x in 0..<level.width where level.pixel(x: x, y: y) != later.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(side) px \(format) at its \(level.width) px level: pixels that differ")
    }
    /// A level made from a much larger one already made (a library thumbnail of a cover drawn large) is scaled
    /// down by halves, as a picture's own levels are resampled: one bilinear copy 10 times smaller samples 2 of
    /// every 10 columns, and a 4000 px cover's fine pattern showed as false stripes in its thumbnail (found by a
    /// tester). One-pixel black and white columns average to mid grey at any size.
    @Test func aLevelScaledFromAMuchLargerOneIsNotAliased() throws {
        let s = try #require(Surface(width: 400, height: 400))
        let pitch = Int(s.pointer.pointee.pitch) / 4
        let pixels = s.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<400 { for x in 0..<400 { pixels[y * pitch + x] = x % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF } }
        let image = Image(surface: s, name: "columns")
        let c = try render(image, side: 400)
        #expect(c.renderer.hasTexture(for: image, pixelSize: Size(width: 400, height: 400)))
        try render(image, side: 40, on: c)
        var worst = 0
        for y in 0..<40 { for x in 0..<40 { worst = max(worst, abs(Int(c.pixel(x: x, y: y).r) - 128)) } }
        #expect(worst <= 24, "the furthest of 40 × 40 pixels from mid grey: \(worst) levels")
    }
}
