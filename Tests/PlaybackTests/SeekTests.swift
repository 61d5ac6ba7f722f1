import Foundation
import Testing
@testable import Playback

/// Seeking lands on the sample in every format: a quiet 441 Hz tone runs through the file and a loud
/// 882 Hz one joins it at 12.4 s, so after a seek to 12.345 s the loud part must start 55 ms after the
/// first sound, within 10 ms. (Where the loud part lies in the file is taken from the ffmpeg tool's own
/// decoding: FFmpeg's WMA encoder shifts it 2,048 samples early, and ASF has no field that says so.)
@MainActor
@Suite(.serialized)
final class SeekTests {
    let scratch = Scratch()
    var capture: DiskCapture { DiskCapture(output: scratch.path("out.raw")) }
    var fixtures: EncodedFixtures { EncodedFixtures(scratch: scratch) }

    nonisolated static let formats: [(name: String, codec: [String])] = [
        ("pcm.wav", ["-c:a", "pcm_s16le"]),
        ("vorbis.ogg", ["-c:a", "libvorbis", "-q:a", "6"]),
        ("opus.opus", ["-c:a", "libopus", "-b:a", "160k"]),
        ("flac.flac", ["-c:a", "flac"]),
        ("lame.mp3", ["-c:a", "libmp3lame", "-b:a", "256k"]),
        ("aac.m4a", ["-c:a", "aac", "-b:a", "192k"]),
        ("alac.m4a", ["-c:a", "alac"]),
        ("wma.wma", ["-c:a", "wmav2", "-b:a", "192k"]),
        ("wavpack.wv", ["-c:a", "wavpack"]),
    ]

    /// Each format through the decoders a player uses (native first) and through FFmpeg alone, which the
    /// native formats can fall back to.
    nonisolated static let cases: [(name: String, backends: String)] = formats.flatMap { f in
        [".m4a", ".wma", ".wv"].contains { f.name.hasSuffix($0) } ? [(f.name, "all")] : [(f.name, "all"), (f.name, "ffmpeg")]
    }

    @Test(arguments: SeekTests.cases)
    func seekingTo12_345StartsWithin10ms(name: String, backends: String) throws {
        let codec = SeekTests.formats.first { $0.name == name }!.codec
        let path = try fixtures.marked(name, codec: codec)
        let player = try capture.player(backends: backends == "ffmpeg" ? [.ffmpeg] : DecoderBackend.all)
        try player.loadNow(path)
        player.seek(to: 12.345)
        #expect(abs(player.position - 12.345) < 0.001)
        player.resume()
        #expect(capture.waitForFrames(capture.frameCount + 44100))
        player.stop()
        let frames = capture.captured()
        let start = try #require(frames.firstIndex { abs(Int($0.0)) > 300 }, "the quiet tone")
        let loud = try #require(frames[start...].firstIndex { abs(Int($0.0)) > 6000 }, "the loud tone")
        let gap = Double(loud - start) / 44100
        let marker = try fixtures.decodedOnset(path, above: 6000)
        #expect(name.hasSuffix(".wma") || abs(marker - 12.4) < 0.001, "the reference decoder finds the marker at \(marker) s")
        #expect(abs(gap - (marker - 12.345)) < 0.010,
                "the loud part came \(gap * 1000) ms after the first sound, not \((marker - 12.345) * 1000) ms")
    }
}
