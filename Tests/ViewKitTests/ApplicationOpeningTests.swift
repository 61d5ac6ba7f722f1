import CSDL2
import Dispatch
import Foundation
import Locking
import Testing
@testable import ViewKit

/// Work begun while the window opens (`Application.init(…whileOpening:)`) runs before the window exists, on
/// any thread, and learns the window's geometry before it is made: the same the window then has.
@MainActor
@Suite(.serialized)
struct ApplicationOpeningTests {
    /// What a thread begun while the application opened saw.
    final class Seen: Sendable {
        let geometry = Locked<Application.Geometry??>(nil)
        /// `Opening.likelyGeometry`, read while the application opened.
        let likely = Locked<Application.Geometry??>(nil)
        let finished = DispatchSemaphore(value: 0)
    }

    private func open(_ configuration: Application.Configuration) throws -> (Application, Seen) {
        let seen = Seen()
        let a = try Application(configuration: configuration, clock: ManualClock()) { opening in
            seen.likely.withLock { $0 = .some(opening.likelyGeometry) }
            Thread.detachNewThread {
                seen.geometry.withLock { $0 = .some(opening.expectedGeometry()) }
                seen.finished.signal()
            }
        }
        return (a, seen)
    }

    /// The expected geometry is the opened window's: its size in points and its pixel scale, forced or derived
    /// from a content scale (a 900 × 1200 window at a content scale of 1.5 is 600 × 800 points, 1.5 px a point).
    @Test(arguments: [(nil, 1.0), (2.0, 1.0), (nil, 1.5)] as [(Double?, Double)])
    func theExpectedGeometryIsTheOpenedWindows(forced: Double?, content: Double) throws {
        var configuration = Application.Configuration(title: "opening", size: Size(width: 900, height: 1200), headless: true,
                                                      pixelScale: forced, fonts: Fixtures.fonts)
        configuration.contentScale = { _, _ in content }
        let (a, seen) = try open(configuration)
        #expect(seen.finished.wait(timeout: .now() + 10) == .success, "the waiting thread was answered")
        let expected = try #require(seen.geometry.withLock { $0 } ?? nil)
        #expect(expected == Application.Geometry(points: a.pointSize, pixelScale: a.renderer.pixelScale))
        let scale = forced ?? content
        #expect(expected.pixelScale == scale)
        #expect(expected.points == Size(width: 900 / (forced == nil ? content : 1), height: 1200 / (forced == nil ? content : 1)))
        #expect(seen.likely.withLock { $0 } == .some(expected), "known before the display: the same on a display of the reference DPI")
    }

    /// A fullscreen window's size is the display's: nothing to guess before SDL has it.
    @Test func aFullscreenWindowHasNoLikelyGeometry() throws {
        var configuration = Application.Configuration(title: "opening", size: Size(width: 900, height: 1200), headless: true,
                                                      fonts: Fixtures.fonts)
        configuration.fullscreen = true
        let likely = Locked<Application.Geometry??>(nil)
        _ = try Application(configuration: configuration, clock: ManualClock()) { opening in
            likely.withLock { $0 = .some(opening.likelyGeometry) }
        }
        #expect(likely.withLock { $0 } == .some(nil))
    }
    /// A window asked larger than the screen's usable part (a panel takes its top 40 rows here) keeps its shape,
    /// as large as that part holds, centred on it; never below the minimum size; one that fits is left alone.
    @Test func aWindowLargerThanTheScreenIsFittedToIt() {
        let usable = SDL_Rect(x: 0, y: 40, w: 1920, h: 1160)
        let portrait = Application.fitted(width: 1080, height: 1920, within: usable, minimum: (280, 440))
        // 1160 rows of 1920: 1080 × 1160 / 1920 = 652.5 → 653 wide, centred: (1920 − 653) / 2 = 633.
        #expect(portrait.map { [$0.x, $0.y, $0.w, $0.h] } == [633, 40, 653, 1160])
        let wide = Application.fitted(width: 3840, height: 1000, within: usable, minimum: (280, 440))
        // Halved: 1920 × 500, centred in the 1,160 rows below the panel: y = 40 + 330.
        #expect(wide.map { [$0.x, $0.y, $0.w, $0.h] } == [0, 370, 1920, 500])
        let thin = Application.fitted(width: 7680, height: 600, within: usable, minimum: (280, 440))
        #expect(thin.map { [$0.w, $0.h] } == [1920, 440], "never below the minimum size")
        #expect(Application.fitted(width: 414, height: 736, within: usable, minimum: (280, 440)) == nil)
    }
}
