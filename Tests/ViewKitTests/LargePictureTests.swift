import CSDL2
import CTurboJPEG
import Foundation
import Testing
@testable import ViewKit

/// Pictures far larger than they are drawn (issue 13, defect 6): a 4000 × 4000 cover, a PNG "bomb" of
/// 20000 × 20000 pixels of one colour. Whatever their format and whichever thread decodes them (the first
/// cover is decoded on the main thread), their full-size pixels are never made, so neither frame times nor
/// memory follow the picture's size; and a picture drawn large is kept as large as it is drawn. Decodes and
/// the memory they take are counted through `DecodeLog`, not timed.
@MainActor
struct LargePictureTests {
    static let side = 4000
    /// The full-size ARGB pixels of a 4000 × 4000 picture: 64 MB.
    static let fullSizeBytes = side * side * 4

    /// The picture's four quarters: red, green, blue, white (clockwise from the top left).
    static let quarters: [(x: Int, y: Int, argb: UInt32)] = [
        (0, 0, 0xFFFF_0000), (1, 0, 0xFF00_FF00), (1, 1, 0xFF00_00FF), (0, 1, 0xFFFF_FFFF),
    ]

    /// The quartered picture as a JPEG, encoded by libjpeg-turbo from full-size pixels.
    private func hugeJPEG() throws -> [UInt8] {
        let surface = try #require(Surface(width: Self.side, height: Self.side))
        let half = Int32(Self.side / 2)
        for q in Self.quarters {
            var r = SDL_Rect(x: Int32(q.x) * half, y: Int32(q.y) * half, w: half, h: half)
            SDL_FillRect(surface.pointer, &r, q.argb)
        }
        return try #require(surface.jpegData(quality: 90))
    }

    /// The quartered picture as an RGB PNG (RGBA when `interlaced`), written row by row.
    private func hugePNG(interlaced: Bool = false) -> [UInt8] {
        let colorType: PNGWriter.ColorType = interlaced ? .rgba : .rgb
        func pixel(_ argb: UInt32) -> [UInt8] {
            let rgb = [UInt8(argb >> 16 & 0xFF), UInt8(argb >> 8 & 0xFF), UInt8(argb & 0xFF)]
            return interlaced ? rgb + [255] : rgb
        }
        let half = Self.side / 2
        let rows = [0, 1].map { qy in
            [0, 1].flatMap { qx in
                let q = Self.quarters.first { $0.x == qx && $0.y == qy }!
                return Array([[UInt8]](repeating: pixel(q.argb), count: half).joined())
            }
        }
        let writer = PNGWriter(width: Self.side, height: Self.side, colorType: colorType, interlaced: interlaced)
        return writer.bytes { rows[$0 < half ? 0 : 1] }
    }

    /// Draws the image at the carousel's size (412 px on the reference window at scale 1.1), a library
    /// thumbnail and a fullscreen cover, as the app does, and checks each quarter's colour.
    private func drawAtTheAppsSizes(_ image: Image) throws {
        for side in [412.0, 48, 1000] {
            let c = try OffscreenCanvas(size: Size(width: side, height: side), fonts: Fixtures.fonts)
            let v = ImageView(image: image)
            v.frame = Rect(x: 0, y: 0, width: side, height: side)
            c.render(v)
            for q in Self.quarters {
                let x = Int(side) / 4 + q.x * Int(side) / 2, y = Int(side) / 4 + q.y * Int(side) / 2
                assertPixel(c.pixel(x: x, y: y), Int(q.argb >> 16 & 0xFF), Int(q.argb >> 8 & 0xFF), Int(q.argb & 0xFF), 6,
                            "\(Int(side)) px, quarter (\(q.x), \(q.y))")
            }
        }
    }

