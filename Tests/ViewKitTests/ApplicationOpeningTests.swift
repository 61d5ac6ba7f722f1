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
        let finished = DispatchSemaphore(value: 0)
    }

    private func open(_ configuration: Application.Configuration) throws -> (Application, Seen) {
        let seen = Seen()
        let a = try Application(configuration: configuration, clock: ManualClock()) { opening in
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
    }
}
