import Foundation
import Testing
@testable import Playback

struct AlbumManifestTests {
    private func write(_ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("album.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func readsTracksInAlbumOrderWithAbsolutePaths() throws {
        let path = try write("""
        {"album": "A", "artist": "Band", "tracks": [
          {"number": 2, "title": "Second", "cover": "c/2.jpg", "file": "2.ogg", "duration": 61},
          {"number": 1, "title": "First", "artist": "Guest"}
        ]}
        """)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let tracks = try AlbumManifest.load(from: path).tracks(relativeTo: folder)
        #expect(tracks.map(\.title) == ["First", "Second"])
        #expect(tracks[0].artist == "Guest" && tracks[1].artist == "Band", "track artist overrides the album's")
        #expect(tracks[1].coverPath == folder + "/c/2.jpg")
        #expect(tracks[1].path == folder + "/2.ogg")
        #expect(tracks[1].duration == 61 && tracks[1].album == "A" && tracks[1].trackNumber == 2)
    }

    @Test func missingFileSaysSo() {
        do {
            _ = try AlbumManifest.load(from: "/nonexistent/album.json")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("does not exist"))
        }
    }

    @Test func malformedJSONSaysSo() throws {
        let path = try write("{ not json")
        do {
            _ = try AlbumManifest.load(from: path)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("not a valid album description"))
        }
    }

    @Test func emptyAlbumIsRefused() throws {
        let path = try write(#"{"album": "A", "artist": "B", "tracks": []}"#)
        #expect(throws: AlbumManifest.LoadError.self) { try AlbumManifest.load(from: path) }
    }

    @Test func bundledDemoAlbumIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Assets/Demo/album.json").path
        let tracks = try AlbumManifest.load(from: path).tracks(relativeTo: root.appendingPathComponent("Assets/Demo").path)
        #expect(tracks.count >= 8)
        for t in tracks { #expect(FileManager.default.fileExists(atPath: t.coverPath ?? ""), "cover of \(t.title)") }
    }
}
