import CSDL2
import Dispatch
import FoundationEssentials
import Locking
import Synchronization

/// What went wrong in the audio engine, with the file and the decoders' own words.
public enum PlayerError: Error, CustomStringConvertible, Equatable, Sendable {
    case noAudioDevice(String)
    case cannotOpen(path: String, reason: String)
    /// A format this build has no decoder for (`format` in words: "AAC in an M4A file").
    case unsupported(path: String, format: String)
    /// The path is no file to open (`reason`: "is a FIFO (a named pipe), not a file").
    case notAFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .noAudioDevice(let reason): return "No audio output could be opened (\(reason))."
        case let .cannotOpen(path, reason):
            let name = URL(fileURLWithPath: path).lastPathComponent
            return "Cannot play \(name): it is damaged or not audio\(reason.isEmpty ? "" : " (\(reason))")."
        case let .unsupported(path, format):
            return "\(URL(fileURLWithPath: path).lastPathComponent) is \(format), which this build cannot decode."
        case let .notAFile(path, reason):
            return "Cannot play \(URL(fileURLWithPath: path).lastPathComponent): it \(reason)."
        }
    }
}

/// One track at a time on the audio output (a PulseAudio stream of its own, or SDL_mixer): load, play, pause,
/// resume, stop, seek, volume, position.
/// A `Decoder` (a native library, FFmpeg or SDL_mixer: whichever opens the file) feeds the output through one
/// `OutputFeed`, so every format pauses, seeks (to the sample), counts its position and ends the same way, and
/// the volume is the player's own (in the samples or the stream's volume, kept while the output is closed and
/// reopened).
/// Files are opened on a worker thread; the outcome of a load (`trackOpenedEventType`) and the end of a
/// track (`musicFinishedEventType`) arrive as SDL events on the main loop.
@MainActor
public final class Player {
    public enum State: Sendable { case stopped, playing, paused }

    public private(set) var state: State = .stopped
    /// The current track's file, or the one being opened (the queued one becomes current on the audio
    /// thread when this one ends).
    public var path: String? { feed.withState { $0.current?.path ?? $0.loading } }
    /// The audio driver in use ("pulseaudio", "alsa", "disk", "dummy" …; "none" while the output is closed).
    public var driver: String { output?.driver ?? "none" }
    /// The driver asked for at creation (nil: SDL's choice), and whether a missing device falls back to silence.
    private let requestedDriver: String?
    private let fallbackToSilence: Bool
    /// The decoders tried, in order, for each file.
    private let backends: [DecoderBackend]
    /// Where the samples go while something may play. It is released while nothing plays (`releaseOutput`),
    /// so an idle app has no audio thread waking up, and reopened when something needs it.
    private var output: AudioOutput?
    /// Whether the output is open.
    public var isOutputOpen: Bool { output != nil }
    /// The loaded track's decoder state, shared with the audio callback.
    let feed: OutputFeed
    /// The queued track's takeovers handled so far (`OutputFeed.State.advances` counts those that happened).
    private var advancesHandled = 0
    /// The title, artist and album the current track's stream carries.
    public var streamTags: StreamTags { feed.withState { $0.current?.tags } ?? StreamTags() }
    /// What the sound server is told the stream is (the song): a PulseAudio stream is renamed at once, SDL's
    /// when its device opens next.
    public var stream: StreamDescription {
        didSet { if stream != oldValue { output?.describe(stream) } }
    }

    /// Sets what the sound server is told of this program through its environment (its streams' role, `iconName`
    /// for their icon), as a player does when its output opens through SDL: a program that starts threads
    /// before its player calls this first, so the environment does not change under them later.
    public static func describeProcess(iconName: String) {
        MixerOutput.describeToPulse(iconName: iconName)
    }

