import CSDL2
import Foundation
import Testing
@testable import Playback

/// What SDL_mixer really plays, captured with SDL's disk audio driver (raw 16-bit stereo at 44.1 kHz),
/// compared with the samples the test itself wrote into the source file.
@MainActor
@Suite(.serialized)
final class AudioOutputTests {
    let scratch = Scratch()
    let output: String

    init() { output = scratch.path("out.raw") }

    private var capture: DiskCapture { DiskCapture(output: output) }
    private func diskPlayer() throws -> Player { try capture.player() }
    private func captured() -> [(Int16, Int16)] { capture.captured() }
    private func waitForFrames(_ frames: Int) -> Bool { capture.waitForFrames(frames) }

    /// The first source frame at or after `from` that is not silent (the chirps start at zero crossings).
    private func firstSourceSound(from: Int) -> Int {
        var i = from
        while Scratch.sample(i, channel: 0) == 0 && Scratch.sample(i, channel: 1) == 0 { i += 1 }
        return i
    }

    private func firstSound(_ frames: [(Int16, Int16)]) -> Int? { DiskCapture.firstSound(frames) }

    /// Checks `count` captured frames from `at` against the source from source frame `from`, scaled by `gain`.
    private func expectMatch(_ frames: [(Int16, Int16)], at: Int, source from: Int, count: Int, gain: Double = 1,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        guard frames.count >= at + count else {
            Issue.record("\(frames.count - at) frames captured from \(at), \(count) expected", sourceLocation: sourceLocation)
            return
        }
        var worst = 0
        for k in 0..<count {
            let l = Double(Scratch.sample(from + k, channel: 0)) * gain, r = Double(Scratch.sample(from + k, channel: 1)) * gain
            worst = max(worst, abs(Int(frames[at + k].0) - Int(l.rounded())), abs(Int(frames[at + k].1) - Int(r.rounded())))
        }
        #expect(worst <= 1, "largest difference \(worst) LSB", sourceLocation: sourceLocation)
    }

    /// Lets the player run until a second of output is captured, stops it, and returns the output from its
    /// first non-silent frame on.
    private func heardFromFirstSound(_ player: Player, sourceLocation: SourceLocation = #_sourceLocation) throws -> ArraySlice<(Int16, Int16)> {
        // Counted from now (after `play`): the device wrote silence for as long as loading took.
        #expect(waitForFrames(capture.frameCount + 44100), sourceLocation: sourceLocation)
        player.stop()
        let frames = captured()
        let first = firstSound(frames)
        let start = try #require(first, "nothing but silence", sourceLocation: sourceLocation)
        return frames[start...]
    }

    /// A player on the disk device with a fresh `seconds`-long WAV of the test's chirps loaded (paused at 0).
    private func loadedPlayer(_ name: String, seconds: Double) throws -> Player {
        let wav = try scratch.wav(name, seconds: seconds)
        let player = try diskPlayer()
        try player.loadNow(wav)
        return player
    }

    /// Checks that what the player sounds from now (from its first non-silent frame) is the source from its first
    /// sound at or after source frame `from`, `count` frames of it, scaled by `gain`.
    private func expectHeard(_ player: Player, from: Int, count: Int, gain: Double = 1,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let heard = try heardFromFirstSound(player, sourceLocation: sourceLocation)
        expectMatch(Array(heard), at: 0, source: firstSourceSound(from: from), count: count, gain: gain, sourceLocation: sourceLocation)
    }

    @Test func playingPutsTheTracksSamplesOnTheOutput() throws {
        let player = try loadedPlayer("tone.wav", seconds: 3)
        player.play()
        try expectHeard(player, from: 0, count: 30_000)
    }

