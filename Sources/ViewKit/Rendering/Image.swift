import CSDL2
import FoundationEssentials

/// Why an image could not be used, in words a user can read.
public struct ImageError: Error, CustomStringConvertible, Sendable {
    public let source: String
    public let reason: String
    public var description: String { "Cannot read image \(source): \(reason)" }
}

/// A picture from a file or from bytes: raster (PNG, JPEG, WebP …) or vector (SVG).
/// Raster images are decoded when a texture of them is made (their pixels are not kept); SVG is rasterised
/// at exactly the pixel size it is drawn at, so icons stay crisp at any pixel scale. Textures are cached by
/// the renderer.
@MainActor
public final class Image {
    private enum Source { case file(String), bytes([UInt8]), pixels, texture }

    private let source: Source
    /// A short name for messages: the file path or the caller's label.
    public let name: String
    public let isVector: Bool
    /// The size in points at scale 1.
    public let size: Size
    /// The pixels of an image made from pixels (kept); decoded pictures keep only their compressed bytes.
    private let decoded: Surface?
    /// The texture of an image the renderer drew (a snapshot): its pixels stay in the texture only.
    let texture: Texture?

    /// Loads and validates the image now, so a broken file is reported where it is opened.
    public convenience init(contentsOfFile path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ImageError(source: path, reason: "the file does not exist or cannot be read")
        }
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        try self.init(bytes: bytes, name: path, source: .file(path))
    }

    /// Decodes an image held in memory (e.g. cover art embedded in an audio file).
    public convenience init(data: [UInt8], name: String) throws {
        try self.init(bytes: data, name: name, source: .bytes(data))
    }

    /// An image of pixels already in memory (a snapshot of views, say), at a pixel scale.
    public init(surface: Surface, scale: Double = 1, name: String) {
        self.name = name
        source = .pixels
        isVector = false
        size = Size(width: Double(surface.width) / scale, height: Double(surface.height) / scale)
        decoded = surface
        texture = nil
        pixelDimensions = (surface.width, surface.height)
        isOpaque = !surface.hasAlphaChannel || Surface.isOpaque(surface.pointer)
        averageColor = surface.averageColor()
    }

    /// An image whose pixels live in a texture of the renderer that made it (a snapshot of views).
    init(texture: Texture, scale: Double, name: String, isOpaque: Bool, averageColor: Color) {
        self.name = name
        source = .texture
        isVector = false
        size = Size(width: Double(texture.width) / scale, height: Double(texture.height) / scale)
        decoded = nil
        self.texture = texture
        pixelDimensions = (texture.width, texture.height)
        self.isOpaque = isOpaque
        self.averageColor = averageColor
    }

    private init(bytes: [UInt8], name: String, source: Source) throws {
        self.name = name
        self.source = source
        let vector = Image.looksLikeSVG(bytes)
        self.isVector = vector
        let surface = Image.decode(bytes, svgSize: nil)
        guard let surface else {
            throw ImageError(source: name, reason: bytes.isEmpty ? "the file is empty" : Image.sdlReason())
        }
        self.size = Size(width: Double(surface.width), height: Double(surface.height))
        // Decoded pixels are not kept (a cover is 1.4 MB of them, and an image may wait long before it is
        // drawn): the renderer keeps textures, and making one decodes the compressed picture again.
        decoded = nil
        texture = nil
        pixelDimensions = vector ? nil : (surface.width, surface.height)
        isOpaque = !vector && (!surface.hasAlphaChannel || Surface.isOpaque(surface.pointer))
        averageColor = surface.averageColor()
    }

    /// Whether every pixel is opaque (a raster image; vector images are treated as having transparency).
    public let isOpaque: Bool

    /// A raster image's own size in pixels (nil for vector images, which have none).
    let pixelDimensions: (width: Int, height: Int)?

    /// The pixels at a given size: SVG rasterised to it, raster images decoded and resampled.
    public func surface(pixelWidth w: Int, pixelHeight h: Int) -> Surface? {
        let w = max(1, w), h = max(1, h)
        if isVector { return Image.decode(bytes, svgSize: (w, h)) }
        guard let full = decoded ?? Image.decode(bytes, svgSize: nil) else { return nil }
        if full.width == w && full.height == h { return full }
        return full.resampled(width: w, height: h)
    }

    /// The mean colour of the picture (for backgrounds tinted by the artwork).
    public let averageColor: Color

    private var bytes: [UInt8] {
        switch source {
        case .bytes(let b): return b
        case .file(let path): return (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
        case .pixels, .texture: return []
        }
    }

    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<svg")
    }

    private static func decode(_ bytes: [UInt8], svgSize: (Int, Int)?) -> Surface? {
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBytes { raw -> Surface? in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            if let (w, h) = svgSize {
                return Surface(taking: IMG_LoadSizedSVG_RW(rw, Int32(w), Int32(h)))
            }
            return Surface(taking: IMG_Load_RW(rw, 0))
        }
    }

    private static func sdlReason() -> String {
        let message = String(cString: SDL_GetError())
        return message.isEmpty ? "not a picture this program can decode" : message
    }
}
