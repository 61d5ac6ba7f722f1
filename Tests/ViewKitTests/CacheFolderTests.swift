import Foundation
import Testing
@testable import ViewKit

/// A cache folder is made for its user alone, and one an older version left readable by others is made so; but the
/// user's own permissions are the user's: a folder made read-only stays read-only, and a file where the folder should
/// be is left as it is (a tester's `chmod 555` came back as `drwx------` after one start).
struct CacheFolderTests {
    private func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vk-cachefolder-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test func aFolderItMakesIsTheUsersAlone() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = CacheFolder(path: dir + "/app/pictures", budget: 1 << 20)
        #expect(folder.write([1, 2, 3], to: folder.path + "/a.pic") == nil)
        #expect(mode(folder.path) == 0o700)
    }

    @Test func aFolderReadableByOthersLosesOnlyTheirBits() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = CacheFolder(path: dir + "/pictures", budget: 1 << 20)
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        _ = folder.write([1, 2, 3], to: folder.path + "/a.pic")
        #expect(mode(folder.path) == 0o700)
        // Made read-only by its user (r-x for all): others lose theirs, the user keeps r-x, not a write bit back.
        chmod(folder.path, 0o555)
        _ = folder.write([4, 5, 6], to: folder.path + "/b.pic")
        #expect(mode(folder.path) == 0o500, "the user's read-only folder: \(String(mode(folder.path), radix: 8))")
        chmod(folder.path, 0o700)
    }

    @Test func aFileWhereTheFolderShouldBeIsLeftAlone() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = CacheFolder(path: dir + "/pictures", budget: 1 << 20)
        FileManager.default.createFile(atPath: folder.path, contents: Data([1]))
        chmod(folder.path, 0o644)
        #expect(folder.write([1, 2, 3], to: folder.path + "/a.pic") != nil, "no folder to write in")
        #expect(mode(folder.path) == 0o644)
    }

    /// Without HOME (nor XDG_CACHE_HOME) the folder is in the user's home from the password database, not in a
    /// /tmp/.cache that every user of the machine may make first and fill (a tester's find).
    @Test func withoutAHomeTheFolderIsStillTheUsers() throws {
        let path = CacheFolder.path(application: "app", name: "pictures", environment: [:])
        #expect(path.hasPrefix("/") && path.hasSuffix("/.cache/app/pictures") && !path.hasPrefix("/tmp/"), "\(path)")
    }
}
