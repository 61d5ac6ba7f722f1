import CSDL2
import FoundationEssentials

/// What decoding a picture tells (its size, whether it is opaque, its mean colour), and optionally its pixels
/// at the mipmap level a drawing size needs. Made on any thread, so a worker can decode pictures before they
/// are needed; `Image(decoded:)` turns it into an image on the main thread, and the renderer makes that
/// level's texture from the pixels instead of decoding again.
public struct DecodedImage: Sendable {
    /// Where the picture's own compressed bytes are, for drawing it larger than it was kept at: a file read
    /// again, bytes kept, or bytes read again by the caller's closure (a picture inside another file).
    enum Origin: Sendable { case file(String), bytes([UInt8]), reader(@Sendable () -> [UInt8]?) }
    let origin: Origin
    /// A picture kept smaller than it is: its kept pixels compressed again, which later decodes up to that size
    /// (other levels, on the main thread) start from instead of the picture's own bytes.
    let keptCopy: [UInt8]?
    let name: String
    let isVector: Bool
    let size: Size
    let pixelDimensions: (width: Int, height: Int)?
    let isOpaque: Bool
    let averageColor: Color
    /// The pixels at the level asked for (raster pictures only).
    let level: SealedSurface?
    /// What is missing from a picture decoded only in part, in the decoder's words (a JPEG cut short, its last
    /// rows grey: "Premature end of JPEG file"); nil when the picture is whole. Such a picture is shown as it is,
    /// and its copy is never cached (each run decodes it, and can say so).
    public let damage: String?
    /// Where a vector picture opened with a cache keeps its rasters.
    let vectorRasters: VectorRasters?

    /// A vector picture's rasters kept in a cache between runs, named by its bytes: the one made when it was opened
    /// (for its mean colour, and its size when it declares none) and one per size it is drawn at. A run that finds
    /// them neither loads SDL_image nor rasterises (SDL_image with the libraries it links is ~0.7 MiB resident,
    /// and its loading competed with the window's opening for the processor).
    struct VectorRasters: Sendable {
        let cache: PictureCache
        let hash: UInt64, count: Int

        init(cache: PictureCache, bytes: [UInt8]) {
            self.cache = cache
            hash = PictureCache.hash(bytes)
            count = bytes.count
        }

        /// The raster kept at `width` × `height` pixels, if any and whole: its entry (the picture's own size, its mean
        /// colour, the PNG) and the PNG's size in pixels (SDL_image fits a raster within the size asked for).
        func kept(width: Int, height: Int) -> (entry: PictureCache.Entry, pixels: (width: Int, height: Int))? {
            guard let entry = cache.entry(at: cache.key(hash: hash, count: count, width: width, height: height)), !entry.isOpaque,
                  let pixels = PictureDecoder.header(of: entry.copy) else { return nil }
            return (entry, (pixels.width, pixels.height))
        }

        /// Keeps `surface`, the raster at `width` × `height` of a picture whose own size is `own` and mean colour
        /// `colour`.
        func keep(_ surface: Surface, width: Int, height: Int, own: (width: Int, height: Int), colour: Color) {
            guard cache.isWritable, let png = PictureDecoder.encode(surface, opaque: false) else { return }
            cache.store(PictureCache.Entry(width: own.width, height: own.height, isOpaque: false, averageColor: colour, copy: png),
                        at: cache.key(hash: hash, count: count, width: width, height: height))
        }
    }

