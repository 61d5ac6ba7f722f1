import Dispatch
import FoundationEssentials
import Playback
import Locking
import ViewKit

/// Finds and decodes tracks' covers: on the spot when a cover is needed now, or on a worker thread ahead of
/// need (the carousel's prefetching), so that a fling through the album never waits for a picture to be
/// decoded on the main thread.
final class CoverLoader: Sendable {
    /// What looking for a track's cover found.
    enum Outcome: Sendable {
        case picture(DecodedImage)
        /// The track has no picture (the placeholder is drawn).
        case none
        /// A picture was found but cannot be read: why, in a line for the user.
        case unreadable(String)
    }

    private let queue = DispatchQueue(label: "covers")
    /// Paths asked for and not yet delivered nor cancelled.
    private let wanted = Locked<Set<String>>([])
    private let mainLoop: MainLoopQueue
    /// The app's folder listings (a cover beside a track is looked for there).
    private let folders: FolderListings

    init(mainLoop: MainLoopQueue, folders: FolderListings) {
        self.mainLoop = mainLoop
        self.folders = folders
    }

    /// Looks for the cover of the track at `path` (beside it, through `folders`) and decodes it now, keeping
    /// the pixels of the level a view `pixelSize` pixels large is drawn from (nil: none kept).
    static func load(_ path: String, preparingFor pixelSize: Size?, folders: FolderListings) -> Outcome {
        switch CoverArt.find(for: path, folders: folders) {
        case .embedded(let bytes):
            // The cover's bytes are not kept: drawn larger than it was kept at, it is read from the track again.
            let rereading: @Sendable () -> [UInt8]? = {
                if case .embedded(let again) = CoverArt.find(for: path, folders: folders) { return again }
                return nil
            }
            do { return .picture(try DecodedImage(bytes: bytes, name: path, preparingFor: pixelSize, rereading: rereading)) } catch {
                let name = URL(fileURLWithPath: path).lastPathComponent
                return .unreadable("The picture inside \(name) cannot be read (\(error.reason)); using a placeholder.")
            }
        case .file(let file):
            // Read as a regular file, non-blocking and within the size limit (a FIFO named cover.jpg would
            // otherwise hold this thread up for ever), and read again the same way to be drawn larger.
            let read: @Sendable () throws(RegularFile.Refusal) -> [UInt8] = { () throws(RegularFile.Refusal) in
                try RegularFile.read(file, limit: CoverArt.sizeLimit)
            }
            do {
                let bytes = try read()
                return .picture(try DecodedImage(bytes: bytes, name: file, preparingFor: pixelSize, rereading: { try? read() }))
            } catch let refusal as RegularFile.Refusal {
                return .unreadable("The picture \(file) \(refusal.reason); using a placeholder.")
            } catch {
                return .unreadable("\(error); using a placeholder.")
            }
        case .none:
            return .none
        case .refused(let problem):
            return .unreadable(problem)
        }
    }

    /// Loads the cover on the worker thread, in the order asked, unless `cancel` comes first; `deliver`
    /// receives it on the main loop. A path already on its way is not asked for twice.
    func prefetch(_ path: String, preparingFor pixelSize: Size, deliver: @escaping @MainActor @Sendable (Outcome) -> Void) {
        guard wanted.withLock({ $0.insert(path).inserted }) else { return }
        queue.async(execute: ReadLog.carried { [self] in
            guard wanted.withLock({ $0.contains(path) }) else { return }
            let outcome = CoverLoader.load(path, preparingFor: pixelSize, folders: folders)
            mainLoop.async { [self] in
                guard wanted.withLock({ $0.remove(path) != nil }) else { return }
                deliver(outcome)
            }
        })
    }

    /// How many covers are asked for and not yet delivered.
    var pending: Int { wanted.withLock { $0.count } }

    /// The cover is no longer wanted ahead (or was loaded on the spot): not started, it is skipped; on its way,
    /// it is dropped on arrival.
    func cancel(_ path: String) {
        wanted.withLock { _ = $0.remove(path) }
    }
}