    /// Opens the audio output: a PulseAudio stream of its own when a PulseAudio (or PipeWire-pulse) server
    /// answers and SDL is not asked for another driver, else SDL_mixer on SDL's choice or the named driver
    /// (e.g. "disk" for tests). With `fallbackToSilence`, a machine without a usable device gets SDL's dummy
    /// driver instead (time still passes, nothing is heard) and `openProblem` says why. `backends` are the
    /// decoders tried for each file. `early`: the server's stream, connected while the program started
    /// (`EarlyOutput`): taken instead of connecting here; with a driver named, closed. A server that has not answered
    /// within `serverAnswerWait` is not waited for here: the player starts without an output and takes the stream
    /// when the server answers, as after a server that went away (`recoverLostOutput`).
    /// Without `opensOutput` (a program that starts paused), nothing is opened, nor waited for (a sound server slow
    /// to answer, a machine with no device), until something is to be heard: the output opens then, as after
    /// `releaseOutput`, and what it could not use is told to `onOutputProblem`; `early` is then closed.
    public init(driver name: String? = nil, fallbackToSilence: Bool = true, backends: [DecoderBackend] = DecoderBackend.all,
                stream: StreamDescription = StreamDescription(name: "NowPlaying", iconName: "nowplaying"),
                early: EarlyOutput? = nil, opensOutput: Bool = true) throws {
        // SDL_mixer has one output per process: a new player takes it over from any earlier one.
        if MixerLibrary.isOpen { MixerOutput.closeSDLAudio() }
        requestedDriver = name
        self.fallbackToSilence = fallbackToSilence
        self.backends = backends
        self.stream = stream
        let outcome = opensOutput ? early?.outcome(forDriver: name, waitingAtMost: Player.serverAnswerWait) ?? .notAsked : .notAsked
        switch outcome {
        case .answered(.connected), .stillAsking:
            // The early stream plays the early output's feed: the player's own (a stream taken later too).
            feed = early?.feed ?? OutputFeed()
        default:
            feed = OutputFeed()
        }
        Player.owner = ObjectIdentifier(self)
        guard opensOutput else {
            // An early stream is not taken: closed once its attempt ends (on a worker: it may still be connecting).
            if let early { DispatchQueue.global().async { early.discard() } }
            return
        }
        switch outcome {
        case .answered(.connected(let connection)):
            // Held until the session's first load says whether it plays.
            take(connection, paused: true)
        case .answered(.hung):
            // Asked again on a worker, as a server that went away is, its stream taken when it answers.
            serverHung = true
            waitForServer()
        case .stillAsking(let attempt):
            // Not waited for: its answer is taken as a later attempt's would be (`recoverLostOutput`).
            beginAttempt { attempt.wait() }
            waitForServer()
        case .answered(.absent):
            // A server asked early and not there is not asked again.
            attach(try Player.openMixer(driver: name, serverHung: false, fallbackToSilence: fallbackToSilence, feed: feed, stream: stream))
        case .notAsked:
            try openOutput(askingServer: true)
        }
        openProblem = (output as? MixerOutput)?.problem
    }

    /// The interface thread's longest wait for a sound server's answer (one on this machine answers in a few
    /// milliseconds): a server that takes longer, or takes the connection and never answers, is waited for on a
    /// worker while the window opens and answers (`recoverLostOutput`). Waiting on the interface thread, a hung
    /// server held the first frame, or a press of play, for a minute.
    static let serverAnswerWait = 0.25

    /// Opens the output now: the sound server's stream when it answers within `serverAnswerWait` (`askingServer`,
    /// SDL not asked for another driver), else SDL_mixer's on SDL's choice — unless the server is still being
    /// asked, or took the connection and did not answer: then nothing yet, and it is waited for (`waitForServer`).
    /// Throws when nothing could be opened.
    private func openOutput(askingServer: Bool) throws {
        if askingServer, requestedDriver == nil, PulseOutput.isWanted {
            switch askServer() {
            case .connected(let connection)?:
                take(connection, paused: !feed.withState { $0.playing })
                return
            case .hung?, nil:
                waitForServer()
                return
            case .absent?:
                serverHung = false
            }
        }
        attach(try Player.openMixer(driver: requestedDriver, serverHung: serverHung, fallbackToSilence: fallbackToSilence,
                                    feed: feed, stream: stream))
    }

    /// Asks the sound server for a stream (held) on the worker, waiting for its answer at most `serverAnswerWait`;
    /// nil when it has not answered by then (its answer is taken by `recoverLostOutput`).
    private func askServer() -> PulseOutput.Answer? {
        let answered = DispatchSemaphore(value: 0)
        beginAttempt(signalling: answered)
        guard answered.wait(timeout: .now() + Player.serverAnswerWait) == .success else { return nil }
        return reconnection.withLock { r in defer { r.answer = nil }; return r.answer }
    }

