import CLibWebP
import CPictureReduce
import CSDL2
import CTurboJPEG

/// Turns compressed pictures into pixels no larger than needed, on any thread, never making a large picture's
/// full-size pixels: a JPEG is decoded straight at a reduced size (libjpeg-turbo's scaled DCT), a PNG row by row
/// into a box filter (libpng; memory is one row of the picture and the output), a lossy WebP through libwebp's
/// scaling decoder. Pictures of other formats are decoded whole by SDL_image, and refused when larger than
/// `pixelBudget`. Pictures are kept at the size they are drawn at, at most `largestSide`.
enum PictureDecoder {
    /// The largest side, in pixels, a picture is kept and drawn from however large it is drawn (a cover on a
    /// 4K screen is about 2000 px; a 4096² level is 64 MiB of texture).
    static let largestSide = 4096
    /// The side a picture is kept within while nothing says how large it is drawn.
    static let defaultSide = 1024
    /// The most pixels a picture decoded whole may have (50 megapixels, 200 MB of pixels): a larger one of a
    /// format without a reduced decode is refused.
    static let pixelBudget = 50_000_000
    /// The most bytes of raw picture data (rows as stored, before any reduction) a decoder may go through:
    /// 256 MiB, an 8000 × 8000 RGBA PNG or a 9000 px JPEG. Even decoded at a reduced size every pixel is read,
    /// and a "bomb" (30,000² black RGB pixels, 2.7 GB of rows, deflate to a 2.6 MB PNG) would hold a thread for
    /// many seconds. A larger picture is refused with a message.
    static let dataBudget = 256 << 20
    /// The longest side a picture's header may claim (a million pixels; no format's real picture comes near): a
    /// larger one is refused before anything is computed from it (a BMP claiming 2³¹ pixels a side overflowed).
    static let largestClaimedSide = 1 << 20

    /// Why a picture could not be decoded, in words a user can read.
    struct Failure: Error { let reason: String }

    /// A picture's own size in pixels and its format, read from its header without decoding it.
    struct Header {
        enum Format { case jpeg, png, webp(lossy: Bool), other }
        let width: Int, height: Int
        let format: Format
        /// Bits a pixel takes in the picture's raw data (a PNG's depth × channels; 24 for JPEG's YCbCr, 32 else).
        var bitsPerPixel = 32
        /// Whether the file is shorter than the pixels its header claims need at the least (a TGA or BMP cut short,
        /// which SDL_image would decode whole as black, claimed size and all).
        var isCutShort = false

        /// The bytes of raw rows the decoder goes through, whatever size it decodes at.
        var dataBytes: Int { (width * bitsPerPixel + 7) / 8 * height }

        /// Whether the picture is decoded at a reduced size with memory bounded by the output's size.
        var decodesReduced: Bool {
            switch format {
            case .jpeg, .png: return true
            case .webp(let lossy): return lossy
            case .other: return false
            }
        }

        /// Why the picture is not decoded at all: it has no pixels, or is too large to be decoded (whole, or at
        /// all); nil: it is decoded.
        var refusal: String? {
            guard width > 0, height > 0, width <= PictureDecoder.largestClaimedSide, height <= PictureDecoder.largestClaimedSide else {
                return "the picture claims a size of \(width) × \(height) pixels"
            }
            if isCutShort { return "the picture's file is cut short (\(width) × \(height) pixels claimed)" }
            if dataBytes > PictureDecoder.dataBudget {
                return "the picture is \(width) × \(height) pixels, \(dataBytes >> 20) MB of data, more than the "
                    + "\(PictureDecoder.dataBudget >> 20) MB this program decodes"
            }
            guard !decodesReduced, width * height > PictureDecoder.pixelBudget else { return nil }
            return "the picture is \(width) × \(height) pixels, more than the \(PictureDecoder.pixelBudget / 1_000_000) "
                + "megapixels this program decodes at full size"
        }
    }

