import CSDL2
import FoundationEssentials

/// Why an image could not be used, in words a user can read.
public struct ImageError: Error, CustomStringConvertible, Sendable {
    public let source: String
    public let reason: String
    public var description: String { "Cannot read image \(source): \(reason)" }
}

/// A picture from a file or from bytes: raster (PNG, JPEG, WebP …) or vector (SVG).
/// Raster images are decoded when a texture of them is made (their pixels are not kept), a large picture
/// at the size it is drawn at (at most `PictureDecoder.largestSide`), never at its own; SVG is rasterised
/// at exactly the pixel size it is drawn at, so icons stay crisp at any pixel scale. Textures are cached by
/// the renderer.
@MainActor
public final class Image {
    private enum Source { case picture(DecodedImage.Origin), pixels, texture }

    private let source: Source
    /// A picture kept smaller than it is: its kept pixels compressed again, and their size.
    private let keptCopy: (bytes: [UInt8], width: Int, height: Int)?
    /// A short name for messages: the file path or the caller's label.
    public let name: String
    public let isVector: Bool
    /// The size in points at scale 1.
    public let size: Size
    /// The pixels of an image made from pixels (kept); decoded pictures keep only their compressed bytes.
    private let decoded: Surface?
    /// The texture of an image the renderer drew (a snapshot): its pixels stay in the texture only.
    let texture: Texture?
    /// Where an SVG opened with a cache keeps its rasters between runs.
    private let vectorRasters: DecodedImage.VectorRasters?

    /// Loads and validates the image now, so a broken file is reported where it is opened.
    public convenience init(contentsOfFile path: String) throws {
        self.init(decoded: try DecodedImage(contentsOfFile: path))
    }

    /// Decodes an image held in memory (e.g. a picture embedded in another file).
    public convenience init(data: [UInt8], name: String) throws {
        self.init(decoded: try DecodedImage(bytes: data, name: name))
    }

    /// An image of pixels already in memory (a snapshot of views, say), at a pixel scale.
    public init(surface: Surface, scale: Double = 1, name: String) {
        self.name = name
        source = .pixels
        keptCopy = nil
        isVector = false
        size = Size(width: Double(surface.width) / scale, height: Double(surface.height) / scale)
        decoded = surface
        texture = nil
        vectorRasters = nil
        pixelDimensions = (surface.width, surface.height)
        isOpaque = !surface.hasAlphaChannel || Surface.isOpaque(surface.pointer)
        averageColor = surface.averageColor()
    }

    /// An image whose pixels live in a texture of the renderer that made it (a snapshot of views), its mean
    /// colour given (a snapshot's pixels are not read back to measure it: the background it was drawn over).
    init(texture: Texture, scale: Double, name: String, isOpaque: Bool, averageColor: Color) {
        self.name = name
        source = .texture
        keptCopy = nil
        isVector = false
        size = Size(width: Double(texture.width) / scale, height: Double(texture.height) / scale)
        decoded = nil
        self.texture = texture
        vectorRasters = nil
        pixelDimensions = (texture.width, texture.height)
        self.isOpaque = isOpaque
        self.averageColor = averageColor
    }

    /// An image from a picture decoded ahead (on any thread): no second decode for its validation, and its
    /// prepared level's texture is made from the pixels already there.
    public init(decoded picture: DecodedImage) {
        name = picture.name
        source = .picture(picture.origin)
        keptCopy = picture.keptCopy.flatMap { copy in picture.pixelDimensions.map { (copy, $0.width, $0.height) } }
        isVector = picture.isVector
        size = picture.size
        // Decoded pixels are not kept (a cover is 1.4 MB of them, and an image may wait long before it is
        // drawn): the renderer keeps textures, and making one decodes the compressed picture again; only
        // the prepared level waits, for its texture.
        decoded = nil
        prepared = picture.level?.surface
        texture = nil
        vectorRasters = picture.vectorRasters
        pixelDimensions = picture.pixelDimensions
        isOpaque = picture.isOpaque
        averageColor = picture.averageColor
    }

    /// The pixels of one mipmap level decoded ahead, until the renderer makes its texture.
    private var prepared: Surface?

