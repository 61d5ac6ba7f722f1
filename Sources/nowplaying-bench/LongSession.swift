import Foundation
import NowPlaying
import ViewKit

/// Scenario 9, a long session's text: 20,000 distinct strings laid out through the app's text renderer (as a
/// long lyrics file or a scrolled library lays them out), in this process with the software renderer. The
/// mean time per string of the last 1,000 against the first 1,000 must stay flat once the caches are full.
struct LongSessionFigures: Codable {
    var strings: Int
    /// Mean time per string, in microseconds, over the first and the last `window` strings.
    var firstMicroseconds: Double
    var lastMicroseconds: Double
    var window: Int

    var ratio: Double { lastMicroseconds / max(firstMicroseconds, 0.001) }

    @MainActor
    static func measure(fonts: FontLibrary, strings: Int = 20_000, window: Int = 1_000) throws -> LongSessionFigures {
        let canvas = try OffscreenCanvas(size: Size(width: 320, height: 80), fonts: fonts)
        let text = canvas.renderer.text
        let font = Font(size: 17, weight: .semibold)
        let clock = ContinuousClock()
        var costs: [Duration] = []
        costs.reserveCapacity(strings)
        for i in 0..<strings {
            let line = "Line \(i) of the night: the city lights \(i % 97) streets away"
            let start = clock.now
            // A label's layout: wrapped onto two lines at most, each measured.
            _ = TextLayout.lines(line, width: 300, maxLines: 2) { text.width(of: $0, font: font, scale: 1) }
            costs.append(clock.now - start)
        }
        func meanMicroseconds(_ d: ArraySlice<Duration>) -> Double {
            d.reduce(0.0) { $0 + Double($1.components.attoseconds) / 1e12 + Double($1.components.seconds) * 1e6 } / Double(d.count)
        }
        return LongSessionFigures(strings: strings, firstMicroseconds: meanMicroseconds(costs.prefix(window)),
                                  lastMicroseconds: meanMicroseconds(costs.suffix(window)), window: window)
    }
}