    /// Takes a stream the server connected (held): it gets the volume and the song's name, and plays unless
    /// `paused`. The sound is on the server again: a later problem is said again.
    private func take(_ connection: PulseOutput.Connection, paused: Bool) {
        serverHung = false
        toldProblem = nil
        toldGiveUp = nil
        let pulse = PulseOutput(connection)
        attach(pulse)
        pulse.describe(stream)
        pulse.setPaused(paused)
    }

    /// Begins asking the server on the worker (`reconnector`), one attempt at a time: `answer` runs there (by default
    /// a new stream, held, for the player's feed), and what it answers waits in `reconnection` for the interface
    /// thread; `answered` is signalled then.
    private func beginAttempt(signalling answered: DispatchSemaphore? = nil,
                              _ answer: (@Sendable () -> PulseOutput.Answer)? = nil) {
        reconnection.withLock { $0.asking = true }
        let reconnection = self.reconnection, feed = self.feed, stream = self.stream
        let answer = answer ?? { PulseOutput.Connection.ask(feed: feed, stream: stream, corked: true) }
        reconnector.async {
            let result = answer()
            reconnection.withLock { $0.asking = false; $0.answer = result }
            answered?.signal()
        }
    }

    /// Plays on without an output until the sound server answers, as when one went away (`recoverLostOutput` asks
    /// it each second and takes its stream); after `serverReturnWait` the sound goes where it can.
    private func waitForServer() {
        lostServer = ServerWait(since: nil, lastTry: -Double.infinity, wentAway: false)
    }

    /// SDL_mixer's output on SDL's choice of driver (or the named one). After a sound server that took the
    /// connection and did not answer, silence: SDL would ask that same server, through its PulseAudio driver and
    /// then ALSA's default device, and wait on each (a minute in all, measured with a stand-in server).
    private static func openMixer(driver name: String?, serverHung: Bool, fallbackToSilence: Bool, feed: OutputFeed,
                                  stream: StreamDescription) throws -> AudioOutput {
        if serverHung, name == nil, fallbackToSilence {
            return try MixerOutput(driver: "dummy", fallbackToSilence: true, feed: feed, stream: stream)
        }
        return try MixerOutput(driver: name, fallbackToSilence: fallbackToSilence, feed: feed, stream: stream)
    }

    /// Takes a freshly opened output: the volume goes to it, or into the samples. (Internal: tests attach
    /// outputs of their own.)
    func attach(_ output: AudioOutput) {
        self.output = output
        applyVolume()
    }

    /// Closes the audio output while nothing plays; the track, its position and the volume stay with the
    /// player, and the output reopens when something needs it.
    /// Not while a file is being opened: SDL_mixer's own decoder needs the output open while it loads.
    /// Returns whether the output is closed now (false: try again later).
    @discardableResult
    public func releaseOutput() -> Bool {
        // While a server that went away is waited for, a stream connected meanwhile is not kept for a pause.
        if lostServer != nil, state != .playing { dropPendingConnection() }
        guard let output else { return true }
        guard state != .playing, ownsOutput, opensInFlight.count.load(ordering: .acquiring) == 0 else { return false }
        closeOutputKeepingHeardPosition(output)
        return true
    }

    /// Closes `output`; what it held and had not played goes with it (half a second written ahead on a sound
    /// server), so the track goes back to where it was heard: the position stays what was shown, and playing
    /// goes on from there rather than half a second further on. Where the queued track had taken over in what
    /// was written, it starts again from what of it was heard (the one before's last moments are lost).
    private func closeOutputKeepingHeardPosition(_ output: AudioOutput) {
        let unheard = output.latencyFrames
        output.close()
        self.output = nil
        guard unheard > 0, path != nil else { return }
        seekFeed(to: feed.withState { max(0, $0.position - unheard) })
    }

