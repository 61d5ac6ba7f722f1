import Dispatch
import Foundation
import Locking
import Testing
@testable import Playback

/// Issue 17, "no read of a file on the interface thread can block it": a decoder whose file hangs (a slow
/// network disk, a seek that decodes from the start) holds up neither the player's calls nor its position.
/// The decoder here blocks inside `seek` or `read` until the test lets it go, and every step is logged in
/// order: the interface thread's calls must return while the decoder is still blocked. (Had a call waited, it
/// would return only after the decoder gave up, ten seconds later, and the log's order would show it: the test
/// reads an order of events, not a time.)
@Suite(.serialized) @MainActor
struct InterfaceThreadTests {
    /// A second of silence that blocks in `seek` or `read` (as set) until `gate` is signalled or ten seconds pass.
    final class GateDecoder: Decoder, Sendable {
        enum Blocking { case none, seek, read }
        let blocking = Locked(Blocking.none)
        let log: Locked<[String]>
        let gate = DispatchSemaphore(value: 0)
        init(log: Locked<[String]>) { self.log = log }

        var frameCount: Int { 44_100 * 60 }
        var streamTags: StreamTags { StreamTags(title: "gate") }

        private func pass(_ what: Blocking, _ name: String) {
            guard blocking.withLock({ $0 == what ? (($0 = .none), true).1 : false }) else { return }
            log.withLock { $0.append("\(name) began") }
            let opened = gate.wait(timeout: .now() + 10) == .success
            log.withLock { $0.append(opened ? "\(name) ended" : "\(name) gave up") }
        }

        func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
            pass(.read, "read")
            for i in buffer.indices { buffer[i] = 0 }
            return buffer.count / 2
        }

        func seek(toFrame frame: Int) { pass(.seek, "seek") }
    }

    private func player(with decoder: GateDecoder) throws -> Player {
        let player = try Player(driver: "dummy", fallbackToSilence: false)
        player.openDecoder = { _, _, _ in decoder }
        try player.loadNow("/gate.wav")
        return player
    }

    /// Waits (off the interface's work: the decoder blocks on another thread) until the log has `entry`.
    private func waitUntil(_ log: Locked<[String]>, has entry: String) -> Bool {
        for _ in 0..<2_000 where !log.withLock({ $0.contains(entry) }) { usleep(5_000) }
        return log.withLock { $0.contains(entry) }
    }

    @Test func aSeekReturnsAtOnceWhileTheDecoderIsStillGettingThere() throws {
        let log = Locked<[String]>([])
        let decoder = GateDecoder(log: log)
        let player = try player(with: decoder)
        player.play()
        decoder.blocking.withLock { $0 = .seek }
        player.seek(to: 30)
        #expect(waitUntil(log, has: "seek began"), "the seek reached the decoder (on the worker)")
        // The decoder is stuck in its seek: the interface goes on.
        let position = player.position
        player.pause()
        player.volume = 0.5
        player.seek(to: 31)
        log.withLock { $0.append("interface went on") }
        decoder.gate.signal()
        player.waitForOpening()
        #expect(abs(position - 30) < 0.001, "the position is the seek's at once: \(position)")
        #expect(log.withLock { $0 } == ["seek began", "interface went on", "seek ended"])
    }

    @Test func theAudioThreadReadingAHangingFileHoldsUpNothingElse() throws {
        let log = Locked<[String]>([])
        let decoder = GateDecoder(log: log)
        let player = try player(with: decoder)
        decoder.blocking.withLock { $0 = .read }
        player.play()
        #expect(waitUntil(log, has: "read began"), "the audio thread is reading")
        _ = player.position
        _ = player.duration
        player.volume = 0.25
        player.pause()
        player.resume()
        player.seek(to: 2)
        log.withLock { $0.append("interface went on") }
        decoder.gate.signal()
        player.waitForOpening()
        #expect(Array(log.withLock { $0 }.prefix(3)) == ["read began", "interface went on", "read ended"])
    }
}
