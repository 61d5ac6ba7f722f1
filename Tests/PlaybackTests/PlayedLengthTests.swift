import Foundation
import Testing
@testable import Playback

/// A track's length in the queue is the length it plays for: read with the library, before it is ever played, it
/// equals what the decoder counts once it is open (an MP3's encoder delay and padding left out, as gapless playback
/// drops them). Otherwise a row reads 0:12 and the card, a moment later, counts down from −0:11.
@MainActor
@Suite(.serialized)
final class PlayedLengthTests {
    let scratch = Scratch()
    var fixtures: EncodedFixtures { EncodedFixtures(scratch: scratch) }

    @Test(arguments: [("lame.mp3", ["-c:a", "libmp3lame", "-b:a", "192k"]), ("vbr.mp3", ["-c:a", "libmp3lame", "-q:a", "4"]),
                      ("mono.mp3", ["-c:a", "libmp3lame", "-ac", "1"]), ("a.ogg", ["-c:a", "libvorbis"]),
                      ("a.opus", ["-c:a", "libopus"]), ("a.flac", ["-c:a", "flac"]),
                      ("aac.m4a", ["-c:a", "aac"]), ("alac.m4a", ["-c:a", "alac"])])
    func theLengthReadIsTheLengthPlayed(name: String, codec: [String]) throws {
        // 11 s exactly: whole frames (1,152 samples) hold 11.05 s of it, which a length rounded up shows as 0:12.
        // ffmpeg embeds a cover in MP3, FLAC and M4A (an ID3v2 tag before the audio); not in Ogg.
        let path = try fixtures.sine(name, codec: codec, seconds: 11, withCover: !name.hasSuffix(".ogg") && !name.hasSuffix(".opus"))
        let read = try #require(Library.load([path]).tracks.first?.duration)
        let player = try Player(driver: "dummy")
        try player.loadNow(path)
        #expect(abs(player.duration - 11) < 0.001, "the decoder plays 11 s")
        #expect(abs(read - player.duration) < 0.001, "read \(read) s, played \(player.duration) s")
    }

    /// An MP3 whose first frame does not open the file (junk, or a second tag, before it) is played by FFmpeg, which
    /// counts whole frames as TagLib does: its length stays TagLib's (a review found mpg123's given to it, 50 ms off).
    @Test func anMP3ThatFFmpegPlaysKeepsTheLengthFFmpegCounts() throws {
        let clean = try fixtures.sine("clean.mp3", codec: ["-c:a", "libmp3lame", "-id3v2_version", "0"], seconds: 11, withCover: false)
        let path = scratch.path("junk first.mp3")
        try (Data(count: 2000) + Data(contentsOf: URL(fileURLWithPath: clean))).write(to: URL(fileURLWithPath: path))
        #expect(NativeFormat(path: path) == nil, "not mpg123's: FFmpeg plays it")
        let read = try #require(Library.load([path]).tracks.first?.duration)
        let player = try Player(driver: "dummy")
        try player.loadNow(path)
        #expect(abs(read - player.duration) < 0.001, "read \(read) s, played \(player.duration) s")
    }

    /// A file named .mp3 that is no MP3 (a WAV) is given no length mpg123 makes up from its bytes (it was 126.7 s
    /// for 11 s of sound): unknown, as TagLib finds no MPEG audio in it.
    @Test func aWAVNamedMP3HasNoMadeUpLength() throws {
        let path = scratch.path("tone.mp3")
        try fixtures.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=441:sample_rate=44100:duration=11", "-f", "wav", path])
        let track = try #require(Library.load([path]).tracks.first)
        #expect(track.duration == nil)
    }
}
