import CQuietALSA
import CSDL2

/// What the sound server is told the player's stream is: named after the song, with the app's icon.
public struct StreamDescription: Sendable, Equatable {
    public var name: String
    public var iconName: String
    public init(name: String, iconName: String) {
        self.name = name
        self.iconName = iconName
    }
}

/// Where the player's samples go: it asks the feed for them on a thread of its own. Opened when something
/// plays, closed while nothing does (an idle app holds no device and no audio thread).
@MainActor
protocol AudioOutput: AnyObject {
    /// The driver in use ("pulseaudio", "alsa", "disk", "dummy" …).
    var driver: String { get }
    /// Frames handed to the output and not yet heard.
    var latencyFrames: Int { get }
    /// Whether the output sets the volume itself (then the feed's samples are not scaled).
    var appliesVolume: Bool { get }
    /// Whether the device or server went away under it (it then plays nothing until opened anew).
    var isLost: Bool { get }
    func setVolume(_ amplitude: Double)
    /// Playback held or going on: what was written stays for when it goes on.
    func setPaused(_ paused: Bool)
    /// What was written and not yet heard is not wanted (a seek, another track).
    func dropWritten()
    /// The stream's name and icon for the sound server.
    func describe(_ stream: StreamDescription)
    func close()
}

/// SDL_mixer on an SDL audio driver, the feed in its music hook. SDL 2 reads the stream's name and role when
/// the device opens, and can neither drop, hold nor rename what it has written: its buffers are kept short
/// (2,048 frames, 46 ms), so a pause or a seek is heard at once all the same.
@MainActor
final class MixerOutput: AudioOutput {
    let driver: String
    var latencyFrames: Int { 0 }
    var appliesVolume: Bool { false }
    /// SDL's drivers handle a lost device themselves.
    var isLost: Bool { false }

    /// Initialises SDL audio with `name` (nil: SDL's choice) and opens SDL_mixer on it, falling back to the
    /// dummy driver when `fallbackToSilence`; `problem` says why the real device could not be used. Throws when
    /// SDL_mixer itself cannot be loaded (then no SDL output can play at all, not even silently).
    init(driver name: String?, fallbackToSilence: Bool, feed: OutputFeed, stream: StreamDescription) throws {
        let mixer: MixerLibrary
        switch MixerLibrary.load() {
        case .success(let library): mixer = library
        case .failure(let error): throw PlayerError.noAudioDevice(error.reason)
        }
        MixerOutput.describeToSDL(stream)
        // SDL may try ALSA: its library's own lines about a missing card would precede the player's one line.
        _ = np_alsa_quiet()
        if MixerOutput.startAudio(name) && MixerOutput.open() == 0 {
            problem = nil
        } else {
            let reason = String(cString: SDL_GetError())
            guard fallbackToSilence else { throw PlayerError.noAudioDevice(reason) }
            // (On SDL's choice again: a driver pinned with SDL_AUDIODRIVER is kept, silence or not.)
            guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0, SDL_AudioInit("dummy") == 0, MixerOutput.open() == 0 else {
                throw PlayerError.noAudioDevice(String(cString: SDL_GetError()))
            }
            problem = PlayerError.noAudioDevice(reason).description + " Playing silently."
        }
        driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
        mixer.hookMusic(outputFeedHook, Unmanaged.passUnretained(feed).toOpaque())
    }

    /// Why the real device could not be used, when the output fell back to silence.
    let problem: String?

    /// Starts SDL's audio on `driver` (nil: SDL's choice, each driver tried in turn). A named driver is the only
    /// one tried: SDL's audio started on its own tries them all first, its PulseAudio driver connecting to the
    /// server and waiting on one that takes the connection and never answers (30 s), before any driver named after.
    /// (Any thread: a decoder borrows SDL_mixer on the silent driver on the opener's.)
    nonisolated static func startAudio(_ driver: String?) -> Bool {
        guard let driver else { return SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 }
        SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, driver, SDL_HINT_OVERRIDE)
        defer { SDL_ResetHint(SDL_HINT_AUDIODRIVER) }
        return SDL_InitSubSystem(SDL_INIT_AUDIO) == 0
    }

    /// Opens SDL_mixer (loaded) in the output format on the initialised SDL audio driver (0: done).
    nonisolated static func open() -> Int32 {
        guard case .success(let mixer) = MixerLibrary.load() else { return -1 }
        return mixer.openAudio(Int32(OutputFormat.sampleRate), UInt16(AUDIO_S16SYS), Int32(OutputFormat.channels), 2048)
    }

    /// Closes SDL_mixer and SDL's audio, whoever opened them (SDL_mixer has one output per process).
    static func closeSDLAudio() {
        if let mixer = MixerLibrary.ifLoaded {
            mixer.hookMusic(nil, nil)
            while mixer.querySpec(nil, nil, nil) != 0 { mixer.closeAudio() }
        }
        while SDL_WasInit(SDL_INIT_AUDIO) != 0 { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
    }

    /// SDL's hints, read when the device opens next.
    static func describeToSDL(_ stream: StreamDescription) {
        SDL_SetHint(SDL_HINT_AUDIO_DEVICE_STREAM_ROLE, "music")
        SDL_SetHint(SDL_HINT_AUDIO_DEVICE_STREAM_NAME, stream.name)
        describeToPulse(iconName: stream.iconName)
    }

    /// SDL 2.26's PulseAudio backend does not pass the role on; the client's properties (which the server gives
    /// each of its streams) carry it, and the icon name, through the environment. Set only when they differ:
    /// adding a variable may move the environment while another thread reads it (libjpeg-turbo asks it for
    /// its memory limit), so a program with threads calls this first, before it starts them
    /// (`Player.describeProcess(iconName:)`).
    static func describeToPulse(iconName: String) {
        for (name, value) in [("PULSE_PROP_media.role", "music"), ("PULSE_PROP_application.icon_name", iconName)]
        where getenv(name).map({ String(cString: $0) }) != value {
            setenv(name, value, 1)
        }
    }

    func setVolume(_ amplitude: Double) {}
    func setPaused(_ paused: Bool) {}
    func dropWritten() {}
    func describe(_ stream: StreamDescription) { MixerOutput.describeToSDL(stream) }

    func close() { MixerOutput.closeSDLAudio() }
}
