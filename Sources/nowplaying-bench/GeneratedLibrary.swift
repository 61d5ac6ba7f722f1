import Foundation
import NowPlaying

/// A library made for the benchmark in a temporary folder, as a real one is: albums of up to 20 MP3 files,
/// each with an ID3v2 tag (title, artist, album, track) and its album's cover embedded (a 300 px JPEG), so
/// the scan parses real tags with pictures in them and the carousel decodes real embedded covers.
struct GeneratedLibrary {
    let folder: URL
    let count: Int
    static let albumSize = 20
    static let coverSide = 300

    /// Writes `count` tracks under `parent/<count>-tracks`, 20 to an album folder, each with `sound` (MP3 frames).
    init(count: Int, in parent: URL, sound: [UInt8]) throws {
        self.count = count
        folder = parent.appendingPathComponent("\(count)-tracks")
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        var cover: [UInt8] = []
        for i in 0..<count {
            let album = i / GeneratedLibrary.albumSize, number = i % GeneratedLibrary.albumSize + 1
            let dir = folder.appendingPathComponent(String(format: "Album %04d", album + 1))
            if number == 1 {
                try fm.createDirectory(at: dir, withIntermediateDirectories: true)
                cover = try LargeCoverLibrary.cover(side: GeneratedLibrary.coverSide, seed: album, format: .jpeg)
            }
            let file = LargeCoverLibrary.mp3(title: "Track \(i + 1)", artist: "Bench Artist \(album % 37 + 1)",
                                             album: "Album \(album + 1)", number: number, cover: cover, format: .jpeg,
                                             sound: sound)
            try Data(file).write(to: dir.appendingPathComponent(String(format: "%02d Track %d.mp3", number, i + 1)))
        }
    }

    /// One second of a quiet tone as MP3 frames (44.1 kHz stereo, 64 kbit/s), made by the `ffmpeg` tool that
    /// scripts/install-deps.sh installs.
    static func sound(in scratch: URL) throws -> [UInt8] {
        let path = scratch.appendingPathComponent("tone.mp3").path
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ffmpeg.arguments = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                            "sine=frequency=441:duration=1", "-ac", "2", "-ar", "44100", "-c:a", "libmp3lame",
                            "-b:a", "64k", "-write_xing", "0", "-id3v2_version", "0", path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0 else { throw BenchError("ffmpeg could not make the library's sound.") }
        return try LargeCoverLibrary.sound(of: path)
    }
}
