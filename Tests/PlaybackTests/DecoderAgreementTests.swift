import Foundation
import Testing
@testable import Playback

/// Each native decoder (mpg123, libvorbisfile, libopusfile, libFLAC, libsndfile) against FFmpeg on the
/// same file, made by the ffmpeg tool: the same length, the same samples on both channels (two different
/// chirps, so a swapped or shifted channel shows), and the same samples after a seek to 12.345 s, on the
/// sample. Lossless files at 44.1 kHz must agree to the bit; lossy codecs within their decoders' float rounding (10⁻⁵); files
/// resampled from 48 kHz (libsamplerate here, libswresample in FFmpeg) within what two resamplers differ by
/// at a file's ends (3·10⁻³).
@Suite(.serialized)
final class DecoderAgreementTests {
    let scratch = Scratch()
    var fixtures: EncodedFixtures { EncodedFixtures(scratch: scratch) }

    /// Name, ffmpeg's codec arguments, the native format expected, the largest sample difference allowed.
    nonisolated static let cases: [(name: String, codec: [String], format: NativeFormat, tolerance: Float)] = [
        ("lame.mp3", ["-c:a", "libmp3lame", "-b:a", "256k"], .mp3, 1e-5),
        ("mono.mp3", ["-c:a", "libmp3lame", "-b:a", "128k", "-ac", "1"], .mp3, 1e-5),
        ("vorbis.ogg", ["-c:a", "libvorbis", "-q:a", "6"], .vorbis, 1e-5),
        ("opus.opus", ["-c:a", "libopus", "-b:a", "160k"], .opus, 3e-3),
        ("flac.flac", ["-c:a", "flac"], .flac, 0),
        ("mono48k.flac", ["-c:a", "flac", "-ac", "1", "-ar", "48000"], .flac, 3e-3),
        ("pcm.wav", ["-c:a", "pcm_s16le"], .pcm, 0),
        ("pcm24.aiff", ["-c:a", "pcm_s24be"], .pcm, 0),
    ]

    /// 20 s of two chirps, a different one on each channel, at 0.4 and 0.3 of full scale, with a title, an
    /// artist and an album in the stream's own tags.
    private func chirps(_ name: String, codec: [String]) throws -> String {
        let path = scratch.path(name)
        try fixtures.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*(220+40*t)*t)|0.3*sin(2*PI*(330+25*t)*t):s=44100:d=20"]
                            + codec + ["-metadata", "title=Two Chirps", "-metadata", "artist=The Sweeps", "-metadata", "album=Agreement",
                                       path])
        return path
    }

    /// Everything `decoder` delivers from where it is, interleaved stereo.
    private func decodeAll(_ decoder: any Decoder, limit: Int = .max) -> [Float] {
        var out: [Float] = []
        var buffer = [Float](repeating: 0, count: 4096)
        while out.count < limit {
            let n = buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0) }
            if n == 0 { break }
            out += buffer[0..<(n * 2)]
        }
        return Array(out.prefix(limit))
    }

    /// The largest difference between the two, sample by sample, over their common length.
    private func largestDifference(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    @Test(arguments: DecoderAgreementTests.cases.map(\.name))
    func theNativeDecoderAgreesWithFFmpeg(name: String) throws {
        let c = DecoderAgreementTests.cases.first { $0.name == name }!
        let path = try chirps(name, codec: c.codec)
        #expect(NativeFormat(path: path) == c.format, "told by its first bytes")
        let native = try DecoderBackend.native.open(path), ffmpeg = try DecoderBackend.ffmpeg.open(path)
        #expect(native.streamTags == ffmpeg.streamTags && native.streamTags.title == "Two Chirps",
                "the stream's tags: \(native.streamTags), FFmpeg's \(ffmpeg.streamTags)")
        // (FFmpeg's own length of an MP3 or Opus file counts the encoder's delay and padding; what it decodes does not.)
        #expect(abs(native.frameCount - 20 * 44100) <= 1, "\(native.frameCount) frames; 20 s were encoded")

        let mine = decodeAll(native), theirs = decodeAll(ffmpeg)
        #expect(abs(mine.count - theirs.count) <= 2, "\(mine.count / 2) frames decoded, FFmpeg \(theirs.count / 2)")
        let whole = largestDifference(mine, theirs)
        #expect(whole <= c.tolerance, "the whole file differs from FFmpeg's by up to \(whole)")

        // After a seek to 12.345 s: FFmpeg's samples there, and no others (one frame early or late fits
        // worse). A resampler starts from silence after a seek, so files at another rate are compared from
        // 256 frames on; Opus's decoder state takes its pre-roll and more to settle after a seek (libopusfile's
        // own straight decode differs there by as much), so it is held to 0.06.
        let target = Int(12.345 * 44100), settle = name.contains("48k") || name.hasSuffix(".opus") ? 256 : 0
        native.seek(toFrame: target)
        let seeked = decodeAll(native, limit: 8192)
        func difference(lag: Int) -> Float {
            largestDifference(Array(seeked.dropFirst(settle * 2)), Array(theirs[((target + settle + lag) * 2)..<((target + 4096 + lag) * 2)]))
        }
        let onTarget = difference(lag: 0)
        #expect(onTarget <= (name.hasSuffix(".opus") ? 0.06 : c.tolerance), "after a seek to 12.345 s: up to \(onTarget) from FFmpeg's samples there")
        #expect([-2, -1, 1, 2].allSatisfy { difference(lag: $0) > onTarget }, "the seek lands on the sample")
    }

    /// What the native decoders do not take goes to FFmpeg: AAC (in M4A, or bare ADTS, whose frame header
    /// looks like MP3's but for its layer), FLAC in Ogg, and more than two channels (FFmpeg's downmix).
    @Test(arguments: [("aac.m4a", ["-c:a", "aac"]), ("adts.aac", ["-c:a", "aac"]), ("flac.oga", ["-c:a", "flac", "-f", "ogg"]),
                      ("surround.flac", ["-c:a", "flac", "-ac", "6"])])
    func otherFilesGoToFFmpeg(name: String, codec: [String]) throws {
        let path = try chirps(name, codec: codec)
        #expect(throws: DecoderError.self) { try DecoderBackend.native.open(path) }
        let decoder = try DecoderBackend.open(path, with: DecoderBackend.all)
        #expect(decoder is FFmpegDecoder)
        var buffer = [Float](repeating: 0, count: 4096)
        #expect(buffer.withUnsafeMutableBufferPointer { decoder.read(into: $0) } > 0, "FFmpeg decodes it")
    }

    /// A mono file plays at full level on both sides, whichever library decodes it: each side carries the
    /// very samples the ffmpeg tool decodes from the file (libswresample on its own spreads mono at −3 dB).
    @Test(arguments: [DecoderBackend.native, .ffmpeg])
    func monoPlaysAtFullLevelOnBothSides(backend: DecoderBackend) throws {
        let path = try chirps("mono.flac", codec: ["-c:a", "flac", "-ac", "1"])
        let raw = scratch.path("mono.f32")
        try fixtures.ffmpeg(["-i", path, "-f", "f32le", raw])
        let reference = try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let decoded = decodeAll(try backend.open(path))
        #expect(decoded.count == 2 * reference.count)
        let left = stride(from: 0, to: decoded.count, by: 2).map { decoded[$0] }
        let right = stride(from: 1, to: decoded.count, by: 2).map { decoded[$0] }
        #expect(largestDifference(left, reference) < 1e-6 && largestDifference(right, reference) < 1e-6,
                "off by up to \(largestDifference(left, reference)) on the left, \(largestDifference(right, reference)) on the right")
    }
}
