import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// The real app, headless: the card's frames from the view dump against the SPEC.
@MainActor
struct CardDumpTests {
    private func dump(_ size: Size, scale: Double? = nil) throws -> ViewDump {
        var options = NowPlayingApp.Options()
        options.size = size
        options.headless = true
        options.startPaused = true
        options.stateDirectory = NSTemporaryDirectory() + "np-state-\(UUID().uuidString)"
        options.pixelScale = scale
        let app = try NowPlayingApp(options: options)
        app.application.drawIfNeeded()
        return ViewDump(app.application.window)
    }

    private func node(_ d: ViewDump, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ViewDump {
        try #require(d.find(id), "no view '\(id)' in the dump", sourceLocation: sourceLocation)
    }

    private func close(_ a: Double, _ b: Double, _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a - b) <= 0.5, "\(what): \(a) vs \(b)", sourceLocation: sourceLocation)
    }

    @Test(arguments: CardLayoutTests.phones)
    func carouselAndCovers(size: Size) throws {
        let d = try dump(size)
        let w = size.width
        let carousel = try node(d, "carousel").windowRect
        close(carousel[0], 0, "SPEC C1: carousel at the left edge")
        close(carousel[2], w, "SPEC C1: full width")
        close(carousel[3], w - 68, "SPEC C1: height = width − 68")

        let first = try node(d, "cover.0")
        close(first.windowRect[0], 34, "SPEC C1/C3: 34 pt free left of the centred first cover")
        close(first.windowRect[2], w - 68, "SPEC C2: square cell as high as the carousel")
        close(first.windowRect[3], w - 68, "SPEC C2")
        close(first.transform[0], 1, "SPEC C4: the centred cover is not scaled")
        let image = try node(d, "cover.0.image")
        close(image.windowRect[2], w - 68, "SPEC C2: the image fills the cell")
        #expect(abs(image.alpha - 1) < 1e-9, "SPEC C5: centred cover opaque")

        let next = try node(d, "cover.1")
        let d1 = (w - 68)  // one cell's distance from the centre
        let expected = min(1, max(0.860091, 1.02 - d1 / (w / 2) * 0.105))
        #expect(abs(next.transform[0] - expected) < 1e-9 && abs(next.transform[3] - expected) < 1e-9, "SPEC C4")
        let nextImage = try node(d, "cover.1.image")
        #expect(abs(nextImage.alpha - (0.75 * (expected - 0.86) / 0.14 + 0.25)) < 1e-9, "SPEC C5")
        close(next.windowRect[0], w - 34 + (w - 68) * (1 - expected) / 2, "scaled about its own centre")
        #expect(d.find("cover.3") == nil, "only visible cells exist")
    }

    @Test(arguments: CardLayoutTests.phones)
    func transport(size: Size) throws {
        let d = try dump(size)
        let play = try node(d, "playPause")
        close(play.windowRect[2], 74, "SPEC T3: 74 wide"); close(play.windowRect[3], 74, "SPEC T3: 74 high")
        close(play.windowRect[0] + 37, size.width / 2, "SPEC T3: centred horizontally")
        #expect(play.cornerRadius == 37 && play.borderWidth == 2, "SPEC T3: circle border")
        let playImage = try #require(play.children.first { $0.type == "ImageView" })
        #expect(playImage.frame == [20, 20, 34, 34], "SPEC T3: image insets 20 on every side")

        for (stackID, ids) in [("leftStack", ["shuffle", "previous"]), ("rightStack", ["next", "repeat"])] {
            let stack = try node(d, stackID)
            #expect(stack.children.count == 2)
            let slots = stack.children.map(\.frame)
            close(slots[0][2], slots[1][2], "SPEC T4: fill equally")
            close(slots[0][2] + slots[1][2], stack.frame[2], "SPEC T4: the placeholders fill the stack")
            for (slot, id) in zip(stack.children, ids) {
                let b = try node(d, id)
                close(b.windowRect[0] + b.windowRect[2] / 2, slot.windowRect[0] + slot.windowRect[2] / 2,
                      "SPEC T4: \(id) centred in its placeholder")
            }
        }
        let left = try node(d, "leftStack").windowRect, right = try node(d, "rightStack").windowRect
        #expect(left[0] + left[2] <= play.windowRect[0] && right[0] >= play.windowRect[0] + 74)
    }

    @Test(arguments: CardLayoutTests.phones)
    func labelsAndSlider(size: Size) throws {
        let d = try dump(size)
        #expect(try node(d, "title").text == "Neon Harbor")
        #expect(try node(d, "artist").text == "The Quiet Frequencies")
        #expect(try node(d, "elapsed").text == "0:00")
        #expect(try node(d, "remaining").text == "\u{2212}0:42", "the first demo track is 42 s long")
        #expect(try node(d, "progress").value == 0)
        let title = try node(d, "title").windowRect, carousel = try node(d, "carousel").windowRect
        #expect(title[1] >= carousel[1] + carousel[3], "SPEC T1: labels below the carousel")
        let bottom = try node(d, "playPause").windowRect
        #expect(bottom[1] + bottom[3] <= size.height)
    }

    @Test func dumpAndScreenshotOptionsWriteFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var options = NowPlayingApp.Options()
        options.size = Size(width: 375, height: 667)
        options.headless = true
        options.startPaused = true
        options.stateDirectory = NSTemporaryDirectory() + "np-state-\(UUID().uuidString)"
        options.dumpPath = dir.appendingPathComponent("views.json").path
        options.screenshotPath = dir.appendingPathComponent("shot.png").path
        try NowPlayingApp(options: options).run()
        let json = try Data(contentsOf: URL(fileURLWithPath: options.dumpPath!))
        let decoded = try JSONDecoder().decode(ViewDump.self, from: json)
        #expect(decoded.find("playPause") != nil)
        let shot = try Image(contentsOfFile: options.screenshotPath!)
        #expect(shot.size == Size(width: 375, height: 667))
        let pixels = try #require(shot.surface(pixelWidth: 375, pixelHeight: 667))
        let play = try #require(decoded.find("playPause")).windowRect
        // The ring's top edge is white; its middle shows the white play icon; the background is dark.
        let ring = (Int(play[1]) - 1...Int(play[1]) + 3).map { pixels.pixel(x: Int(play[0] + 37), y: $0).r }.max()!
        #expect(ring > 200, "SPEC T3: the white circle border is on screen")
        #expect(pixels.pixel(x: 5, y: 660).r < 40, "dark theme")
    }

    @Test func hiDPIFrameHasTwiceThePixels() throws {
        let app = try NowPlayingApp.headless(size: Size(width: 320, height: 568)) { $0.pixelScale = 2 }
        #expect(app.application.renderer.outputSize.width == 640)
        #expect(app.application.pointSize == Size(width: 320, height: 568), "layout stays in points")
        let d = ViewDump(app.application.window)
        close(try node(d, "playPause").windowRect[2], 74, "points, not pixels")
    }
}
