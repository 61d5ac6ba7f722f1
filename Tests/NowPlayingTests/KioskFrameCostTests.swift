import Foundation
import Testing
@testable import ViewKit
@testable import NowPlaying

/// What a carousel frame costs on a 1080 × 1920 portrait kiosk (issue 14: 60 fps on the software renderer),
/// where the interface is drawn 2.25 times larger than its design size. Work is counted, not timed.
@MainActor
struct KioskFrameCostTests {
    static let kiosk = Size(width: 1080, height: 1920)

    private func kioskApp() throws -> NowPlayingApp {
        var options = headlessOptions(size: KioskFrameCostTests.kiosk)
        options.paths = [try AppResources.locate().demoAlbum]
        let app = try NowPlayingApp(options: options)
        app.application.drawIfNeeded()
        return app
    }

    /// Runs `script` frame by frame; `frame` is called after each frame drawn.
    private func run(_ app: NowPlayingApp, _ script: String, frame: () -> Void = {}) throws {
        let runner = ScriptRunner(script: try Script(parsing: script))
        while let step = runner.next() {
            if case .input(let input) = step { app.application.post(input) }
            let before = app.application.renderer.frameCount
            app.advanceFrame()
            if app.application.renderer.frameCount > before { frame() }
        }
    }

    /// The bench's slow drags across the centred cover, one way and back (the carousel's cells are 412 pt).
    private static let dragsAndBack = """
    drag 425 331 55 331 400
    wait 600
    drag 55 331 425 331 400
    wait 600
    """

    /// Once every cover of a drag has been drawn, dragging over them again decodes nothing: the textures of
    /// one frame's covers (three 600 px pictures drawn larger than they are, 1.4 MB each) stay cached
    /// together, rather than pushing each other out of a budget sized for a phone's window every frame.
    @Test func draggingOverCoversShownBeforeDecodesNothing() throws {
        let app = try kioskApp()
        #expect(app.application.renderer.outputSize == (1080, 1920))
        try run(app, KioskFrameCostTests.dragsAndBack)
        let log = DecodeLog()
        var frames = 0
        try DecodeLog.$current.withValue(log) {
            try run(app, KioskFrameCostTests.dragsAndBack) { frames += 1 }
        }
        #expect(frames > 30)
        #expect(log.decodes.isEmpty, "decoded again: \(log.decodes.map { "\($0.width)×\($0.height)" })")
    }

    /// Drag frames leave out what lies under the carousel's backdrop (the lyrics card behind it, the card's
    /// gradient), in a region a pixel taller than the carousel, yet equal the same frame drawn from scratch,
    /// pixel for pixel, at the kiosk's fractional scale (the carousel's top, 125 pt, is 281.25 px).
    @Test func dragFramesLeaveOutWhatTheBackdropHidesAndEqualFullRedraws() throws {
        let app = try kioskApp()
        var frames = 0
        try run(app, KioskFrameCostTests.dragsAndBack) {
            frames += 1
            let renderer = app.application.renderer
            guard let drawn = renderer.readPixels(), let full = try? app.application.captureFrame() else {
                Issue.record("no pixels")
                return
            }
            #expect(PartialRedrawTests.differingPixels(drawn, full) == 0, "frame \(frames) (region \(renderer.lastRegion))")
        }
        #expect(frames > 30)
    }
}
