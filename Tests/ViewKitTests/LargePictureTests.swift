import CSDL2
import Foundation
import Testing
@testable import ViewKit

/// A cover of 4000 × 4000 pixels (issue 13, defect 6): no decode at its full size on the main thread, and
/// nothing kept at its full size, so neither frame times nor memory follow the picture's size. Decodes are
/// counted through `DecodeLog`, not timed.
@MainActor
struct LargePictureTests {
    static let side = 4000
    /// The largest level a picture is kept at, by the bound: 1024 px on the longer side.
    static let keptBound = 1024

    /// The picture's four quarters: red, green, blue, white (clockwise from the top left).
    static let quarters: [(x: Int, y: Int, argb: UInt32)] = [
        (0, 0, 0xFFFF_0000), (1, 0, 0xFF00_FF00), (1, 1, 0xFF00_00FF), (0, 1, 0xFFFF_FFFF),
    ]

    /// The picture encoded by SDL_image as `format` ("jpg" or "png").
    private func hugePicture(_ format: String) throws -> [UInt8] {
        let surface = try #require(Surface(width: Self.side, height: Self.side))
        let half = Int32(Self.side / 2)
        for q in Self.quarters {
            var r = SDL_Rect(x: Int32(q.x) * half, y: Int32(q.y) * half, w: half, h: half)
            SDL_FillRect(surface.pointer, &r, q.argb)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vk-\(UUID().uuidString).\(format)")
        defer { try? FileManager.default.removeItem(at: url) }
        let saved = format == "png" ? IMG_SavePNG(surface.pointer, url.path) : IMG_SaveJPG(surface.pointer, url.path, 90)
        #expect(saved == 0)
        return Array(try Data(contentsOf: url))
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

    /// A JPEG is decoded straight at a reduced size (scaled DCT), even on the main thread for the first frame.
    @Test func aHugeJPEGIsNeverDecodedAtFullSize() throws {
        let bytes = try hugePicture("jpg")
        let log = DecodeLog()
        try DecodeLog.$current.withValue(log) {
            let picture = try DecodedImage(bytes: bytes, name: "huge.jpg", preparingFor: Size(width: 412, height: 412))
            let image = Image(decoded: picture)
            #expect(image.size == Size(width: 4000, height: 4000), "the picture's own size, read from its header")
            let kept = try #require(image.pixelDimensions)
            #expect(kept.width <= Self.keptBound && kept.height <= Self.keptBound, "kept at \(kept)")
            try drawAtTheAppsSizes(image)
        }
        #expect(!log.decodes.isEmpty)
        let largest = log.decodes.map(\.pixels).max() ?? 0
        #expect(largest <= Self.keptBound * Self.keptBound, "largest decode \(log.decodes.max { $0.pixels < $1.pixels }!)")
    }

    /// A PNG has no reduced decode: the worker decodes it whole once, off the main thread, and what is kept
    /// (and decoded again on the main thread for other sizes) is at most the bound.
    @Test func aHugePNGIsDecodedWholeOnlyOffTheMainThread() async throws {
        let bytes = try hugePicture("png")
        let log = DecodeLog()
        let picture = try await Task.detached {
            try DecodeLog.$current.withValue(log) {
                try DecodedImage(bytes: bytes, name: "huge.png", preparingFor: Size(width: 412, height: 412))
            }
        }.value
        #expect(log.decodes.allSatisfy { !$0.onMainThread })
        let image = Image(decoded: picture)
        let kept = try #require(image.pixelDimensions)
        #expect(kept.width <= Self.keptBound && kept.height <= Self.keptBound, "kept at \(kept)")
        try DecodeLog.$current.withValue(log) { try drawAtTheAppsSizes(image) }
        let onMain = log.decodes.filter(\.onMainThread)
        #expect(!onMain.isEmpty, "other sizes are decoded on the main thread, from what is kept")
        #expect(onMain.allSatisfy { $0.pixels <= Self.keptBound * Self.keptBound }, "\(onMain)")
    }
}
