import CSDL2
import Locking

/// A track opened for the output: its decoder and what the player reports about it.
struct OpenTrack {
    let decoder: any Decoder
    let path: String
    let frameCount: Int
    let tags: StreamTags
    /// The track's own amplitude factor (ReplayGain), on top of the volume.
    var gain: Float
}

/// What the audio callback plays: the current track, the one queued to follow it without a gap, whether
/// it plays, where it is, at which gain. SDL_mixer calls `fill` on its audio thread (through
/// `Mix_HookMusic`); the player changes the state from the main thread. Both go through one lock, so a
/// decoder is never used by two threads at once.
final class OutputFeed: Sendable {
    struct State {
        var current: OpenTrack?
        /// Opened before the current one ends, and joined to it on the sample when it does.
        var next: OpenTrack?
        /// Counts requests for `next`: a track opened for an older request (on a worker) is not queued.
        var nextRequest = 0
        /// Counts `load`s: a file opened (on a worker) for an older one is dropped.
        var loadRequest = 0
        /// The file the latest load is opening (nil once open, or failed).
        var loading: String?
        /// The gain the track being loaded plays at (it may change while the file opens).
        var loadingGain: Float = 1
        /// How the latest load ended, until the main thread handles its event.
        var opened: Opened?
        var playing = false
        /// Frames of the current track delivered to the output so far (its position).
        var position = 0
        /// The amplitude factor applied to every sample (the volume on its curve).
        var gain: Float = 1
        /// The current track ran out while playing with nothing queued (the finished event was sent).
        var ended = false
        /// How many times the queued track took over (an event was sent for each).
        var advances = 0
        var scratch: [Float] = []
    }

    /// How the latest load ended (and why it failed).
    enum Opened {
        case opened
        case failed(PlayerError)
    }

    private let state = Locked(State())

    func withState<R>(_ body: (inout State) -> R) -> R {
        state.withLock(body)
    }

    /// Fills SDL_mixer's buffer (16-bit stereo) with the next samples, or silence while paused or empty;
    /// at the end of the current track the queued one carries on in the same buffer.
    func fill(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        let channels = OutputFormat.channels
        let frames = bytes / (2 * channels)
        let out = UnsafeMutableRawPointer(stream).bindMemory(to: Int16.self, capacity: frames * channels)
        var events = 0
        withState { s in
            var done = 0
            if s.scratch.count < frames * channels { s.scratch = Array(repeating: 0, count: frames * channels) }
            while s.playing, done < frames, let current = s.current {
                let n = s.scratch.withUnsafeMutableBufferPointer { buffer in
                    let n = current.decoder.read(into: UnsafeMutableBufferPointer(rebasing: buffer[(done * channels)..<(frames * channels)]))
                    if current.gain != 1 {
                        for i in (done * channels)..<((done + n) * channels) { buffer[i] *= current.gain }
                    }
                    return n
                }
                done += n
                s.position += n
                guard n == 0 else { continue }
                events += 1
                if let next = s.next {
                    s.current = next
                    s.next = nil
                    s.position = 0
                    s.advances += 1
                } else {
                    s.playing = false
                    s.ended = true
                }
            }
            let gain = s.gain * 32768
            for i in 0..<(done * channels) { out[i] = Int16(max(-32768, min(32767, (s.scratch[i] * gain).rounded()))) }
            for i in (done * channels)..<(frames * channels) { out[i] = 0 }
        }
        for _ in 0..<events { OutputFeed.post(musicFinishedEventType) }
    }

    /// Tells the main loop (an SDL event, safe from any thread) that a track ran out or was opened.
    static func post(_ type: UInt32) {
        var e = SDL_Event()
        e.type = type
        SDL_PushEvent(&e)
    }
}

/// The SDL event type pushed (from the audio thread) when a track finishes playing or the queued one
/// takes over.
public let musicFinishedEventType: UInt32 = SDL_RegisterEvents(1)

/// The SDL event type pushed (from the worker that opens files) when a loaded track was opened, or could
/// not be (`Player.handleOpenedEvent`).
public let trackOpenedEventType: UInt32 = SDL_RegisterEvents(1)

/// SDL_mixer's music hook: `arg` is the player's `OutputFeed`, kept alive while the hook is set.
let outputFeedHook: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Void = { arg, stream, len in
    guard let arg, let stream else { return }
    Unmanaged<OutputFeed>.fromOpaque(arg).takeUnretainedValue().fill(stream, bytes: Int(len))
}