    /// Opens the output anew when the sound server went away under it (restarted, crashed), so playback
    /// goes on from where it was heard; a player not playing reopens when it next plays. Called as playback's
    /// progress is refreshed, `now` on the caller's clock (seconds). A server that restarts takes a moment to
    /// answer again: while playing, it is asked again each second, nothing heard meanwhile (the position
    /// holds), for `serverReturnWait`; only then does the sound go where opening finds a place (SDL's choice,
    /// else silence). The server is asked on a worker (`reconnector`), one attempt at a time: connecting waits
    /// up to 3 s for a server that accepts and does not answer, which the interface thread must not; a stream
    /// it connects (held) is taken here at the next call.
    public func recoverLostOutput(now: Double) {
        if let output, output.isLost {
            closeOutputKeepingHeardPosition(output)
            lostServer = ServerWait(since: now, lastTry: -Double.infinity, wentAway: true)
        }
        let (answer, asking) = reconnection.withLock { r in defer { r.answer = nil }; return (r.answer, r.asking) }
        switch answer {
        case .connected(let connection)?:
            guard output == nil, lostServer != nil else { reconnector.async { connection.discard() }; return }
            lostServer = nil
            take(connection, paused: state != .playing)
            return
        case .hung?: serverHung = true
        case .absent?:
            serverHung = false
            // No server after all (it answered late that it is not there): SDL's choice now, not after the wait.
            if let lost = lostServer, !lost.wentAway, output == nil {
                lostServer = nil
                if reopenOutput(askingPulse: false, tellingFailure: true) { output?.setPaused(state != .playing) }
                return
            }
        case nil: break
        }
        // The wait counts from the first refresh while playing, an attempt under way or not.
        if lostServer?.since == nil, state == .playing { lostServer?.since = now }
        guard output == nil, state == .playing, let lost = lostServer, !asking, now - lost.lastTry >= 1 else { return }
        let since = lost.since ?? now
        if now - since >= Player.serverReturnWait {
            lostServer = nil
            let waited = Int(Player.serverReturnWait)
            let said = lost.wentAway ? "The sound server went away and did not come back in \(waited) s; "
                : "The sound server did not answer in \(waited) s; "
            // Not the server again: SDL's choice, else silence (silence at once after a server that did not answer).
            guard reopenOutput(askingPulse: false, tellingProblem: false) else { onOutputProblem?(said + "nothing plays."); return }
            if let mixer = output as? MixerOutput {
                let goes = mixer.driver == "dummy" ? "playing silently." : "playing through SDL's \(mixer.driver) driver."
                // Said once: a hung server waited for again after a pause comes to the same line.
                let line = said + (mixer.problem ?? goes)
                if line != toldGiveUp { onOutputProblem?(line) }
                toldGiveUp = line
                toldProblem = mixer.problem ?? toldProblem
            }
        } else {
            lostServer = ServerWait(since: since, lastTry: now, wentAway: lost.wentAway)
            beginAttempt()
        }
    }

    /// Closes a stream connected on the worker and not taken (when the player pauses or goes), after any
    /// attempt under way.
    private func dropPendingConnection() {
        let reconnection = self.reconnection
        reconnector.async {
            reconnection.withLock { r in
                if case .connected(let connection)? = r.answer { connection.discard() }
                r.answer = nil
            }
        }
    }

    /// Where the server is asked, and what came of it: whether an attempt is under way, and its answer not yet
    /// taken (on the main thread, at the next `recoverLostOutput`).
    private let reconnector = DispatchQueue(label: "nowplaying.pulse-reconnect")
    private let reconnection = Locked<(asking: Bool, answer: PulseOutput.Answer?)>((false, nil))

    /// How long a sound server that went away, or does not answer, is waited for while playing.
    static let serverReturnWait = 10.0
    /// Told, in a line for the user, when the sound had to go elsewhere while playing (the sound server did not
    /// come back, or did not answer).
    public var onOutputProblem: ((String) -> Void)?

    /// A sound server waited for: since when (nil: from the next time playback's progress is refreshed), when it
    /// was last asked, and whether it went away under the stream (else it has not answered yet).
    private struct ServerWait {
        var since: Double?
        var lastTry: Double
        var wentAway: Bool
    }