    /// Decodes `bytes` on the main thread as the first cover is (prepared for the carousel), draws it at the
    /// app's sizes and returns what was decoded.
    private func decodeAndDrawOnTheMainThread(_ bytes: [UInt8], name: String) throws -> [DecodeLog.Entry] {
        let log = DecodeLog()
        try DecodeLog.$current.withValue(log) {
            let picture = try DecodedImage(bytes: bytes, name: name, preparingFor: Size(width: 412, height: 412))
            let image = Image(decoded: picture)
            #expect(image.size == Size(width: 4000, height: 4000), "the picture's own size, read from its header")
            try drawAtTheAppsSizes(image)
        }
        #expect(!log.decodes.isEmpty)
        #expect(log.decodes.allSatisfy { $0.onMainThread })
        return log.decodes
    }

    /// A JPEG is decoded straight at a reduced size (scaled DCT), even on the main thread for the first frame.
    @Test func aHugeJPEGIsNeverDecodedAtFullSize() throws {
        let decodes = try decodeAndDrawOnTheMainThread(try hugeJPEG(), name: "huge.jpg")
        // Drawn at most 1000 px: the largest decode is libjpeg-turbo's 3/8 scale (1500 px), the smallest at
        // least the 1266 px level 1000 px rounds up to.
        #expect(decodes.allSatisfy { $0.width <= Self.side * 3 / 8 }, "\(decodes)")
    }

    /// A PNG is decoded row by row into a box filter, on the main thread too: no decode takes more than an
    /// eighth of the picture's full-size pixels (the largest is its 1266 px level for a 1000 px view, 6.4 MB,
    /// with a row of the picture and one row of sums).
    @Test func aHugePNGIsNeverDecodedAtFullSizeOnTheMainThread() throws {
        let decodes = try decodeAndDrawOnTheMainThread(hugePNG(), name: "huge.png")
        #expect(decodes.allSatisfy { $0.bytes < Self.fullSizeBytes / 8 }, "\(decodes)")
    }

    /// An interlaced (Adam7) PNG sends its picture seven times over, each pass top to bottom: its box filter
    /// keeps 32-bit sums for the whole output (4 channels × 4 bytes a pixel), still bounded by the output's
    /// size, never the picture's: at most 16 bytes an output pixel and 16 bytes a column and row of the picture.
    @Test func anInterlacedHugePNGIsDecodedWithinItsOutput() throws {
        let decodes = try decodeAndDrawOnTheMainThread(hugePNG(interlaced: true), name: "interlaced.png")
        for d in decodes {
            #expect(d.pixels < Self.side * Self.side / 8 && d.workingBytes <= 16 * d.pixels + 16 * 2 * Self.side, "\(d)")
        }
    }

