import Foundation
import Testing
@testable import Playback

/// The volume is the app's own, on a cubic curve, and what is heard keeps it through everything that
/// reopens or replaces the output: measured in the samples written by SDL's disk driver, not the getter.
@MainActor
@Suite(.serialized)
final class VolumeTests {
    let scratch = Scratch()
    var capture: DiskCapture { DiskCapture(output: scratch.path("out.raw")) }
    /// The test chirp is a 12,000-LSB sine: its RMS at full volume is 12000 / √2.
    let fullScaleRMS = 12000 / 2.0.squareRoot()
    /// Slider 0.3 on a cubic curve: 0.3³ = 0.027 of full amplitude (about −31 dB).
    let expectedRatio = 0.3 * 0.3 * 0.3

    private func expectHeardAtThirtyPercent(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ratio = capture.rmsOfNext(30_000, sourceLocation: sourceLocation) / fullScaleRMS
        #expect(abs(ratio - expectedRatio) < expectedRatio * 0.02, "\(what): heard at \(ratio) of full scale",
                sourceLocation: sourceLocation)
    }

    @Test func fullVolumeIsUnscaled() throws {
        let player = try capture.player()
        try player.loadNow(try scratch.wav("a.wav", seconds: 20))
        player.play()
        let ratio = capture.rmsOfNext(30_000) / fullScaleRMS
        #expect(abs(ratio - 1) < 0.01)
        player.stop()
    }

    @Test func thirtyPercentSurvivesReleaseTrackChangeAndRestart() throws {
        let a = try scratch.wav("a.wav", seconds: 20), b = try scratch.wav("b.wav", seconds: 20)
        var player: Player? = try capture.player()
        player!.volume = 0.3
        try player!.loadNow(a)
        player!.play()
        expectHeardAtThirtyPercent("first play")

        // Paused past the 2 s release: the output is closed and reopened (Mix_OpenAudio) on resume.
        player!.pause()
        player!.releaseOutput()
        #expect(!player!.isOutputOpen)
        capture.reset()
        player!.resume()
        expectHeardAtThirtyPercent("after the output was released and reopened")

        // A track change.
        try player!.loadNow(b)
        player!.play()
        expectHeardAtThirtyPercent("after a track change")

        // Quit (after a release) and start again from the saved state.
        player!.pause()
        player!.releaseOutput()
        let session = PlaybackSession(tracks: [Track(path: b, tags: nil)], player: player!, seed: 1)
        let dir = scratch.path("state")
        try session.state.save(to: dir)
        player = nil
        let saved = try #require(try PlaybackState.load(from: dir))
        #expect(saved.volume == 0.3, "the saved volume is the one the user set")
        capture.reset()
        let restarted = try capture.player()
        restarted.volume = saved.volume
        try restarted.loadNow(saved.paths[saved.current])
        restarted.play()
        expectHeardAtThirtyPercent("after a restart")
        restarted.stop()
    }
}
