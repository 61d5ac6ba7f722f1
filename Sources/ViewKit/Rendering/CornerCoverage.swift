import CSDL2

/// How much of a pixel lies inside a quarter circle: the anti-aliased edge of rounded corners, computed
/// once on the CPU (4 × 4 samples a pixel) so that rounded shapes can be drawn as plain copies.
enum CornerCoverage {
    /// Coverage 0…1 of pixel (x, y) of an r × r top-left corner square whose arc is centred at (r, r).
    static func topLeft(x: Int, y: Int, radius r: Double) -> Double {
        let n = 4
        var inside = 0
        for sy in 0..<n {
            for sx in 0..<n {
                let px = Double(x) + (Double(sx) + 0.5) / Double(n) - r
                let py = Double(y) + (Double(sy) + 0.5) / Double(n) - r
                if px > 0 || py > 0 || px * px + py * py <= r * r { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }
}

extension Surface {
    /// Whether every pixel of an ARGB8888 surface is fully opaque (a texture of it can be copied without blending).
    static func isOpaque(_ s: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard s.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue else { return false }
        let pitch = Int(s.pointee.pitch) / 4
        let pixels = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<Int(s.pointee.h) {
            let row = pixels + y * pitch
            for x in 0..<Int(s.pointee.w) where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }

    /// Multiplies the alpha of the corner pixels by their coverage: the picture with its corners rounded.
    /// `radii` are in this surface's pixels.
    func roundCorners(_ radii: CornerRadii) {
        let pitch = Int(pointer.pointee.pitch) / 4
        let pixels = pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let corners: [(r: Double, flipX: Bool, flipY: Bool)] = [
            (radii.topLeft, false, false), (radii.topRight, true, false),
            (radii.bottomRight, true, true), (radii.bottomLeft, false, true)]
        for c in corners where c.r > 0 {
            let n = min(Int(c.r.rounded(.up)), width, height)
            for y in 0..<n {
                for x in 0..<n {
                    let coverage = CornerCoverage.topLeft(x: x, y: y, radius: c.r)
                    guard coverage < 1 else { continue }
                    let px = c.flipX ? width - 1 - x : x, py = c.flipY ? height - 1 - y : y
                    let v = pixels[py * pitch + px]
                    let a = UInt32((Double(v >> 24) * coverage).rounded())
                    pixels[py * pitch + px] = (a << 24) | (v & 0x00FF_FFFF)
                }
            }
        }
    }
}