    static func header(of bytes: [UInt8]) -> Header? {
        if let (w, h) = jpegDimensions(bytes) { return Header(width: w, height: h, format: .jpeg, bitsPerPixel: 24) }
        var w: UInt32 = 0, h: UInt32 = 0, interlaced: Int32 = 0
        if np_png_header(bytes, bytes.count, &w, &h, &interlaced) == 0 {
            // IHDR, which libpng has just checked, is the first chunk: bit depth at byte 24, colour type at 25.
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(bytes[25])] ?? 4
            return Header(width: Int(w), height: Int(h), format: .png, bitsPerPixel: Int(bytes[24]) * channels)
        }
        var features = WebPBitstreamFeatures()
        if WebPGetFeatures(bytes, bytes.count, &features) == VP8_STATUS_OK {
            // Lossless or with alpha, libwebp holds a full-size plane whatever the output's size.
            let lossy = features.format == 1 && features.has_alpha == 0 && features.has_animation == 0
            return Header(width: Int(features.width), height: Int(features.height), format: .webp(lossy: lossy))
        }
        return otherHeader(bytes)
    }

    /// GIF's logical screen, BMP's info header, TIFF's first image and TGA's header: their sizes, so a huge one is
    /// refused before SDL_image decodes it.
    private static func otherHeader(_ bytes: [UInt8]) -> Header? {
        func le(_ at: Int, _ count: Int) -> Int { bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) } }
        if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
            return Header(width: le(6, 2), height: le(8, 2), format: .other)
        }
        if bytes.count >= 34, bytes.starts(with: Array("BM".utf8)) {
            // The OS/2 header (12 bytes) has 16-bit sizes and no compression; Windows' (40 bytes on) 32-bit ones.
            let os2 = le(14, 4) == 12
            let w = os2 ? le(18, 2) : le(18, 4), h = os2 ? le(20, 2) : abs(Int(Int32(truncatingIfNeeded: le(22, 4))))
            let bits = os2 ? le(24, 2) : le(28, 2)
            var header = Header(width: w, height: h, format: .other)
            // Uncompressed rows (BI_RGB, BI_BITFIELDS) padded to 4 bytes, from the pixel data's offset.
            if os2 || [0, 3].contains(le(30, 4)), w <= largestClaimedSide, h <= largestClaimedSide {
                header.isCutShort = bytes.count < le(10, 4) + (w * bits + 31) / 32 * 4 * h
            }
            return header
        }
        if let (w, h) = tiffDimensions(bytes) { return Header(width: w, height: h, format: .other) }
        if looksLikeTGA(bytes) {
            let w = le(12, 2), h = le(14, 2), pixelBytes = (Int(bytes[16]) + 7) / 8
            var header = Header(width: w, height: h, format: .other)
            // After the header, its ID and its colour map: raw pixels, or run-length packets of at most 128 pixels
            // (a count byte and one pixel at the least).
            let colourMap = bytes[1] == 1 ? le(5, 2) * ((Int(bytes[7]) + 7) / 8) : 0
            let pixels = w * h
            let least = bytes[2] >= 9 ? (pixels + 127) / 128 * (1 + pixelBytes) : pixels * pixelBytes
            header.isCutShort = bytes.count < 18 + Int(bytes[0]) + colourMap + least
            return header
        }
        return nil
    }

    /// A TIFF's first image's ImageWidth and ImageLength (tags 256 and 257, SHORT or LONG), in either byte order.
    private static func tiffDimensions(_ bytes: [UInt8]) -> (Int, Int)? {
        let little = bytes.starts(with: [0x49, 0x49, 0x2A, 0x00])
        guard little || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) else { return nil }
        func value(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            let field = bytes[at..<at + count]
            return (little ? Array(field.reversed()) : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = value(4, 4), let entries = value(ifd, 2) else { return nil }
        var width: Int?, height: Int?
        for i in 0..<entries {
            let entry = ifd + 2 + 12 * i
            guard let tag = value(entry, 2), let type = value(entry + 2, 2) else { return nil }
            let size = type == 3 ? value(entry + 8, 2) : type == 4 ? value(entry + 8, 4) : nil
            if tag == 256 { width = size } else if tag == 257 { height = size }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// Whether the bytes start as a TGA does (the format has no signature): a colour map type of 0 or 1, an image
    /// type SDL_image reads (colour-mapped, true-colour or grey, raw or run-length), a size and a pixel depth.
    static func looksLikeTGA(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 18, bytes[1] <= 1, [1, 2, 3, 9, 10, 11].contains(bytes[2]), [8, 15, 16, 24, 32].contains(bytes[16]) else {
            return false
        }
        return (bytes[12] != 0 || bytes[13] != 0) && (bytes[14] != 0 || bytes[15] != 0)
    }

    /// The size a picture of `width` × `height` pixels is kept at when drawn at `pixelSize` (nil: not known
    /// yet): the largest of its mipmap levels within `defaultSide` (its own size, for most pictures), or when
    /// drawn larger than that, the smallest level at least as large as drawn; never above `largestSide`.
    static func keptSize(width: Int, height: Int, drawnAt pixelSize: Size?) -> (width: Int, height: Int) {
        let all = DecodedImage.mipmapLevels(width: width, height: height, atLeast: Size(width: 1, height: 1))
        func within(_ side: Int) -> (width: Int, height: Int) { all.first { max($0.width, $0.height) <= side } ?? all[all.count - 1] }
        let base = within(defaultSide)
        guard let pixelSize else { return base }
        let drawn = DecodedImage.mipmapLevels(width: width, height: height, atLeast: pixelSize)
        let level = drawn[drawn.count - 1]
        guard level.width > base.width || level.height > base.height else { return base }
        return max(level.width, level.height) <= largestSide ? level : within(largestSide)
    }

    /// The picture's pixels at exactly `w` × `h`: decoded at a reduced size when its format allows (a JPEG at
    /// the smallest of its scaled sizes at least that large), else whole; then resampled if need be. With
    /// `nearly`, a JPEG's scaled size is kept as it is when no more than a third larger than asked (as one
    /// mipmap level is than the next): no second picture's worth of pixels, and no pass, to resample it.
    static func decode(_ bytes: [UInt8], width w: Int, height h: Int, nearly: Bool = false) throws(Failure) -> Surface {
        try decodeTellingDamage(bytes, width: w, height: h, nearly: nearly).surface
    }

    /// `decode`, and what is missing from a picture decoded only in part: a JPEG cut short, whose missing rows
    /// libjpeg-turbo paints grey (nil when the picture is whole).
    static func decodeTellingDamage(_ bytes: [UInt8], width w: Int, height h: Int,
                                    nearly: Bool = false) throws(Failure) -> (surface: Surface, damage: String?) {
        guard let header = header(of: bytes) else { return (try resampled(decodeUnmeasured(bytes), w, h), nil) }
        if let refusal = header.refusal { throw Failure(reason: refusal) }
        // Reduced decoders never enlarge; a box of the PNG filter holds at most 4096² pixels.
        let rw = min(header.width, max(w, (header.width + 4095) / 4096))
        let rh = min(header.height, max(h, (header.height + 4095) / 4096))
        var decoded: Surface?
        var damage: String?
        switch header.format {
        case .jpeg:
            let (sw, sh) = jpegScaledSizes(width: header.width, height: header.height).last { $0.width >= rw && $0.height >= rh }
                ?? (header.width, header.height)
            (decoded, damage) = decodeJPEG(bytes, width: sw, height: sh)
            if nearly, let decoded, sw * 3 <= w * 4, sh * 3 <= h * 4 { return (decoded, damage) }
        case .png:
            decoded = try decodePNG(bytes, width: rw, height: rh)
        case .webp:
            decoded = decodeWebP(bytes, width: rw, height: rh)
        case .other:
            break
        }
        // What the reduced decoders cannot read (a CMYK JPEG, an animated WebP) SDL_image decodes whole, if
        // the picture is within the budget for that.
        if decoded == nil, header.width * header.height <= pixelBudget { decoded = try decodeWhole(bytes) }
        guard let decoded else { throw Failure(reason: sdlReason()) }
        return (try resampled(decoded, w, h), damage)
    }

    static func resampled(_ surface: Surface, _ w: Int, _ h: Int) throws(Failure) -> Surface {
        if surface.width == w && surface.height == h { return surface }
        guard let out = surface.resampled(width: w, height: h) else { throw Failure(reason: "out of memory") }
        return out
    }

    /// SDL's error for this thread, or a plain reason when it has none.
    static func sdlReason() -> String {
        let message = String(cString: SDL_GetError())
        return message.isEmpty ? "not a picture this program can decode" : message
    }

    /// A picture whose size `header(of:)` cannot read, decoded whole by SDL_image: a format this program
    /// does not measure first (TGA, TIFF …). A PNG, JPEG or WebP whose header cannot be read (damaged, or
    /// claiming more than a million pixels a side) is refused here, never handed to a decoder that would
    /// trust its size (nor print its own warnings).
    static func decodeUnmeasured(_ bytes: [UInt8]) throws(Failure) -> Surface {
        let signatures: [(String, [UInt8])] = [("PNG", [0x89, 0x50, 0x4E, 0x47]), ("JPEG", [0xFF, 0xD8, 0xFF]),
                                               ("WebP", Array("RIFF".utf8))]
        if let (format, _) = signatures.first(where: { bytes.starts(with: $0.1) }) {
            throw Failure(reason: "the \(format) picture's header is damaged or claims an impossible size")
        }
        return try decodeWhole(bytes)
    }

    /// The bytes decoded whole by SDL_image; SVG rasterised at `svgSize` when given, else at its own size. Throws
    /// SDL_image's reason, or why SDL_image cannot be used.
    static func decodeWhole(_ bytes: [UInt8], svgSize: (Int, Int)? = nil) throws(Failure) -> Surface {
        let library: ImageLibrary
        switch ImageLibrary.load() {
        case .success(let loaded): library = loaded
        case .failure(let error): throw Failure(reason: error.reason)
        }
        let surface = bytes.isEmpty ? nil : bytes.withUnsafeBytes { raw -> Surface? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            if let (w, h) = svgSize { return Surface(taking: library.loadSizedSVGRW(rw, Int32(w), Int32(h))) }
            // TGA has no signature: SDL_image reads it only when told the type (the others it recognises first).
            return Surface(taking: library.loadTypedRW(rw, 0, looksLikeTGA(bytes) ? "TGA" : nil))
        }
        guard let surface else { throw Failure(reason: sdlReason()) }
        DecodeLog.record(width: surface.width, height: surface.height, byImageLibrary: true)
        return surface
    }

    /// Pixels encoded again, small, to stand in for a much larger picture's bytes: JPEG when opaque, else PNG.
    static func encode(_ surface: Surface, opaque: Bool) -> [UInt8]? {
        // Chroma at half resolution each way (4:2:0), as cameras and most covers store photos: half the bytes
        // of full-resolution chroma, and a third less time to write and to read back (a 1000 px copy of a 4000 px
        // cover: 118 KB and ~7 ms against 256 KB and ~11 ms), for colour edges no eye sees at a cover's size.
        opaque ? encodeJPEG(surface, quality: 90, chromaSubsampled: true) : encodePNG(surface)
    }

    // MARK: PNG through libpng, WebP through libwebp

    /// A PNG decoded straight at `width` × `height` (at most its own size) by the row-by-row box filter.
    private static func decodePNG(_ bytes: [UInt8], width: Int, height: Int) throws(Failure) -> Surface {
        guard let surface = Surface(width: width, height: height) else { throw Failure(reason: "out of memory") }
        let p = surface.pointer.pointee
        var working = 0
        var message = [CChar](repeating: 0, count: 128)
        guard np_png_decode_reduced(bytes, bytes.count, p.pixels.assumingMemoryBound(to: UInt8.self), UInt32(width),
                                    UInt32(height), Int(p.pitch), &working, &message, message.count) == 0 else {
            throw Failure(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        DecodeLog.record(width: width, height: height, workingBytes: working)
        return surface
    }

    /// A WebP decoded by libwebp scaled to `width` × `height` (nil if libwebp cannot, e.g. an animation).
    private static func decodeWebP(_ bytes: [UInt8], width: Int, height: Int) -> Surface? {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0, let surface = Surface(width: width, height: height) else { return nil }
        let p = surface.pointer.pointee
        config.options.use_scaling = 1
        config.options.scaled_width = Int32(width)
        config.options.scaled_height = Int32(height)
        config.output.colorspace = MODE_BGRA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = p.pixels.assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = p.pitch
        config.output.u.RGBA.size = Int(p.pitch) * height
        let status = WebPDecode(bytes, bytes.count, &config)
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { return nil }
        DecodeLog.record(width: width, height: height)
        return surface
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
    /// e.g. CMYK: SDL_image decodes those whole), and libjpeg-turbo's words when the data ended early.
    private static func decodeJPEG(_ bytes: [UInt8], width: Int, height: Int) -> (Surface?, damage: String?) {
        guard let tj = tjInitDecompress() else { return (nil, nil) }
        defer { tjDestroy(tj) }
        guard let surface = Surface(width: width, height: height) else { return (nil, nil) }
        let p = surface.pointer.pointee
        let rc = tjDecompress2(tj, bytes, UInt(bytes.count), p.pixels.assumingMemoryBound(to: UInt8.self),
                               Int32(width), p.pitch, Int32(height), Int32(TJPF_BGRA.rawValue), 0)
        // A warning still gives pixels, as SDL_image would. Data that ends early ("Premature end of JPEG file",
        // "… premature end of data segment") leaves rows grey: that is said. Other warnings are common in covers
        // that show whole (extraneous bytes before a marker) and are not.
        guard rc == 0 || tjGetErrorCode(tj) == Int32(TJERR_WARNING.rawValue) else { return (nil, nil) }
        DecodeLog.record(width: width, height: height)
        guard rc != 0 else { return (surface, nil) }
        let warning = String(cString: tjGetErrorStr2(tj))
        return (surface, warning.lowercased().firstOccurrence(of: "premature end") != nil ? warning : nil)
    }

    /// The surface as a JPEG of `quality`, its chroma at full resolution (4:4:4) or halved each way (4:2:0).
    static func encodeJPEG(_ surface: Surface, quality: Int, chromaSubsampled: Bool = false) -> [UInt8]? {
        guard let tj = tjInitCompress() else { return nil }
        defer { tjDestroy(tj) }
        let p = surface.pointer.pointee
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard tjCompress2(tj, p.pixels.assumingMemoryBound(to: UInt8.self), p.w, p.pitch, p.h,
                          Int32(TJPF_BGRA.rawValue), &out, &size,
                          Int32((chromaSubsampled ? TJSAMP_420 : TJSAMP_444).rawValue), Int32(quality), 0) == 0,
              let out else { return nil }
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    static func encodePNG(_ surface: Surface) -> [UInt8]? {
        // Room for the pixels stored uncompressed (a filter byte per row, zlib's block headers) and the chunks.
        guard case .success(let library) = ImageLibrary.load() else { return nil }
        let capacity = (surface.width * 4 + 1) * surface.height * 101 / 100 + 65_536
        var buffer = [UInt8](repeating: 0, count: capacity)
        let written = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else { return 0 }
            defer { SDL_RWclose(rw) }
            return library.savePNGRW(surface.pointer, rw, 0) == 0 ? Int(SDL_RWtell(rw)) : 0
        }
        return written > 0 ? Array(buffer.prefix(written)) : nil
    }
}
