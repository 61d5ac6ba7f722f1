import Foundation
import Testing
@testable import ViewKit

/// An SVG opened with a `PictureCache` keeps its rasters there (the one made when it is opened, and one per size it
/// is drawn at): a later run opens and draws it from them, with no SDL_image raster — SDL_image, which the program
/// then never loads, and the libraries it links are ~0.7 MiB resident — and gets the very pixels, size and colour.
@MainActor
struct VectorRasterCacheTests {
    /// A ring and a dot, in two colours (or white, as the app's icons: its edges' partly covered pixels once made a
    /// mean colour a hair above 1, which the cache refused to read back), on a transparent canvas that declares its
    /// size (an icon) or not.
    private func svg(declaringSize: Bool, white: Bool = false) -> [UInt8] {
        let size = declaringSize ? #" width="24" height="20""# : ""
        return Array("""
            <svg xmlns="http://www.w3.org/2000/svg"\(size) viewBox="0 0 24 20">
            <circle cx="12" cy="10" r="8" fill="none" stroke="\(white ? "#fff" : "#e0a030")" stroke-width="2"/>
            <circle cx="12" cy="10" r="3" fill="\(white ? "#fff" : "#3060d0")"/></svg>
            """.utf8)
    }

    private func pixels(_ s: Surface) -> [UInt32] { s.rgbaPixels }

    /// One run: the SVG opened (with `cache`, if any, keeping its rasters there unless `keeping` is false) and drawn at
    /// 48 × 40 pixels; what SDL_image rasterised meanwhile.
    private func run(_ bytes: [UInt8], _ cache: PictureCache?,
                     keeping: Bool = true) throws -> (image: Image, surface: Surface, bySDLImage: [DecodeLog.Entry]) {
        let log = DecodeLog()
        let (image, surface) = try DecodeLog.$current.withValue(log) {
            let image = Image(decoded: try DecodedImage(bytes: bytes, name: "icon.svg", cache: cache, keepsVectorRasters: keeping))
            return (image, try #require(image.surface(pixelWidth: 48, pixelHeight: 40)))
        }
        return (image, surface, log.decodes.filter(\.byImageLibrary))
    }

    @Test(arguments: [(true, false), (false, false), (true, true)])
    func aSecondRunDrawsAnSVGFromItsKeptRasters(declaringSize: Bool, white: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vk-rasters-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = svg(declaringSize: declaringSize, white: white)
        let first = try run(bytes, PictureCache(directory: dir))
        // The first run rasterises it twice: small when it is opened (its colour, and its size when it declares none), then at 48 × 40.
        #expect(first.bySDLImage.count == 2, "\(first.bySDLImage)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".pic") }.count == 2)
        let again = try run(bytes, PictureCache(directory: dir))
        #expect(again.bySDLImage.isEmpty, "a later run rasterised it again: \(again.bySDLImage)")
        #expect(again.image.size == first.image.size, "its size: \(again.image.size) against \(first.image.size)")
        #expect(again.image.averageColor == first.image.averageColor && !again.image.isOpaque)
        #expect(again.surface.width == first.surface.width && again.surface.height == first.surface.height)
        #expect(pixels(again.surface) == pixels(first.surface), "the kept raster's pixels are the raster's")
        // A size not drawn before is rasterised (and kept) as it is first drawn.
        let log = DecodeLog()
        _ = DecodeLog.$current.withValue(log) { again.image.surface(pixelWidth: 24, pixelHeight: 20) }
        #expect(log.decodes.filter(\.byImageLibrary).count == 1)
    }

    /// White pixels at alphas 255, 128 and 7 (an icon's edge): summed in floating point their mean came to
    /// 1.0000000000000002, a colour the cache's reader refuses (each run rasterised a white stroked icon again).
    @Test func theMeanColourOfWhiteEdgesIsWhiteAtMost() throws {
        let s = try #require(Surface(width: 3, height: 1))
        let pixels = s.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for (x, alpha) in [255, 128, 7].enumerated() { pixels[x] = UInt32(alpha) << 24 | 0x00FF_FFFF }
        let c = s.averageColor()
        #expect([c.red, c.green, c.blue].allSatisfy { $0 == 1 }, "\(c)")
    }

    @Test func withoutACacheEachRunRasterises() throws {
        let bytes = svg(declaringSize: true)
        #expect(try run(bytes, nil).bySDLImage.count == 2)
        #expect(try run(bytes, nil).bySDLImage.count == 2)
    }

    /// An SVG whose rasters are not asked to be kept (a cover, drawn at whatever size the window gives it) writes none,
    /// though the cache is there for the large pictures' copies.
    @Test func anSVGNotAskedToKeepItsRastersWritesNone() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vk-rasters-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try run(svg(declaringSize: true), PictureCache(directory: dir), keeping: false).bySDLImage.count == 2)
        #expect(try run(svg(declaringSize: true), PictureCache(directory: dir), keeping: false).bySDLImage.count == 2)
        #expect(!FileManager.default.fileExists(atPath: dir))
    }

    /// Another SVG's rasters are not taken for this one's, nor a raster whose entry is damaged (rasterised again).
    @Test func anotherSVGOrADamagedRasterIsNotUsed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vk-rasters-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try run(svg(declaringSize: true), PictureCache(directory: dir))
        #expect(try run(svg(declaringSize: false), PictureCache(directory: dir)).bySDLImage.count == 2)
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasSuffix(".pic") {
            let path = dir + "/" + name
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            data[data.count - 5] ^= 0xFF
            try data.write(to: URL(fileURLWithPath: path))
        }
        #expect(try run(svg(declaringSize: true), PictureCache(directory: dir)).bySDLImage.count == 2)
    }

    /// A raster copied over another's name (another icon of the same size) is not drawn in its place: the entry's
    /// hash covers its file's name (a tester's swap of two icons' files drew next and previous swapped).
    @Test func aRasterUnderAnotherNameIsNotUsed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vk-rasters-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ring = svg(declaringSize: true), white = svg(declaringSize: true, white: true)
        let before = try run(white, PictureCache(directory: dir)).surface
        let whiteFiles = try Set(FileManager.default.contentsOfDirectory(atPath: dir))
        _ = try run(ring, PictureCache(directory: dir))
        let ringFiles = try Set(FileManager.default.contentsOfDirectory(atPath: dir)).subtracting(whiteFiles)
        // Each of the ring's rasters put where the white one's of the same size is.
        for name in ringFiles {
            let size = name.split(separator: "-").last!
            let target = try #require(whiteFiles.first { $0.hasSuffix("-" + size) })
            try FileManager.default.removeItem(atPath: dir + "/" + target)
            try FileManager.default.copyItem(atPath: dir + "/" + name, toPath: dir + "/" + target)
        }
        let again = try run(white, PictureCache(directory: dir))
        #expect(again.bySDLImage.count == 2, "the white icon was rasterised again, not taken from the ring's files")
        #expect(pixels(again.surface) == pixels(before))
    }
}
