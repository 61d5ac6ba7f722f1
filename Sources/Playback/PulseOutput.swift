import CPulse
import Dispatch
import Glibc
import Locking

/// A PulseAudio (or PipeWire-pulse) stream of the player's own, used when the sound goes to such a server:
/// it keeps `bufferMilliseconds` of sound written ahead (the server and the app wake a few dozen times a
/// second, not hundreds), and still answers at once, as SDL 2's driver cannot: a pause holds the stream
/// (cork), a seek or another track drops what was written, the volume is the stream's own on the server, and
/// the stream is renamed after each song. Only sound is written, never padding: while there is none (a file
/// opening, a seek under way) the stream waits, and the feed wakes it. The position the player shows leaves
/// out what is written and not yet heard. Its controls go to the server from a queue of their own: the
/// stream's thread holds libpulse's lock while it decodes, and the interface thread never waits for that.
@MainActor
final class PulseOutput: AudioOutput {
    /// Half a second ahead: few wake-ups; pauses, seeks and the volume do not wait for it.
    nonisolated static let bufferMilliseconds: UInt32 = 500

    let driver = "pulseaudio"
    var appliesVolume: Bool { true }
    private let handle: Connection
    private let controls = DispatchQueue(label: "nowplaying.pulse-controls")

    /// A stream connected to the server, with the feed it plays (kept alive while the stream may call it).
    /// Made on any thread — connecting waits up to 3 s for a server that accepts and does not answer — and
    /// then either taken by an output on the main thread or closed with `discard` (at the latest when it goes).
    // @unchecked Sendable, proof: `pointer` and `feed` never change; the pointer is freed once (`closed` is
    // set under its lock first): by `discard` on a connection no output took, by the output's `close` job —
    // queued once on its serial `controls` queue after every control queued before it, with no control queued
    // after it (the feed's wake-up is removed first, `isClosed` stops the rest) — or by `deinit`, when nothing
    // holds the connection any more; each np_pulse call takes libpulse's main-loop lock for what it touches.
    final class Connection: @unchecked Sendable {
        let pointer: OpaquePointer
        let feed: OutputFeed
        private let closed = Locked(false)

        private init(pointer: OpaquePointer, feed: OutputFeed) {
            self.pointer = pointer
            self.feed = feed
        }

        /// Connects to the server (never starting one) and opens a stream that plays `feed`, held (corked) if
        /// `corked`. From any thread: it waits up to 3 s for a server that takes the connection and does not answer.
        static func ask(feed: OutputFeed, stream: StreamDescription, corked: Bool = false) -> Answer {
            var error = [CChar](repeating: 0, count: 256)
            var timedOut: Int32 = 0
            guard let pointer = np_pulse_open("NowPlaying", stream.iconName, stream.name, UInt32(OutputFormat.sampleRate),
                                              PulseOutput.bufferMilliseconds, corked ? 1 : 0, pulseFill,
                                              Unmanaged.passUnretained(feed).toOpaque(), &error, error.count, &timedOut) else {
                return timedOut != 0 ? .hung : .absent
            }
            return .connected(Connection(pointer: pointer, feed: feed))
        }

        /// Closes the stream (once; off the main thread where it can be: libpulse's lock may be held by a decode).
        func discard() {
            guard closed.withLock({ was in defer { was = true }; return !was }) else { return }
            np_pulse_close(pointer)
        }

        deinit { discard() }
    }

    /// What asking the sound server came to: a stream; no server there (none runs, or it refused); or a server
    /// that took the connection and said nothing for 3 s (hung: asked again, it would keep anyone asking waiting).
    enum Answer: Sendable {
        case connected(Connection)
        case absent
        case hung
    }

    /// Takes a stream connected on any thread (one connected held is let go, and woken, by `setPaused(false)`).
    init(_ connection: Connection) {
        handle = connection
        let controls = self.controls
        connection.feed.wakeOutput.withLock { $0 = { controls.async { np_pulse_wake(connection.pointer) } } }
    }

    /// Whether a PulseAudio server is the place for the sound: SDL's choice is not pinned to another driver.
    nonisolated static var isWanted: Bool {
        guard let asked = getenv("SDL_AUDIODRIVER").map({ String(cString: $0) }) else { return true }
        return asked == "pulseaudio" || asked == "pulse"
    }

    /// What the stream holds unheard; none while a drop of what was written is queued and not yet done (the
    /// stream's last count would say what is about to go).
    var latencyFrames: Int { flushesDone.withLock { $0 } == flushesAsked ? np_pulse_latency_frames(handle.pointer) : 0 }
    private var flushesAsked = 0
    private let flushesDone = Locked(0)
    var isLost: Bool { np_pulse_lost(handle.pointer) != 0 }

    private func control(_ work: @escaping @Sendable (OpaquePointer) -> Void) {
        let handle = self.handle
        controls.async { work(handle.pointer) }
    }

    func setVolume(_ amplitude: Double) { control { np_pulse_set_volume($0, amplitude) } }
    func setPaused(_ paused: Bool) { control { np_pulse_cork($0, paused ? 1 : 0) } }
    func dropWritten() {
        flushesAsked += 1
        let done = flushesDone
        control { np_pulse_flush($0); done.withLock { $0 += 1 } }
    }
    func describe(_ stream: StreamDescription) {
        let name = stream.name
        control { np_pulse_set_name($0, name) }
    }

    /// Closes the stream from the control queue (libpulse's lock may be held by a decode in progress: the
    /// interface does not wait for it); the feed stays alive until then.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        handle.feed.wakeOutput.withLock { $0 = nil }
        let handle = self.handle
        controls.async { handle.discard() }
    }

    private var isClosed = false

    isolated deinit { close() }
}

/// The stream's request for samples: `context` is the player's `OutputFeed`, kept alive by the connection.
private let pulseFill: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int = { context, data, bytes in
    guard let context, let data else { return 0 }
    let feed = Unmanaged<OutputFeed>.fromOpaque(context).takeUnretainedValue()
    return feed.fill(data.assumingMemoryBound(to: UInt8.self), bytes: bytes, pad: false) * 2 * OutputFormat.channels
}
