import Foundation
import Testing
@testable import Playback

/// Tags are read once per track, asking only for what is needed: the library scan reads the text tags
/// and never copies a picture; a cover or lyrics lookup reads only its own field; the folder beside a
/// track is listed once however many lookups there are.
@MainActor
struct TagReadTests {
    let scratch = Scratch()
    var fixtures: EncodedFixtures { EncodedFixtures(scratch: scratch) }

    private func album() throws -> [String] {
        try (1...3).map { n in
            try fixtures.sine("album/\(n).m4a", codec: ["-c:a", "aac"], seconds: 0.2, withCover: true,
                              tags: ["title": "Song \(n)", "album": "Covers", "lyrics": "words \(n)"])
        }
    }

    @Test func aScanReadsEachTrackOnceWithoutPictures() throws {
        let paths = try album()
        let log = ReadLog()
        let loaded = ReadLog.$current.withValue(log) { Library.load([scratch.path("album")]) }
        #expect(loaded.tracks.map(\.title) == ["Song 1", "Song 2", "Song 3"])
        #expect(log.reads.map(\.path).sorted() == paths.sorted(), "one TagLib open per track")
        #expect(log.reads.allSatisfy { !$0.fields.contains(.picture) }, "no picture copied by the scan")
    }

    @Test func coverAndLyricsReadOnlyTheirFieldAndListTheFolderOnce() throws {
        let paths = try album()
        try scratch.write("album/2.lrc", text: "[00:00.10]from the side")
        let folders = FolderListings()
        let log = ReadLog()
        ReadLog.$current.withValue(log) {
            for path in paths {
                if case .embedded = CoverArt.find(for: path, folders: folders) {} else { Issue.record("no embedded cover in \(path)") }
                _ = Lyrics.find(for: path, folders: folders)
            }
        }
        #expect(log.reads.filter { $0.fields.contains(.picture) }.map(\.what) == [.tags(.picture), .tags(.picture), .tags(.picture)])
        #expect(log.reads.filter { $0.fields.contains(.lyrics) }.map(\.fields) == [.lyrics, .lyrics], "2.lrc beside track 2 needs no tag read")
        #expect(folders.listings == 1, "the album's folder listed once, not at every lookup")
        #expect(Lyrics.find(for: paths[1], folders: folders).lyrics?.source == "2.lrc")
    }
}
