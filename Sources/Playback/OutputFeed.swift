import CSDL2
import Synchronization

/// What the audio callback plays: the current decoder, whether it plays, where it is, at which gain.
/// SDL_mixer calls `fill` on its audio thread (through `Mix_HookMusic`); the player changes the state from
/// the main thread. Both go through one lock, so a decoder is never used by two threads at once.
// @unchecked Sendable, proof: the only stored variable, `state`, is read and written solely inside
// `lock.withLock` (in `withState` and `fill`), so the audio thread and the main thread never touch it at once.
final class OutputFeed: @unchecked Sendable {
    struct State {
        var decoder: (any Decoder)?
        var playing = false
        /// Frames of the current track delivered to the output so far (its position).
        var position = 0
        /// The amplitude factor applied to every sample (the volume on its curve).
        var gain: Float = 1
        /// The current track ran out while playing (the finished event was sent).
        var ended = false
        var scratch: [Float] = []
    }

    private let lock = Mutex(())
    private var state = State()

    func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { _ in body(&state) }
    }

    /// Plays `decoder` from its start, paused.
    func replace(with decoder: (any Decoder)?) {
        withState { s in
            s.decoder = decoder
            s.playing = false
            s.position = 0
            s.ended = false
        }
    }

    /// Fills SDL_mixer's buffer (16-bit stereo) with the next samples, or silence while paused or empty.
    func fill(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        let frames = bytes / (2 * OutputFormat.channels)
        let out = UnsafeMutableRawPointer(stream).bindMemory(to: Int16.self, capacity: frames * OutputFormat.channels)
        var finished = false
        withState { s in
            var done = 0
            if s.playing, let decoder = s.decoder {
                if s.scratch.count < frames * OutputFormat.channels { s.scratch = Array(repeating: 0, count: frames * OutputFormat.channels) }
                done = s.scratch.withUnsafeMutableBufferPointer { buffer in
                    var done = 0
                    while done < frames {
                        let n = decoder.read(into: UnsafeMutableBufferPointer(rebasing: buffer[(done * 2)..<(frames * 2)]))
                        if n == 0 { break }
                        done += n
                    }
                    return done
                }
                s.position += done
                if done < frames {
                    s.playing = false
                    s.ended = true
                    finished = true
                }
                let gain = s.gain
                for i in 0..<(done * OutputFormat.channels) {
                    out[i] = Int16(max(-32768, min(32767, (s.scratch[i] * gain * 32768).rounded())))
                }
            }
            for i in (done * OutputFormat.channels)..<(frames * OutputFormat.channels) { out[i] = 0 }
        }
        if finished { OutputFeed.postFinished() }
    }

    /// Tells the main loop (an SDL event, safe from any thread) that a track ran out.
    private static func postFinished() {
        var e = SDL_Event()
        e.type = musicFinishedEventType
        SDL_PushEvent(&e)
    }
}

/// The SDL event type pushed (from the audio thread) when a track finishes playing.
public let musicFinishedEventType: UInt32 = SDL_RegisterEvents(1)

/// SDL_mixer's music hook: `arg` is the player's `OutputFeed`, kept alive while the hook is set.
let outputFeedHook: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Void = { arg, stream, len in
    guard let arg, let stream else { return }
    Unmanaged<OutputFeed>.fromOpaque(arg).takeUnretainedValue().fill(stream, bytes: Int(len))
}
