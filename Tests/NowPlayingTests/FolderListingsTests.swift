import Foundation
import NowPlaying
import Testing

/// Issue 16: "folder listings are cached per folder". The app looks beside each track for its cover (the card,
/// the library, MPRIS's mpris:artUrl) and its lyrics through one `FolderListings`: a real window on a bus, run
/// with `--stats`, lists each folder once however many of its tracks it shows.
struct FolderListingsTests {
    @Test func eachFolderIsListedOnceForCoversAndLyrics() throws {
        // Tracks with no picture inside: every cover lookup looks in the folder (and finds cover.jpg).
        let album = NSTemporaryDirectory() + "np-listed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        let demo = try AppResources.locate().demoAlbum
        for n in 1...3 { try FileManager.default.copyItem(atPath: demo + "/07-lantern-bay.opus", toPath: album + "/\(n) Lantern.opus") }
        try FileManager.default.copyItem(atPath: demo + "/07-lantern-bay.jpg", toPath: album + "/cover.jpg")
        let stats = album + ".stats.json"
        let app = try RunningApp(arguments: ["--stats", stats, album])
        let cover = URL(fileURLWithPath: album + "/cover.jpg").absoluteString
        for n in 1...3 {
            if n > 1 { try app.playerctl("next") }
            #expect(try waitFor(30) { try app.playerctl("metadata", "xesam:url").hasSuffix("/\(n)%20Lantern.opus") }, "track \(n)")
            #expect(try app.playerctl("metadata", "mpris:artUrl") == cover)
            _ = try app.dump()
        }
        try app.x.run("xdotool", ["key", "--window", app.window, "q"])
        #expect(waitFor(30) { !app.app.isRunning })
        #expect(app.app.wait() == 0)
        let report = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: stats)))
        let reads = try #require(report.reads)
        #expect(reads.mostListingsOfAFolder == 1, "the album's folder listed once for its covers, artUrls and lyrics")
    }
}
