import Foundation
import Testing
import NowPlaying

/// Issue 18 (a carousel drag on the default renderer ≤ 25 % of a core on llvmpipe): what a drag frame asks of
/// SDL's default renderer, OpenGL, which on a machine without a GPU is Mesa's llvmpipe — it prepares, bins and
/// shades every draw tile by tile on the CPU, so a frame of fewer draws costs less. Draws are counted, not timed.
struct GPUFrameCostTests {
    /// The bench's drags across the centred cover at 480 × 800 (slow ones, then quicker flings).
    private static let drags = """
    wait 500
    drag 404.8 304 75.2 304 80
    wait 1500
    drag 75.2 304 404.8 304 80
    wait 1500
    drag 425.4 304 54.6 304 400
    wait 600
    drag 54.6 304 425.4 304 400
    wait 600
    quit
    """

    /// The card's backdrop gradient, under the carousel's region, is one quad whose colours the GPU
    /// interpolates: drawn as a fill per run of rows of one colour (as the software renderer draws it) the
    /// demo album's drag frames made 97 draws (median), 89 of them the gradient's strips; now 8 (the fills,
    /// copies and meshes the views ask for: `FrameCost.draws`).
    @Test func aDragFrameDrawsTheBackdropGradientAsOneQuad() throws {
        let x = try XDisplay(width: 1280, height: 1024)
        let report = try StatsRun.report(on: x, size: "480x800", script: GPUFrameCostTests.drags)
        try #require(report.renderer == "opengl", "SDL's default renderer is OpenGL on Mesa under Xvfb")
        // The first frame draws the whole window.
        let draws = report.frames.dropFirst().map(\.cost.draws).sorted()
        try #require(draws.count > 30, "the drags drew frames")
        let median = draws[draws.count / 2]
        #expect(median <= 16, "a drag frame's draws: median \(median), all \(draws)")
    }
}
