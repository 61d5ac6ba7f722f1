import CSDL2
import Foundation
import Testing
@testable import ViewKit

/// What the loop does with the window's and the renderer's events: an expose shows the kept frame again
/// (nothing redrawn), events that change nothing on screen draw nothing, lost render targets or a lost
/// device lead to a whole, correct frame.
@MainActor
@Suite(.serialized)
struct WindowEventTests {
    private func app() throws -> Application {
        let a = try Application(configuration: .init(title: "events", size: Size(width: 100, height: 80), headless: true,
                                                     fonts: Fixtures.fonts), clock: ManualClock())
        let box = View(frame: Rect(x: 10, y: 10, width: 30, height: 20))
        box.backgroundColor = .red
        a.window.addSubview(box)
        let label = Label(frame: Rect(x: 10, y: 40, width: 80, height: 24))
        label.text = "Hello"
        a.window.addSubview(label)
        a.turn(blocking: false)
        // The window is shown with that first frame; the events of its showing (an expose) are handled here.
        a.turn(blocking: false)
        return a
    }

    private func push(windowEvent id: SDL_WindowEventID, of a: Application) {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(id.rawValue)
        e.window.windowID = SDL_GetWindowID(a.sdlWindow)
        SDL_PushEvent(&e)
    }

    private func push(_ type: SDL_EventType) {
        var e = SDL_Event()
        e.type = type.rawValue
        SDL_PushEvent(&e)
    }

    @Test func anExposeShowsTheLastFrameAgainWithoutDrawing() throws {
        let a = try app()
        let frames = a.renderer.frameCount, presents = a.renderer.presentCount
        push(windowEvent: SDL_WINDOWEVENT_EXPOSED, of: a)
        a.turn(blocking: false)
        #expect(a.renderer.frameCount == frames, "nothing changed: nothing redrawn")
        #expect(a.renderer.presentCount == presents + 1, "the kept frame is shown again")
    }

    @Test func pointerAndFocusEventsDrawNothing() throws {
        let a = try app()
        let frames = a.renderer.frameCount, presents = a.renderer.presentCount
        for id in [SDL_WINDOWEVENT_ENTER, SDL_WINDOWEVENT_LEAVE, SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_MOVED] {
            push(windowEvent: id, of: a)
        }
        a.turn(blocking: false)
        #expect(a.renderer.frameCount == frames && a.renderer.presentCount == presents)
    }

    @Test(arguments: [SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET].map(\.rawValue))
    func lostTexturesLeadToAWholeCorrectFrame(event: UInt32) throws {
        let a = try app()
        let before = try #require(a.renderer.readPixels())
        push(SDL_EventType(event))
        a.turn(blocking: false)
        let (w, h) = a.renderer.outputSize
        #expect(a.renderer.lastRegion == PixelRect(x: 0, y: 0, width: w, height: h), "drawn whole")
        let after = try #require(a.renderer.readPixels())
        var differing = 0
        for y in 0..<h { for x in 0..<w where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0, "the same picture as before")
    }
}
