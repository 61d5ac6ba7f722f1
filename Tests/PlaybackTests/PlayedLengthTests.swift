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

    /// Bytes where an MP3's audio should begin — a tag's padding left outside it, a second tag, a download's leftovers —
    /// do not hand it to FFmpeg, which misses the LAME/Info frame after them and guesses a VBR file's length from its
    /// first frame's bit rate (a tester's 60 s track counted down from −0:56 and the slider sat at its end while the
    /// sound went on): mpg123 finds the frames past them, as it does anyway, and plays it gaplessly.
    @Test(arguments: ["zeros after the tag", "a second tag", "junk, no tag"])
    func anMP3WithBytesBeforeItsFirstFrameIsMpg123s(kind: String) throws {
        let tagged = try fixtures.sine("vbr.mp3", codec: ["-c:a", "libmp3lame", "-q:a", "2"], seconds: 11, withCover: kind != "junk, no tag")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: tagged))
        switch kind {
        case "zeros after the tag":
            let end = 10 + bytes[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7f) }
            bytes.insert(contentsOf: Data(count: 2000), at: end)
        case "a second tag":
            bytes = Data("ID3".utf8) + Data([3, 0, 0, 0, 0, 0, 0]) + bytes
        default:
            bytes = Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }) + bytes
        }
        let path = scratch.path("\(kind).mp3")
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(NativeFormat(path: path) == .mp3)
        let read = try #require(Library.load([path]).tracks.first?.duration)
        let player = try Player(driver: "dummy")
        try player.loadNow(path)
        #expect(abs(player.duration - 11) < 0.001, "played \(player.duration) s of 11")
        #expect(abs(read - player.duration) < 0.001, "read \(read) s, played \(player.duration) s")
    }

    /// Other bytes that happen to hold an MPEG sync word are not taken for an MP3: three frames must follow one
    /// another. (A WAV, an M4A and random bytes named .mp3, an Ogg file behind an ID3v2 tag.)
    @Test func strayMPEGSyncWordsAreNoMP3() throws {
        var noise = [UInt8](repeating: 0, count: 65_536)
        var x: UInt32 = 12345
        for i in noise.indices { x = x &* 1_103_515_245 &+ 12345; noise[i] = UInt8(truncatingIfNeeded: x >> 16) }
        for i in stride(from: 1, to: noise.count - 4, by: 997) { noise[i] = 0xFF; noise[i + 1] = 0xFB; noise[i + 2] = 0x90 }
        #expect(!NativeFormat.framesBegin(in: noise), "lone frame headers among random bytes")
        let path = scratch.path("noise.mp3")
        try Data(noise).write(to: URL(fileURLWithPath: path))
        #expect(NativeFormat(path: path) == nil)
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
