import Foundation
import Testing
@testable import Playback

/// Two halves of one 441 Hz sine, cut at a peak (sample 88,225: a quarter period past a zero crossing)
/// into two files, play as one: as long as the whole (no gap, nothing repeated), and on each side of the
/// join the very samples the ffmpeg tool decodes from each file, placed end to end (a sample lost or added
/// at the join shifts the second half: at 441 Hz one sample is up to 1,029 LSB). Lossless FLAC must also
/// have no step between neighbours larger than the sine's own; lossy codecs ring where each half was cut.
@MainActor
@Suite(.serialized)
final class GaplessTests {
    let scratch = Scratch()
    var capture: DiskCapture { DiskCapture(output: scratch.path("out.raw")) }
    var fixtures: EncodedFixtures { EncodedFixtures(scratch: scratch) }
    static let cut = 88_225, total = 4 * 44100
    /// The sine's amplitude (half of full scale) and its largest step from one sample to the next.
    static let amplitude = 16384.0
    static let sineStep = amplitude * 2 * Double.pi * 441 / 44100

    nonisolated static let formats: [(ext: String, codec: [String])] = [
        ("ogg", ["-c:a", "libvorbis", "-q:a", "6"]),
        ("flac", ["-c:a", "flac"]),
        ("mp3", ["-c:a", "libmp3lame", "-b:a", "256k"]),
        // An edit list in samples, as iTunes writes it (FFmpeg's default counts milliseconds, which cannot say
        // where the padding of the last packet starts).
        ("m4a", ["-c:a", "aac", "-b:a", "256k", "-movie_timescale", "44100"]),
    ]

    /// Each format through the decoders a player uses (native first) and through FFmpeg alone, which the
    /// native formats can fall back to; and FLAC with shuffle on (the following track comes from the shuffled
    /// order, opened ahead all the same).
    nonisolated static let cases: [(ext: String, backends: String)] = formats.flatMap { f in
        f.ext == "m4a" ? [(f.ext, "all")] : [(f.ext, "all"), (f.ext, "ffmpeg")]
    } + [("flac", "shuffled")]

    @Test(arguments: GaplessTests.cases)
    func halvesOfOneSineJoinOnTheSample(ext: String, backends: String) throws {
        let codec = GaplessTests.formats.first { $0.ext == ext }!.codec
        let (first, second) = try fixtures.halves(ext, codec: codec, cut: GaplessTests.cut, total: GaplessTests.total)
        let session = PlaybackSession(tracks: [Track(path: first, tags: nil), Track(path: second, tags: nil)],
                                      player: try capture.player(backends: backends == "ffmpeg" ? [.ffmpeg] : DecoderBackend.all), seed: 1)
        var changes: [Int] = []
        session.onTrackChange = { changes.append($0) }
        if backends == "shuffled" { session.toggleShuffle() }
        session.start(at: 0, playing: true)
        session.finishLoading()
        let end = Date().addingTimeInterval(60)
        while session.current == 0 && Date() < end {
            if session.player.hasFinishedEvent { session.handleMusicFinished() }
            Thread.sleep(forTimeInterval: 0.005)
        }
        while session.isPlaying && Date() < end {
            if session.player.hasFinishedEvent { session.handleMusicFinished() }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(changes == [0, 1], "the second track became current")
        #expect(capture.waitForFrames(capture.frameCount + 4096))

        let left = capture.captured().map { Double($0.0) }
        let start = try #require(left.firstIndex { abs($0) > 2 })
        let stop = try #require(left.lastIndex { abs($0) > 2 })
        #expect(abs(stop - start - GaplessTests.total) <= 2, "\(stop - start) frames heard, \(GaplessTests.total) encoded")

        // The first file's sample 0 in the output: where the sound starts, less where it starts in the file.
        let one = try fixtures.referenceSamples(first).map(Double.init)
        let two = try fixtures.referenceSamples(second).map(Double.init)
        let offset = start - (one.firstIndex { abs($0) > 2 } ?? 0)
        let cut = GaplessTests.cut
        try #require(offset >= 0 && one.count >= cut && two.count >= 1500 && left.count >= offset + cut + 1500,
                     "the output and the references hold the join (offset \(offset), \(one.count) and \(two.count) reference frames)")
        let before = ((cut - 1500)..<cut).map { abs(left[offset + $0] - one[$0]) }.max() ?? 0
        let after = (0..<1500).map { abs(left[offset + cut + $0] - two[$0]) }.max() ?? 0
        #expect(before <= 2, "before the join: \(before) LSB off the first file")
        #expect(after <= 2, "after the join: \(after) LSB off the second file")
        if ext == "flac" {
            let step = ((start + 1)...stop).map { abs(left[$0] - left[$0 - 1]) }.max() ?? 0
            #expect(step < GaplessTests.sineStep * 1.01, "a step of \(step); the sine's own is \(GaplessTests.sineStep)")
        }
    }

