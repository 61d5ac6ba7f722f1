import CSDL2
import Glibc
import Locking

/// SDL_mixer, loaded (dlopen) the first time the sound goes through SDL or a MIDI file is opened, rather than
/// linked: it links FluidSynth and through it GLib's object system, JACK, readline, Berkeley DB … a dozen
/// libraries (about 2 MB resident, and their relocations at every start) that a session on a PulseAudio
/// server, the usual desktop's, never needs. Its header still gives the types.
struct MixerLibrary: Sendable {
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Void
    let openAudio: @convention(c) (Int32, UInt16, Int32, Int32) -> Int32
    let closeAudio: @convention(c) () -> Void
    let querySpec: @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UInt16>?, UnsafeMutablePointer<Int32>?) -> Int32
    let hookMusic: @convention(c) (Hook?, UnsafeMutableRawPointer?) -> Void
    let loadWAVRW: @convention(c) (UnsafeMutablePointer<SDL_RWops>?, Int32) -> UnsafeMutablePointer<Mix_Chunk>?
    let freeChunk: @convention(c) (UnsafeMutablePointer<Mix_Chunk>?) -> Void

    /// The library's file name: SDL_mixer 2's ABI.
    static let soname = "libSDL2_mixer-2.0.so.0"

    /// Loaded once, when first asked for.
    private static let loaded = Locked<Result<MixerLibrary, DecoderError>?>(nil)

    /// SDL_mixer, loaded now if it was not yet, or why it cannot be used.
    static func load() -> Result<MixerLibrary, DecoderError> {
        loaded.withLock { state in
            if let state { return state }
            let result = open(soname)
            state = result
            return result
        }
    }

    /// SDL_mixer if it was loaded already (if it was not, nothing of it is open).
    static var ifLoaded: MixerLibrary? {
        loaded.withLock { state in if case .success(let library) = state { library } else { nil } }
    }

    /// Whether SDL_mixer's output is open (in this process, by anyone).
    static var isOpen: Bool { ifLoaded.map { $0.querySpec(nil, nil, nil) != 0 } ?? false }

    /// Loads `path` (a file name is looked for on the dynamic linker's path) and finds the functions used.
    static func open(_ path: String) -> Result<MixerLibrary, DecoderError> {
        // The handle stays open for the process's life: the functions point into it.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(DecoderError(reason: "SDL_mixer is not installed: \(String(cString: dlerror()))"))
        }
        func function<F>(_ name: String, as type: F.Type) throws(DecoderError) -> F {
            guard let symbol = dlsym(handle, name) else { throw DecoderError(reason: "\(path) has no \(name)") }
            return unsafeBitCast(symbol, to: type)
        }
        quietFluidSynth(in: handle)
        do throws(DecoderError) {
            return .success(MixerLibrary(
                openAudio: try function("Mix_OpenAudio", as: (@convention(c) (Int32, UInt16, Int32, Int32) -> Int32).self),
                closeAudio: try function("Mix_CloseAudio", as: (@convention(c) () -> Void).self),
                querySpec: try function("Mix_QuerySpec", as: (@convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UInt16>?,
                                                                                UnsafeMutablePointer<Int32>?) -> Int32).self),
                hookMusic: try function("Mix_HookMusic", as: (@convention(c) (Hook?, UnsafeMutableRawPointer?) -> Void).self),
                loadWAVRW: try function("Mix_LoadWAV_RW", as: (@convention(c) (UnsafeMutablePointer<SDL_RWops>?, Int32)
                                                                -> UnsafeMutablePointer<Mix_Chunk>?).self),
                freeChunk: try function("Mix_FreeChunk", as: (@convention(c) (UnsafeMutablePointer<Mix_Chunk>?) -> Void).self)))
        } catch {
            return .failure(error)
        }
    }

    /// Keeps FluidSynth, SDL_mixer's MIDI synthesiser, off the user's terminal: it prints "fluidsynth: error: …"
    /// for every damaged MIDI file, twice; the player names the file in its own words instead. Its log
    /// functions are set to none for every level (FLUID_PANIC 0 … FLUID_DBG 4), where SDL_mixer links it.
    private static func quietFluidSynth(in handle: UnsafeMutableRawPointer) {
        typealias SetLogFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
        guard let symbol = dlsym(handle, "fluid_set_log_function") else { return }
        let setLogFunction = unsafeBitCast(symbol, to: SetLogFunction.self)
        for level in Int32(0)...4 { _ = setLogFunction(level, nil, nil) }
    }
}
