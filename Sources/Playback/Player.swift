import CSDL2
import FoundationEssentials

/// What went wrong in the audio engine, with the file and SDL's own words.
public enum PlayerError: Error, CustomStringConvertible, Equatable, Sendable {
    case noAudioDevice(String)
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .noAudioDevice(let reason): return "No audio output could be opened (\(reason))."
        case let .cannotOpen(path, reason):
            let name = URL(fileURLWithPath: path).lastPathComponent
            return "Cannot play \(name): it is damaged or not audio\(reason.isEmpty ? "" : " (SDL_mixer: \(reason))")."
        }
    }
}

/// The SDL event type pushed (from the audio thread) when a track finishes playing.
public let musicFinishedEventType: UInt32 = SDL_RegisterEvents(1)

/// SDL_mixer may call this on its audio thread: it only pushes an event for the main loop.
private func musicFinished() {
    var e = SDL_Event()
    e.type = musicFinishedEventType
    SDL_PushEvent(&e)
}

/// One music stream through SDL_mixer: load, play, pause, resume, stop, seek, volume, position.
/// The end of a track arrives as an SDL event of `musicFinishedEventType` on the main loop.
@MainActor
public final class Player {
    public enum State: Sendable { case stopped, playing, paused }

    public private(set) var state: State = .stopped
    public private(set) var path: String?
    private var music: OpaquePointer?
    /// A position chosen while stopped: the stream starts there on `resume` (SDL_mixer cannot seek halted music,
    /// and starting it only to pause at once would let the audio thread play a few frames).
    private var pendingStart: Double?
    /// The SDL audio driver in use ("pulseaudio", "alsa", "disk", "dummy" …).
    public private(set) var driver: String
    /// The driver asked for at creation (nil: SDL's choice), and whether a missing device falls back to silence.
    private let requestedDriver: String?
    private let fallbackToSilence: Bool
    /// Whether SDL_mixer's output is open. It is released while nothing plays (`releaseOutput`), so an idle
    /// app has no audio thread waking up, and reopened when something needs it.
    public private(set) var isOutputOpen = false
    /// The loaded track's length, kept while the output is released.
    private var knownDuration = 0.0

