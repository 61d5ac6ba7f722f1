import Foundation
import Testing
@testable import Playback

/// ReplayGain from the tags, heard in the samples (disk driver): −6.02 dB is half the amplitude; an album
/// played in order keeps its tracks' relative levels (album gain), shuffle or a mixed queue levels each
/// track (track gain); the peak keeps a gain from clipping; the setting turns it off.
@MainActor
@Suite(.serialized)
final class ReplayGainTests {
    let scratch = Scratch()
    var capture: DiskCapture { DiskCapture(output: scratch.path("out.raw")) }
    var fixtures: EncodedFixtures { EncodedFixtures(scratch: scratch) }
    /// The fixtures' sine: lavfi's 1/8 of full scale × 4 = half of full scale, so its RMS is 16384 / √2.
    let sourceRMS = 16384 / 2.0.squareRoot()

    private func flac(_ name: String, _ tags: [String: String], scale: Double = 4) throws -> String {
        try fixtures.sine(name, codec: ["-c:a", "flac"], seconds: 20, scale: scale, withCover: false, tags: tags)
    }

    /// The output's RMS over a stretch of the current track, as a fraction of the source's.
    private func heardRatio(_ session: PlaybackSession, source: Double? = nil) -> Double {
        capture.rmsOfNext(20_000) / (source ?? sourceRMS)
    }

    private func session(_ paths: [String]) throws -> PlaybackSession {
        PlaybackSession(tracks: paths.map { Track(path: $0, tags: Tags.read(from: $0)) }, player: try capture.player(), seed: 1)
    }

    @Test func minus6_02dBIsHalfTheAmplitude() throws {
        let path = try flac("a.flac", ["REPLAYGAIN_TRACK_GAIN": "-6.02 dB", "REPLAYGAIN_TRACK_PEAK": "0.5"])
        let s = try session([path])
        s.start(at: 0, playing: true)
        s.finishLoading()
        let ratio = heardRatio(s)
        #expect(abs(ratio - 0.5) < 0.005, "heard at \(ratio)")
        s.pause()
    }

    /// The same tag as each container carries it: ID3v2 `TXXX:REPLAYGAIN_TRACK_GAIN` in an MP3 (as ffmpeg,
    /// mp3gain and foobar2000 write it), a Vorbis comment in Ogg Vorbis, an iTunes freeform atom in an M4A
    /// (lower case, as foobar2000 writes it).
    @Test(arguments: ["mp3", "ogg", "m4a"])
    func minus6_02dBIsHalfTheAmplitudeInEveryContainer(ext: String) throws {
        let codecs = ["mp3": ["-c:a", "libmp3lame", "-b:a", "320k"], "ogg": ["-c:a", "libvorbis", "-q:a", "8"],
                      "m4a": ["-c:a", "alac"]]
        let tags = ["REPLAYGAIN_TRACK_GAIN": "-6.02 dB", "REPLAYGAIN_TRACK_PEAK": "0.5"]
        let path = try fixtures.sine("a.\(ext)", codec: try #require(codecs[ext]), seconds: 20, scale: 4, withCover: false,
                                     tags: ext == "m4a" ? [:] : tags)
        if ext == "m4a" { try fixtures.tagM4AFreeform(path, ["replaygain_track_gain": "-6.02 dB", "replaygain_track_peak": "0.5"]) }
        let s = try session([path])
        s.start(at: 0, playing: true)
        s.finishLoading()
        // Lossy codecs keep the sine's level within a fraction of a percent at these rates.
        let ratio = heardRatio(s)
        #expect(abs(ratio - 0.5) < 0.01, "\(ext): heard at \(ratio)")
        s.pause()
    }

    @Test func albumInOrderKeepsItsLevelsShuffleLevelsEachTrack() throws {
        let album = ["ALBUM": "One", "REPLAYGAIN_ALBUM_GAIN": "-4 dB", "REPLAYGAIN_ALBUM_PEAK": "0.5"]
        let quiet = try flac("1.flac", album.merging(["REPLAYGAIN_TRACK_GAIN": "-10 dB", "REPLAYGAIN_TRACK_PEAK": "0.5"]) { a, _ in a })
        let loud = try flac("2.flac", album.merging(["REPLAYGAIN_TRACK_GAIN": "+2 dB", "REPLAYGAIN_TRACK_PEAK": "0.5"]) { a, _ in a })
        let s = try session([quiet, loud])
        s.start(at: 0, playing: true)
        s.finishLoading()
        let albumGain = pow(10, -4.0 / 20)
        #expect(abs(heardRatio(s) / albumGain - 1) < 0.01, "album in order: the album's gain")
        s.next()
        s.finishLoading()
        #expect(abs(heardRatio(s) / albumGain - 1) < 0.01, "and the same for its other track")
        s.toggleShuffle()
        s.select(0)
        s.finishLoading()
        #expect(abs(heardRatio(s) / pow(10, -10.0 / 20) - 1) < 0.01, "shuffled: the track's own gain")
        s.select(1)
        s.finishLoading()
        #expect(abs(heardRatio(s) / pow(10, 2.0 / 20) - 1) < 0.01, "shuffled: the track's own gain")
        s.pause()
    }

