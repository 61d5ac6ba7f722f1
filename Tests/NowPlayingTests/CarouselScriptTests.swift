import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// The live carousel driven by scripts through the real event path (headless, 60 Hz virtual clock).
@MainActor
struct CarouselScriptTests {
    static let size = Size(width: 375, height: 667)
    /// A point on the carousel (its top is below the header).
    static let y = 250.0
    private func run(_ body: String) throws -> [ViewDump] { try runScript(body, size: CarouselScriptTests.size) }

    /// SPEC C4 / C5 for a cover whose centre is `d` from the carousel's centre.
    private func expectZoom(_ dump: ViewDump, item: Int, distance d: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let c = 375.0 / 2
        let scale = min(1, max(0.860091, 1.02 - d / c * 0.105))
        let alpha = 0.75 * (scale - 0.86) / 0.14 + 0.25
        let cell = try #require(dump.find("cover.\(item)"), sourceLocation: sourceLocation)
        let image = try #require(dump.find("cover.\(item).image"), sourceLocation: sourceLocation)
        #expect(abs(cell.transform[0] - scale) < 1e-6, "C4 scale of cover \(item) at d = \(d)", sourceLocation: sourceLocation)
        #expect(abs(image.alpha - alpha) < 1e-6, "C5 alpha of cover \(item) at d = \(d)", sourceLocation: sourceLocation)
        let centre = cell.windowRect[0] + cell.windowRect[2] / 2
        #expect(abs(abs(centre - c) - d) < 0.5, "cover \(item) is \(d) from the centre", sourceLocation: sourceLocation)
    }

    /// Which cover is centred (to 0.5 pt) and what the title says.
    private func centred(_ dump: ViewDump, sourceLocation: SourceLocation = #_sourceLocation) -> (Int?, String?) {
        let item = (0..<8).first { i in
            guard let r = dump.find("cover.\(i)")?.windowRect else { return false }
            return abs(r[0] + r[2] / 2 - 187.5) <= 0.5 && r[2] == 307
        }
        return (item, dump.find("title")?.text)
    }

    @Test(arguments: [30.0, 60.0, 120.0, 200.0])
    func coversZoomAndFadeWhileHeld(distance: Double) throws {
        let y = CarouselScriptTests.y
        let d = try run("""
        down 300 \(y)
        move \(300 - distance) \(y) 300
        wait 100
        dump
        quit
        """)
        // The content follows the finger exactly: cover 0 has moved `distance` left of the centre.
        try expectZoom(d[0], item: 0, distance: distance)
        try expectZoom(d[0], item: 1, distance: 307 - distance)
    }

    @Test func slowReleaseSettlesOnTheLargestCover() throws {
        let y = CarouselScriptTests.y
        let d = try run("""
        down 300 \(y)
        move 200 \(y) 300
        wait 200
        up
        wait 1000
        dump
        down 300 \(y)
        move 100 \(y) 300
        wait 200
        up
        wait 1000
        dump
        quit
        """)
        #expect(centred(d[0]) == (0, "Neon Harbor"), "100 pt: cover 0 is still the largest")
        #expect(centred(d[1]) == (1, "Paper Satellites"), "200 pt: cover 1 is now the largest")
    }

    @Test func flingsTravelByTheirSpeed() throws {
        let y = CarouselScriptTests.y
        let d = try run("""
        drag 300 \(y) 220 \(y) 100
        wait 3000
        dump
        drag 350 \(y) 50 \(y) 100
        wait 4000
        dump
        quit
        """)
        #expect(centred(d[0]) == (1, "Paper Satellites"), "a short flick moves one cover")
        let (far, _) = centred(d[1])
        #expect((far ?? 0) >= 3, "a fast fling travels several covers")
    }

    @Test func flingsNeverPassTheEnds() throws {
        let y = CarouselScriptTests.y
        let d = try run("""
        drag 50 \(y) 350 \(y) 80
        wait 3000
        dump
        drag 350 \(y) 20 \(y) 60
        wait 4000
        drag 350 \(y) 20 \(y) 60
        wait 4000
        drag 350 \(y) 20 \(y) 60
        wait 4000
        dump
        quit
        """)
        #expect(centred(d[0]) == (0, "Neon Harbor"))
        #expect(centred(d[1]) == (7, "Northbound"))
    }

    @Test func fingerDragsWorkLikeTheMouse() throws {
        let y = CarouselScriptTests.y
        let d = try run("""
        finger down 300 \(y)
        finger move 180 \(y) 300
        wait 100
        dump
        finger up
        wait 1500
        dump
        quit
        """)
        try expectZoom(d[0], item: 0, distance: 120)
        #expect(centred(d[1]).0 == 0)
    }

    @Test func wheelAndKeysStepOneCover() throws {
        let d = try run("""
        down 187 \(CarouselScriptTests.y)
        up
        wheel 0 -1
        wait 1000
        dump
        key right
        wait 1000
        dump
        key left
        key left
        key left
        wait 1000
        dump
        quit
        """)
        #expect(centred(d[0]) == (1, "Paper Satellites"))
        #expect(centred(d[1]) == (2, "Glass Orchard"))
        #expect(centred(d[2]) == (0, "Neon Harbor"), "never before the first cover")
    }

    @Test func scriptedRunsAreDeterministic() throws {
        let script = "drag 300 \(CarouselScriptTests.y) 120 \(CarouselScriptTests.y) 150\nwait 300\ndump\nquit"
        let a = try run(script), b = try run(script)
        #expect(a == b)
    }
}