    /// Opens the audio output (SDL's choice, or the named driver, e.g. "disk" for tests). With
    /// `fallbackToSilence`, a machine without a usable device gets SDL's dummy driver instead (time still
    /// passes, nothing is heard) and `openProblem` says why.
    public init(driver name: String? = nil, fallbackToSilence: Bool = true) throws {
        // SDL_mixer has one output per process: a new player takes it over from any earlier one.
        if Mix_QuerySpec(nil, nil, nil) != 0 {
            Mix_HaltMusic()
            while Mix_QuerySpec(nil, nil, nil) != 0 { Mix_CloseAudio() }
            while SDL_WasInit(SDL_INIT_AUDIO) != 0 { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
        }
        requestedDriver = name
        self.fallbackToSilence = fallbackToSilence
        driver = "none"
        openProblem = try Player.openOutput(driver: name, fallbackToSilence: fallbackToSilence)
        driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
        isOutputOpen = true
        Mix_HookMusicFinished(musicFinished)
        Player.owner = ObjectIdentifier(self)
    }

    /// Initialises SDL audio with the driver and opens SDL_mixer on it, falling back to the dummy driver;
    /// returns why the real device could not be used, if it could not.
    /// Tells the sound server (PulseAudio, PipeWire) what this stream is: music, under `iconName`, named `name`
    /// (the song). Read when the output is opened next: at the first play and after an idle release.
    public static func describeStream(name: String, iconName: String) {
        SDL_SetHint(SDL_HINT_AUDIO_DEVICE_STREAM_ROLE, "music")
        SDL_SetHint(SDL_HINT_AUDIO_DEVICE_STREAM_NAME, name)
        // SDL 2.26's PulseAudio backend does not pass the role on; the client's properties (which the server
        // gives each of its streams) carry it, and the icon name.
        setenv("PULSE_PROP_media.role", "music", 1)
        setenv("PULSE_PROP_application.icon_name", iconName, 1)
    }

    private static func openOutput(driver name: String?, fallbackToSilence: Bool) throws -> String? {
        let initialised = SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 && (name.map { SDL_AudioInit($0) == 0 } ?? true)
        guard !initialised || Player.open() != 0 else { return nil }
        let problem = String(cString: SDL_GetError())
        guard fallbackToSilence else { throw PlayerError.noAudioDevice(problem) }
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0, SDL_AudioInit("dummy") == 0, Player.open() == 0 else {
            throw PlayerError.noAudioDevice(String(cString: SDL_GetError()))
        }
        return PlayerError.noAudioDevice(problem).description + " Playing silently."
    }

    /// Closes the audio output while nothing plays (a paused track resumes where it was, after reopening it).
    public func releaseOutput() {
        guard isOutputOpen, state != .playing, ownsOutput else { return }
        if state == .paused, pendingStart == nil { pendingStart = position }
        Mix_HaltMusic()
        if let music { Mix_FreeMusic(music) }
        music = nil
        Mix_CloseAudio()
        while SDL_WasInit(SDL_INIT_AUDIO) != 0 { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
        isOutputOpen = false
    }

    /// Reopens the output and reloads the track after `releaseOutput`; false when either fails (then stopped).
    private func reopenOutput() -> Bool {
        guard !isOutputOpen else { return true }
        do {
            _ = try Player.openOutput(driver: requestedDriver, fallbackToSilence: fallbackToSilence)
        } catch {
            state = .stopped
            return false
        }
        isOutputOpen = true
        driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
        guard let path else { return true }
        guard let m = Mix_LoadMUS(path) else {
            state = .stopped
            pendingStart = nil
            return false
        }
        music = m
        return true
    }

    /// The player that holds SDL_mixer's single output (the process-wide device has one owner at a time).
    private static var owner: ObjectIdentifier?
    private var ownsOutput: Bool { Player.owner == ObjectIdentifier(self) }

    /// Why the real output could not be used, when the player fell back to silence.
    public let openProblem: String?

    private static func open() -> Int32 {
        _ = Mix_Init(Int32(MIX_INIT_OGG.rawValue | MIX_INIT_MP3.rawValue | MIX_INIT_FLAC.rawValue | MIX_INIT_OPUS.rawValue))
        return Mix_OpenAudio(44100, UInt16(AUDIO_S16SYS), 2, 2048)
    }

    /// Loads a file, replacing the current one (stopped). Throws when SDL_mixer cannot decode it.
    public func load(_ path: String) throws {
        stop()
        pendingStart = nil
        if let music { Mix_FreeMusic(music) }
        music = nil
        self.path = nil
        knownDuration = 0
        guard reopenOutput() else { throw PlayerError.noAudioDevice(String(cString: SDL_GetError())) }
        guard let m = Mix_LoadMUS(path) else {
            throw PlayerError.cannotOpen(path: path, reason: String(cString: SDL_GetError()))
        }
        music = m
        self.path = path
        knownDuration = max(0, Mix_MusicDuration(m))
    }

    /// Starts the loaded track at `position` seconds.
    public func play(from position: Double = 0) {
        guard reopenOutput(), let music else { return }
        pendingStart = nil
        Mix_FadeInMusicPos(music, 1, 0, max(0, position))
        state = .playing
    }

    public func pause() {
        guard state == .playing else { return }
        Mix_PauseMusic()
        state = .paused
    }

    public func resume() {
        guard state == .paused else { return }
        if let start = pendingStart { play(from: start); return }
        Mix_ResumeMusic()
        state = .playing
    }

    public func stop() {
        pendingStart = nil
        guard state != .stopped else { return }
        state = .stopped
        if isOutputOpen { Mix_HaltMusic() }
    }

    /// Moves to `position` seconds. A stopped track becomes paused there and starts from it on `resume`.
    public func seek(to position: Double) {
        guard path != nil else { return }
        let p = max(0, min(position, duration > 0 ? duration : position))
        if !isOutputOpen {
            pendingStart = p
            if state == .stopped { state = .paused }
            return
        }
        switch state {
        case .playing:
            if Mix_SetMusicPosition(p) != 0 { play(from: p) }
        case .paused:
            if pendingStart != nil || Mix_SetMusicPosition(p) != 0 { pendingStart = p }
        case .stopped:
            pendingStart = p
            state = .paused
        }
    }

    /// 0…1, linear.
    public var volume: Double {
        get { Double(Mix_VolumeMusic(-1)) / Double(MIX_MAX_VOLUME) }
        set { Mix_VolumeMusic(Int32((max(0, min(1, newValue)) * Double(MIX_MAX_VOLUME)).rounded())) }
    }

    /// Seconds into the track (SDL_mixer's own position, so it never drifts from what is heard).
    public var position: Double {
        if let pendingStart { return pendingStart }
        guard let music, state != .stopped else { return 0 }
        let p = Mix_GetMusicPosition(music)
        return p >= 0 ? p : 0
    }

    /// The track's length in seconds, 0 when unknown.
    public var duration: Double { path == nil ? 0 : knownDuration }

    /// The title, artist and album SDL_mixer found in the file (fall-backs when TagLib found none).
    public var mixerTags: (title: String?, artist: String?, album: String?) {
        guard let music else { return (nil, nil, nil) }
        func text(_ p: UnsafePointer<CChar>?) -> String? {
            guard let p else { return nil }
            let s = String(cString: p).trimmingSpaces()
            return s.isEmpty ? nil : s
        }
        return (text(Mix_GetMusicTitleTag(music)), text(Mix_GetMusicArtistTag(music)), text(Mix_GetMusicAlbumTag(music)))
    }

    /// Whether SDL_mixer is still streaming (playing or paused) the loaded track.
    public var isStreamActive: Bool { isOutputOpen && Mix_PlayingMusic() != 0 }

    /// Handles a finished event: true when the track really ran out (not a stop, a switch or a seek
    /// that also ends the stream, whose events arrive later while another stream plays).
    public func handleFinishedEvent() -> Bool {
        guard state == .playing, !isStreamActive else { return false }
        state = .stopped
        return true
    }

    isolated deinit {
        guard ownsOutput else {
            if let music { Mix_FreeMusic(music) }
            return
        }
        Mix_HookMusicFinished(nil)
        if isOutputOpen { Mix_HaltMusic() }
        if let music { Mix_FreeMusic(music) }
        if isOutputOpen { Mix_CloseAudio() }
        while SDL_WasInit(SDL_INIT_AUDIO) != 0 { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
        Player.owner = nil
    }
}
