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
    private func screenshot(page: Int, spinFor ms: Int? = nil) throws -> Surface {
        let binary = try #require(GalleryScreenshotTests.gallery, "viewkit-gallery is built beside the tests")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        let spin = ms.map { ["--spin-for", "\($0)"] } ?? []
        let run = try ChildProcess(binary.path, ["--headless", "--size", "360x640", "--page", "\(page)", "--screenshot", png] + spin,
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

    /// The spin button turns the square an eighth and grows it by 1.2 on a spring: once settled (2 s), it is a
    /// diamond about the same centre (180, 412), its half-diagonal 60 × 1.2 × √2 ≈ 101.8 pt.
    @Test @MainActor func theSpinButtonTurnsTheSquareIntoADiamond() throws {
        let still = try screenshot(page: 0)
        expectPixel(still, 125, 357, 0x3D7DD8, "near the upright square's corner")
        expectPixel(still, 180, 322, 0x101418, "above the upright square")
        let spun = try screenshot(page: 0, spinFor: 2000)
        // Inside the diamond when |dx| + |dy| < 101.8: (0, −90) is; (−55, −55) is not, though the square held it.
        expectPixel(spun, 180, 322, 0x3D7DD8, "the diamond's upper point")
        expectPixel(spun, 125, 357, 0x101418, "beside the diamond, where the square's corner was")
        expectPixel(spun, 180, 412, 0x3D7DD8, "the centre stays")
    }
}
