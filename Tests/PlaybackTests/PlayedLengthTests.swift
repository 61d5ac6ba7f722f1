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
}
