import FoundationEssentials
import Locking

/// The names in each folder, listed once and kept: a cover or lyrics lookup beside a track asks here
/// instead of listing its folder at every track change. Safe from any thread. A file added to a folder
/// after its listing is seen on the next run.
public final class FolderListings: Sendable {
    private let cache = Locked<[String: [String]]>([:])
    private let listed = Locked(0)

    public init() {}

    /// The names in `folder` (empty when it cannot be listed).
    public func names(in folder: String) -> [String] {
        if let names = cache.withLock({ $0[folder] }) { return names }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        listed.withLock { $0 += 1 }
        cache.withLock { $0[folder] = names }
        return names
    }

    /// How many folders were really listed (for tests counting work).
    public var listings: Int { listed.withLock { $0 } }
}
