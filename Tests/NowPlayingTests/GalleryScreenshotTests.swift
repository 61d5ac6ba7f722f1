import CSDL2
import Foundation
import Testing
import ViewKit

/// The second program on ViewKit (Sources/viewkit-gallery), run for real: headless, one frame to a PNG,
/// pixels checked at the places its layout puts things (360 × 640 window).
struct GalleryScreenshotTests {
    /// The `viewkit-gallery` executable built beside the test bundle.
    static var gallery: URL? {
        ChildProcess.nowplaying?.deletingLastPathComponent().appendingPathComponent("viewkit-gallery")
    }

    /// Runs the gallery on `page` and returns its screenshot.
    @MainActor
    private func screenshot(page: Int) throws -> Surface {
        let binary = try #require(GalleryScreenshotTests.gallery, "viewkit-gallery is built beside the tests")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        let run = try ChildProcess(binary.path, ["--headless", "--size", "360x640", "--page", "\(page)", "--screenshot", png],
                                   env: ["SDL_AUDIODRIVER": "dummy"])
        #expect(run.wait() == 0)
        return try #require(Surface(taking: IMG_Load(png)))
    }

    private func expectPixel(_ s: Surface, _ x: Int, _ y: Int, _ rgb: UInt32, _ what: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let p = s.pixel(x: x, y: y)
        let want = (Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
        let ok = abs(Int(p.r) - want.0) <= 3 && abs(Int(p.g) - want.1) <= 3 && abs(Int(p.b) - want.2) <= 3
        #expect(ok, "\(what) at (\(x), \(y)): (\(p.r), \(p.g), \(p.b)), expected \(want)", sourceLocation: sourceLocation)
    }

    @Test @MainActor func theGalleryDrawsItsPicturesSquareAndBackground() throws {
        for (page, sky) in [(0, 0xE4572E as UInt32), (2, 0xFFC914)] {
            let s = try screenshot(page: page)
            #expect(s.width == 360 && s.height == 640)
            // The carousel spans y 64…284; its page's picture (16 pt margins) shows its sky in the middle.
            expectPixel(s, 180, 174, sky, "page \(page)'s picture")
            // Between the picture and the window's edge: the background.
            expectPixel(s, 6, 174, 0x101418, "the margin beside the picture")
            // The square: 120 pt, centred, its top 40 pt below the page label (y 292…312).
            expectPixel(s, 180, 412, 0x3D7DD8, "the square")
            expectPixel(s, 100, 412, 0x101418, "left of the square")
            expectPixel(s, 5, 630, 0x101418, "the background")
        }
    }
}
