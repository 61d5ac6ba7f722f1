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
        let surface = try #require(PictureDecoder.decodeWhole(svg, svgSize: (24, 24)))
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
        let surface = try #require(PictureDecoder.decodeWhole(bmp))
        #expect((surface.width, surface.height) == (2, 1))
        let left = surface.pixel(x: 0, y: 0), right = surface.pixel(x: 1, y: 0)
        #expect((left.r, left.g, left.b) == (0, 0, 255))
        #expect((right.r, right.g, right.b) == (0, 255, 0))
    }
}
