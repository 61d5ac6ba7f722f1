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
/// it plays, where it is, at which gain. The output calls `fill` on its own thread (SDL_mixer's music hook,
/// or the PulseAudio stream's write callback); the player changes the state from the main thread. Two locks: the state's, held only to
/// read or set values (never across a file read, so the interface thread never waits for a disk), and
/// `decoding`, held while a decoder reads or seeks, so a decoder is never used by two threads at once. The
/// interface thread takes only the first; seeks run on the player's worker, and the audio thread never waits
/// for either (a buffer it cannot fill at once is silence).
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
        /// A frame the current track's decoder must move to before it plays on (`applyPendingSeek`).
        var pendingSeek: Int?
        /// The amplitude factor applied to every sample (the volume on its curve).
        var gain: Float = 1
        /// The current track ran out while playing with nothing queued (the finished event was sent).
        var ended = false
        /// How many times the queued track took over (an event was sent for each).
        var advances = 0
        /// Frames of the track before the latest takeover (its length as played), for the time its end is
        /// still being heard.
        var previousFrames = 0
    }

    /// How the latest load ended (and why it failed).
    enum Opened {
        case opened
        case failed(PlayerError)
    }

    private let state = Locked(State())
    /// Held while a decoder is used; it guards the audio thread's scratch buffer of decoded samples.
    private let decoding = Locked<[Float]>([])

    /// Runs `body` on the state under its lock. A track `body` replaces or removes is let go only after the
    /// lock is released: letting a decoder go may wait for the audio thread (SDL_mixer's `Mix_FreeChunk` takes
    /// SDL's audio lock, held while the audio thread fills a buffer), which may be waiting for this lock.
    func withState<R>(_ body: (inout State) -> R) -> R {
        var before: (OpenTrack?, OpenTrack?) = (nil, nil)
        let result = state.withLock { s in
            before = (s.current, s.next)
            return body(&s)
        }
        withExtendedLifetime(before) {}
        return result
    }

    /// Moves the current track's decoder to the pending seek's frame (on a worker: a seek may read the
    /// file, and some formats decode from the start to get there). Waits for the audio thread's buffer.
    func applyPendingSeek() {
        decoding.withLock { _ in
            guard let (track, frame) = withState({ s in s.pendingSeek.flatMap { f in s.current.map { ($0, f) } } }) else { return }
            track.decoder.seek(toFrame: frame)
            withState { s in
                if s.pendingSeek == frame, s.current?.decoder === track.decoder { s.pendingSeek = nil }
            }
        }
        samplesAvailable()
    }

    /// Fills an output's buffer (16-bit stereo) with the next samples; at the end of the current track the
    /// queued one carries on in the same buffer. Returns the frames of sound written: fewer than asked while
    /// paused, empty, seeking, at the end, or while a worker holds the decoder. SDL's buffer is then padded with
    /// silence (`pad`), since SDL plays whatever it is given; a PulseAudio stream writes only the sound, and is
    /// woken (`wakeOutput`) when there is more.
    @discardableResult
    func fill(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int, pad: Bool = true) -> Int {
        let channels = OutputFormat.channels
        let frames = bytes / (2 * channels)
        let out = UnsafeMutableRawPointer(stream).bindMemory(to: Int16.self, capacity: frames * channels)
        var events = 0
        let done = decoding.withLockIfAvailable { scratch -> Int in
            if scratch.count < frames * channels { scratch = Array(repeating: 0, count: frames * channels) }
            var done = 0
            var playing = true
            while playing, done < frames,
                  let track = withState({ s in s.playing && s.pendingSeek == nil ? s.current : nil }) {
                let n = scratch.withUnsafeMutableBufferPointer { buffer in
                    let part = UnsafeMutableBufferPointer(rebasing: buffer[(done * channels)..<(frames * channels)])
                    let n = track.decoder.read(into: part)
                    if track.gain != 1 { for i in 0..<(n * channels) { part[i] *= track.gain } }
                    return n
                }
                let kept = withState { s -> Bool in
                    // A load or a seek came while this was decoded: where the decoder goes next is theirs.
                    guard s.pendingSeek == nil, s.current?.decoder === track.decoder else { return false }
                    s.position += n
                    if n == 0 {
                        events += 1
                        if let next = s.next {
                            s.previousFrames = s.position
                            s.current = next
                            s.next = nil
                            s.position = 0
                            s.advances += 1
                        } else {
                            s.playing = false
                            s.ended = true
                        }
                    }
                    playing = s.playing
                    return true
                }
                guard kept else { break }
                done += n
            }
            let gain = withState { $0.gain } * 32768
            scratch.withUnsafeBufferPointer { samples in
                for i in 0..<(done * channels) {
                    // Clamped first (a NaN a decoder gave is silence, not a full-scale click), then rounded to the
                    // nearest, ties to even, by adding 1.5 × 2²³: a float that large has no fraction bits, so the
                    // sum is rounded there, and its low 16 bits are the rounded sample in two's complement. No
                    // call into libm and no checked conversion per sample: the loop is vectorised.
                    let v = samples[i] * gain
                    let clamped = v.isNaN ? 0 : min(max(v, -32768), 32767)
                    out[i] = Int16(truncatingIfNeeded: (clamped + 12_582_912).bitPattern)
                }
            }
            return done
        } ?? 0
        if pad { for i in (done * channels)..<(frames * channels) { out[i] = 0 } }
        for _ in 0..<events { OutputFeed.post(musicFinishedEventType) }
        return done
    }

    /// Tells an output that waits to be told (PulseAudio) that samples are there again: a track opened, a
    /// seek done, playback resumed. Set by the output while it is open.
    let wakeOutput = Locked<(@Sendable () -> Void)?>(nil)

    /// Calls the output's wake-up, if one is set (from any thread but the output's own). Under the lock: an
    /// output that removes its wake-up knows none is under way after it.
    func samplesAvailable() {
        wakeOutput.withLock { $0?() }
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
