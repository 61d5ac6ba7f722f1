import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// Frames redraw only what changed (the region of the views that changed, under the topmost opaque view):
/// after every step of a session that drags, flings, flips, dismisses and presents the card, plays and
/// scrolls, the partly redrawn frame must equal the same frame drawn from scratch, pixel for pixel.
@MainActor
struct PartialRedrawTests {
    @Test func everyPartialFrameEqualsAFullRedraw() throws {
        let app = try NowPlayingApp(options: headlessOptions(size: Size(width: 375, height: 667)))
        let application = app.application
        application.drawIfNeeded()
        let script = try Script(parsing: """
        drag 300 250 120 250 250
        wait 400
        drag 120 250 330 250 60
        wait 700
        key space
        wait 1100
        key l
        wait 600
        key l
        wait 600
        key escape
        wait 700
        key return
        wait 700
        wheel 187 600
        wait 300
        drag 200 560 200 380 300
        wait 500
        key space
        """)
        let runner = ScriptRunner(script: script)
        var frames = 0, partial = 0
        while let step = runner.next() {
            if case .input(let input) = step { application.post(input) }
            let before = application.renderer.frameCount
            app.advanceFrame()
            guard application.renderer.frameCount > before else { continue }
            frames += 1
            let region = application.renderer.lastRegion
            if region.width < 375 || region.height < 667 { partial += 1 }
            let drawn = try #require(application.renderer.readPixels())
            let full = try application.captureFrame()
            let differing = PartialRedrawTests.differingPixels(drawn, full)
            #expect(differing == 0, "frame \(frames) (region \(region)) differs from a full redraw in \(differing) pixels")
            if differing > 0 { break }
        }
        #expect(frames > 60)
        // Most frames are partial: a broken region computation that always redrew everything would pass above.
        #expect(partial > frames / 2, "\(partial) of \(frames) frames were partial")
    }

    /// Playing with the song card up, a progress tick redraws the card's slider and time labels, not the mini
    /// player's progress line hidden under the card, nor everything between them (issue 13, defect 7).
    @Test func aProgressTickUnderTheCardRedrawsOnlyTheCardsProgress() throws {
        let app = try NowPlayingApp(options: headlessOptions(size: Size(width: 375, height: 667)))
        let application = app.application
        application.drawIfNeeded()
        let window = application.window
        func place(_ id: String) throws -> PixelRect {
            let v = try #require(window.viewWithIdentifier(id))
            let r = v.convert(v.bounds, to: nil)
            // The renderer's margin of a pixel around each view.
            return PixelRect(x: Int(r.minX.rounded(.down)) - 1, y: Int(r.minY.rounded(.down)) - 1,
                             width: Int(r.width.rounded(.up)) + 3, height: Int(r.height.rounded(.up)) + 3)
        }
        // Whatever the start left to do first (a message, a late window event): until ten frames draw nothing.
        var quiet = 0
        for _ in 0..<600 where quiet < 10 {
            let before = application.renderer.frameCount
            app.advanceFrame()
            quiet = application.renderer.frameCount == before ? quiet + 1 : 0
        }
        app.view.showProgress(position: 12.5, duration: 42)
        app.library.view.miniPlayer.setProgress(12.5 / 42)
        app.advanceFrame()
        let mini = try place("miniPlayer")
        let moving = try ["progress", "elapsed", "remaining"].map(place)
        #expect(application.renderer.lastRegions.allSatisfy { $0.intersection(mini).isEmpty },
                "the mini player under the card is not redrawn: \(application.renderer.lastRegions)")
        let redrawn = application.renderer.lastRegions.reduce(0) { $0 + $1.area }
        #expect(redrawn > 0 && redrawn <= moving.reduce(0) { $0 + $1.area },
                "\(redrawn) pixels redrawn for a slider and two labels of \(moving.reduce(0) { $0 + $1.area })")
    }

    /// A progress tick moving the thumb a few points redraws around the thumb, not the slider's whole track
    /// (SPEC T6's slider following playback; the cost of playing, issue 18).
    @Test func aProgressTickRedrawsAroundTheThumb() throws {
        let app = try NowPlayingApp(options: headlessOptions(size: Size(width: 375, height: 667)))
        let application = app.application
        var quiet = 0
        for _ in 0..<600 where quiet < 10 {
            let before = application.renderer.frameCount
            app.advanceFrame()
            quiet = application.renderer.frameCount == before ? quiet + 1 : 0
        }
        let slider = try #require(application.window.viewWithIdentifier("progress") as? Slider)
        app.view.showProgress(position: 12.1, duration: 42)
        app.advanceFrame()
        app.view.showProgress(position: 12.6, duration: 42)
        app.advanceFrame()
        let place = slider.convert(slider.bounds, to: nil)
        let travel = slider.thumbTravel(forBounds: slider.bounds)
        let move = (travel.end - travel.start) * 0.5 / 42
        let thumb = slider.currentThumbImage?.size.width ?? 14
        let near = application.renderer.lastRegions.filter {
            !$0.intersection(PixelRect(enclosing: place)).isEmpty
        }
        #expect(!near.isEmpty, "the thumb moved \(move) points")
        // The thumb where it was and is, a pixel around, whole pixels: thumb + move + 2 + 2.
        #expect(near.allSatisfy { Double($0.width) <= thumb + move + 4 },
                "redrawn \(near) for a thumb of \(thumb) points moving \(move) on a track of \(place.width)")
        let drawn = try #require(application.renderer.readPixels())
        #expect(PartialRedrawTests.differingPixels(drawn, try application.captureFrame()) == 0, "as a full redraw draws it")
    }

    static func differingPixels(_ a: Surface, _ b: Surface) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if p.r != q.r || p.g != q.g || p.b != q.b { n += 1 }
            }
        }
        return n
    }
}
