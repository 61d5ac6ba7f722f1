import Foundation
import Testing
@testable import ViewKit

/// Paths and helpers shared by the ViewKit tests.
enum Fixtures {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var fonts: FontLibrary {
        let dir = repoRoot.appendingPathComponent("Fonts")
        return FontLibrary(faces: [
            .regular: dir.appendingPathComponent("Inter-Regular.otf").path,
            .bold: dir.appendingPathComponent("Inter-Bold.otf").path,
        ])
    }

    /// A fading opaque group: a root of `color` clipping a child of `childColor` (at `childOrigin`, as large as
    /// the root), at `alpha`.
    @MainActor
    static func fadingGroup(_ frame: Rect, _ color: Color, child childColor: Color, at childOrigin: Point,
                            alpha: Double = 0.5) -> View {
        let group = View(frame: frame)
        group.backgroundColor = color
        group.clipsToBounds = true
        group.alpha = alpha
        let child = View(frame: Rect(x: childOrigin.x, y: childOrigin.y, width: frame.width, height: frame.height))
        child.backgroundColor = childColor
        group.addSubview(child)
        return group
    }

    /// An SVG of one solid colour, held in memory (a picture of known size and content; no file left behind).
    @MainActor
    static func solidImage(width: Int, height: Int, hex: String) throws -> Image {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">\
        <rect fill="#\(hex)" width="\(width)" height="\(height)"/></svg>
        """
        return try Image(data: Array(svg.utf8), name: "solid-\(hex).svg")
    }
}

typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

/// Asserts that a pixel matches a colour to within `tolerance` per channel (alpha ignored).
func assertPixel(_ p: RGBA, _ r: Int, _ g: Int, _ b: Int, _ tolerance: Int = 3, _ what: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let ok = abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
    #expect(ok, "\(what): pixel is (\(p.r), \(p.g), \(p.b)), expected (\(r), \(g), \(b)) ±\(tolerance)",
            sourceLocation: sourceLocation)
}

/// Asserts two doubles agree to `accuracy`, with a message naming the SPEC rule.
func assertClose(_ a: Double, _ b: Double, _ accuracy: Double = 1e-9, _ what: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(a - b) <= accuracy, "\(what): \(a) is not within \(accuracy) of \(b)", sourceLocation: sourceLocation)
}

extension OffscreenCanvas {
    /// The pixels of the canvas's top-left `width` × `height` (all of it by default) as 0xRRGGBB, row by row: two
    /// drawings compared.
    func rgbPixels(width: Int? = nil, height: Int? = nil) -> [UInt32] {
        (0..<(height ?? surface.height)).flatMap { y in (0..<(width ?? surface.width)).map { x in
            let p = pixel(x: x, y: y)
            return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
        } }
    }
}

extension Surface {
    /// The pixels as 0xRRGGBBAA, row by row: two pictures compared.
    var rgbaPixels: [UInt32] {
        (0..<height).flatMap { y in (0..<width).map { x in
            let p = pixel(x: x, y: y)
            return UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a)
        } }
    }
}