    /// Decodes and checks `bytes`; with a `pixelSize`, also keeps the pixels of the mipmap level a view drawn
    /// at that size (in pixels) uses. With `rereading`, the bytes are not kept: a picture drawn larger than it
    /// was kept at is read again through it. Throws a readable reason when the bytes are no picture, or a
    /// picture too large to decode.
    /// With a `cache`, a picture kept smaller than it is is read from the copy a run before kept of it, and its copy
    /// is kept there for the runs after; with a `source` too (taken before the bytes were read), the copy is found
    /// from it next time (`init(cachedAs:in:name:preparingFor:rereading:)`) without the bytes.
    /// `keepsVectorRasters`: an SVG keeps its rasters in the cache too, the one made as it is opened and one per size
    /// it is drawn at (read by libpng in later runs, SDL_image not loaded) — for pictures drawn at a few sizes, such as
    /// icons; a picture that follows the window's size would write one at every size of a resize.
    public init(bytes: [UInt8], name: String, preparingFor pixelSize: Size? = nil,
                rereading: (@Sendable () -> [UInt8]?)? = nil, cache: PictureCache? = nil,
                source: PictureCache.Source? = nil, keepsVectorRasters: Bool = false) throws(ImageError) {
        try self.init(bytes: bytes, origin: rereading.map { .reader($0) } ?? .bytes(bytes), name: name, preparingFor: pixelSize,
                      cache: cache, source: source, keepsVectorRasters: keepsVectorRasters)
    }

    /// The picture from `source` as a run before decoded it for `pixelSize` (through
    /// `init(bytes:name:preparingFor:rereading:cache:source:)`), from the small copy `cache` kept, reading nothing of
    /// the picture itself; `rereading` gives its bytes to draw it larger than it was kept at. Nil when the cache has
    /// no copy for that source at that size (the source changed, or the copy was removed or damaged).
    public init?(cachedAs source: PictureCache.Source, in cache: PictureCache, name: String, preparingFor pixelSize: Size?,
                 rereading: @escaping @Sendable () -> [UInt8]?) {
        guard let picture = cache.picture(from: source), let key = cache.key(for: picture, drawnAt: pixelSize) else { return nil }
        self.init(cachedIn: cache, at: key, of: picture, origin: .reader(rereading), name: name, preparingFor: pixelSize)
    }

