import Dispatch
import Foundation
import Glibc
import Playback
import Locking
import Testing
@testable import NowPlaying
@testable import ViewKit

/// The library reader's thread: the part the window waits for at full priority, the rest lower, on a
/// thread of its own.
struct BackgroundLibraryTests {
    struct Read: Sendable { var nice: Int32; var thread: String }

    @Test func theFirstPartIsReadAtNormalPriorityAndTheRestLowerOnItsOwnThread() {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let base = getpriority(which, 0)
        let reads = Locked<[Read]>([])
        let done = DispatchSemaphore(value: 0)
        let reader = BackgroundLibrary(["first album", "second album", "third album"], mainLoop: MainLoopQueue(),
                                       isEnough: { _ in true }, more: { _ in }, load: { paths, _, onBatch in
            for _ in paths {
                let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                let read = Read(nice: getpriority(which, 0), thread: name.trimmingCharacters(in: .whitespacesAndNewlines))
                reads.withLock { $0.append(read) }
                onBatch(Library.Result())
            }
            done.signal()
        })
        _ = reader.firstPart()
        #expect(reads.withLock { $0.map(\.nice) } == [base], "the window waits for this part: no lower priority")
        reader.readOn()
        done.wait()
        let all = reads.withLock { $0 }
        #expect(all.map(\.nice) == [base, min(19, base + 10), min(19, base + 10)], "the rest ten nice levels lower")
        #expect(all.allSatisfy { $0.thread == "library reader" }, "a thread of its own, not a shared Dispatch worker")
    }
}
