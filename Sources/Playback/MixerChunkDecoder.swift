import CSDL2

/// A file SDL_mixer decodes whole into memory (`Mix_LoadWAV`, in the output's format: 16-bit stereo at
/// 44.1 kHz), read out as floats. Needs SDL_mixer open while loading; the samples outlive its release.
final class MixerChunkDecoder: Decoder {
    private let mixer: MixerLibrary
    private let chunk: UnsafeMutablePointer<Mix_Chunk>
    private var cursor = 0
    let frameCount: Int
    var streamTags: StreamTags { StreamTags() }

    init(path: String) throws(DecoderError) {
        // SDL_mixer converts into the format of its open output; with the sound going to a PulseAudio stream of
        // the player's own, it is opened on SDL's silent driver for the conversion only.
        let mixer = try MixerLibrary.load().get()
        self.mixer = mixer
        let borrowed = mixer.querySpec(nil, nil, nil) == 0
        if borrowed {
            // Started on the silent driver alone: SDL's audio started on its own would try every driver first, its
            // PulseAudio one waiting on a server that takes the connection and never answers.
            guard MixerOutput.startAudio("dummy"), MixerOutput.open() == 0 else {
                throw DecoderError(reason: "SDL_mixer: \(String(cString: SDL_GetError()))")
            }
        }
        defer {
            if borrowed {
                mixer.closeAudio()
                SDL_QuitSubSystem(SDL_INIT_AUDIO)
            }
        }
        guard let chunk = mixer.loadWAVRW(SDL_RWFromFile(path, "rb"), 1) else { throw DecoderError(reason: "SDL_mixer: \(String(cString: SDL_GetError()))") }
        // A damaged MIDI file "loads" as a moment of silence (FluidSynth gives up on its tracks and puts out its
        // dither): refuse a file with no sound at all, as any decoder refuses a file it finds nothing in.
        let frames = Int(chunk.pointee.alen) / (2 * OutputFormat.channels)
        let samples = UnsafeBufferPointer(start: UnsafeRawPointer(chunk.pointee.abuf)?.assumingMemoryBound(to: Int16.self),
                                          count: frames * OutputFormat.channels)
        guard samples.contains(where: { abs(Int($0)) > MixerChunkDecoder.silence }) else {
            mixer.freeChunk(chunk)
            throw DecoderError(reason: "no sound in it (SDL_mixer read no notes)")
        }
        self.chunk = chunk
        frameCount = frames
    }

    /// The loudest sample still heard as silence: −60 dBFS (FluidSynth's dither alone is ±1).
    static let silence = 32

    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        let frames = min(buffer.count / 2, frameCount - cursor)
        guard frames > 0 else { return 0 }
        let samples = UnsafeRawPointer(chunk.pointee.abuf!).assumingMemoryBound(to: Int16.self)
        for i in 0..<(frames * 2) { buffer[i] = Float(samples[cursor * 2 + i]) / 32768 }
        cursor += frames
        return frames
    }

    func seek(toFrame frame: Int) { cursor = max(0, min(frame, frameCount)) }

    deinit { mixer.freeChunk(chunk) }
}
