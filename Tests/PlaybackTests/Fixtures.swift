import Foundation
@testable import Playback

/// Files made by the tests themselves, in a fresh temporary folder.
struct Scratch {
    let dir: URL

    init() {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("pb-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let p = path(name)
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    @discardableResult
    func write(_ name: String, text: String) throws -> String { try write(name, Array(text.utf8)) }

    /// The signal the audio tests play: two different chirps, so every position is recognisable.
    static func sample(_ i: Int, channel: Int) -> Int16 {
        let t = Double(i) / 44100
        let f = channel == 0 ? 220 + 40 * t : 330 + 25 * t
        return Int16((sin(2 * .pi * f * t) * 12000).rounded())
    }

    /// A 16-bit stereo 44.1 kHz WAV of `seconds` of the test signal.
    @discardableResult
    func wav(_ name: String, seconds: Double) throws -> String {
        let frames = Int(seconds * 44100)
        var data = [UInt8]()
        func u32(_ v: UInt32) { data += withUnsafeBytes(of: v.littleEndian, Array.init) }
        func u16(_ v: UInt16) { data += withUnsafeBytes(of: v.littleEndian, Array.init) }
        data += Array("RIFF".utf8); u32(UInt32(36 + frames * 4)); data += Array("WAVE".utf8)
        data += Array("fmt ".utf8); u32(16); u16(1); u16(2); u32(44100); u32(44100 * 4); u16(4); u16(16)
        data += Array("data".utf8); u32(UInt32(frames * 4))
        data.reserveCapacity(data.count + frames * 4)
        for i in 0..<frames {
            u16(UInt16(bitPattern: Scratch.sample(i, channel: 0)))
            u16(UInt16(bitPattern: Scratch.sample(i, channel: 1)))
        }
        return try write(name, data)
    }

    /// The repository's demo album folder.
    static var demoAlbum: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/Demo").path
    }
}
