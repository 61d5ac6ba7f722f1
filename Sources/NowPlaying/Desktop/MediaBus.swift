import CSystemd
import FoundationEssentials
import Glibc
import Playback
import Locking

/// NowPlaying on the D-Bus session bus: the MPRIS 2 player `org.mpris.MediaPlayer2.nowplaying` (the root and
/// Player interfaces, PropertiesChanged and Seeked), and `nowplaying.Instance.Open`, through which a second
/// `nowplaying PATH…` hands its paths to the running one.
///
/// sd-bus (libsystemd): a small C library that every systemd-based Debian system has, with no main loop of its
/// own to adopt (GDBus brings GLib's) and a plain API (libdbus's is low-level and marked "not for applications").
///
/// Threading: the bus is served on a thread of its own, not in the SDL loop. SDL's loop sleeps in
/// SDL_WaitEvent, which cannot also wait on the bus's socket: serving the bus there would mean waking an idle
/// app to poll it. The interface thread never touches the connection: it publishes a `MediaState` (under a
/// mutex) and wakes the bus thread through an eventfd; the bus thread answers property reads from the latest
/// state, announces what changed (PropertiesChanged, Seeked), and hands method calls to the main loop without
/// waiting for them. So no bus traffic, and no slow client, can hold up a frame.
final class MediaBus: Sendable {
    /// The well-known name of the (first) instance.
    static let name = "org.mpris.MediaPlayer2.nowplaying"
    /// The .desktop entry's name (MPRIS DesktopEntry), also the window's class.
    static let desktopEntry = "nowplaying"
    /// What the app opens (MPRIS SupportedMimeTypes; the .desktop entry lists the same).
    static let mimeTypes = [
        "audio/mpeg", "audio/ogg", "audio/x-vorbis+ogg", "audio/opus", "audio/x-opus+ogg", "audio/flac",
        "audio/x-flac", "audio/wav", "audio/x-wav", "audio/mp4", "audio/x-m4a", "audio/x-m4b", "audio/aac",
        "audio/x-aac", "audio/x-ms-wma", "audio/x-aiff", "audio/x-wavpack", "audio/x-ape", "audio/x-mod",
        "audio/x-xm", "audio/x-it", "audio/x-s3m", "audio/midi", "audio/x-mpegurl", "audio/mpegurl",
    ]
    /// mpris:trackid when nothing is loaded.
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// What connecting found.
    enum Connection: Sendable {
        /// This process is the player on the bus.
        case owner(MediaBus)
        /// Another NowPlaying holds the name: hand over to it.
        case secondInstance(MediaBus)
        /// No session bus (why, in a few words): media controls are off.
        case unavailable(String)
    }

    /// The sd-bus connection and the handler table it calls. sd-bus objects are not thread-safe; these are
    /// used by one thread at a time (the connecting thread until `start`, then only the bus thread and the
    /// handlers it runs), which makes handing the pointers between threads safe.
    private struct Handles: @unchecked Sendable {
        let bus: OpaquePointer
        let handlers: UnsafeMutablePointer<np_mpris_handlers>
    }

    /// What the two threads share.
    private struct Shared {
        var state = MediaState()
        /// The state last announced on the bus.
        var announced = MediaState()
        var seeked = false
        var stopping = false
        var perform: (@Sendable (MediaCommand) -> Void)?
        var thread: pthread_t?
        /// The log of the task that started the bus: the bus thread's reads (covers for mpris:artUrl) count with the app's.
        var readLog: ReadLog?
    }

    private let handles: Handles
    private let wake: Int32
    private let shared = Locked(Shared())
    /// Made by `start`, then used by the bus thread only.
    private let covers = Locked<CoverCache?>(nil)

