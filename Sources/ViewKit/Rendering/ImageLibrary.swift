import CSDL2
import Glibc
import Locking

/// SDL_image, loaded (dlopen) the first time it is needed rather than linked. ViewKit decodes JPEG, PNG and WebP
/// itself; SDL_image rasterises SVG and reads the rarer formats (GIF, TIFF, BMP, TGA …), and linking it cost every
/// start ~0.8 ms before `main` (it links libtiff, LERC, JBIG, libdeflate and a second libjpeg). An SVG opened with a
/// `PictureCache` and asked to keep its rasters there (`keepsVectorRasters`) is drawn from them in later runs, so a
/// program whose pictures are all cached never loads it.
public struct ImageLibrary: Sendable {
    /// IMG_LoadTyped_RW: the type names a format without a signature (TGA) to try after those that have one.
    let loadTypedRW: @convention(c) (UnsafeMutablePointer<SDL_RWops>?, Int32, UnsafePointer<CChar>?) -> UnsafeMutablePointer<SDL_Surface>?
    let loadSizedSVGRW: @convention(c) (UnsafeMutablePointer<SDL_RWops>?, Int32, Int32) -> UnsafeMutablePointer<SDL_Surface>?
    let savePNGRW: @convention(c) (UnsafeMutablePointer<SDL_Surface>?, UnsafeMutablePointer<SDL_RWops>?, Int32) -> Int32

    /// The library's file name: SDL_image 2's ABI.
    static let soname = "libSDL2_image-2.0.so.0"

    /// Loaded once, when first asked for; the reason when it cannot be.
    private static let loaded = Locked<Result<ImageLibrary, ImageLibraryError>?>(nil)

    /// SDL_image, loaded now if it was not yet (waiting for another thread loading it), or why it cannot be used.
    static func load() -> Result<ImageLibrary, ImageLibraryError> {
        loaded.withLock { state in
            if let state { return state }
            let result = open(soname)
            state = result
            return result
        }
    }

    /// Loads `path` (a file name is looked for on the dynamic linker's path), finds the functions used and
    /// initialises the decoders.
    static func open(_ path: String) -> Result<ImageLibrary, ImageLibraryError> {
        // The handle stays open for the process's life: the functions point into it.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(ImageLibraryError(reason: "SDL_image is not installed (\(String(cString: dlerror())))"))
        }
        func function<F>(_ name: String, as type: F.Type) throws(ImageLibraryError) -> F {
            guard let symbol = dlsym(handle, name) else { throw ImageLibraryError(reason: "\(path) has no \(name)") }
            return unsafeBitCast(symbol, to: type)
        }
        do throws(ImageLibraryError) {
            let initialise = try function("IMG_Init", as: (@convention(c) (Int32) -> Int32).self)
            // Called here, under the lock, once, for every format it loads a library for (a TIFF decode would
            // otherwise initialise its own on whichever thread decodes): IMG_Init is not thread-safe.
            _ = initialise(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue | IMG_INIT_TIF.rawValue))
            quietTIFF(in: handle)
            return .success(ImageLibrary(
                loadTypedRW: try function("IMG_LoadTyped_RW", as: (@convention(c) (UnsafeMutablePointer<SDL_RWops>?, Int32, UnsafePointer<CChar>?)
                                                                    -> UnsafeMutablePointer<SDL_Surface>?).self),
                loadSizedSVGRW: try function("IMG_LoadSizedSVG_RW", as: (@convention(c) (UnsafeMutablePointer<SDL_RWops>?, Int32, Int32)
                                                                          -> UnsafeMutablePointer<SDL_Surface>?).self),
                savePNGRW: try function("IMG_SavePNG_RW", as: (@convention(c) (UnsafeMutablePointer<SDL_Surface>?,
                                                                                UnsafeMutablePointer<SDL_RWops>?, Int32) -> Int32).self)))
        } catch {
            return .failure(error)
        }
    }

    /// Keeps libtiff, which SDL_image loads, from printing its own warnings and errors on stderr ("TIFFReadDirectory:
    /// Warning, Bogus StripByteCounts …"): the player says in its words what it could not read.
    private static func quietTIFF(in handle: UnsafeMutableRawPointer) {
        typealias SetHandler = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
        for name in ["TIFFSetWarningHandler", "TIFFSetErrorHandler"] {
            guard let symbol = dlsym(handle, name) else { continue }
            _ = unsafeBitCast(symbol, to: SetHandler.self)(nil)
        }
    }

    /// Writes `surface` as a PNG file at `path`.
    static func savePNG(_ surface: Surface, to path: String) throws(SDLError) {
        let library: ImageLibrary
        switch load() {
        case .success(let loaded): library = loaded
        case .failure(let error): throw SDLError("Writing \(path)", message: error.reason)
        }
        guard let rw = SDL_RWFromFile(path, "wb") else { throw SDLError("Writing \(path)") }
        // The stream is closed by the call (its last argument).
        guard library.savePNGRW(surface.pointer, rw, 1) == 0 else { throw SDLError("Writing \(path)") }
    }
}

/// Why SDL_image cannot be used, in words for the user.
struct ImageLibraryError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
