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
        /// A picture was read only in part (a JPEG cut short): shown as it is, and why it looks so, in a line.
        case damaged(DecodedImage, String)

        /// The picture to show, whole or in part.
        var picture: DecodedImage? {
            switch self {
            case .picture(let picture), .damaged(let picture, _): picture
            case .none, .unreadable: nil
            }
        }
    }

    private let queue = DispatchQueue(label: "covers")
    typealias Delivery = @MainActor @Sendable (Outcome) -> Void
    /// A cover asked for: a track's, for a view of a pixel size (the level its pixels are kept at).
    private struct Key: Hashable {
        let path: String
        let pixelSize: Size
    }
    private struct Asked {
        /// Covers asked for and not yet delivered, taken nor cancelled, with whom to deliver them to (nil: kept
        /// until taken, or until `prefetch` names someone).
        var wanted: [Key: Delivery?] = [:]
        /// Covers decoded and not yet delivered nor taken.
        var decoded: [Key: Outcome] = [:]
    }
    private let asked = Locked(Asked())
    private let mainLoop: MainLoopQueue
    /// The app's folder listings (a cover beside a track is looked for there).
    private let folders: FolderListings
    private let pictures: PictureCache?

    init(mainLoop: MainLoopQueue, folders: FolderListings, pictures: PictureCache? = nil) {
        self.mainLoop = mainLoop
        self.folders = folders
        self.pictures = pictures
    }

    /// Looks for the cover of the track at `path` (beside it, through `folders`) and decodes it now, keeping
    /// the pixels of the level a view `pixelSize` pixels large is drawn from (nil: none kept); a large picture's
    /// small copy comes from `pictures` when a run before kept it there.
    static func load(_ path: String, preparingFor pixelSize: Size?, folders: FolderListings, pictures: PictureCache?) -> Outcome {
        // The cover's bytes are not kept: drawn larger than it was kept at, it is read from the track again.
        let rereading: @Sendable () -> [UInt8]? = {
            if case .embedded(let again) = CoverArt.find(for: path, folders: folders) { return again }
            return nil
        }
        // A large cover inside the track whose small copy a run before kept, while the track is unchanged: nothing of
        // the track is read (a 4000 px picture is megabytes to read and hash).
        let track = pictures == nil ? nil : PictureCache.Source(file: path, part: "embedded picture")
        if let kept = fromCache(track, in: pictures, name: path, preparingFor: pixelSize, rereading: rereading) { return kept }
        switch CoverArt.find(for: path, folders: folders) {
        case .embedded(let bytes):
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                return shown(try DecodedImage(bytes: bytes, name: path, preparingFor: pixelSize, rereading: rereading, cache: pictures,
                                              source: track), as: "The picture inside \(name)")
            } catch {
                return .unreadable("The picture inside \(name) cannot be read (\(error.reason)); using a placeholder.")
            }
        case .file(let file):
            // Read as a regular file, non-blocking and within the size limit (a FIFO named cover.jpg would
            // otherwise hold this thread up for ever), and read again the same way to be drawn larger.
            let read: @Sendable () throws(RegularFile.Refusal) -> [UInt8] = { () throws(RegularFile.Refusal) in
                try RegularFile.read(file, limit: CoverArt.sizeLimit)
            }
            let source = pictures == nil ? nil : PictureCache.Source(file: file)
            if let kept = fromCache(source, in: pictures, name: file, preparingFor: pixelSize, rereading: { try? read() }) { return kept }
            do {
                let bytes = try read()
                return shown(try DecodedImage(bytes: bytes, name: file, preparingFor: pixelSize, rereading: { try? read() },
                                              cache: pictures, source: source), as: "The picture \(file)")
            } catch let refusal as RegularFile.Refusal {
                return .unreadable("The picture \(file) \(refusal.reason); using a placeholder.")
            } catch {
                // Said as a picture inside a track is ("Cannot read image …: reason" read like another program's words).
                let reason = (error as? ImageError)?.reason ?? "\(error)"
                return .unreadable("The picture \(file) cannot be read (\(reason)); using a placeholder.")
            }
        case .none:
            return .none
        case .refused(let problem):
            return .unreadable(problem)
        }
    }

    /// A picture decoded: shown, with a line for the user when it was read only in part (`what` names it).
    private static func shown(_ picture: DecodedImage, as what: String) -> Outcome {
        guard let damage = picture.damage else { return .picture(picture) }
        return .damaged(picture, "\(what) is cut short (\(damage)): part of it shows grey.")
    }

    /// The picture `source` names as a run before kept its small copy in `pictures`, read from the copy alone.
    private static func fromCache(_ source: PictureCache.Source?, in pictures: PictureCache?, name: String, preparingFor pixelSize: Size?,
                             rereading: @escaping @Sendable () -> [UInt8]?) -> Outcome? {
        guard let source, let pictures else { return nil }
        return DecodedImage(cachedAs: source, in: pictures, name: name, preparingFor: pixelSize, rereading: rereading).map { .picture($0) }
    }

    /// Loads the cover on the worker thread, in the order asked, unless `cancel` comes first; `deliver`
    /// receives it on the main loop. A cover already on its way at that size is not asked for twice (one decoded
    /// ahead is delivered to `deliver` once decoded).
    func prefetch(_ path: String, preparingFor pixelSize: Size, deliver: @escaping Delivery) {
        enum Next { case decode, deliver, wait }
        let key = Key(path: path, pixelSize: pixelSize)
        let next = asked.withLock { a -> Next in
            switch a.wanted[key] {
            case nil:
                a.wanted[key] = deliver
                return .decode
            case .some(nil):
                a.wanted[key] = deliver
                return a.decoded[key] == nil ? .wait : .deliver
            case .some(.some):
                return .wait
            }
        }
        switch next {
        case .decode: enqueue(key)
        case .deliver: deliverSoon(key, to: deliver)
        case .wait: break
        }
    }

    /// Decodes the covers of `paths` on the worker thread once `after` has returned there (work they must not
    /// slow down), keeping each until it is taken (`take`) or a `prefetch` of it names whom to deliver it to, or
    /// until nobody asked for it by `dropUnclaimed`. Callable from any thread.
    func decodeAhead(_ paths: [String], preparingFor pixelSize: Size, after: @escaping @Sendable () -> Void = {}) {
        let new = asked.withLock { a in
            paths.map { Key(path: $0, pixelSize: pixelSize) }.filter { key in
                guard a.wanted[key] == nil else { return false }
                a.wanted[key] = .some(nil)
                return true
            }
        }
        queue.async(execute: after)
        for key in new { enqueue(key) }
    }

    private func enqueue(_ key: Key) {
        queue.async(execute: ReadLog.carried { [self] in
            let wanted = asked.withLock { $0.wanted[key] != nil }
            let outcome = wanted ? CoverLoader.load(key.path, preparingFor: key.pixelSize, folders: folders, pictures: pictures) : nil
            let delivery = asked.withLock { a -> Delivery? in
                guard let outcome, let delivery = a.wanted[key] else { return nil }
                a.decoded[key] = outcome
                return delivery
            }
            if let delivery { deliverSoon(key, to: delivery) }
        })
    }

    private func deliverSoon(_ key: Key, to deliver: @escaping Delivery) {
        mainLoop.async { [self] in
            if let outcome = take(key) { deliver(outcome) }
        }
    }

    /// The cover of `path` for a view of `pixelSize` pixels if the worker has decoded it and not yet delivered
    /// it: taken now (a frame being drawn shows it rather than the placeholder), it is not delivered.
    func take(_ path: String, pixelSize: Size) -> Outcome? {
        take(Key(path: path, pixelSize: pixelSize))
    }

    private func take(_ key: Key) -> Outcome? {
        asked.withLock { a in
            guard let outcome = a.decoded.removeValue(forKey: key) else { return nil }
            a.wanted[key] = nil
            return outcome
        }
    }

    /// Covers decoded ahead that nobody has taken or asked to be delivered (the first frame is up without them):
    /// dropped, decoded or not, rather than kept until their track is shown.
    func dropUnclaimed() {
        asked.withLock { a in
            for (key, delivery) in a.wanted where delivery == nil {
                a.wanted[key] = nil
                a.decoded[key] = nil
            }
        }
    }

    /// Waits until the worker has done what was asked of it so far (its deliveries may still be on their way).
    func waitForWorker() {
        queue.sync {}
    }

    /// How many covers are asked for and not yet delivered.
    var pending: Int { asked.withLock { $0.wanted.count } }

    /// The cover is no longer wanted ahead (or was loaded on the spot): not started, it is skipped; on its way,
    /// it is dropped on arrival.
    func cancel(_ path: String) {
        asked.withLock { a in
            for key in a.wanted.keys where key.path == path { a.wanted[key] = nil }
            for key in a.decoded.keys where key.path == path { a.decoded[key] = nil }
        }
    }
}