    private init(bus: OpaquePointer) {
        handles = Handles(bus: bus, handlers: .allocate(capacity: 1))
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit {
        sd_bus_flush_close_unref(handles.bus)
        handles.handlers.deallocate()
        close(wake)
    }

    /// Connects to the session bus and asks for the player's name (with `newInstance`, a name of this
    /// process's own, `….instancePID`, as MPRIS allows).
    static func connect(newInstance: Bool) -> Connection {
        var raw: OpaquePointer?
        let opened = sd_bus_open_user(&raw)
        guard opened >= 0, let raw else { return .unavailable(String(cString: strerror(-opened))) }
        let bus = MediaBus(bus: raw)
        bus.handles.handlers.initialize(to: np_mpris_handlers(
            context: Unmanaged.passUnretained(bus).toOpaque(),
            method: { context, _, member, call in
                MediaBus.from(context).method(String(cString: member!), call!)
            },
            get: { context, _, property, reply in
                MediaBus.from(context).get(String(cString: property!), reply!)
            },
            set: { context, _, property, value in
                MediaBus.from(context).set(String(cString: property!), value!)
            }))
        let added = np_mpris_add(raw, bus.handles.handlers)
        guard added >= 0 else { return .unavailable(String(cString: strerror(-added))) }
        let requested = sd_bus_request_name(raw, newInstance ? "\(name).instance\(getpid())" : name, 0)
        if requested == -EEXIST { return .secondInstance(bus) }
        guard requested >= 0 else { return .unavailable(String(cString: strerror(-requested))) }
        return .owner(bus)
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MediaBus {
        Unmanaged<MediaBus>.fromOpaque(context!).takeUnretainedValue()
    }

    // MARK: A second instance

    /// Hands `paths` to the instance that owns the name (it plays the first and raises its window); with no
    /// paths, only raises it. Returns the bus's error, or nil when the call went through.
    func handOff(_ paths: [String]) -> String? {
        var call: OpaquePointer?
        let interface = paths.isEmpty ? NP_MPRIS_ROOT : NP_INSTANCE_INTERFACE
        var r = sd_bus_message_new_method_call(handles.bus, &call, MediaBus.name, NP_MPRIS_PATH, interface,
                                               paths.isEmpty ? "Raise" : "Open")
        guard r >= 0, let call else { return String(cString: strerror(-r)) }
        defer { sd_bus_message_unref(call) }
        if !paths.isEmpty {
            var writer = MessageWriter(call)
            writer.strings(paths)
            r = writer.result
        }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        if r >= 0 { r = sd_bus_call(handles.bus, call, 0, &error, &reply) }
        sd_bus_message_unref(reply)
        guard r < 0 else { return nil }
        return error.message.map { String(cString: $0) } ?? String(cString: strerror(-r))
    }

    // MARK: The bus thread

    /// Starts serving the bus; `perform` gets every request (on the bus thread: it must not wait). Covers
    /// beside tracks are looked for through `folders`.
    func start(folders: FolderListings, perform: @escaping @Sendable (MediaCommand) -> Void) {
        covers.withLock { $0 = CoverCache(folders: folders) }
        shared.withLock {
            $0.perform = perform
            $0.readLog = ReadLog.current
        }
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let bus = Unmanaged<MediaBus>.fromOpaque(context!).takeRetainedValue()
            ReadLog.$current.withValue(bus.shared.withLock { $0.readLog }) { bus.serve() }
            return nil
        }, retained)
        shared.withLock { $0.thread = thread }
    }

    /// Makes `state` what the bus shows and announces what changed; `seeked`: the position jumped.
    func publish(_ state: MediaState, seeked: Bool = false) {
        shared.withLock {
            $0.state = state
            $0.seeked = $0.seeked || seeked
        }
        signal()
    }

    /// Announces what is pending, stops serving and waits for the bus thread to end.
    func stop() {
        let thread = shared.withLock {
            $0.stopping = true
            return $0.thread
        }
        signal()
        if let thread { pthread_join(thread, nil) }
    }

