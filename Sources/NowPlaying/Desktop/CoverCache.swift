import FoundationEssentials
import Playback
import ViewKit

/// Pictures for media controls (MPRIS mpris:artUrl) as files: a cover embedded in the audio file is written
/// once to `$XDG_CACHE_HOME/nowplaying/covers` (default `~/.cache/…`), named by its content, and a picture
/// beside the file is named as it is. The folder is kept within `budget` (the least recently shown covers go
/// first; an album's tracks share one file). Used on the bus thread only.
struct CoverCache {
    /// What the written covers may take on the disk.
    static let budget = 64 << 20
    private let folder: CacheFolder
    var directory: String { folder.path }
    /// The app's folder listings (a picture beside a track is looked for there).
    private let folders: FolderListings
    /// Track paths already looked up, and what they gave: the URL, and the file written here for it, if one was.
    private var known: [String: (url: String?, written: String?)] = [:]

    init(folders: FolderListings, environment: [String: String] = ProcessInfo.processInfo.environment, budget: Int = CoverCache.budget) {
        self.folders = folders
        folder = CacheFolder(application: "nowplaying", name: "covers", budget: budget, environment: environment)
    }

    /// A file:// URL of the track's picture, or nil when it has none.
    mutating func url(for trackPath: String) -> String? {
        if let hit = known[trackPath] {
            // A cover written here is marked shown, and written again if the folder's trim took it meanwhile.
            guard let written = hit.written else { return hit.url }
            if FileManager.default.fileExists(atPath: written) {
                folder.markUsed(written)
                return hit.url
            }
        }
        var written: String?
        let url: String?
        switch CoverArt.find(for: trackPath, folders: folders) {
        case .embedded(let bytes):
            written = write(bytes)
            url = written.map { URL(fileURLWithPath: $0).absoluteString }
        case .file(let path): url = URL(fileURLWithPath: path).absoluteString
        case .none, .refused: url = nil
        }
        known[trackPath] = (url, written)
        return url
    }

    /// Writes an embedded picture unless a file of the same content is there already; returns its path.
    private func write(_ bytes: [UInt8]) -> String? {
        // FNV-1a of the bytes names the file: the same cover (an album's tracks) is written once.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let path = directory + "/" + String(hash, radix: 16) + (isPNG ? ".png" : ".jpg")
        if FileManager.default.fileExists(atPath: path) {
            folder.markUsed(path)
            return path
        }
        guard folder.write(bytes, to: path) == nil else { return nil }
        folder.trim(suffixes: [".png", ".jpg"], keeping: path)
        return path
    }
}
