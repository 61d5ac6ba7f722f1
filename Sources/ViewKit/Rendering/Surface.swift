import CSDL2

/// An owned 32-bit ARGB SDL surface, freed with its last reference. Its pixels can be written through
/// `pointer`, so it is not Sendable: pixels made on one thread reach another only as a `SealedSurface`.
public final class Surface {
    public let pointer: UnsafeMutablePointer<SDL_Surface>
    /// Whether the pixels came with an alpha channel (a JPEG has none: every pixel is opaque).
    public let hasAlphaChannel: Bool

    /// Takes ownership of `pointer`, converting it to ARGB8888 when it has another format.
    public init?(taking pointer: UnsafeMutablePointer<SDL_Surface>?) {
        guard let pointer else { return nil }
        hasAlphaChannel = pointer.pointee.format.pointee.Amask != 0
        if pointer.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue {
            self.pointer = pointer
        } else {
            let converted = SDL_ConvertSurfaceFormat(pointer, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
            SDL_FreeSurface(pointer)
            guard let converted else { return nil }
            self.pointer = converted
        }
    }

    /// A new transparent surface.
    public convenience init?(width: Int, height: Int) {
        self.init(taking: SDL_CreateRGBSurfaceWithFormat(0, Int32(max(1, width)), Int32(max(1, height)), 32,
                                                         SDL_PIXELFORMAT_ARGB8888.rawValue))
    }

    public var width: Int { Int(pointer.pointee.w) }
    public var height: Int { Int(pointer.pointee.h) }

    /// The pixel at (x, y) as straight-alpha colour components 0…255.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let row = pointer.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(pointer.pointee.pitch)
        let v = (row + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return (UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF), UInt8(v >> 24))
    }

    /// A copy resampled to the given size: repeated halving, then a bilinear stretch, so large downscales do not alias.
    public func resampled(width w: Int, height h: Int) -> Surface? {
        var current: Surface = self
        while current.width >= 2 * w && current.height >= 2 * h {
            guard let half = Surface(width: max(w, current.width / 2), height: max(h, current.height / 2)),
                  SDL_SoftStretchLinear(current.pointer, nil, half.pointer, nil) == 0 else { break }
            current = half
        }
        guard current.width != w || current.height != h else { return current }
        guard let out = Surface(width: w, height: h),
              SDL_SoftStretchLinear(current.pointer, nil, out.pointer, nil) == 0 else { return nil }
        return out
    }

    /// The pixels as a JPEG file's bytes (alpha dropped) at `quality` 1…100, nil if encoding fails.
    public func jpegData(quality: Int) -> [UInt8]? { PictureDecoder.encodeJPEG(self, quality: quality) }

    /// The pixels as a PNG file's bytes, alpha kept, nil if encoding fails.
    public func pngData() -> [UInt8]? { PictureDecoder.encodePNG(self) }

    /// The mean colour of the opaque pixels, sampled on a grid (for tinting backgrounds from cover art).
    public func averageColor() -> Color {
        var r = 0.0, g = 0.0, b = 0.0, n = 0.0
        let step = max(1, min(width, height) / 32)
        for y in stride(from: 0, to: height, by: step) {
            for x in stride(from: 0, to: width, by: step) {
                let p = pixel(x: x, y: y)
                let a = Double(p.a) / 255
                r += Double(p.r) * a; g += Double(p.g) * a; b += Double(p.b) * a; n += a
            }
        }
        guard n > 0 else { return .black }
        // A mean of values within 0…255 is within it too; the sums' rounding may land a hair above (white pixels at
        // alphas 255, 128 and 7: 1.0000000000000002), a colour `PictureCache` rightly refuses to read back.
        return Color(red: min(1, r / n / 255), green: min(1, g / n / 255), blue: min(1, b / n / 255))
    }

    deinit { SDL_FreeSurface(pointer) }
}

/// A surface's pixels handed from the thread that made them to another (a worker's decoded picture to the
/// renderer): read-only from then on.
///
/// Why `@unchecked Sendable` is safe: the compiler cannot see that nothing writes the pixels once sealed.
/// ViewKit alone can seal (the initializer is internal) and does so in two places, `DecodedImage`'s
/// initializer and the window icon's decoding in `Application`'s, each of which seals a surface it has just
/// made itself and keeps no other reference to it; the sealed surface is then only read (a texture or the
/// window's icon made from it, its size compared).
struct SealedSurface: @unchecked Sendable {
    let surface: Surface
    init(sealing surface: Surface) { self.surface = surface }
}
