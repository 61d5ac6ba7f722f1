import Foundation
import Testing
@testable import ViewKit

/// A picture kept at its own size (a 600 px cover in a 480 pt window) keeps nothing of its pixels but the level it
/// is drawn at: that alone is decoded, and what the picture says of itself (opacity, colour) read from it.
struct KeptWholeTests {
    /// A 600 px PNG, a smooth gradient, its top left corner (10 × 10) transparent when `hole`.
    private func png(hole: Bool) -> [UInt8] {
        PNGWriter(width: 600, height: 600, colorType: .rgba).bytes { y in
            (0..<600).flatMap { x -> [UInt8] in
                [UInt8(x * 255 / 599), UInt8(y * 255 / 599), 128, hole && x < 10 && y < 10 ? 0 : 255]
            }
        }
    }

    private func decoded(_ bytes: [UInt8], drawn: Double?) throws -> (DecodedImage, [DecodeLog.Entry]) {
        let log = DecodeLog()
        let image = try DecodeLog.$current.withValue(log) {
            try DecodedImage(bytes: bytes, name: "cover.png", preparingFor: drawn.map { Size(width: $0, height: $0) })
        }
        return (image, log.decodes)
    }

    @Test(arguments: [false, true])
    func onlyTheLevelIsDecodedAndItSaysWhatTheWholeDoes(hole: Bool) throws {
        let bytes = png(hole: hole)
        let (whole, _) = try decoded(bytes, drawn: nil)
        let (prepared, decodes) = try decoded(bytes, drawn: 412)
        // The mipmap level for 412 px: 600 · (3/4) = 450, the last at least 412.
        #expect(decodes.map { [$0.width, $0.height] } == [[450, 450]], "one decode, at the level: \(decodes)")
        #expect(prepared.pixelDimensions.map { [$0.width, $0.height] } == [600, 600], "kept at its own size")
        #expect(prepared.isOpaque == !hole && whole.isOpaque == !hole, "a transparent corner is seen at the level too")
        let a = prepared.averageColor, b = whole.averageColor
        for (x, y) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)] {
            #expect(abs(x - y) <= 2.0 / 255, "mean colour \(a) from the level, \(b) from the whole")
        }
    }
}
