import CSDL2
import FoundationEssentials

/// What decoding a picture tells (its size, whether it is opaque, its mean colour), and optionally its pixels
/// at the mipmap level a drawing size needs. Made on any thread, so a worker can decode pictures before they
/// are needed; `Image(decoded:)` turns it into an image on the main thread, and the renderer makes that
/// level's texture from the pixels instead of decoding again.
public struct DecodedImage: Sendable {
    /// Where the compressed picture is: a file is read again when another level is needed, bytes are kept
    /// (for a picture larger than `PictureDecoder.largestSide`, its kept pixels compressed again).
    enum Origin: Sendable { case file(String), bytes([UInt8]) }
    let origin: Origin
    let name: String
    let isVector: Bool
    let size: Size
    let pixelDimensions: (width: Int, height: Int)?
    let isOpaque: Bool
    let averageColor: Color
    /// The pixels at the level asked for (raster pictures only).
    let level: SealedSurface?

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
        self.name = name
        isVector = DecodedImage.looksLikeSVG(bytes)
        // A raster picture is decoded at the size it is kept at (straight at it when its header tells its
        // size and it is a JPEG), never larger than `PictureDecoder.largestSide`.
        let header = isVector ? nil : PictureDecoder.header(of: bytes)
        let own: (width: Int, height: Int)
        let surface: Surface?
        if let header {
            own = (header.width, header.height)
            let kept = PictureDecoder.keptSize(width: own.width, height: own.height, isJPEG: header.isJPEG)
            surface = PictureDecoder.decode(bytes, width: kept.width, height: kept.height)
        } else {
            let whole = PictureDecoder.decodeWhole(bytes)
            own = whole.map { ($0.width, $0.height) } ?? (0, 0)
            let kept = PictureDecoder.keptSize(width: own.width, height: own.height, isJPEG: false)
            surface = isVector || (kept.width, kept.height) == own ? whole : whole?.resampled(width: kept.width, height: kept.height)
        }
        guard let surface else {
            throw ImageError(source: name, reason: bytes.isEmpty ? "the file is empty" : DecodedImage.sdlReason())
        }
        size = Size(width: Double(own.width), height: Double(own.height))
        pixelDimensions = isVector ? nil : (surface.width, surface.height)
        isOpaque = !isVector && (!surface.hasAlphaChannel || Surface.isOpaque(surface.pointer))
        averageColor = surface.averageColor()
        if let pixelSize, !isVector {
            let (w, h) = DecodedImage.mipmapLevels(width: surface.width, height: surface.height,
                                                   atLeast: pixelSize).last ?? (surface.width, surface.height)
            level = (surface.width == w && surface.height == h ? surface : surface.resampled(width: w, height: h))
                .map(SealedSurface.init(sealing:))
        } else {
            level = nil
        }
        // A picture kept smaller than it is keeps its kept pixels compressed again in place of its own bytes:
        // later decodes (other sizes, on the main thread) start from them.
        let shrunk = !isVector && (surface.width, surface.height) != own
        self.origin = shrunk ? PictureDecoder.encode(surface, opaque: isOpaque).map { .bytes($0) } ?? origin : origin
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