    /// The server waited for (nil: none is, or it is back).
    private var lostServer: ServerWait?
    /// Whether the server last asked took the connection and did not answer: SDL is not asked for an output then
    /// (`openMixer`).
    private var serverHung = false

    /// Reopens the output after `releaseOutput`; false when it fails (then stopped). While a sound server that
    /// went away is waited for (`recoverLostOutput`), only it will do: a track change or a resume meanwhile goes
    /// on without an output until it answers, rather than settle elsewhere for good.
    /// `askingPulse`: false when the server has been asked long enough; `tellingProblem`: whether an output that can
    /// only play silence is told to `onOutputProblem` here (false: the caller says it in its own words).
    /// `tellingFailure`: whether an output that cannot be opened at all is told to `onOutputProblem` (once; a load
    /// reports it as its own failure instead).
    private func reopenOutput(askingPulse: Bool = true, tellingProblem: Bool = true, tellingFailure: Bool = false) -> Bool {
        guard output == nil else { return true }
        // The server is being asked again (`recoverLostOutput`, which takes its stream when it answers); a track
        // or a resume asked for meanwhile waits for it the whole time again, from now.
        if lostServer != nil {
            lostServer?.since = nil
            lostServer?.lastTry = -Double.infinity
            return true
        }
        do {
            try openOutput(askingServer: askingPulse)
        } catch {
            state = .stopped
            // No output at all (no device and no silence to fall back to; in the app, SDL_mixer missing): said once.
            let problem = "\(error) Nothing plays."
            if tellingFailure, problem != toldProblem {
                toldProblem = problem
                onOutputProblem?(problem)
            }
            return false
        }
        // Why the sound went to silence, said the first time it does (not again at each reopening after a pause).
        if tellingProblem, let problem = (output as? MixerOutput)?.problem, problem != toldProblem {
            toldProblem = problem
            onOutputProblem?(problem)
        }
        return true
    }

    /// The last line told when a server waited for was given up (`recoverLostOutput`).
    private var toldGiveUp: String?
    /// The last reason told to `onOutputProblem` for an output opened on silence (`openProblem` at first).
    private lazy var toldProblem: String? = openProblem

    /// Whether `path` can be opened while the output is closed: not a file SDL_mixer decodes (MIDI), which opens
    /// SDL's audio itself when it is closed, on the opener's thread, while the interface thread may be opening it.
    private static func opensWithoutOutput(_ path: String) -> Bool {
        !DecoderBackend.mixerExtensions.contains(pathExtension(of: path))
    }

    /// The player that holds SDL_mixer's single output (the process-wide device has one owner at a time).
    private static var owner: ObjectIdentifier?
    private var ownsOutput: Bool { Player.owner == ObjectIdentifier(self) }

    /// Why the real output could not be used, when the player fell back to silence as it was made.
    public private(set) var openProblem: String?

