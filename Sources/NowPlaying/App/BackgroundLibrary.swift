import Dispatch
import FoundationEssentials
import Glibc
import Playback
import Synchronization
import ViewKit

/// Reads what the user named on a background thread, so the window never waits for the disk: the app
/// starts as soon as the tracks it needs first are read (the first album, or the one holding the saved
/// track); the thread then waits for the first frame to be on screen, and every later batch joins the
/// queue on the main loop as it arrives. The reading runs at a lower priority than the interface (nice 10
/// on the Dispatch worker thread that runs it; the only other work the app gives Dispatch, decoding covers
/// ahead of the carousel, is background work too, whichever worker thread it lands on).
final class BackgroundLibrary: Sendable {
    private let first = Mutex(Library.Result())
    private let handedOver = DispatchSemaphore(value: 0)
    private let resume = DispatchSemaphore(value: 0)

    /// Whether everything was read before the first part was handed over (no batches will follow).
    private let finishedEarly = Mutex(false)

    /// Starts reading `paths`. Batches after the first part (see `isEnough`) go to `more` on the main loop, in
    /// order, and `more(nil)` says the reading is done.
    init(_ paths: [String], mainLoop: MainLoopQueue, isEnough: @escaping @Sendable ([Track]) -> Bool,
         more: @escaping @MainActor @Sendable (Library.Result?) -> Void) {
        DispatchQueue(label: "library").async { [self] in
            // On Linux the nice value is per thread: 0 means the calling one.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            var waiting = true
            Library.load(paths) { batch in
                if !waiting {
                    mainLoop.async { more(batch) }
                    return
                }
                let tracks = first.withLock { r in
                    r.tracks += batch.tracks
                    r.problems += batch.problems
                    return r.tracks
                }
                if isEnough(tracks) {
                    waiting = false
                    handedOver.signal()
                    resume.wait()
                }
            }
            if waiting {
                finishedEarly.withLock { $0 = true }
                handedOver.signal()
            } else {
                mainLoop.async { more(nil) }
            }
        }
    }

    /// Waits until the first part is read (or everything, if that never satisfied `isEnough`) and returns it.
    func firstPart() -> Library.Result {
        handedOver.wait()
        return first.withLock { $0 }
    }

    /// Whether batches will follow the first part.
    var hasMore: Bool { !finishedEarly.withLock { $0 } }

    /// Lets the thread read on (call once the first frame is on screen).
    func readOn() { resume.signal() }
}