    /// Every file is opened on a worker (issue 16: no decoder reads a file on the interface thread): neither
    /// starting a track, the automatic change to the following one nor a track the user picks opens a file on
    /// the main thread.
    @Test func theFollowingTrackIsOpenedOffTheMainThread() throws {
        let tracks = try (1...3).map { Track(path: try scratch.wav("\($0).wav", seconds: 0.5), tags: nil) }
        let session = PlaybackSession(tracks: tracks, player: try capture.player(), seed: 1)
        let log = ReadLog()
        ReadLog.$current.withValue(log) {
            session.start(at: 0, playing: true)
            session.finishLoading()
            let end = Date().addingTimeInterval(60)
            while session.current == 0 && Date() < end {
                if session.player.hasFinishedEvent { session.handleMusicFinished() }
                Thread.sleep(forTimeInterval: 0.005)
            }
            #expect(session.current == 1 && session.player.path == tracks[1].path)
            // Tracks the user picks: a tapped one, the previous one.
            session.select(2)
            session.finishLoading()
            session.previous()
            session.finishLoading()
            #expect(session.current == 1 && session.player.duration > 0, "picked and opened")
        }
        let onMain = log.reads.filter { $0.what == .decoder && $0.onMainThread }.map(\.path)
        #expect(onMain.isEmpty, "opened on the main thread: \(onMain)")
        #expect(log.reads.filter { $0.what == .decoder }.map(\.path).prefix(2) == [tracks[0].path, tracks[1].path],
                "the started track, then the following one, opened on the worker")
        session.pause()
    }

    /// Repeat one joins the track to itself: the sine's last period runs on into its first with no gap (the
    /// join is at a zero crossing, so a gap shows as silence: two quiet samples in a row, which the sine,
    /// 1,029 LSB a sample away from zero, never has).
    @Test func repeatOneJoinsTheTrackToItself() throws {
        // 1 s of the sine is exactly 441 periods, so the end meets the start in phase.
        let path = try fixtures.sine("loop.flac", codec: ["-c:a", "flac"], seconds: 1, scale: 4, withCover: false)
        let session = PlaybackSession(tracks: [Track(path: path, tags: nil)], player: try capture.player(), seed: 1)
        session.cycleRepeat()
        session.cycleRepeat()
        #expect(session.repeatMode == .one)
        var changes = 0
        session.onTrackChange = { _ in changes += 1 }
        session.start(at: 0, playing: true)
        session.finishLoading()
        let end = Date().addingTimeInterval(60)
        while changes < 3 && Date() < end {
            if session.player.hasFinishedEvent { session.handleMusicFinished() }
            Thread.sleep(forTimeInterval: 0.005)
        }
        // The third start is heard for a moment (the change comes when the join reaches the output, which
        // may have put out nothing of it yet).
        #expect(capture.waitForFrames(capture.frameCount + 4096))
        session.pause()
        #expect(changes == 3, "started, then twice again")
        let left = capture.captured().map { Double($0.0) }
        let start = try #require(left.firstIndex { abs($0) > 2 })
        try #require(left.count >= start + 2 * 44100 + 1000, "\(left.count - start) frames heard, two joins and more expected")
        let heard = left[start..<(start + 2 * 44100 + 1000)]
        let step = zip(heard, heard.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(step < GaplessTests.sineStep * 1.01, "a step of \(step) at a join; the sine's own is \(GaplessTests.sineStep)")
        let silence = zip(heard, heard.dropFirst()).filter { abs($0) <= 2 && abs($1) <= 2 }.count
        #expect(silence == 0, "\(silence) pairs of silent samples in two seconds of a looping sine")
    }
}
