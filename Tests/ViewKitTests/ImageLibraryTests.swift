import CSDL2
import Foundation
import Testing
@testable import ViewKit

/// SDL_image, loaded when first needed rather than linked: what a program gets when it is there, and the plain
/// words it gets when it is not.
struct ImageLibraryTests {
    @Test func aMissingLibraryIsNamedInPlainWords() throws {
        guard case .failure(let error) = ImageLibrary.open("libSDL2_image-0.0.so.99") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(error.reason.hasPrefix("SDL_image is not installed ("))
        #expect(error.reason.contains("libSDL2_image-0.0.so.99"))
    }

    @Test func theInstalledLibraryRasterisesAnSVGAtTheSizeAsked() throws {
        let svg = Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#ff0000"/></svg>"##.utf8)
        let surface = try PictureDecoder.decodeWhole(svg, svgSize: (24, 24))
        #expect((surface.width, surface.height) == (24, 24))
        let p = surface.pixel(x: 12, y: 12)
        #expect((p.r, p.g, p.b, p.a) == (255, 0, 0, 255))
    }

    @Test func aPictureOfARareFormatIsDecodedThroughIt() throws {
        // A 2 × 1 BMP (24 bits, rows bottom-up, padded to 4 bytes): blue then green.
        let bmp: [UInt8] = [0x42, 0x4D, 62, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0,
                            40, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0, 0, 0, 0, 0, 8, 0, 0, 0,
                            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                            255, 0, 0, 0, 255, 0, 0, 0]
        let surface = try PictureDecoder.decodeWhole(bmp)
        #expect((surface.width, surface.height) == (2, 1))
        let left = surface.pixel(x: 0, y: 0), right = surface.pixel(x: 1, y: 0)
        #expect((left.r, left.g, left.b) == (0, 0, 255))
        #expect((right.r, right.g, right.b) == (0, 255, 0))
    }

    /// A BMP with the OS/2 header (12 bytes, 16-bit sizes) is measured as one: it was read as the Windows header,
    /// its width and height run together into an absurd size, and refused.
    @Test func anOS2BitmapIsDecoded() throws {
        // 2 × 1, 24 bits, rows bottom-up padded to 4 bytes (BGR): blue then green; 26 bytes of headers, then 8 of rows.
        let bmp: [UInt8] = [0x42, 0x4D, 34, 0, 0, 0, 0, 0, 0, 0, 26, 0, 0, 0,
                            12, 0, 0, 0, 2, 0, 1, 0, 1, 0, 24, 0] + [255, 0, 0, 0, 255, 0, 0, 0]
        let header = try #require(PictureDecoder.header(of: bmp))
        #expect((header.width, header.height) == (2, 1) && header.refusal == nil)
        let surface = try PictureDecoder.decode(bmp, width: 2, height: 1)
        let left = surface.pixel(x: 0, y: 0), right = surface.pixel(x: 1, y: 0)
        #expect((left.r, left.g, left.b) == (0, 0, 255) && (right.r, right.g, right.b) == (0, 255, 0))
    }

