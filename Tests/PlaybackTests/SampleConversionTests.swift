import Testing
@testable import Playback

/// The output's float samples become 16-bit ones as a formula says: scaled by 32768, clamped to the 16-bit range,
/// rounded to the nearest with ties to even; a NaN a decoder gives is silence (it was a full-scale click).
struct SampleConversionTests {
    /// A decoder that gives `samples` once, then ends.
    private final class Given: Decoder {
        var samples: [Float]
        init(_ samples: [Float]) { self.samples = samples }
        var frameCount: Int { samples.count / 2 }
        var streamTags: StreamTags { StreamTags() }
        func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
            let n = min(buffer.count, samples.count) / 2 * 2
            for i in 0..<n { buffer[i] = samples[i] }
            samples.removeFirst(n)
            return n / 2
        }
        func seek(toFrame frame: Int) {}
    }

    @Test func floatsBecomeSixteenBitsByTheFormula() {
        let input: [Float] = [.nan, -.nan, .infinity, -.infinity, 0.5 / 32768, 1.5 / 32768, 2.5 / 32768, -0.5 / 32768,
                              -1.5 / 32768, 1, -1, 2, -2, 0.25, 1000.25 / 32768, 0]
        let expected: [Int16] = [0, 0, 32767, -32768, 0, 2, 2, 0, -2, 32767, -32768, 32767, -32768, 8192, 1000, 0]
        let feed = OutputFeed()
        feed.withState { s in
            s.current = OpenTrack(decoder: Given(input), path: "given", frameCount: input.count / 2, tags: StreamTags(), gain: 1)
            s.playing = true
        }
        var out = [Int16](repeating: 7, count: input.count)
        let frames = out.withUnsafeMutableBytes { feed.fill($0.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes: $0.count) }
        #expect(frames == input.count / 2)
        #expect(out == expected)
    }
}