    /// A player made not to open its output (a program starting paused) opens none for a paused load: only when
    /// something is to be heard. Where it can only play silence, it says why once, not at every reopening.
    @Test func aPlayerStartingPausedOpensItsOutputAtPlay() throws {
        let s = Scratch()
        let player = try Player(driver: "no-such-driver", opensOutput: false)
        var told: [String] = []
        player.onOutputProblem = { told.append($0) }
        #expect(!player.isOutputOpen && player.openProblem == nil)
        try player.loadNow(try s.wav("t.wav", seconds: 1))
        #expect(!player.isOutputOpen, "a paused load opens no output")
        player.play()
        #expect(player.isOutputOpen && player.state == .playing, "play opens it")
        #expect(told.count == 1 && told[0].contains("No audio output could be opened"), "\(told)")
        player.pause()
        #expect(player.releaseOutput())
        player.resume()
        #expect(player.isOutputOpen && told.count == 1, "said once: \(told)")
        player.stop()
        // A MIDI file, which SDL_mixer decodes opening SDL's audio on the opener's thread when it is closed, opens the
        // output first, on this thread, paused or not (the two threads would otherwise open SDL's audio at once).
        let midi = try Player(driver: "dummy", opensOutput: false)
        midi.load(try s.write("song.mid", text: "MThd"))
        #expect(midi.isOutputOpen)
        midi.waitForOpening()
        _ = midi.handleOpenedEvent()
    }

    /// A play that can open no output at all (no device and no falling back to silence; in the app, SDL_mixer
    /// missing) says why, once, rather than staying stopped without a word.
    @Test func aPlayThatCanOpenNoOutputSaysWhy() throws {
        let s = Scratch()
        let player = try Player(driver: "no-such-driver", fallbackToSilence: false, opensOutput: false)
        var told: [String] = []
        player.onOutputProblem = { told.append($0) }
        try player.loadNow(try s.wav("t.wav", seconds: 1))
        player.play()
        #expect(!player.isOutputOpen && player.state != .playing)
        #expect(told.count == 1 && told[0].hasPrefix("No audio output could be opened") && told[0].hasSuffix("Nothing plays."), "\(told)")
        player.play()
        #expect(told.count == 1, "said once: \(told)")
    }

    /// Issue 18 (start-up): with SDL pinned to another driver (`SDL_AUDIODRIVER`, as the tests pin it), an early
    /// output asks no server, and a player made with it opens SDL's driver as it would have without it. (With a
    /// server, the app's stream is the one connected early: QuietNeighbourTests.)
    @Test func anEarlyOutputAsksNoServerWhenSDLIsPinnedToAnotherDriver() throws {
        #expect(getenv("SDL_AUDIODRIVER").map { String(cString: $0) } == "dummy", "the tests pin SDL to the dummy driver")
        let early = Player.EarlyOutput(stream: StreamDescription(name: "NowPlaying", iconName: "nowplaying"))
        #expect(!early.asksServer)
        let player = try Player(early: early)
        #expect(player.driver == "dummy")
    }

    @Test func pauseGivesSilenceAndResumeContinues() throws {
        let player = try loadedPlayer("long.wav", seconds: 20)
        player.play()
        #expect(waitForFrames(capture.frameCount + 3 * 2048))
        player.pause()
        let pausedAt = (try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0) / 4
        try #require(waitForFrames(pausedAt + 20_000))
        let frames = captured()
        #expect(player.position < 19, "paused inside the track")
        let tail = frames[(pausedAt + 4096)..<(pausedAt + 20_000)]
        #expect(tail.allSatisfy { $0.0 == 0 && $0.1 == 0 }, "silence while paused")
        #expect(frames[..<pausedAt].contains { $0.0 != 0 }, "sound before the pause")
        player.stop()
    }

    @Test func seekingToTenSecondsPlaysFromTenSeconds() throws {
        let player = try loadedPlayer("twelve.wav", seconds: 12)
        player.seek(to: 10)
        #expect(player.state == .paused)
        player.resume()
        try expectHeard(player, from: 441_000, count: 20_000)
    }

