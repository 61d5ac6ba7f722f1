import Foundation
import Playback
import Testing
@testable import NowPlaying
@testable import ViewKit

/// The covers written for media controls (mpris:artUrl): kept within a budget, for the user alone, and where XDG
/// says (a tester found 68 MB written for 16 tracks and never removed, the folder readable by all, and a relative
/// XDG_CACHE_HOME followed into the working folder).
struct CoverCacheTests {
    @Test func theCoversStayWithinTheBudgetTheLatestKept() throws {
        let root = NSTemporaryDirectory() + "np-artcache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try LargeCoverLibrary.write(tracks: 4, side: 1600, audio: try AppResources.locate().demoAlbum + "/02-paper-satellites.mp3",
                                    to: root + "/album")
        let tracks = (1...4).map { root + "/album/0\($0) Large Cover.mp3" }
        let sizes = try tracks.map { track -> Int in
            guard case .embedded(let bytes) = CoverArt.find(for: track, folders: FolderListings()) else { throw CocoaError(.fileReadCorruptFile) }
            return bytes.count
        }
        // Room for two and a half of them.
        let budget = sizes.reduce(0, +) * 5 / 8
        var cache = CoverCache(folders: FolderListings(), environment: ["XDG_CACHE_HOME": root + "/cache", "HOME": root], budget: budget)
        let urls = tracks.map { cache.url(for: $0) }
        let folder = root + "/cache/nowplaying/covers"
        #expect(cache.directory == folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let kept = try names.map { try #require(FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size] as? Int) }
        #expect(kept.reduce(0, +) <= budget, "\(names.count) covers of \(kept) bytes, budget \(budget)")
        let latest = try #require(urls.last.flatMap { $0 }.flatMap { URL(string: $0)?.path })
        #expect(FileManager.default.fileExists(atPath: latest), "the cover shown now is kept")
        let mode = try #require(FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0, "the folder is the user's alone: \(String(mode, radix: 8))")
        let fileMode = try #require(FileManager.default.attributesOfItem(atPath: latest)[.posixPermissions] as? Int)
        #expect(fileMode & 0o077 == 0, "and so are its files: \(String(fileMode, radix: 8))")
        // The first track's cover, trimmed to make room, is written again when that track is shown again (its URL
        // was remembered: a desktop would have been pointed at a file no longer there).
        let first = try #require(urls.first.flatMap { $0 }.flatMap { URL(string: $0)?.path })
        #expect(!FileManager.default.fileExists(atPath: first), "the oldest went")
        #expect(cache.url(for: tracks[0]) == urls[0] && FileManager.default.fileExists(atPath: first), "and comes back when shown")
    }

    @Test func aRelativeCacheHomeIsIgnored() {
        #expect(CacheFolder.path(application: "nowplaying", name: "covers", environment: ["XDG_CACHE_HOME": "relcache", "HOME": "/home/ada"])
                == "/home/ada/.cache/nowplaying/covers")
        #expect(CacheFolder.path(application: "nowplaying", name: "covers", environment: ["XDG_CACHE_HOME": "/var/cache/ada", "HOME": "/home/ada"])
                == "/var/cache/ada/nowplaying/covers")
        #expect(CoverCache(folders: FolderListings(), environment: ["XDG_CACHE_HOME": "relcache", "HOME": "/home/ada"]).directory
                == "/home/ada/.cache/nowplaying/covers")
    }
}