    /// Loads a file on the worker thread, replacing the current one and any queued one, to play at `gain`
    /// (its ReplayGain amplitude factor) from `position` seconds, playing or not. Returns at once: no file is
    /// read on the calling (interface) thread, whatever disk or file it is. The outcome arrives as an SDL
    /// event of `trackOpenedEventType`, for `handleOpenedEvent`; until then `path` is the file being opened,
    /// `duration` is 0, and playing waits for it (silence).
    /// `streamTags`: whether the decoder reads the file's own tags (`streamTags`), for a track whose tags TagLib
    /// could not read; without, an MP3's ID3v2 tag (a large cover and all) is stepped over.
    public func load(_ path: String, gain: Double = 1, playing: Bool = false, at position: Double = 0, streamTags: Bool = true) {
        let frame = Player.frame(max(0, position))
        let request = feed.withState { s -> Int in
            s.current = nil
            s.next = nil
            s.nextRequest += 1
            s.loadRequest += 1
            s.loading = path
            s.loadingGain = Float(gain)
            s.opened = nil
            s.position = frame
            s.pendingSeek = nil
            s.ended = false
            s.playing = playing
            advancesHandled = s.advances
            return s.loadRequest
        }
        state = playing ? .playing : (frame > 0 ? .paused : .stopped)
        // What the output holds of the track before is not heard.
        output?.dropWritten()
        output?.setPaused(!playing)
        // A closed output opens when the track is to be heard (played, or resumed), not for a paused load.
        guard !playing && output == nil && Player.opensWithoutOutput(path) || reopenOutput() else {
            let error = PlayerError.noAudioDevice(String(cString: SDL_GetError()))
            feed.withState { s in
                s.loading = nil
                s.opened = .failed(error)
            }
            OutputFeed.post(trackOpenedEventType)
            return
        }
        let feed = self.feed, backends = self.backends, openDecoder = self.openDecoder
        onOpener {
            // A newer load came first: this file is not wanted any more.
            guard let (gain, start) = feed.withState({ $0.loadRequest == request ? ($0.loadingGain, $0.position) : nil }) else { return }
            let outcome: Result<OpenTrack, PlayerError>
            do throws(PlayerError) {
                outcome = .success(try Player.open(path, gain: Double(gain), streamTags: streamTags, with: backends, by: openDecoder))
            } catch {
                outcome = .failure(error)
            }
            // Not shared yet: the new decoder moves to where the track starts without any lock held.
            if case .success(let track) = outcome, start > 0 { track.decoder.seek(toFrame: start) }
            var seekAgain = false
            let taken = feed.withState { s -> Bool in
                guard s.loadRequest == request else { return false }
                switch outcome {
                case .success(var track):
                    track.gain = s.loadingGain
                    // A seek while the file opened: the decoder follows it before it plays.
                    if s.position != start {
                        s.pendingSeek = s.position
                        seekAgain = true
                    }
                    s.current = track
                    s.loading = nil
                    s.opened = .opened
                case .failure(let error):
                    // `loading` stays until the main thread takes the failure: till then the file is still
                    // the one loaded (`path`), not an empty player.
                    s.playing = false
                    s.opened = .failed(error)
                }
                return true
            }
            if seekAgain { feed.applyPendingSeek() } else if taken { feed.samplesAvailable() }
            if taken { OutputFeed.post(trackOpenedEventType) }
        }
    }

    /// What an opened event meant.
    public enum Opening: Sendable, Equatable {
        /// Nothing (now): a newer load came first, or the event was handled already.
        case none
        /// The file is open: `duration` and `streamTags` are its own, and it plays if it was asked to.
        case opened
        /// No decoder could open it (why, in plain words): nothing is loaded and the player is stopped.
        case failed(PlayerError)
    }

    /// Handles an opened event (the outcome of the latest `load`), once.
    public func handleOpenedEvent() -> Opening {
        let opened = feed.withState { s -> OutputFeed.Opened? in
            defer { s.opened = nil }
            if case .failed = s.opened { s.loading = nil }
            return s.opened
        }
        switch opened {
        case nil: return .none
        case .opened: return .opened
        case .failed(let error):
            state = .stopped
            return .failed(error)
        }
    }

    /// Whether the latest `load` is still being opened (or its failure not yet handled).
    public var isOpening: Bool { feed.withState { $0.loading != nil } }

    /// Waits until the worker has opened what `load` (and `queueNext`) asked for; the outcome is then
    /// there for `handleOpenedEvent` (scripts and tests that go on only once a track is open).
    public func waitForOpening() { opener.sync {} }

    /// Opens a file's decoder with the first of the backends that takes it; tests put decoders of their own here.
    /// (The path, the backends to try, and whether the decoder reads the file's own tags.)
    var openDecoder: @Sendable (String, [DecoderBackend], Bool) throws(PlayerError) -> any Decoder = { path, backends, streamTags throws(PlayerError) in
        try DecoderBackend.open(path, with: backends, streamTags: streamTags)
    }

    /// Opens `path` for the output with `open` (from any thread).
    private nonisolated static func open(_ path: String, gain: Double, streamTags: Bool, with backends: [DecoderBackend],
                                         by open: (String, [DecoderBackend], Bool) throws(PlayerError) -> any Decoder) throws(PlayerError) -> OpenTrack {
        let decoder = try open(path, backends, streamTags)
        // A decoder's length comes from the file's header: one the file cannot hold makes it unknown (0).
        return OpenTrack(decoder: decoder, path: path, frameCount: TrackLength.validatedFrames(decoder.frameCount, path: path),
                         tags: decoder.streamTags.bounded, gain: Float(gain))
    }

