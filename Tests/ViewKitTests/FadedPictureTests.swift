import CSDL2
import Testing
@testable import ViewKit

/// A faded opaque picture, as UIKit composites it: a layer whose opaque image covers its bounds shows the image
/// alone at the layer's opacity (its background is under the image, not blended through it), and a picture
/// faded inside a faded group keeps the group's transparency. On SDL's software renderer opaque pictures are
/// textures without an alpha channel (SDL then blends them with its SIMD surface-alpha blitter).
@MainActor
struct FadedPictureTests {
    /// 40 × 40, green: opaque.
    private func green() throws -> Image {
        let s = try #require(Surface(width: 40, height: 40))
        SDL_FillRect(s.pointer, nil, 0xFF00_FF00)
        return Image(surface: s, name: "green")
    }

    /// Green at 0.5 over white: (128, 255, 128). With the red background blended first, it would be
    /// (128, 191, 64).
    @Test func aFadedPictureShowsNoneOfTheBackgroundItCovers() throws {
        let c = try OffscreenCanvas(size: Size(width: 40, height: 40), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        root.backgroundColor = .white
        let v = ImageView(image: try green())
        v.frame = root.bounds
        v.contentMode = .scaleAspectFill
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)
        v.cornerRadius = 8
        v.clipsToBounds = true
        v.alpha = 0.5
        root.addSubview(v)
        c.render(root)
        assertPixel(c.pixel(x: 20, y: 20), 128, 255, 128, 2, "the picture alone at half opacity")
    }

    /// A group at 0.5 holding a picture at 0.5 (and a second view, so that it is composited as a group) over
    /// white: green at 0.25, (191, 255, 191). Had the picture made the group's pixels opaque, (128, 191, 128).
    @Test func aFadedPictureInsideAFadedGroupKeepsTheGroupsTransparency() throws {
        let c = try OffscreenCanvas(size: Size(width: 40, height: 40), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        root.backgroundColor = .white
        let group = View(frame: root.bounds)
        group.alpha = 0.5
        let picture = ImageView(image: try green())
        picture.frame = group.bounds
        picture.alpha = 0.5
        let other = View(frame: Rect(x: 0, y: 0, width: 4, height: 4))
        other.backgroundColor = .black
        group.addSubview(picture)
        group.addSubview(other)
        root.addSubview(group)
        c.render(root)
        assertPixel(c.pixel(x: 20, y: 20), 191, 255, 191, 2, "the picture at a quarter")
        // Scaled too (the copy is staged).
        picture.frame = Rect(x: -10, y: -10, width: 60, height: 60)
        c.render(root)
        assertPixel(c.pixel(x: 20, y: 20), 191, 255, 191, 2, "the picture scaled, at a quarter")
    }

    /// Onto an opaque frame (a window's), where SDL's surface-alpha blitter fades the picture: green at 0.3
    /// over white is (179, 255, 179), unscaled and scaled.
    @Test func aFadedPictureOntoAnOpaqueFrameBlendsByTheFormula() throws {
        let c = try OffscreenCanvas(size: Size(width: 40, height: 40), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        let v = ImageView(image: try green())
        v.frame = root.bounds
        v.alpha = 0.3
        root.addSubview(v)
        c.render(root, background: .white)
        assertPixel(c.pixel(x: 20, y: 20), 179, 255, 179, 2, "the picture at 0.3")
        v.frame = Rect(x: -7, y: -7, width: 54, height: 54)
        c.render(root, background: .white)
        assertPixel(c.pixel(x: 20, y: 20), 179, 255, 179, 2, "the picture scaled, at 0.3")
    }
}
