import Foundation
import Playback
import Testing
@testable import NowPlaying

/// The desktop entry offers the app for every file type it plays, as the desktop names them: shared-mime-info's
/// database (the outside reference file managers use) maps each extension the library reads to a type, and
/// that type is in the entry's MimeType and in MPRIS SupportedMimeTypes.
struct MimeTypeTests {
    private let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// shared-mime-info's type for `*.ext`, nil when it has none.
    private func sharedMimeType(of ext: String, in database: String) -> String? {
        guard let glob = database.range(of: "<glob pattern=\"*.\(ext)\"") else { return nil }
        guard let start = database.range(of: "<mime-type type=\"", options: .backwards, range: database.startIndex..<glob.lowerBound)
        else { return nil }
        return database[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    @Test func everyFormatThePlayerReadsIsOfferedToTheDesktop() throws {
        let database = try String(contentsOfFile: "/usr/share/mime/packages/freedesktop.org.xml", encoding: .utf8)
        let entry = try String(contentsOfFile: source + "/Assets/Desktop/nowplaying.desktop", encoding: .utf8)
        let line = try #require(entry.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let offered = Set(line.dropFirst("MimeType=".count).split(separator: ";").map(String.init))
        // An .mp4 is video to the desktop: offering the player for every video would be wrong.
        let audio = (Library.audioExtensions.union(Library.playlistExtensions)).compactMap { sharedMimeType(of: $0, in: database) }
            .filter { $0.hasPrefix("audio/") }
        for type in ["audio/mp4", "audio/x-ms-wma", "audio/aac", "audio/flac", "audio/mpeg", "audio/ogg", "audio/x-mpegurl"] {
            #expect(audio.contains(type), "shared-mime-info names \(type) for a format the library reads")
        }
        for type in audio { #expect(offered.contains(type), "the desktop entry offers \(type)") }
        #expect(Set(MediaBus.mimeTypes) == offered.subtracting(["inode/directory"]), "MPRIS lists what the entry lists")
    }
}
