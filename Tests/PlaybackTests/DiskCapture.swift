import Foundation
import Testing
@testable import Playback

/// What SDL_mixer really plays, captured with SDL's disk audio driver (raw 16-bit stereo at 44.1 kHz) into
/// a file of the test's own, read back as frames.
@MainActor
struct DiskCapture {
    let output: String

    /// A player on the disk driver writing to `output` (the driver reads its settings when it opens).
    func player(backends: [DecoderBackend] = DecoderBackend.all) throws -> Player {
        setenv("SDL_DISKAUDIOFILE", output, 1)
        // Faster than real time, yet slow enough that pausing lands inside the track.
        setenv("SDL_DISKAUDIODELAY", "4", 1)
        return try Player(driver: "disk", fallbackToSilence: false, backends: backends)
    }

    /// Frames written so far.
    var frameCount: Int { ((try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0) / 4 }

    /// The captured frames as (left, right) pairs.
    func captured() -> [(Int16, Int16)] {
        guard let data = FileManager.default.contents(atPath: output) else { return [] }
        return data.withUnsafeBytes { raw in
            let s = raw.bindMemory(to: Int16.self)
            return stride(from: 0, to: s.count - 1, by: 2).map { (Int16(littleEndian: s[$0]), Int16(littleEndian: s[$0 + 1])) }
        }
    }

    /// Waits (pumping nothing: the disk driver writes from its own thread) until `frames` are captured.
    func waitForFrames(_ frames: Int) -> Bool {
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            if frameCount >= frames { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }

    /// Index of the first non-silent frame.
    static func firstSound(_ frames: [(Int16, Int16)]) -> Int? { frames.firstIndex { $0.0 != 0 || $0.1 != 0 } }

    /// Root mean square of the left channel.
    static func rms(_ frames: ArraySlice<(Int16, Int16)>) -> Double {
        (frames.reduce(0.0) { $0 + Double($1.0) * Double($1.0) } / Double(max(1, frames.count))).squareRoot()
    }

    /// The left channel's RMS over the next `count` frames the player puts out from now, skipping the
    /// device buffers already queued (at most 8192 frames).
    func rmsOfNext(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Double {
        let start = frameCount + 8192
        guard waitForFrames(start + count) else {
            Issue.record("the player put out fewer than \(count) frames in a minute", sourceLocation: sourceLocation)
            return .nan
        }
        return DiskCapture.rms(captured()[start..<(start + count)])
    }

    /// Removes the capture (before the output is reopened, which starts a new file).
    func reset() { try? FileManager.default.removeItem(atPath: output) }
}
