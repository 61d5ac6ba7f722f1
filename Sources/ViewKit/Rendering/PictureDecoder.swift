import CSDL2
import CTurboJPEG

/// Turns compressed pictures into pixels no larger than needed, on any thread. A JPEG is decoded straight
/// at a reduced size (libjpeg-turbo's scaled DCT: a 4000 px picture at 1/8 never has its full-size pixels
/// made); other formats are decoded whole by SDL_image, taken down in one pass and the whole pixels let go
/// at once. Pictures larger than `largestSide` are kept at most that large, so memory does not follow a
/// picture's size.
enum PictureDecoder {
    /// The largest side, in pixels, a picture is kept and drawn from (a cover on a large window is about
    /// 1000 px): a 4000 px cover costs what a 1000 px one does.
    static let largestSide = 1024

    /// A picture's own size in pixels, and whether it is a JPEG (which can be decoded at a reduced size),
    /// read from its header without decoding it.
    struct Header {
        let width: Int, height: Int
        let isJPEG: Bool
    }

    static func header(of bytes: [UInt8]) -> Header? {
        if let (w, h) = jpegDimensions(bytes) { return Header(width: w, height: h, isJPEG: true) }
        // PNG: the signature, then the IHDR chunk's big-endian width and height at bytes 16 and 20.
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (w, h) = (be32(16), be32(20))
        return w > 0 && h > 0 ? Header(width: w, height: h, isJPEG: false) : nil
    }

    /// The size a picture of `width` × `height` is kept at: its own if it fits `largestSide`; a JPEG at the
    /// largest size its scaled decoding gives within it (decoded straight at that size), others fitted in it.
    static func keptSize(width: Int, height: Int, isJPEG: Bool) -> (width: Int, height: Int) {
        guard max(width, height) > largestSide else { return (width, height) }
        if isJPEG, let fit = jpegScaledSizes(width: width, height: height).first(where: { max($0.width, $0.height) <= largestSide }) {
            return fit
        }
        let s = Double(largestSide) / Double(max(width, height))
        return (max(1, Int((Double(width) * s).rounded())), max(1, Int((Double(height) * s).rounded())))
    }

    /// The picture's pixels at exactly `w` × `h`: a JPEG decoded at the smallest of its scaled sizes at least
    /// that large, anything else decoded whole; then resampled.
    static func decode(_ bytes: [UInt8], width w: Int, height h: Int) -> Surface? {
        var decoded: Surface?
        if let (jw, jh) = jpegDimensions(bytes) {
            let (sw, sh) = jpegScaledSizes(width: jw, height: jh).last { $0.width >= w && $0.height >= h } ?? (jw, jh)
            decoded = decodeJPEG(bytes, width: sw, height: sh)
        }
        guard let surface = decoded ?? decodeWhole(bytes) else { return nil }
        return surface.width == w && surface.height == h ? surface : surface.resampled(width: w, height: h)
    }

    /// SDL_image's decoders, loaded once before the first decode on any thread (IMG_Init is not thread-safe).
    private static let decoders: Void = {
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue))
    }()

    /// The bytes decoded whole by SDL_image; SVG rasterised at `svgSize` when given, else at its own size.
    static func decodeWhole(_ bytes: [UInt8], svgSize: (Int, Int)? = nil) -> Surface? {
        guard !bytes.isEmpty else { return nil }
        _ = decoders
        return bytes.withUnsafeBytes { raw -> Surface? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            if let (w, h) = svgSize {
                return Surface(taking: IMG_LoadSizedSVG_RW(rw, Int32(w), Int32(h)))
            }
            let surface = Surface(taking: IMG_Load_RW(rw, 0))
            if let surface { DecodeLog.record(width: surface.width, height: surface.height) }
            return surface
        }
    }

    /// Pixels encoded again, small, to stand in for a much larger picture's bytes: JPEG when opaque, else PNG.
    static func encode(_ surface: Surface, opaque: Bool) -> [UInt8]? {
        opaque ? encodeJPEG(surface, quality: 92) : encodePNG(surface)
    }

    // MARK: JPEG through libjpeg-turbo

    private static func jpegDimensions(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF,
              let tj = tjInitDecompress() else { return nil }
        defer { tjDestroy(tj) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(tj, bytes, UInt(bytes.count), &w, &h, &subsampling, &colorspace) == 0,
              w > 0, h > 0 else { return nil }
        return (Int(w), Int(h))
    }

    /// The sizes libjpeg-turbo decodes a `width` × `height` JPEG at directly, no larger than its own, largest first.
    private static func jpegScaledSizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return [(width, height)] }
        // TJSCALED: the dimension times the factor, rounded up.
        func scaled(_ v: Int, _ f: tjscalingfactor) -> Int { (v * Int(f.num) + Int(f.denom) - 1) / Int(f.denom) }
        return UnsafeBufferPointer(start: factors, count: Int(count))
            .filter { $0.num <= $0.denom }
            .map { (scaled(width, $0), scaled(height, $0)) }
            .sorted { $0.0 > $1.0 }
    }

    /// A JPEG decoded at one of its scaled sizes, straight into an ARGB surface (nil if libjpeg-turbo cannot,
    /// e.g. CMYK: SDL_image decodes those whole).
    private static func decodeJPEG(_ bytes: [UInt8], width: Int, height: Int) -> Surface? {
        guard let tj = tjInitDecompress() else { return nil }
        defer { tjDestroy(tj) }
        guard let surface = Surface(width: width, height: height) else { return nil }
        let p = surface.pointer.pointee
        let rc = tjDecompress2(tj, bytes, UInt(bytes.count), p.pixels.assumingMemoryBound(to: UInt8.self),
                               Int32(width), p.pitch, Int32(height), Int32(TJPF_BGRA.rawValue), 0)
        // A warning (a truncated file, say) still gives pixels, as SDL_image would.
        guard rc == 0 || tjGetErrorCode(tj) == Int32(TJERR_WARNING.rawValue) else { return nil }
        DecodeLog.record(width: width, height: height)
        return surface
    }

    static func encodeJPEG(_ surface: Surface, quality: Int) -> [UInt8]? {
        guard let tj = tjInitCompress() else { return nil }
        defer { tjDestroy(tj) }
        let p = surface.pointer.pointee
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard tjCompress2(tj, p.pixels.assumingMemoryBound(to: UInt8.self), p.w, p.pitch, p.h,
                          Int32(TJPF_BGRA.rawValue), &out, &size, Int32(TJSAMP_444.rawValue), Int32(quality), 0) == 0,
              let out else { return nil }
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    private static func encodePNG(_ surface: Surface) -> [UInt8]? {
        // Room for the pixels stored uncompressed (a filter byte per row, zlib's block headers) and the chunks.
        let capacity = (surface.width * 4 + 1) * surface.height * 101 / 100 + 65_536
        var buffer = [UInt8](repeating: 0, count: capacity)
        let written = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else { return 0 }
            defer { SDL_RWclose(rw) }
            return IMG_SavePNG_RW(surface.pointer, rw, 0) == 0 ? Int(SDL_RWtell(rw)) : 0
        }
        return written > 0 ? Array(buffer.prefix(written)) : nil
    }
}