    /// A library of albums played in order: each track among its album plays at the album's gain (the tracks
    /// before or after it are of its album); one album's track between others' plays at its own.
    @Test func albumsInOrderEachKeepTheirAlbumsGain() throws {
        func track(_ name: String, _ album: String, albumGain: String, trackGain: String) throws -> String {
            try flac(name, ["ALBUM": album, "ARTIST": "Someone", "REPLAYGAIN_ALBUM_GAIN": albumGain, "REPLAYGAIN_TRACK_GAIN": trackGain])
        }
        let a1 = try track("a1.flac", "One", albumGain: "-4 dB", trackGain: "-8 dB")
        let a2 = try track("a2.flac", "One", albumGain: "-4 dB", trackGain: "-2 dB")
        let b1 = try track("b1.flac", "Two", albumGain: "-1 dB", trackGain: "-3 dB")
        let b2 = try track("b2.flac", "Two", albumGain: "-1 dB", trackGain: "-6 dB")
        let lone = try track("c1.flac", "Three", albumGain: "-5 dB", trackGain: "-9 dB")
        let s = try session([a1, a2, b1, b2, lone, a1])
        for (index, dB) in [(0, -4.0), (1, -4.0), (2, -1.0), (3, -1.0), (4, -9.0), (5, -8.0)] {
            s.start(at: index, playing: true)
            s.finishLoading()
            let ratio = heardRatio(s) / pow(10, dB / 20)
            #expect(abs(ratio - 1) < 0.01, "track \(index): heard at \(ratio) of \(dB) dB")
        }
        s.pause()
    }

    @Test func aMixedQueueUsesTrackGain() throws {
        let a = try flac("a.flac", ["ALBUM": "One", "REPLAYGAIN_ALBUM_GAIN": "-4 dB", "REPLAYGAIN_TRACK_GAIN": "-8 dB"])
        let b = try flac("b.flac", ["ALBUM": "Two", "REPLAYGAIN_ALBUM_GAIN": "-1 dB", "REPLAYGAIN_TRACK_GAIN": "-3 dB"])
        let s = try session([a, b])
        s.start(at: 0, playing: true)
        s.finishLoading()
        #expect(abs(heardRatio(s) / pow(10, -8.0 / 20) - 1) < 0.01)
        s.pause()
    }

    @Test func aGainOnAFullScalePeakDoesNotClip() throws {
        // ×7.99: lavfi's sine at (nearly) full scale, tagged +12 dB with its peak of 1.0.
        let path = try flac("full.flac", ["REPLAYGAIN_TRACK_GAIN": "+12 dB", "REPLAYGAIN_TRACK_PEAK": "1.0"], scale: 7.99)
        let s = try session([path])
        s.start(at: 0, playing: true)
        s.finishLoading()
        let ratio = heardRatio(s, source: 7.99 / 8 * 32768 / 2.0.squareRoot())
        #expect(abs(ratio - 1) < 0.01, "the peak holds the gain at unity: heard at \(ratio)")
        s.pause()
    }

    @Test func theSettingTurnsItOff() throws {
        let path = try flac("a.flac", ["REPLAYGAIN_TRACK_GAIN": "-6.02 dB"])
        let s = try session([path])
        s.replayGain = .off
        s.start(at: 0, playing: true)
        s.finishLoading()
        #expect(abs(heardRatio(s) - 1) < 0.005)
        s.replayGain = .automatic
        #expect(abs(heardRatio(s) - 0.5) < 0.005, "back on at once, for the track playing")
        s.pause()
    }

    @Test func opusR128GainIsReadRelativeToReplayGainsReference() throws {
        // R128 gains are Q7.8 dB against −23 LUFS; ReplayGain's reference is 5 dB louder (−18 LUFS).
        let path = try fixtures.sine("a.opus", codec: ["-c:a", "libopus"], seconds: 0.5, withCover: false,
                                     tags: ["R128_TRACK_GAIN": "-2821", "R128_ALBUM_GAIN": "256"])
        let gain = try #require(Tags.read(from: path)?.replayGain)
        #expect(abs((gain.trackGain ?? 0) - (-2821.0 / 256 + 5)) < 0.001)
        #expect(abs((gain.albumGain ?? 0) - 6) < 0.001)
    }
}
