import CSDL2
import Dispatch
import FoundationEssentials
import Glibc
import Playback
import Locking
import ViewKit

/// Reads what the user named on a background thread, so the window never waits for the disk: the app
/// starts as soon as the tracks it needs first are read (the first album, or the one holding the saved
/// track); the thread then waits for the first frame to be on screen, and every later batch joins the
/// queue on the main loop as it arrives. The first part is read at the interface's priority, since the window
/// waits for it; the rest at a lower one (nice 10 more). The reading has a thread of its own: Linux keeps a
/// nice value per thread, and an unprivileged process cannot raise it again, so a lowered Dispatch worker
/// would stay lowered for whatever work Dispatch gave it next.
final class BackgroundLibrary: Sendable {
    /// Reads `paths`, telling the first closure of the first files it reads (before it reads them) and handing
    /// each batch of tracks to the second as it is read (`Library.load`).
    typealias Loader = @Sendable ([String], ([String]) -> Void, (Library.Result) -> Void) -> Void

    private let first = Locked(Library.Result())
    private let handedOver = DispatchSemaphore(value: 0)
    private let resume = DispatchSemaphore(value: 0)

    /// Whether everything was read before the first part was handed over (no batches will follow).
    private let finishedEarly = Locked(false)

    /// Whether the first part was handed over, and who is to be given it on the main loop (`firstPart(then:)`).
    private let delivery = Locked<(handed: Bool, receiver: (@MainActor @Sendable (Library.Result) -> Void)?)>((false, nil))
    private let mainLoop: MainLoopQueue

    /// Starts reading `paths`. Batches after the first part (see `isEnough`) go to `more` on the main loop, in
    /// order, and `more(nil)` says the reading is done. On the reading thread, `beforeHandOver` is told the first
    /// part just before it is handed over (whoever waits for it waits for this too), and `afterHandOver` runs just after, before
    /// the thread waits for `readOn` (work the first frame needs next). `firstFiles` is told the audio files
    /// read first, before their tags are read.
    init(_ paths: [String], mainLoop: MainLoopQueue, isEnough: @escaping @Sendable ([Track]) -> Bool,
         more: @escaping @MainActor @Sendable (Library.Result?) -> Void,
         firstFiles: @escaping @Sendable ([String]) -> Void = { _ in },
         beforeHandOver: @escaping @Sendable (Library.Result) -> Void = { _ in },
         afterHandOver: @escaping @Sendable () -> Void = {},
         load: @escaping Loader = { Library.load($0, firstFiles: $1, onBatch: $2) }) {
        self.mainLoop = mainLoop
        BackgroundLibrary.startThread(ReadLog.carried { [self] in
            var waiting = true
            load(paths, firstFiles) { batch in
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
                    beforeHandOver(first.withLock { $0 })
                    handOver()
                    afterHandOver()
                    resume.wait()
                    BackgroundLibrary.lowerThisThreadsPriority()
                }
            }
            if waiting {
                finishedEarly.withLock { $0 = true }
                beforeHandOver(first.withLock { $0 })
                handOver()
                afterHandOver()
            } else {
                mainLoop.async { more(nil) }
            }
        })
    }

    /// The reading thread's name (as `ps -L` and debuggers show it; at most 15 bytes).
    static let threadName = "library reader"

    /// What the reading thread runs, passed through pthread_create's one pointer.
    private final class ThreadBody: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new, detached thread named `threadName` (SDL's threads are named; Foundation's Thread
    /// would bring libFoundation and ICU into a program that otherwise needs only FoundationEssentials).
    private static func startThread(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let thread = SDL_CreateThread({ context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
            return 0
        }, BackgroundLibrary.threadName, context)
        precondition(thread != nil, "cannot start the library reader's thread: \(String(cString: SDL_GetError()))")
        SDL_DetachThread(thread)
    }

    /// Ten nice levels below where the calling thread is (on Linux the nice value is per thread: 0 names the
    /// calling one), at most 19.
    private static func lowerThisThreadsPriority() {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        setpriority(which, 0, min(19, getpriority(which, 0) + 10))
    }

    /// Waits until the first part is read (or everything, if that never satisfied `isEnough`) and returns it.
    func firstPart() -> Library.Result {
        handedOver.wait()
        return first.withLock { $0 }
    }

    /// Hands the first part to `body` on the main loop once it is read, without waiting for it on this
    /// thread (the interface's, for files named while the window runs).
    func firstPart(then body: @escaping @MainActor @Sendable (Library.Result) -> Void) {
        let handed = delivery.withLock { d in
            if !d.handed { d.receiver = body }
            return d.handed
        }
        if handed {
            let result = first.withLock { $0 }
            mainLoop.async { body(result) }
        }
    }

    /// The first part is read: it goes to whoever asked with `firstPart(then:)`, and `firstPart()` returns.
    private func handOver() {
        let receiver = delivery.withLock { d in
            d.handed = true
            return d.receiver
        }
        if let receiver {
            let result = first.withLock { $0 }
            mainLoop.async { receiver(result) }
        }
        handedOver.signal()
    }

    /// Whether batches will follow the first part.
    var hasMore: Bool { !finishedEarly.withLock { $0 } }

    /// Lets the thread read on (call once the first frame is on screen).
    func readOn() { resume.signal() }
}
