import Foundation

/// A library of short silent tracks made for the benchmark in a temporary folder: albums of up to 20
/// tagged WAV files (RIFF INFO title, artist, album, track), each with a sidecar cover linked to one of
/// the demo album's pictures, so tags and covers are read for real.
struct GeneratedLibrary {
    let folder: URL
    let count: Int

    /// Writes `count` tracks under `parent/<count>-tracks`, 20 to an album folder.
    init(count: Int, in parent: URL, covers: [URL]) throws {
        self.count = count
        folder = parent.appendingPathComponent("\(count)-tracks")
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<count {
            let album = i / 20, number = i % 20 + 1
            let dir = folder.appendingPathComponent(String(format: "Album %04d", album + 1))
            if number == 1 { try fm.createDirectory(at: dir, withIntermediateDirectories: true) }
            let name = String(format: "%02d Track %d", number, i + 1)
            let wav = GeneratedLibrary.silentWAV(title: "Track \(i + 1)", artist: "Bench Artist \(album % 37 + 1)",
                                                 album: "Album \(album + 1)", track: number)
            try wav.write(to: dir.appendingPathComponent(name + ".wav"))
            if !covers.isEmpty {
                try fm.createSymbolicLink(at: dir.appendingPathComponent(name + ".jpg"),
                                          withDestinationURL: covers[i % covers.count])
            }
        }
    }

    /// One second of 8 kHz, 8-bit mono silence with a RIFF INFO list.
    static func silentWAV(title: String, artist: String, album: String, track: Int) -> Data {
        func le32(_ v: Int) -> Data { withUnsafeBytes(of: UInt32(v).littleEndian) { Data($0) } }
        func le16(_ v: Int) -> Data { withUnsafeBytes(of: UInt16(v).littleEndian) { Data($0) } }
        func chunk(_ id: String, _ body: Data) -> Data {
            var d = Data(id.utf8) + le32(body.count) + body
            if body.count % 2 == 1 { d.append(0) }
            return d
        }
        func text(_ s: String) -> Data { Data(s.utf8) + Data([0]) }
        let rate = 8000
        let format = le16(1) + le16(1) + le32(rate) + le32(rate) + le16(1) + le16(8)
        let info = Data("INFO".utf8) + chunk("INAM", text(title)) + chunk("IART", text(artist))
            + chunk("IPRD", text(album)) + chunk("ITRK", text("\(track)"))
        let body = Data("WAVE".utf8) + chunk("fmt ", format) + chunk("LIST", info)
            + chunk("data", Data(repeating: 0x80, count: rate))
        return chunk("RIFF", body)
    }
}