    /// The size of the level decoded ahead and waiting for its texture, if any.
    var preparedLevelSize: (width: Int, height: Int)? { prepared.map { ($0.width, $0.height) } }

    /// Hands over the prepared pixels if they are `w` × `h` (once: the texture keeps them from then on).
    func takePreparedLevel(width w: Int, height h: Int) -> Surface? {
        guard let p = prepared, p.width == w, p.height == h else { return nil }
        prepared = nil
        return p
    }

    /// Keeps the pixels of a level decoded ahead for this same picture (decoded again off the main thread
    /// before it is drawn, say), until the renderer makes that level's texture from them.
    public func adoptPreparedLevel(of picture: DecodedImage) {
        guard let level = picture.level, let own = pixelDimensions, let other = picture.pixelDimensions,
              own == other else { return }
        prepared = level.surface
    }

    /// Lets go of pixels decoded ahead that will not be drawn after all.
    public func discardPreparedLevel() { prepared = nil }

    /// Lets go of the prepared pixels if they are `w` × `h` (a texture of that level exists already).
    func discardPreparedLevel(width w: Int, height h: Int) {
        if let p = prepared, p.width == w, p.height == h { prepared = nil }
    }

    /// Whether every pixel is opaque (a raster image; vector images are treated as having transparency).
    public let isOpaque: Bool

    /// The size in pixels a raster image is kept and drawn from: its own, or for a larger picture the level
    /// it is drawn at (see `pixelDimensions(drawnAt:_:)`) (nil for vector images, which have none).
    private(set) var pixelDimensions: (width: Int, height: Int)?

    /// The size the image is kept at once drawn at `w` × `h` pixels: a picture drawn larger than it was kept
    /// at (its window made larger, say) is kept from then on at its smallest mipmap level at least that large,
    /// at most its own size and `PictureDecoder.largestSide`. The renderer asks this for each drawing size.
    func pixelDimensions(drawnAt w: Int, _ h: Int) -> (width: Int, height: Int)? {
        guard case .picture = source, !isVector, let kept = pixelDimensions,
              w > kept.width || h > kept.height else { return pixelDimensions }
        let grown = PictureDecoder.keptSize(width: Int(size.width), height: Int(size.height),
                                            drawnAt: Size(width: Double(w), height: Double(h)))
        if grown.width > kept.width || grown.height > kept.height { pixelDimensions = grown }
        return pixelDimensions
    }

    /// The pixels at a given size: SVG rasterised to it, raster images decoded (from the kept copy when it is
    /// large enough, else from the picture's own bytes, at a reduced size) and resampled.
    public func surface(pixelWidth w: Int, pixelHeight h: Int) -> Surface? {
        let w = max(1, w), h = max(1, h)
        if isVector { return vectorSurface(w, h) }
        if let decoded { return decoded.width == w && decoded.height == h ? decoded : decoded.resampled(width: w, height: h) }
        let from = keptCopy.flatMap { w <= $0.width && h <= $0.height ? $0.bytes : nil } ?? bytes
        return try? PictureDecoder.decode(from, width: w, height: h)
    }

    /// An SVG rasterised at `w` × `h`: the raster a run before kept (read by libpng: SDL_image is not loaded for
    /// it), else made now and kept for the next runs.
    private func vectorSurface(_ w: Int, _ h: Int) -> Surface? {
        let own = (width: Int(size.width), height: Int(size.height))
        if let rasters = vectorRasters, let kept = rasters.kept(width: w, height: h), (kept.entry.width, kept.entry.height) == own,
           let surface = try? PictureDecoder.decode(kept.entry.copy, width: kept.pixels.width, height: kept.pixels.height) {
            return surface
        }
        guard let surface = try? PictureDecoder.decodeWhole(bytes, svgSize: (w, h)) else { return nil }
        vectorRasters?.keep(surface, width: w, height: h, own: own, colour: averageColor)
        return surface
    }

    /// The mean colour of the picture (for backgrounds tinted by the artwork).
    public let averageColor: Color

    private var bytes: [UInt8] {
        switch source {
        case .picture(.bytes(let b)): return b
        case .picture(.file(let path)): return (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
        case .picture(.reader(let read)): return read() ?? []
        case .pixels, .texture: return []
        }
    }
}