    /// A PNG bomb: a 20000 × 20000 picture of one colour (1.6 GB of pixels) in a file of a few hundred KB.
    @Test func aPNGBombIsDecodedWithinItsOutput() throws {
        let side = 20_000
        let writer = PNGWriter(width: side, height: side, colorType: .palette, bitDepth: 1, palette: [200, 40, 90])
        let row = [UInt8](repeating: 0, count: side / 8)
        let bytes = writer.bytes { _ in row }
        #expect(bytes.count < 4 << 20, "a small file: \(bytes.count) bytes")
        let log = DecodeLog()
        try DecodeLog.$current.withValue(log) {
            let image = Image(decoded: try DecodedImage(bytes: bytes, name: "bomb.png", preparingFor: Size(width: 412, height: 412)))
            #expect(image.size == Size(width: Double(side), height: Double(side)))
            let c = try OffscreenCanvas(size: Size(width: 412, height: 412), fonts: Fixtures.fonts)
            let v = ImageView(image: image)
            v.frame = Rect(x: 0, y: 0, width: 412, height: 412)
            c.render(v)
            // Its levels come from the copy kept of its shrunk pixels (a JPEG, quality 92: within 2 of the colour).
            for (x, y) in [(103, 103), (309, 103), (309, 309), (103, 309)] {
                assertPixel(c.pixel(x: x, y: y), 200, 40, 90, 2, "(\(x), \(y))")
            }
        }
        // The largest kept is its level within 1024 px; the working memory a row of the picture (60 KB as RGB).
        #expect(!log.decodes.isEmpty && log.decodes.allSatisfy { $0.width <= 1024 && $0.workingBytes < 8 * side + 4 * 1024 * 3 },
                "\(log.decodes)")
    }

    /// A 4000 px JPEG prepared for the carousel (412 px) is kept at the scaled size libjpeg-turbo decodes it at
    /// straight — 1/4, 1000 × 1000, within the 1024 px a picture is kept within while it is drawn smaller — not
    /// resampled once more to its 950 px mipmap level: that second picture's worth of pixels (3.6 MB) was made
    /// for every cover decoded ahead, beside the first.
    @Test func aHugeJPEGIsKeptAtTheSizeItDecodesAt() throws {
        let decoded = try DecodedImage(bytes: try hugeJPEG(), name: "huge.jpg", preparingFor: Size(width: 412, height: 412))
        let kept = try #require(decoded.pixelDimensions)
        #expect(kept.width == 1000 && kept.height == 1000, "kept at \(kept)")
    }

    /// The copy kept of a shrunk photo (opaque) stores its chroma at half resolution each way, as JPEG's
    /// 4:2:0 and cameras do: half the bytes kept per cover, and less time to make the first frame's level.
    /// Its colours stay within a few levels of the picture's (read back at the carousel's size).
    @Test func theKeptCopyOfAPhotoHasItsChromaHalved() throws {
        let decoded = try DecodedImage(bytes: try hugeJPEG(), name: "huge.jpg", preparingFor: Size(width: 412, height: 412))
        let copy = try #require(decoded.keptCopy)
        guard let tj = tjInitDecompress() else { Issue.record("no TurboJPEG"); return }
        defer { tjDestroy(tj) }
        var (w, h, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        #expect(tjDecompressHeader3(tj, copy, UInt(copy.count), &w, &h, &subsampling, &colorspace) == 0)
        #expect((w, h) == (1000, 1000))
        #expect(subsampling == Int32(TJSAMP_420.rawValue), "chroma subsampling \(subsampling) (TJSAMP_420 is \(TJSAMP_420.rawValue))")
        try drawAtTheAppsSizes(Image(decoded: decoded))
    }

    /// A cover drawn 900 points wide on a 2× screen is drawn from at least 1800 of its pixels, not from a
    /// copy of a fixed size scaled up: the picture is kept as large as it is drawn (rounded up to its next
    /// mipmap level, a third larger at most), decoded from its own bytes.
    @Test func theKeptSizeFollowsTheDrawnSize() throws {
        let image = try Image(data: hugePNG(), name: "huge.png")
        let c = try OffscreenCanvas(size: Size(width: 900, height: 900), pixelScale: 2, fonts: Fixtures.fonts)
        let v = ImageView(image: image)
        v.frame = Rect(x: 0, y: 0, width: 900, height: 900)
        let log = DecodeLog()
        DecodeLog.$current.withValue(log) { c.render(v) }
        let kept = try #require(image.pixelDimensions)
        #expect(kept.width >= 1800 && kept.width <= 1800 * 4 / 3 + 1, "kept at \(kept)")
        #expect(log.decodes.contains { $0.width >= 1800 }, "drawn from at least 1800 px: \(log.decodes)")
        for q in Self.quarters {
            let x = 450 + q.x * 900, y = 450 + q.y * 900
            assertPixel(c.pixel(x: x, y: y), Int(q.argb >> 16 & 0xFF), Int(q.argb >> 8 & 0xFF), Int(q.argb & 0xFF), 6, "quarter (\(q.x), \(q.y))")
        }
    }

    /// However large a picture is drawn, it is kept at most 4096 px on its longer side (a 64 MiB level).
    @Test func theKeptSizeHasAnUpperBound() {
        let kept = PictureDecoder.keptSize(width: 20_000, height: 10_000, drawnAt: Size(width: 9000, height: 4500))
        #expect(max(kept.width, kept.height) <= 4096 && max(kept.width, kept.height) > 4096 * 3 / 4, "\(kept)")
    }
}