    /// A review: TGA has no signature, and SDL_image reads it only when told the type; a cover.tga beside the audio
    /// showed the placeholder and a line saying it could not be read.
    @Test func aTGAIsDecoded() throws {
        // 2 × 1, true-colour, 24 bits, rows bottom-up (BGR): red then blue.
        let tga: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 24, 0] + [0, 0, 255, 255, 0, 0]
        let surface = try PictureDecoder.decode(tga, width: 2, height: 1)
        let left = surface.pixel(x: 0, y: 0), right = surface.pixel(x: 1, y: 0)
        #expect((left.r, left.g, left.b) == (255, 0, 0) && (right.r, right.g, right.b) == (0, 0, 255))
    }

    /// A TGA's and a TIFF's size is read first, as a GIF's and a BMP's: one claiming more pixels than are decoded
    /// whole is refused in words, never handed to SDL_image (a few KB of run-length TGA can claim 65535² pixels).
    @Test func aHugeTGAOrTIFFIsRefusedBeforeItIsDecoded() throws {
        let tga: [UInt8] = [0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 32, 0] + [0xFF, 0, 0, 0, 0]
        // Little-endian TIFF: its first directory at 8, two entries: ImageWidth and ImageLength, LONG, 60000.
        func entry(_ tag: UInt8) -> [UInt8] { [tag, 1, 4, 0, 1, 0, 0, 0, 0x60, 0xEA, 0, 0] }
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 2, 0] + entry(0) + entry(1) + [0, 0, 0, 0]
        for (name, bytes, side) in [("TGA", tga, 65535), ("TIFF", tiff, 60000)] {
            let header = try #require(PictureDecoder.header(of: bytes), "\(name): its size is read")
            #expect((header.width, header.height) == (side, side), "\(name)")
            let log = DecodeLog()
            DecodeLog.$current.withValue(log) {
                #expect(throws: PictureDecoder.Failure.self, "\(name) refused") { try PictureDecoder.decode(bytes, width: 100, height: 100) }
            }
            #expect(log.decodes.isEmpty, "\(name): nothing decoded")
        }
    }

    /// A TGA's rows are stored bottom first unless its descriptor's bit 5 says top first: either is drawn upright
    /// (a tester saw ImageMagick's TGAs upside down; ImageMagick reads its own files the other way round from the
    /// format, FFmpeg and SDL_image, which agree).
    @Test(arguments: [(UInt8(0), "bottom row first"), (UInt8(0x20), "top row first")])
    func aTGAIsUprightWhateverItsOrigin(descriptor: UInt8, origin: String) throws {
        // 1 × 2, true-colour, 24 bits (BGR): the first row stored is red, the second blue.
        let tga: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 24, descriptor] + [0, 0, 255] + [255, 0, 0]
        let surface = try PictureDecoder.decode(tga, width: 1, height: 2)
        let top = surface.pixel(x: 0, y: 0)
        let expected: (UInt8, UInt8, UInt8) = descriptor & 0x20 == 0 ? (0, 0, 255) : (255, 0, 0)
        #expect((top.r, top.g, top.b) == expected, "\(origin): the top pixel is \(top)")
    }

    /// A tester: a BMP claiming 2³¹ − 1 pixels a side, or a TIFF 2³² − 1, stopped the player at once (an overflow
    /// computing the bytes of its rows); and a TGA or BMP claiming 7000² pixels in a few hundred bytes was decoded
    /// whole (a black square, 360 MB at its peak). Each is refused in words, nothing decoded.
    @Test func aPictureClaimingTheImpossibleOrCutShortIsRefused() throws {
        func le(_ v: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func bmp(_ w: Int, _ h: Int) -> [UInt8] {
            [0x42, 0x4D] + le(54 + 64, 4) + le(0, 4) + le(54, 4) + le(40, 4) + le(w, 4) + le(h, 4) + le(1, 2) + le(24, 2)
                + le(0, 4) + le(0, 4) + le(0, 4) + le(0, 4) + le(0, 4) + le(0, 4) + [UInt8](repeating: 0, count: 64)
        }
        func tiff(_ side: Int) -> [UInt8] {
            func entry(_ tag: UInt8) -> [UInt8] { [tag, 1, 4, 0, 1, 0, 0, 0] + le(side, 4) }
            return [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 2, 0] + entry(0) + entry(1) + [0, 0, 0, 0]
        }
        let tga7000: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le(7000, 2) + le(7000, 2) + [24, 0] + [UInt8](repeating: 0, count: 300)
        let rle7000: [UInt8] = [0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le(7000, 2) + le(7000, 2) + [24, 0] + [UInt8](repeating: 0xFF, count: 300)
        let cases: [(String, [UInt8], String)] = [
            ("BMP 2³¹ − 1", bmp(0x7FFF_FFFF, 0x7FFF_FFFF), "claims a size"), ("BMP −(2³¹ − 1) tall", bmp(0x7FFF_FFFF, -0x7FFF_FFFF), "claims a size"),
            ("TIFF 2³² − 1", tiff(0xFFFF_FFFF), "claims a size"), ("BMP 7000² cut short", bmp(7000, 7000), "cut short"),
            ("TGA 7000² cut short", tga7000, "cut short"), ("RLE TGA 7000² cut short", rle7000, "cut short"),
        ]
        for (name, bytes, reason) in cases {
            let log = DecodeLog()
            DecodeLog.$current.withValue(log) {
                do throws(PictureDecoder.Failure) {
                    _ = try PictureDecoder.decode(bytes, width: 100, height: 100)
                    Issue.record("\(name) was decoded")
                } catch {
                    #expect(error.reason.contains(reason), "\(name): \(error.reason)")
                }
            }
            #expect(log.decodes.isEmpty, "\(name): nothing decoded")
        }
    }
}