    private func signal() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    private func serve() {
        let bus = handles.bus
        while true {
            var processed: Int32
            repeat { processed = sd_bus_process(bus, nil) } while processed > 0
            if processed < 0 {
                printError("The session bus connection ended (\(String(cString: strerror(-processed)))): media controls are off.")
                return
            }
            guard announce() else { break }
            var deadline: UInt64 = 0
            _ = sd_bus_get_timeout(bus, &deadline)
            var fds = [pollfd(fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: sd_bus_get_events(bus)), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, MediaBus.milliseconds(until: deadline))
            if fds[1].revents & Int16(POLLIN) != 0 {
                var count: UInt64 = 0
                _ = read(wake, &count, 8)
            }
        }
        _ = sd_bus_flush(bus)
    }

    /// poll's timeout for sd-bus's deadline (microseconds on the monotonic clock; UInt64.max: none).
    private static func milliseconds(until deadline: UInt64) -> Int32 {
        guard deadline != UInt64.max else { return -1 }
        let now = UInt64(MediaState.now() * 1e6)
        return deadline <= now ? 0 : Int32(min(60_000, (deadline - now + 999) / 1000))
    }

    /// Emits PropertiesChanged for what differs from the state last announced, and Seeked after a jump.
    /// Returns false once asked to stop.
    private func announce() -> Bool {
        let (state, old, seeked, stopping) = shared.withLock { s in
            defer { s.announced = s.state; s.seeked = false }
            return (s.state, s.announced, s.seeked, s.stopping)
        }
        emitChanges(NP_MPRIS_PLAYER, state.changedPlayerProperties(since: old))
        if state.fullscreen != old.fullscreen { emitChanges(NP_MPRIS_ROOT, ["Fullscreen"]) }
        if seeked {
            var signal: OpaquePointer?
            if sd_bus_message_new_signal(handles.bus, &signal, NP_MPRIS_PATH, NP_MPRIS_PLAYER, "Seeked") >= 0, let signal {
                var writer = MessageWriter(signal)
                writer.int64(MediaBus.microseconds(state.position(at: MediaState.now())))
                if writer.result >= 0 { _ = sd_bus_send(handles.bus, signal, nil) }
                sd_bus_message_unref(signal)
            }
        }
        return !stopping
    }

    private func emitChanges(_ interface: String, _ names: [String]) {
        guard !names.isEmpty else { return }
        var list = names.map { strdup($0) } + [nil]
        defer { list.forEach { free($0) } }
        _ = sd_bus_emit_properties_changed_strv(handles.bus, NP_MPRIS_PATH, interface, &list)
    }

