import FoundationEssentials
import Locking

/// The names in each folder, listed once and kept: a cover or lyrics lookup beside a track asks here
/// instead of listing its folder at every track change. Safe from any thread. A file added to a folder
/// after its listing is seen on the next run.
public final class FolderListings: Sendable {
    private let state = Locked<(names: [String: [String]], listings: Int)>(([:], 0))

    public init() {}

    /// The names in `folder` (empty when it cannot be listed). Listed under the lock, so threads asking at once
    /// list a folder once (a slow folder holds up other lookups meanwhile).
    public func names(in folder: String) -> [String] {
        state.withLock { state in
            if let names = state.names[folder] { return names }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            ReadLog.record(folder, .listing)
            state.listings += 1
            state.names[folder] = names
            return names
        }
    }

    /// How many folders were really listed (for tests counting work).
    public var listings: Int { state.withLock { $0.listings } }
}