    /// Reads, decodes and checks the picture file at `path` (see `init(bytes:name:preparingFor:rereading:cache:source:)`).
    public init(contentsOfFile path: String, preparingFor pixelSize: Size? = nil, cache: PictureCache? = nil,
                keepsVectorRasters: Bool = false) throws(ImageError) {
        guard FileManager.default.isReadableFile(atPath: path),
              let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            throw ImageError(source: path, reason: "the file does not exist or cannot be read")
        }
        try self.init(bytes: Array(data), origin: .file(path), name: path, preparingFor: pixelSize, cache: cache, source: nil,
                      keepsVectorRasters: keepsVectorRasters)
    }

    private init(bytes: [UInt8], origin: Origin, name: String, preparingFor pixelSize: Size?, cache: PictureCache?,
                 source: PictureCache.Source?, keepsVectorRasters: Bool) throws(ImageError) {
        // Where a cache would keep this picture's copy: looked up, and on a miss the copy is stored there; either way
        // the source is noted as having it.
        let cached = cache.flatMap { DecodedImage.cacheKey(in: $0, bytes: bytes, preparingFor: pixelSize) }
        if let cache, let cached,
           let hit = DecodedImage(cachedIn: cache, at: cached.key, of: cached.picture, origin: origin, name: name, preparingFor: pixelSize) {
            self = hit
            if let source { cache.remember(source, as: cached.picture) }
            return
        }
        self.name = name
        self.origin = origin
        guard !bytes.isEmpty else { throw ImageError(source: name, reason: "the file is empty") }
        isVector = DecodedImage.looksLikeSVG(bytes)
        if isVector {
            let rasters = keepsVectorRasters ? cache.map { VectorRasters(cache: $0, bytes: bytes) } : nil
            let opened = try DecodedImage.openVector(bytes, name: name, rasters: rasters)
            size = Size(width: Double(opened.own.width), height: Double(opened.own.height))
            averageColor = opened.colour
            vectorRasters = rasters
            (pixelDimensions, isOpaque, keptCopy, level, damage) = (nil, false, nil, nil, nil)
            return
        }
        vectorRasters = nil
        // A raster picture is decoded at the size it is kept at: the level it is drawn at, or within
        // `PictureDecoder.defaultSide` while that is not known; straight at it when its format allows.
        let own: (width: Int, height: Int)
        let surface: Surface
        /// Whether the picture is kept at its own size and only the level asked for was decoded (`surface`).
        var onlyTheLevel = false
        var damage: String?
        do throws(PictureDecoder.Failure) {
            if let header = PictureDecoder.header(of: bytes) {
                own = (header.width, header.height)
                let kept = PictureDecoder.keptSize(width: own.width, height: own.height, drawnAt: pixelSize)
                if let pixelSize, kept == own {
                    // Kept whole, nothing of its pixels is kept but the level: that alone is decoded, and the
                    // picture's colour and opacity read from it (a 600 px cover drawn at 412: no 1.4 MB of pixels
                    // decoded only to be dropped, besides the level's).
                    let (w, h) = DecodedImage.mipmapLevels(width: own.width, height: own.height, atLeast: pixelSize).last ?? own
                    (surface, damage) = try PictureDecoder.decodeTellingDamage(bytes, width: w, height: h)
                    onlyTheLevel = true
                } else {
                    (surface, damage) = try PictureDecoder.decodeTellingDamage(bytes, width: kept.width, height: kept.height, nearly: true)
                }
            } else {
                // A format whose size this program does not read first (TGA, TIFF …): decoded whole.
                let whole = try PictureDecoder.decodeUnmeasured(bytes)
                own = (whole.width, whole.height)
                let kept = PictureDecoder.keptSize(width: own.width, height: own.height, drawnAt: pixelSize)
                surface = try PictureDecoder.resampled(whole, kept.width, kept.height)
            }
        } catch {
            throw ImageError(source: name, reason: error.reason)
        }
        self.damage = damage
        size = Size(width: Double(own.width), height: Double(own.height))
        let kept: (width: Int, height: Int) = onlyTheLevel ? own : (surface.width, surface.height)
        pixelDimensions = kept
        isOpaque = !surface.hasAlphaChannel || Surface.isOpaque(surface.pointer)
        averageColor = surface.averageColor()
        let shrunk = kept != own
        keptCopy = shrunk ? PictureDecoder.encode(surface, opaque: isOpaque) : nil
        if let cache, let cached, let keptCopy, damage == nil,
           cache.store(PictureCache.Entry(width: own.width, height: own.height, isOpaque: isOpaque, averageColor: averageColor,
                                          copy: keptCopy), at: cached.key),
           let source {
            cache.remember(source, as: cached.picture)
        }
        if let pixelSize {
            let (w, h) = DecodedImage.mipmapLevels(width: kept.width, height: kept.height, atLeast: pixelSize).last ?? kept
            // The level is decoded as `Image.surface` decodes it when its texture is made later: the same
            // pixels (a stretch of the kept pixels is another resampling, and a redraw crossing the picture
            // would show the seam between the two) — from the kept copy when there is one, even at the kept size.
            let prepared = keptCopy == nil && surface.width == w && surface.height == h ? surface
                : (try? PictureDecoder.decode(keptCopy ?? bytes, width: w, height: h)) ?? surface.resampled(width: w, height: h)
            level = prepared.map(SealedSurface.init(sealing:))
        } else {
            level = nil
        }
    }

    /// Where a cache keeps the copy of a picture of these bytes, and the picture as its copies are named: for a
    /// raster picture kept smaller than it is; nil for any other (kept whole, or a vector image).
    private static func cacheKey(in cache: PictureCache, bytes: [UInt8],
                                 preparingFor pixelSize: Size?) -> (key: PictureCache.Key, picture: PictureCache.Picture)? {
        guard !looksLikeSVG(bytes), let header = PictureDecoder.header(of: bytes),
              PictureDecoder.keptSize(width: header.width, height: header.height, drawnAt: pixelSize) != (header.width, header.height)
        else { return nil }
        let picture = PictureCache.Picture(bytes: bytes, width: header.width, height: header.height)
        return cache.key(for: picture, drawnAt: pixelSize).map { ($0, picture) }
    }

    /// A picture a cache kept a small copy of (a raster picture kept smaller than it is): what it said of the
    /// picture, the copy as its kept copy, and the level prepared from the copy, as the picture decoded whole gives
    /// them. The copy itself is never decoded whole. Nil when the cache has no copy under `key` of a picture of
    /// `picture`'s size, or one that cannot be decoded (a damaged file: the picture is then decoded whole, and its copy
    /// written again).
    private init?(cachedIn cache: PictureCache, at key: PictureCache.Key, of picture: PictureCache.Picture, origin: Origin,
                  name: String, preparingFor pixelSize: Size?) {
        guard let entry = cache.entry(at: key), entry.width == picture.width, entry.height == picture.height,
              let kept = PictureDecoder.header(of: entry.copy) else { return nil }
        // The level asked for; without one, the copy decoded at an eighth (cheaply: libjpeg-turbo's scaled DCT) to
        // know it decodes at all.
        let (w, h) = pixelSize.flatMap { DecodedImage.mipmapLevels(width: kept.width, height: kept.height, atLeast: $0).last }
            ?? (max(1, kept.width / 8), max(1, kept.height / 8))
        guard let prepared = try? PictureDecoder.decode(entry.copy, width: w, height: h) else { return nil }
        self.origin = origin
        self.name = name
        isVector = false
        size = Size(width: Double(entry.width), height: Double(entry.height))
        pixelDimensions = (kept.width, kept.height)
        isOpaque = entry.isOpaque
        averageColor = entry.averageColor
        keptCopy = entry.copy
        level = pixelSize == nil ? nil : SealedSurface(sealing: prepared)
        damage = nil
        vectorRasters = nil
    }

    /// An SVG's size in points and mean colour: from its raster a run before kept in `rasters`, else rasterised
    /// small now, within a square box (the canvas an SVG declares may be of any size, and it is drawn at the size
    /// it is shown at), and that raster kept.
    private static func openVector(_ bytes: [UInt8], name: String,
                                   rasters: VectorRasters?) throws(ImageError) -> (own: (width: Int, height: Int), colour: Color) {
        let box = vectorProbeSide, declared = SVGSize(bytes)
        // The size the entry gives is the one this opening would find (a raster of other bytes that hashed alike is not).
        if let kept = rasters?.kept(width: box, height: box),
           vectorSize(declared: declared, rasterised: kept.pixels) == (kept.entry.width, kept.entry.height) {
            return ((kept.entry.width, kept.entry.height), kept.entry.averageColor)
        }
        let probe: Surface
        do throws(PictureDecoder.Failure) { probe = try PictureDecoder.decodeWhole(bytes, svgSize: (box, box)) } catch {
            throw ImageError(source: name, reason: error.reason)
        }
        let own = vectorSize(declared: declared, rasterised: (probe.width, probe.height))
        let colour = probe.averageColor()
        rasters?.keep(probe, width: box, height: box, own: own, colour: colour)
        return (own, colour)
    }

    /// The side of the square an SVG is rasterised within when it is opened (for its mean colour).
    static let vectorProbeSide = 64

    /// An SVG's size in points: the size it declares, else its shape rasterised within the probe's box; within
    /// `PictureDecoder.largestSide` on its longer side (a huge declared canvas keeps only its proportions).
    static func vectorSize(declared: SVGSize?, rasterised: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let (w, h) = declared.map { ($0.width, $0.height) } ?? (Double(rasterised.width), Double(rasterised.height))
        let shrink = min(1, Double(PictureDecoder.largestSide) / max(w, h, 1))
        return (max(1, Int((w * shrink).rounded())), max(1, Int((h * shrink).rounded())))
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
        bytes.prefix(512).firstOccurrence(of: "<svg".utf8) != nil
    }
}
