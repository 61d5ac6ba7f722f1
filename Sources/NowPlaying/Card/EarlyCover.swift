import Dispatch
import Locking
import Playback
import ViewKit

/// The first track's cover, decoded off the main thread while the window opens, at the size the window is
/// expected to draw it: the first frame takes it rather than decoding it on the main thread once the window is
/// made (a 4000 px cover takes tens of milliseconds). The track is planned first as a guess (the one the saved
/// session names, or the likely first of the first folder), decoded beside the reading of the album's tags;
/// once they are read the first track replaces a wrong guess. Taken only when the first frame draws that very
/// cover at that very size, so what it shows is what decoding it then would have shown.
final class EarlyCover: Sendable {
    private struct State {
        /// What is to be (or was) decoded; nil until planned.
        var path: String?
        var pixelSize: Size?
        var outcome: CoverLoader.Outcome?
        /// How many plans were made: a decode's outcome is kept only if no plan replaced its own meanwhile.
        var plans = 0
        /// Signalled when the decode of the current plan has done what it will.
        var done: DispatchSemaphore?
        /// False once the first frame asked (or no longer will): a decode not planned by then is not begun, and
        /// nothing is given twice.
        var wanted = true
        /// The first frame asked for what is planned and waits for it.
        var claimed = false
    }
    private let state = Locked(State())
    /// Every decode planned and not yet done.
    private let decoding = DispatchGroup()
    private let pictures: PictureCache?

    /// `pictures`: where large covers' small copies are kept between runs.
    init(pictures: PictureCache? = nil) {
        self.pictures = pictures
    }

    /// Chooses the cover of the track at `path`, for a view of `pixelSize` pixels (neither: none), unless a
    /// cover was planned already (with `replacing`: the same one) or the first frame asked. From then on the
    /// first frame asking for it waits for its `decode`. Returns whether this call planned: its caller then
    /// calls `decode`, once.
    @discardableResult
    func plan(_ path: String?, pixelSize: Size?, replacing: Bool = false) -> Bool {
        state.withLock { s in
            let replaces = replacing && s.wanted && (s.path != path || s.pixelSize != pixelSize)
            guard s.plans == 0 || replaces else { return false }
            s.plans += 1
            if s.wanted { (s.path, s.pixelSize, s.outcome) = (path, pixelSize, nil) }
            s.done = DispatchSemaphore(value: 0)
            decoding.enter()
            return true
        }
    }

    /// Decodes the cover planned, on the calling thread (nothing if none was, or if the first frame took another
    /// or no longer needs one). Called once by whoever planned; a decode whose plan was replaced meanwhile is dropped.
    func decode(folders: FolderListings) {
        let (plan, done, target) = state.withLock { s in
            (s.plans, s.done, s.wanted || s.claimed ? s.path.flatMap { p in s.pixelSize.map { (p, $0) } } : nil)
        }
        defer {
            done?.signal()
            decoding.leave()
        }
        guard let (path, pixelSize) = target else { return }
        let outcome = CoverLoader.load(path, preparingFor: pixelSize, folders: folders, pictures: pictures)
        state.withLock { s in
            if (s.wanted || s.claimed) && s.plans == plan { s.outcome = outcome }
        }
    }

    /// Nothing will be taken any more (the first frame is up): a decode not begun is not begun, one under way
    /// is dropped when it ends.
    func discard() {
        state.withLock { s in
            s.wanted = false
            s.claimed = false
            s.outcome = nil
        }
    }

    /// Waits until every planned decode has done what it will (a start that failed, before the process exits
    /// under it).
    func waitForDecode() {
        decoding.wait()
    }

    /// The cover of `path` decoded for `pixelSize`, waiting for the decode if it is planned or under way; nil
    /// when what is planned is another track's or for another size, nothing was planned, or it was asked for before.
    func take(_ path: String, pixelSize: Size) -> CoverLoader.Outcome? {
        let (matches, done) = state.withLock { s in
            s.claimed = s.wanted && s.path == path && s.pixelSize == pixelSize
            s.wanted = false
            return (s.claimed, s.done)
        }
        guard matches, let done else { return nil }
        done.wait()
        done.signal()
        return state.withLock { s in
            defer { (s.outcome, s.claimed) = (nil, false) }
            return s.outcome
        }
    }
}
