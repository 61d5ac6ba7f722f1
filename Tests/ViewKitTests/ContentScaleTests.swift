import CSDL2
import Testing
@testable import ViewKit

/// Application.Configuration.contentScale: a window's points are its units divided by the scale the app asks
/// for its size, drawn that much larger, with input following the current scale.
@MainActor
@Suite(.serialized)
struct ContentScaleTests {
    final class Recorder: View {
        var touched: [Point] = []
        override func touchesBegan(_ touches: [Touch]) { touched += touches.map { $0.location(in: self) } }
    }

    final class Asked { var sizes: [Size] = []; var dpis: [Double?] = [] }

    private func app(_ size: Size, pixelScale: Double? = nil, asked: Asked) throws -> Application {
        try Application(configuration: .init(title: "scale", size: size, headless: true, pixelScale: pixelScale,
                                             fonts: Fixtures.fonts, contentScale: { size, dpi in
                                                 asked.sizes.append(size); asked.dpis.append(dpi)
                                                 return size.width / 400
                                             }), clock: ManualClock())
    }

    @Test func pointsAreWindowUnitsOverTheScaleAndInputFollows() throws {
        let asked = Asked()
        let a = try app(Size(width: 800, height: 600), asked: asked)
        #expect(asked.sizes.last == Size(width: 800, height: 600) && asked.dpis.last == .some(nil),
                "asked with the window's size; the dummy driver reports no DPI")
        #expect(a.pointSize == Size(width: 400, height: 300) && a.renderer.pixelScale == 2)
        let r = Recorder(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        a.window.addSubview(r)
        // A click SDL reports at window units (200, 100) is the point (100, 50).
        var e = SDL_Event()
        e.type = SDL_MOUSEBUTTONDOWN.rawValue
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(SDL_PRESSED)
        e.button.x = 200
        e.button.y = 100
        e.button.windowID = SDL_GetWindowID(a.sdlWindow)
        SDL_PushEvent(&e)
        a.turn(blocking: false)
        #expect(r.touched == [Point(x: 100, y: 50)])
        // Synthetic input (scripts, tests) speaks points and goes through the same scale.
        a.post(.mouseUp(Point(x: 100, y: 50)))
        a.post(.mouseDown(Point(x: 30, y: 40)))
        a.turn(blocking: false)
        #expect(r.touched.last == Point(x: 30, y: 40))
    }

    @Test func aForcedPixelScaleOverridesIt() throws {
        let a = try app(Size(width: 400, height: 500), pixelScale: 2, asked: Asked())
        #expect(a.renderer.pixelScale == 2 && a.pointSize == Size(width: 400, height: 500), "\(a.pointSize)")
    }
}
