import Foundation
import Playback
import Testing
import ViewKit
@testable import NowPlaying

/// The highlighted line against what SDL_mixer actually played, captured with SDL's disk audio driver:
/// it follows the mixer's position without drift, after a seek and after pause / resume.
@MainActor
@Suite(.serialized)
struct LyricsTimingTests {
    let dir = NSTemporaryDirectory() + "np-sync-\(UUID().uuidString)"

    /// An 8 s, 16-bit stereo WAV of a quiet tone (content does not matter here, only its clock).
    private func wav(_ path: String, seconds: Double) throws {
        let frames = Int(seconds * 44100)
        var d = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(36 + frames * 4)); d.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(2); u32(44100); u32(44100 * 4); u16(4); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(UInt32(frames * 4))
        for i in 0..<frames {
            let s = UInt16(bitPattern: Int16(sin(Double(i) * 0.05) * 3000))
            u16(s); u16(s)
        }
        try d.write(to: URL(fileURLWithPath: path))
    }

    @Test func highlightFollowsWhatIsHeard() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let audio = dir + "/song.wav", output = dir + "/out.raw"
        try wav(audio, seconds: 8)
        let lrc = (1...15).map { String(format: "[00:%05.2f]line %d", Double($0) * 0.5, $0) }.joined(separator: "\n")
        try lrc.write(toFile: dir + "/song.lrc", atomically: true, encoding: .utf8)
        setenv("SDL_DISKAUDIOFILE", output, 1)
        setenv("SDL_DISKAUDIODELAY", "20", 1)  // about 2.3 × real time
        let player = try Player(driver: "disk", fallbackToSilence: false)
        let session = PlaybackSession(tracks: [Track(path: audio, tags: nil)], player: player, seed: 1)
        let card = LyricsCardView()
        let flip = PerspectiveView(front: View(), behind: card)
        let lyrics = LyricsController(card: card, flip: flip, session: session)
        session.onTrackChange = { [unowned session, unowned lyrics] _ in
            lyrics.trackChanged(session.currentTrack!, coverColor: .black)
        }
        session.start(at: 0, playing: true)
        let parsed = try #require(card.lyrics)

        /// Seconds of audio written so far.
        func heard() -> Double {
            Double((try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0) / 4 / 44100
        }
        var checks = 0
        func sample(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let before = heard()
            lyrics.sync(animated: false)
            let position = session.position
            let after = heard()
            // The mixer runs at most a couple of device buffers (2 × 46 ms) ahead of the output; never behind.
            #expect(position >= before - 0.05 - startOffset && position <= after + 0.1 - startOffset, "\(what): mixer \(position) vs heard \(before)…\(after)", sourceLocation: sourceLocation)
            #expect(card.current == parsed.lineIndex(at: position), "\(what): the highlighted line is the one at the mixer's position", sourceLocation: sourceLocation)
            checks += 1
        }
        /// Output written before the music started (the device opened silent) shifts the comparison.
        var startOffset = 0.0
        func waitUntil(_ t: Double) { while heard() < t { Thread.sleep(forTimeInterval: 0.001) } }

        waitUntil(0.2)
        startOffset = heard() - session.position
        for t in stride(from: 0.6, through: 3.0, by: 0.4) { waitUntil(t + startOffset); sample("playing at \(t)") }
        #expect(card.current != nil)

        session.seek(to: 6)
        let afterSeek = heard()
        startOffset = afterSeek - 6
        waitUntil(afterSeek + 0.3)
        sample("after seeking to 6 s")
        #expect((card.current ?? 0) >= 10, "line 11 starts at 5.5 s")

        session.pause()
        let pausedPosition = session.position
        waitUntil(heard() + 0.5)
        lyrics.sync(animated: false)
        #expect(abs(session.position - pausedPosition) < 1e-9, "paused: the position stands still")
        #expect(card.current == parsed.lineIndex(at: pausedPosition))
        session.play()
        let resumed = heard()
        startOffset = resumed - pausedPosition
        waitUntil(resumed + 0.4)
        sample("after resuming")
        #expect(checks == 9)
        session.pause()
        withExtendedLifetime(lyrics) {}
    }
}
