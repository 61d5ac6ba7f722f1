import Dispatch
import Foundation
import Locking
import Testing
@testable import Playback

/// A decoder is let go (its file closed, its memory freed) outside the lock on what the audio thread plays.
/// Letting go may wait for the audio thread — SDL_mixer's `Mix_FreeChunk` takes SDL's audio lock, which the
/// audio thread holds while it fills a buffer — and the audio thread, filling, waits for that lock: released
/// under it, the two waited for each other for ever (seen under ThreadSanitizer, the interface frozen on the
/// folder of every format's good MIDI track). The decoder here does what `Mix_FreeChunk` does: on release it
/// waits for another thread to read the player's state.
@Suite(.serialized) @MainActor
struct DecoderReleaseTests {
    /// A minute of silence that, when released, has another thread read the feed's state and logs whether
    /// that thread got to it (ten seconds at most: a thread that cannot means the state's lock is held).
    final class ReleaseProbe: Decoder, Sendable {
        let feed: OutputFeed
        let log: Locked<[String]>
        let name: String
        init(_ name: String, feed: OutputFeed, log: Locked<[String]>) { self.name = name; self.feed = feed; self.log = log }

        var frameCount: Int { 44_100 * 60 }
        var streamTags: StreamTags { StreamTags(title: name) }
        func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
            for i in buffer.indices { buffer[i] = 0 }
            return buffer.count / 2
        }
        func seek(toFrame frame: Int) {}

        deinit {
            let feed = self.feed, read = DispatchSemaphore(value: 0)
            Thread { _ = feed.withState { $0.playing }; read.signal() }.start()
            let free = read.wait(timeout: .now() + 10) == .success
            log.withLock { $0.append("\(name) released \(free ? "freely" : "under the state's lock")") }
        }
    }

    private func player(log: Locked<[String]>) throws -> Player {
        let player = try Player(driver: "dummy", fallbackToSilence: false)
        let feed = player.feed
        player.openDecoder = { path, _, _ in ReleaseProbe(path, feed: feed, log: log) }
        return player
    }

    @Test func loadingAnotherTrackLetsTheCurrentAndQueuedOnesGoOutsideTheLock() throws {
        let log = Locked<[String]>([])
        let player = try player(log: log)
        try player.loadNow("/a.wav")
        player.queueNext("/b.wav")
        player.waitForOpening()
        player.play()
        try player.loadNow("/c.wav")
        #expect(log.withLock { $0 }.sorted() == ["/a.wav released freely", "/b.wav released freely"])
    }

    @Test func unqueuingLetsTheQueuedTrackGoOutsideTheLock() throws {
        let log = Locked<[String]>([])
        let player = try player(log: log)
        try player.loadNow("/a.wav")
        player.queueNext("/b.wav")
        player.waitForOpening()
        player.queueNext("/c.wav")
        player.waitForOpening()
        player.queueNext(nil)
        #expect(log.withLock { $0 } == ["/b.wav released freely", "/c.wav released freely"])
    }
}
