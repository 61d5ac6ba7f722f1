import CSDL2
import Foundation
import Testing
@testable import ViewKit

/// The event loop's own services: work for idle turns, and work handed over from other threads.
@MainActor
@Suite(.serialized)
struct ApplicationLoopTests {
    private func app() throws -> Application {
        try Application(configuration: .init(title: "loop", size: Size(width: 100, height: 100), headless: true,
                                             fonts: Fixtures.fonts), clock: ManualClock())
    }

    @Test func idleWorkWaitsForATurnWithoutAFrameOrAnimation() throws {
        let a = try app()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        a.window.addSubview(v)
        var ran = 0
        a.performWhenIdle { ran += 1 }
        a.turn(blocking: false)
        #expect(a.renderer.frameCount == 1 && ran == 0, "the first frame comes first")
        View.animate(withDuration: 0.1) { v.alpha = 0.5 }
        for _ in 0..<3 {
            (a.clock as! ManualClock).advance(by: 1.0 / 60)
            a.turn(blocking: false)
        }
        #expect(ran == 0, "not while something moves")
        for _ in 0..<10 {
            (a.clock as! ManualClock).advance(by: 1.0 / 60)
            a.turn(blocking: false)
        }
        #expect(ran == 1, "once everything is still, exactly once")
    }

    @Test func theWindowIsShownWithItsFirstFrame() throws {
        let a = try app()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        a.window.addSubview(v)
        func shown() -> Bool { SDL_GetWindowFlags(a.sdlWindow) & SDL_WINDOW_SHOWN.rawValue != 0 }
        #expect(!shown(), "made hidden: an empty window would show black (or what lay under it) until its first frame (driver \(String(cString: SDL_GetCurrentVideoDriver())), flags \(SDL_GetWindowFlags(a.sdlWindow)))")
        a.raise()
        #expect(!shown(), "a request to come to the front before the first frame waits for it")
        a.turn(blocking: false)
        #expect(a.renderer.presentCount == 1 && shown(), "shown with its first frame")
    }

    @MainActor final class Outcome { var text = "" }

    @Test func workFromAnotherThreadWakesABlockedLoop() throws {
        let a = try app()
        a.turn(blocking: false)
        // The events of the window being shown with that first frame, which would end the blocking turn below.
        a.turn(blocking: false)
        let outcome = Outcome()
        // A loop that missed the wake-up would sleep until this deadline (3 s) and the check below would fail.
        let safety = a.schedule(after: 3) { outcome.text = "timed out" }
        Thread.detachNewThread { [mainLoop = a.mainLoop] in
            Thread.sleep(forTimeInterval: 0.05)
            mainLoop.async { outcome.text = "ran on the main loop" }
        }
        a.turn(blocking: true)
        a.cancelTimer(safety)
        #expect(outcome.text == "ran on the main loop")
    }

    @Test func workWhoseWakeUpSDLRefusesStillRuns() throws {
        let a = try app()
        a.turn(blocking: false)
        let outcome = Outcome()
        // An event filter that drops the loop's wake-up: SDL_PushEvent then returns 0, as with a full queue.
        let wakeUp = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        wakeUp.initialize(to: a.mainLoop.eventType)
        defer { SDL_SetEventFilter(nil, nil); wakeUp.deallocate() }
        SDL_SetEventFilter({ type, event in event?.pointee.type == type?.load(as: UInt32.self) ? 0 : 1 }, wakeUp)
        a.mainLoop.async { outcome.text += "first " }
        a.turn(blocking: false)
        #expect(outcome.text == "first ", "the loop ran the work no event announced")
        SDL_SetEventFilter(nil, nil)
        a.mainLoop.async { outcome.text += "second" }
        a.turn(blocking: false)
        #expect(outcome.text == "first second", "and later work wakes it again")
    }
}