    /// Where loaded and queued tracks are opened (a decoder reads the file's headers and first packets), off
    /// the main thread, one at a time.
    private let opener = DispatchQueue(label: "nowplaying.decoder-open")

    /// Runs `work` on the opener, recording its reads in this task's `ReadLog` (if one is bound).
    private func onOpener(_ work: @escaping @Sendable () -> Void) {
        let inFlight = opensInFlight
        inFlight.count.add(1, ordering: .acquiringAndReleasing)
        opener.async(execute: ReadLog.carried {
            work()
            inFlight.count.subtract(1, ordering: .acquiringAndReleasing)
        })
    }

    /// Jobs on the opener not finished yet (the output stays open while any runs).
    private let opensInFlight = OpenCounter()

    /// A count shared with the opener's jobs.
    private final class OpenCounter: Sendable {
        let count = Atomic<Int>(0)
    }

    /// The current track's ReplayGain amplitude factor; a change is heard at once.
    public var trackGain: Double {
        get { Double(feed.withState { $0.current?.gain ?? $0.loadingGain }) }
        set {
            feed.withState { s in
                s.current?.gain = Float(newValue)
                s.loadingGain = Float(newValue)
            }
        }
    }

    /// Opens `path` on a worker thread to follow the current track on the sample when it ends (nil:
    /// nothing follows), to play at `gain`. A file that cannot be decoded is not queued: the track then
    /// ends as usual, and loading that file reports why; so does one still opening when the current ends.
    /// `streamTags`: as for `load`.
    public func queueNext(_ path: String?, gain: Double = 1, streamTags: Bool = true) {
        let request = feed.withState { s -> Int in
            s.next = nil
            s.nextRequest += 1
            return s.nextRequest
        }
        guard let path, state != .playing && output == nil && Player.opensWithoutOutput(path) || reopenOutput() else { return }
        let feed = self.feed, backends = self.backends, openDecoder = self.openDecoder
        onOpener {
            // A newer request (or a load) came first: this file is not wanted any more.
            guard feed.withState({ $0.nextRequest == request }),
                  let track = try? Player.open(path, gain: gain, streamTags: streamTags, with: backends, by: openDecoder) else { return }
            feed.withState { s in
                if s.nextRequest == request { s.next = track }
            }
        }
    }

    /// Starts the loaded track (or the one being opened, once open) at `position` seconds.
    public func play(from position: Double = 0) {
        guard path != nil, reopenOutput(tellingFailure: true) else { return }
        seekFeed(to: Player.frame(max(0, position)), playing: true)
        state = .playing
    }

    public func pause() {
        guard state == .playing else { return }
        feed.withState { $0.playing = false }
        output?.setPaused(true)
        state = .paused
    }

    public func resume() {
        guard state == .paused, reopenOutput(tellingFailure: true) else { return }
        feed.withState { s in
            s.ended = false
            s.playing = true
        }
        output?.setPaused(false)
        state = .playing
    }

    public func stop() {
        guard state != .stopped else { return }
        feed.withState { $0.playing = false }
        output?.dropWritten()
        state = .stopped
    }

    /// Moves to `position` seconds, to the sample. A stopped track becomes paused there.
    public func seek(to position: Double) {
        guard path != nil else { return }
        seekFeed(to: Player.frame(max(0, min(position, duration > 0 ? duration : position))))
        if state == .stopped { state = .paused }
    }

    /// Sets the position at once and has the worker move the decoder there (a seek may read the file: never
    /// on the calling, interface, thread); until it has, the output plays silence.
    private func seekFeed(to frame: Int, playing: Bool? = nil) {
        // What is written is not wanted any more, unless it is the end of a track that ran out (at the queue's
        // end the last track is shown at its end while its last moments may still be playing).
        if !feed.withState({ $0.ended }) { output?.dropWritten() }
        if playing == true { output?.setPaused(false) }
        let hasTrack = feed.withState { s -> Bool in
            s.position = frame
            s.ended = false
            if let playing { s.playing = playing }
            // A track still opening starts at `position` when it opens.
            if s.current != nil { s.pendingSeek = frame }
            return s.current != nil
        }
        guard hasTrack else { return }
        // Behind any file being opened (not counted as an open: the output may be released meanwhile).
        let feed = self.feed
        opener.async { feed.applyPendingSeek() }
    }

