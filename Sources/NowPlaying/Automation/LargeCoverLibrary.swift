import FoundationEssentials
import ViewKit

/// A folder of MP3 tracks whose embedded front covers are JPEGs (or PNGs) of `side` × `side` pixels (4000 by default,
/// as high-resolution releases ship them), made on the spot for tests and the benchmark: memory and frame
/// times must not follow a picture's size (issue 13, defect 6). The audio is one of the demo album's MP3s,
/// its tag replaced by an ID3v2.3 tag with title, artist, album, track number and the cover (APIC).
public enum LargeCoverLibrary {
    /// The cover's pixels could not be made or encoded (out of memory, say).
    public struct PictureNotMade: Error, CustomStringConvertible {
        public let side: Int
        public var description: String { "A \(side) × \(side) px cover could not be made." }
    }

    /// How the covers are encoded.
    public enum Format: Sendable { case jpeg, png }

    /// Writes `tracks` tracks into `folder` (created if needed); `audio` is the MP3 whose sound they share.
    public static func write(tracks: Int, side: Int = 4000, format: Format = .jpeg, audio: String, to folder: String) throws {
        let sound = try self.sound(of: audio)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<tracks {
            let file = mp3(title: "Large Cover \(i + 1)", artist: "Bench Artist", album: "Large Covers", number: i + 1,
                           cover: try cover(side: side, seed: i, format: format), format: format, sound: sound)
            let path = URL(fileURLWithPath: folder).appendingPathComponent((i < 9 ? "0" : "") + "\(i + 1) Large Cover.mp3")
            try Data(file).write(to: path)
        }
    }

    /// The MP3 frames of the file at `path`, without its ID3v2 tag: a sound to put under a new tag.
    public static func sound(of path: String) throws -> [UInt8] {
        withoutID3v2(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// A `side` × `side` px cover (a pattern tinted per `seed`), encoded.
    public static func cover(side: Int, seed: Int, format: Format) throws -> [UInt8] {
        let pixels = picture(side: side, seed: seed)
        guard let cover = format == .jpeg ? pixels?.jpegData(quality: 90) : pixels?.pngData() else {
            throw PictureNotMade(side: side)
        }
        return cover
    }

    /// An MP3 file: an ID3v2.3 tag with title, artist, album, track number and `cover` (APIC), then `sound`.
    public static func mp3(title: String, artist: String, album: String, number: Int, cover: [UInt8], format: Format,
                           sound: [UInt8]) -> [UInt8] {
        id3v2([("TIT2", text(title)), ("TPE1", text(artist)), ("TALB", text(album)), ("TRCK", text("\(number)")),
               ("APIC", apic(cover, format))]) + sound
    }

    /// A diagonal colour ramp with a fine woven pattern (detail for the JPEG to keep), tinted per `seed`.
    private static func picture(side: Int, seed: Int) -> Surface? {
        guard let surface = Surface(width: side, height: side) else { return nil }
        let pitch = Int(surface.pointer.pointee.pitch) / 4
        let pixels = surface.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let tint = UInt32(seed * 53 % 256)
        for y in 0..<side {
            let row = pixels + y * pitch
            let g = UInt32(y * 255 / side)
            for x in 0..<side {
                let r = UInt32(x * 255 / side), b = ((UInt32(truncatingIfNeeded: x ^ y) & 0x3F) + tint) & 0xFF
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return surface
    }

    /// The MP3 with its leading ID3v2 tag (if any) cut off.
    private static func withoutID3v2(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > 10, bytes.starts(with: Array("ID3".utf8)) else { return bytes }
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        let footer = bytes[5] & 0x10 != 0 ? 10 : 0
        return Array(bytes.dropFirst(10 + size + footer))
    }

    /// An ID3v2.3 tag of `frames` (frame sizes plain big-endian, the tag's size syncsafe).
    private static func id3v2(_ frames: [(id: String, body: [UInt8])]) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        let body: [UInt8] = frames.flatMap { frame -> [UInt8] in Array(frame.id.utf8) + be32(frame.body.count) + [0, 0] + frame.body }
        let syncsafe = [21, 14, 7, 0].map { UInt8(body.count >> $0 & 0x7F) }
        return Array("ID3".utf8) + [3, 0, 0] + syncsafe + body
    }

    /// A text frame's body: Latin-1 encoding, the text.
    private static func text(_ s: String) -> [UInt8] { [0] + Array(s.utf8) }

    /// An attached picture frame's body: encoding, MIME type, type 3 (front cover), empty description, data.
    private static func apic(_ picture: [UInt8], _ format: Format) -> [UInt8] {
        [0] + Array((format == .jpeg ? "image/jpeg" : "image/png").utf8) + [0, 3, 0] + picture
    }
}