    /// Released while paused, the output is really closed (no device, no audio thread), and resuming reopens
    /// it and plays on from where the track was paused.
    @Test func releasedOutputClosesTheDeviceAndResumesWhereItWas() throws {
        let player = try loadedPlayer("release.wav", seconds: 12)
        player.play()
        player.releaseOutput()
        #expect(player.isOutputOpen, "never while playing")
        player.pause()
        player.seek(to: 10)
        player.releaseOutput()
        #expect(!player.isOutputOpen)
        #expect(SDL_WasInit(SDL_INIT_AUDIO) == 0, "SDL's audio (and its thread) is shut down")
        #expect(abs(player.position - 10) < 0.05)
        #expect(abs(player.duration - 12) < 0.01)
        try FileManager.default.removeItem(atPath: output)
        player.resume()
        #expect(player.isOutputOpen && player.state == .playing)
        try expectHeard(player, from: 441_000, count: 20_000)
    }

    /// An output that reports `frames` written and not yet heard, as a sound server's stream does while held.
    private final class WroteAhead: AudioOutput {
        let latencyFrames: Int
        init(frames: Int) { latencyFrames = frames }
        let driver = "wrote-ahead"
        var appliesVolume: Bool { true }
        var isLost: Bool { false }
        func setVolume(_ amplitude: Double) {}
        func setPaused(_ paused: Bool) {}
        func dropWritten() {}
        func describe(_ stream: StreamDescription) {}
        func close() {}
    }

    /// Releases the player's output, then one that holds 22,050 frames (0.5 s) written and not heard, as a sound
    /// server's stream held by a pause does, and releases that.
    private func releaseHoldingHalfASecond(_ player: Player) {
        player.releaseOutput()
        player.attach(WroteAhead(frames: 22_050))
        player.releaseOutput()
    }

    /// A sound server's stream holds what was written ahead and not heard (half a second on PulseAudio), and it
    /// goes with the stream when the output is released after a pause: the position stays the one shown, and
    /// resuming plays on from there. It went on from what had been written (a tester: resuming after a pause
    /// of more than 2 s, the released output's time, skipped ahead and the clock then stalled).
    @Test func releasingAnOutputThatWroteAheadResumesWhereItWasHeard() throws {
        let player = try loadedPlayer("ahead.wav", seconds: 12)
        player.seek(to: 5)
        // Paused at 5 s as written; a server's stream would report 22,050 frames (0.5 s) of it not yet heard.
        releaseHoldingHalfASecond(player)
        #expect(!player.isOutputOpen)
        #expect(abs(player.position - 4.5) < 0.001, "5 s written, 0.5 s of it not heard: the position shown stays")
        try FileManager.default.removeItem(atPath: output)
        player.resume()
        try expectHeard(player, from: 198_450, count: 20_000)
    }

    /// Paused in the last half second of the queue's last track, all of it written (the feed has ended) and half a
    /// second of it not heard: released, the track goes back to where it was heard, and resuming plays its end
    /// (it was skipped: a review of the rewind, which left an ended feed as it was).
    @Test func releasingAnOutputAtTheEndKeepsItsUnheardEnd() throws {
        let player = try loadedPlayer("end.wav", seconds: 3)
        player.seek(to: 2.9)
        player.play()
        var ended = false
        for _ in 0..<500 where !ended {
            usleep(10_000)
            ended = player.feed.withState { $0.ended }
        }
        #expect(ended, "the disk device took the track's last samples")
        player.pause()
        releaseHoldingHalfASecond(player)
        #expect(abs(player.position - 2.5) < 0.001, "3 s written, 0.5 s of it not heard")
        #expect(player.feed.withState { !$0.ended }, "its end is still to play")
    }

    /// Volume 0.5 on the cubic curve: 0.5³ = 0.125 of the amplitude.
    @Test func volumeScalesTheSamples() throws {
        let wav = try scratch.wav("half.wav", seconds: 3)
        let player = try diskPlayer()
        player.volume = 0.5
        #expect(player.volume == 0.5)
        try player.loadNow(wav)
        player.play()
        try expectHeard(player, from: 0, count: 20_000, gain: 0.125)
    }
}