    /// 0…1 as the user sets it (and it is saved); the sound is scaled by its cube, a perceptual curve
    /// (0.5 is about −18 dB, 0.3 about −31 dB), so equal slider steps sound like equal steps in loudness: in
    /// the samples, or as the stream's volume on a PulseAudio server (heard at once, whatever is written ahead).
    public var volume: Double = 1 {
        didSet {
            volume = max(0, min(1, volume))
            applyVolume()
        }
    }

    private func applyVolume() {
        let amplitude = Player.amplitude(forVolume: volume)
        let inSamples = output?.appliesVolume == true ? 1 : Float(amplitude)
        feed.withState { $0.gain = inSamples }
        output?.setVolume(amplitude)
    }

    /// The amplitude factor of a volume setting: its cube.
    public static func amplitude(forVolume v: Double) -> Double { v * v * v }

    /// Seconds into the track: the frames handed to the output so far, less those written ahead and not yet
    /// heard (so it never drifts from what is heard).
    public var position: Double {
        guard path != nil, state != .stopped else { return 0 }
        let unheard = output?.latencyFrames ?? 0
        let heard = feed.withState { s in
            // The queued track took over in what is written, not yet in what is heard: the one before plays on.
            s.advances > advancesHandled ? s.previousFrames - max(0, unheard - s.position) : s.position - unheard
        }
        return Double(max(0, heard)) / Double(OutputFormat.sampleRate)
    }

    /// The track's length in seconds, 0 when unknown.
    public var duration: Double {
        let frames = feed.withState { s in s.advances > advancesHandled ? s.previousFrames : s.current?.frameCount ?? 0 }
        return Double(frames) / Double(OutputFormat.sampleRate)
    }

    /// Whether a track is loaded and playing or paused on an open output, and has not run out.
    public var isStreamActive: Bool { isOutputOpen && path != nil && state != .stopped && !feed.withState { $0.ended } }

    /// What a finished event meant.
    public enum Finish: Sendable, Equatable {
        /// Nothing (now): a stop, a switch or a seek came first, or the event was handled already.
        case none
        /// The track ran out with nothing queued: the player stopped.
        case ended
        /// The queued track took over on the sample and plays on: it is now `path`.
        case advanced
    }

    /// Whether the audio thread has something for `handleFinishedEvent` (its event may still be on its way).
    public var hasFinishedEvent: Bool {
        state == .playing && feed.withState { $0.ended || $0.advances > advancesHandled }
    }

    /// Handles a finished event: whether the queued track took over, the track really ran out (not a
    /// stop, a switch or a seek whose events arrive later while another stream plays), or neither.
    /// An output that writes ahead (PulseAudio) tells of a change only once it is heard: until then `.none`,
    /// and `hasFinishedEvent` stays true, for the caller to ask again (the progress timer does).
    public func handleFinishedEvent() -> Finish {
        guard state == .playing else { return .none }
        let unheard = output?.latencyFrames ?? 0
        let (ended, advances, written) = feed.withState { ($0.ended, $0.advances, $0.position) }
        if advances > advancesHandled {
            // Heard once all the output holds is of the new track.
            guard written >= unheard else { return .none }
            advancesHandled += 1
            return .advanced
        }
        // Heard once the output has played all it holds (only sound is written to an output that writes ahead).
        guard ended, unheard == 0 else { return .none }
        state = .stopped
        return .ended
    }

    private static func frame(_ seconds: Double) -> Int { Int((seconds * Double(OutputFormat.sampleRate)).rounded()) }

    isolated deinit {
        // A PulseAudio stream is this player's alone (it calls this player's feed): always closed, and one
        // still connecting on the worker once it has.
        if let pulse = output as? PulseOutput { pulse.close() }
        dropPendingConnection()
        guard ownsOutput else { return }
        output?.close()
        while SDL_WasInit(SDL_INIT_AUDIO) != 0 { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
        Player.owner = nil
    }
}
