import CSDL2
import Testing
@testable import ViewKit

/// Numbers from files that were not what they claimed (a NaN length, a length of 31,165 hours) must never
/// reach the drawing path (issue 17): the slider keeps only finite bounds and values, and the conversion to
/// SDL's integer rectangles saturates instead of trapping. (A NaN that reaches `DrawContext` anyway is a
/// programming error: debug builds stop on it there, release builds draw nothing for it.)
@MainActor
struct NonFiniteGeometryTests {
    /// SPEC T6: the thumb sits within the track whatever the slider is told.
    @Test func aSliderIgnoresBoundsAndValuesThatAreNotFinite() {
        for bad in [Double.nan, .infinity, -.infinity] {
            let slider = Slider()
            slider.frame = Rect(x: 0, y: 0, width: 300, height: 30)
            slider.maximumValue = 200
            slider.value = 50
            slider.maximumValue = bad
            slider.minimumValue = bad
            slider.value = bad
            #expect(slider.maximumValue == 200 && slider.minimumValue == 0 && slider.value == 50, "after \(bad)")
            let thumb = slider.thumbRect(forBounds: slider.bounds, value: slider.value)
            #expect([thumb.minX, thumb.minY, thumb.width, thumb.height].allSatisfy(\.isFinite) && thumb.minX >= 0 && thumb.maxX <= 300, "\(thumb) after \(bad)")
            // Thumb centre at a quarter of the travel (7 to 293: the default 14 pt thumb's half each side).
            #expect(abs(thumb.midX - (7 + 0.25 * 286)) < 1e-9, "\(thumb.midX)")
        }
    }

    /// A length of 31,165 hours in points is 1.1e8; in pixels of a scaled transform, beyond Int32: the
    /// rectangle saturates (it used to trap converting to Int32).
    @Test func rectanglesBeyondThirtyTwoBitsSaturate() {
        let r = SDL_Rect(roundingEdgesOf: Rect(x: -1e12, y: 5, width: 3e12, height: 1e15))
        #expect(r.x == Int32.min && r.y == 5 && r.w == Int32.max && r.h == Int32.max, "\(r)")
    }

    /// A NaN that reaches the drawing path anyway is a programming error, caught where it enters
    /// `DrawContext`: a debug build (as the tests are built) stops there with its message, in a child process.
    @Test func aNaNReachingDrawingStopsADebugBuild() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let root = NaNFill(frame: Rect(x: 0, y: 0, width: 40, height: 40))
                guard let canvas = try? OffscreenCanvas(size: Size(width: 40, height: 40), fonts: Fixtures.fonts) else { return }
                canvas.render(root)
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("non-finite geometry drawn"), "stopped by DrawContext's check: \(stderr)")
    }
}

extension NonFiniteGeometryTests {
    /// A view placed at NaN is not drawn, and traps nowhere on the way (the occlusion pass turned its box into
    /// whole pixels with `Int(_:)`, which traps on NaN in every build).
    @Test func aViewPlacedAtNaNIsNotDrawn() throws {
        let c = try OffscreenCanvas(size: Size(width: 40, height: 40), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        let bad = View(frame: Rect(x: .nan, y: 0, width: 10, height: 10))
        bad.backgroundColor = .white
        root.addSubview(bad)
        c.render(root, background: .black)
        assertPixel(c.pixel(x: 5, y: 5), 0, 0, 0, 0, "nothing drawn")
    }
}

/// A view whose drawing asks for a rectangle at x = NaN (as a length read from a broken file once did).
private final class NaNFill: View {
    override func draw(in context: DrawContext) {
        context.fill(Rect(x: .nan, y: 0, width: 10, height: 10), color: .white)
    }
}
