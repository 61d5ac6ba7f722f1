import Dispatch
import Locking
import Playback
import ViewKit

/// The first track's cover, decoded off the main thread while the window opens, at the size the window is
/// expected to draw it: the first frame takes it rather than decoding it on the main thread once the window is
/// made (a 4000 px cover takes tens of milliseconds). The track is chosen once: the one the saved session names,
/// or the likely first of the first folder, decoded beside the reading of the album's tags; else the first track
/// once they are read. Taken only when the first frame draws that very cover at that very size, so what it
/// shows is what decoding it then would have shown.
final class EarlyCover: Sendable {
    private struct State {
        /// What is to be (or was) decoded; nil until planned.
        var path: String?
        var pixelSize: Size?
        var outcome: CoverLoader.Outcome?
        /// Whether `plan` was called: later calls choose nothing.
        var planned = false
        /// False once the first frame asked (or no longer will): a decode not planned by then is not begun, and
        /// nothing is given twice.
        var wanted = true
        /// The first frame asked for what is planned and waits for it.
        var claimed = false
    }
    private let state = Locked(State())
    /// Signalled once, when `decode` has done what it will.
    private let decoded = DispatchSemaphore(value: 0)

    /// Chooses the cover of the track at `path`, for a view of `pixelSize` pixels (neither: none), unless a
    /// cover was planned already or the first frame asked. From then on the first frame asking for it waits
    /// for `decode`. Returns whether this was the first call: its caller then calls `decode`, once.
    @discardableResult
    func plan(_ path: String?, pixelSize: Size?) -> Bool {
        state.withLock { s in
            guard !s.planned else { return false }
            s.planned = true
            if s.wanted { (s.path, s.pixelSize) = (path, pixelSize) }
            return true
        }
    }

    /// Decodes the cover planned, on the calling thread (nothing if none was, or if the first frame took another
    /// or no longer needs one). Called once, by whoever planned.
    func decode(folders: FolderListings) {
        defer { decoded.signal() }
        guard let (path, pixelSize) = state.withLock({ s in
            s.wanted || s.claimed ? s.path.flatMap { p in s.pixelSize.map { (p, $0) } } : nil
        }) else { return }
        let outcome = CoverLoader.load(path, preparingFor: pixelSize, folders: folders)
        state.withLock { s in
            if s.wanted || s.claimed { s.outcome = outcome }
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

    /// Waits until `decode` has done what it will (a start that failed, before the process exits under it).
    func waitForDecode() {
        decoded.wait()
        decoded.signal()
    }

    /// The cover of `path` decoded for `pixelSize`, waiting for the decode if it is planned or under way; nil
    /// when what is planned is another track's or for another size, nothing was planned, or it was asked for before.
    func take(_ path: String, pixelSize: Size) -> CoverLoader.Outcome? {
        let matches = state.withLock { s in
            s.claimed = s.wanted && s.path == path && s.pixelSize == pixelSize
            s.wanted = false
            return s.claimed
        }
        guard matches else { return nil }
        decoded.wait()
        return state.withLock { s in
            defer { (s.outcome, s.claimed) = (nil, false) }
            return s.outcome
        }
    }
}
