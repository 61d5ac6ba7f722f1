import CSDL2
import FoundationEssentials

/// What decoding a picture tells (its size, whether it is opaque, its mean colour), and optionally its pixels
/// at the mipmap level a drawing size needs. Made on any thread, so a worker can decode pictures before they
/// are needed; `Image(decoded:)` turns it into an image on the main thread, and the renderer makes that
/// level's texture from the pixels instead of decoding again.
public struct DecodedImage: Sendable {
    /// Where the compressed picture is: a file is read again when another level is needed, bytes are kept.
    enum Origin: Sendable { case file(String), bytes([UInt8]) }
    let origin: Origin
    let name: String
    let isVector: Bool
    let size: Size
    let pixelDimensions: (width: Int, height: Int)?
    let isOpaque: Bool
    let averageColor: Color
    /// The pixels at the level asked for (raster pictures only).
    let level: Surface?

    /// Decodes and checks `bytes`; with a `pixelSize`, also keeps the pixels of the mipmap level a view drawn
    /// at that size (in pixels) uses. Throws a readable reason when the bytes are no picture.
    public init(bytes: [UInt8], name: String, preparingFor pixelSize: Size? = nil) throws(ImageError) {
        try self.init(bytes: bytes, origin: .bytes(bytes), name: name, preparingFor: pixelSize)
    }

    /// Reads, decodes and checks the picture file at `path` (see `init(bytes:name:preparingFor:)`).
    public init(contentsOfFile path: String, preparingFor pixelSize: Size? = nil) throws(ImageError) {
        guard FileManager.default.isReadableFile(atPath: path),
              let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            throw ImageError(source: path, reason: "the file does not exist or cannot be read")
        }
        try self.init(bytes: Array(data), origin: .file(path), name: path, preparingFor: pixelSize)
    }

    private init(bytes: [UInt8], origin: Origin, name: String, preparingFor pixelSize: Size?) throws(ImageError) {
        self.origin = origin
        self.name = name
        isVector = DecodedImage.looksLikeSVG(bytes)
        guard let surface = DecodedImage.decode(bytes, svgSize: nil) else {
            throw ImageError(source: name, reason: bytes.isEmpty ? "the file is empty" : DecodedImage.sdlReason())
        }
        size = Size(width: Double(surface.width), height: Double(surface.height))
        pixelDimensions = isVector ? nil : (surface.width, surface.height)
        isOpaque = !isVector && (!surface.hasAlphaChannel || Surface.isOpaque(surface.pointer))
        averageColor = surface.averageColor()
        if let pixelSize, !isVector {
            let (w, h) = DecodedImage.mipmapLevels(width: surface.width, height: surface.height,
                                                   atLeast: pixelSize).last ?? (surface.width, surface.height)
            level = surface.width == w && surface.height == h ? surface : surface.resampled(width: w, height: h)
        } else {
            level = nil
        }
    }

    /// A picture's own pixel size, then taken down by quarters while it stays at least `size` (in pixels):
    /// few sizes per picture, the last no more than a third larger than needed. The renderer keeps textures
    /// at these levels, so a view resized every frame does not need a texture every frame.
    static func mipmapLevels(width: Int, height: Int, atLeast size: Size) -> [(width: Int, height: Int)] {
        let minW = max(1, Int(size.width.rounded())), minH = max(1, Int(size.height.rounded()))
        func step(_ v: Int) -> Int { (v * 3 + 3) / 4 }
        var (w, h) = (width, height)
        var levels = [(w, h)]
        while step(w) >= minW && step(h) >= minH && w > 1 && h > 1 && step(w) < w {
            w = step(w); h = step(h)
            levels.append((w, h))
        }
        return levels
    }

    /// SDL_image's decoders, loaded once before the first decode on any thread (IMG_Init is not thread-safe).
    private static let decoders: Void = {
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue))
    }()

    /// The bytes decoded; SVG rasterised at `svgSize` when given.
    static func decode(_ bytes: [UInt8], svgSize: (Int, Int)?) -> Surface? {
        guard !bytes.isEmpty else { return nil }
        _ = decoders
        return bytes.withUnsafeBytes { raw -> Surface? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            if let (w, h) = svgSize {
                return Surface(taking: IMG_LoadSizedSVG_RW(rw, Int32(w), Int32(h)))
            }
            return Surface(taking: IMG_Load_RW(rw, 0))
        }
    }

    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<svg")
    }

    /// SDL's error for this thread, or a plain reason when it has none.
    private static func sdlReason() -> String {
        let message = String(cString: SDL_GetError())
        return message.isEmpty ? "not a picture this program can decode" : message
    }
}