    private static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e6).rounded()) }

    // MARK: Handlers (on the bus thread)

    private func send(_ command: MediaCommand) {
        shared.withLock { $0.perform }?(command)
    }

    private func method(_ member: String, _ call: OpaquePointer) -> Int32 {
        var reader = MessageReader(call)
        let command: MediaCommand
        switch member {
        case "Raise": command = .raise
        case "Quit": command = .quit
        case "Next": command = .next
        case "Previous": command = .previous
        case "Pause": command = .pause
        case "PlayPause": command = .playPause
        case "Stop": command = .stop
        case "Play": command = .play
        case "Seek":
            guard let offset = reader.int64() else { return reader.result }
            command = .seek(by: Double(offset) / 1e6)
        case "SetPosition":
            guard let track = reader.string(type: "o"), let position = reader.int64() else { return reader.result }
            // MPRIS: a stale track id, or a position outside the track, is ignored.
            guard track.hasPrefix("/nowplaying/track/"), let index = Int(track.split(separator: "/").last ?? ""),
                  position >= 0 else { return np_reply_empty(call) }
            command = .setPosition(track: index, seconds: Double(position) / 1e6)
        case "OpenUri":
            guard let uri = reader.string() else { return reader.result }
            guard Location.isFileURI(uri), case .path(let path) = Location(uri) else {
                return np_reply_error(call, "org.freedesktop.DBus.Error.InvalidArgs", "NowPlaying opens file:// URIs only, not \(uri).")
            }
            command = .open([path])
        case "Open":
            guard let paths = reader.strings() else { return reader.result }
            command = .open(paths)
        default: return -EINVAL
        }
        send(command)
        return np_reply_empty(call)
    }

    private func get(_ property: String, _ reply: OpaquePointer) -> Int32 {
        let s = shared.withLock { $0.state }
        var w = MessageWriter(reply)
        switch property {
        case "CanQuit", "CanRaise", "CanSetFullscreen", "CanControl": w.bool(true)
        case "HasTrackList": w.bool(false)
        case "Fullscreen": w.bool(s.fullscreen)
        case "Identity": w.string("NowPlaying")
        case "DesktopEntry": w.string(MediaBus.desktopEntry)
        case "SupportedUriSchemes": w.strings(["file"])
        case "SupportedMimeTypes": w.strings(MediaBus.mimeTypes)
        case "PlaybackStatus": w.string(s.status.rawValue)
        case "LoopStatus": w.string(s.loopStatus)
        case "Rate", "MinimumRate", "MaximumRate": w.double(1)
        case "Shuffle": w.bool(s.shuffle)
        case "Volume": w.double(s.volume)
        case "Position": w.int64(MediaBus.microseconds(s.position(at: MediaState.now())))
        case "Metadata": writeMetadata(s.track, &w)
        case "CanGoNext": w.bool(s.canGoNext)
        case "CanGoPrevious": w.bool(s.canGoPrevious)
        case "CanPlay": w.bool(s.canPlay)
        case "CanPause": w.bool(s.canPause)
        case "CanSeek": w.bool(s.canSeek)
        default: return -ENOENT
        }
        return w.result
    }

    private func writeMetadata(_ track: MediaState.Track?, _ w: inout MessageWriter) {
        w.open("a", "{sv}")
        func entry(_ key: String, _ signature: String, _ value: (inout MessageWriter) -> Void) {
            w.open("e", "sv")
            w.string(key)
            w.open("v", signature)
            value(&w)
            w.close()
            w.close()
        }
        guard let track else {
            entry("mpris:trackid", "o") { $0.string(MediaBus.noTrack, type: "o") }
            w.close()
            return
        }
        entry("mpris:trackid", "o") { $0.string(track.id, type: "o") }
        if track.length > 0 { entry("mpris:length", "x") { $0.int64(MediaBus.microseconds(track.length)) } }
        if let art = covers.withLock({ $0?.url(for: track.path) }) { entry("mpris:artUrl", "s") { $0.string(art) } }
        entry("xesam:title", "s") { $0.string(track.title) }
        entry("xesam:artist", "as") { $0.strings([track.artist]) }
        entry("xesam:album", "s") { $0.string(track.album) }
        if let albumArtist = track.albumArtist { entry("xesam:albumArtist", "as") { $0.strings([albumArtist]) } }
        if let n = track.trackNumber { entry("xesam:trackNumber", "i") { $0.int32(Int32(clamping: n)) } }
        entry("xesam:url", "s") { $0.string(URL(fileURLWithPath: track.path).absoluteString) }
        w.close()
    }

    private func set(_ property: String, _ value: OpaquePointer) -> Int32 {
        var reader = MessageReader(value)
        switch property {
        case "Volume":
            guard let v = reader.double() else { return reader.result }
            let volume = v.isNaN ? 0 : min(1, max(0, v))
            // Shown at once (a client reading it back sees its own value); the app then confirms it.
            shared.withLock { $0.state.volume = volume }
            send(.setVolume(volume))
        case "Shuffle":
            guard let on = reader.bool() else { return reader.result }
            shared.withLock { $0.state.shuffle = on }
            send(.setShuffle(on))
        case "LoopStatus":
            guard let text = reader.string() else { return reader.result }
            guard let mode = MediaState.repeatMode(loopStatus: text) else { return -EINVAL }
            shared.withLock { $0.state.loopStatus = text }
            send(.setRepeat(mode))
        case "Rate":
            // MPRIS: only 1.0 is supported; a rate of 0 means pause.
            guard let rate = reader.double() else { return reader.result }
            if rate == 0 { send(.pause) }
        case "Fullscreen":
            guard let on = reader.bool() else { return reader.result }
            shared.withLock { $0.state.fullscreen = on }
            send(.setFullscreen(on))
        default: return -ENOENT
        }
        signal()
        return 0
    }
}
