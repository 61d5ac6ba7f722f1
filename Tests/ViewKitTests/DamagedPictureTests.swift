import CSDL2
import CTurboJPEG
import Foundation
import Testing
@testable import ViewKit

/// A picture whose file ends early is shown as far as it goes and says so (`DecodedImage.damage`), and its
/// copy is not cached; a picture whose decoder only grumbles (bytes before a marker) is whole and says nothing.
@MainActor
struct DamagedPictureTests {
    /// A 600 × 600 JPEG of horizontal bands (real content, so its scan data is long).
    private func jpeg() throws -> [UInt8] {
        let surface = try #require(Surface(width: 600, height: 600))
        for band in 0..<20 {
            var rect = SDL_Rect(x: 0, y: Int32(band * 30), w: 600, h: 30)
            let c = UInt32(band * 12)
            SDL_FillRect(surface.pointer, &rect, 0xFF00_0000 | c << 16 | (255 - c) << 8 | (c * 7 % 256))
        }
        return try #require(PictureDecoder.encodeJPEG(surface, quality: 90))
    }

    @Test func aJPEGCutShortSaysSoAndIsNotCached() throws {
        let whole = try jpeg()
        #expect(try DecodedImage(bytes: whole, name: "whole.jpg", preparingFor: Size(width: 300, height: 300)).damage == nil)
        let cut = Array(whole.prefix(whole.count / 2))
        let shown = try DecodedImage(bytes: cut, name: "cut.jpg", preparingFor: Size(width: 300, height: 300))
        let damage = try #require(shown.damage, "a JPEG cut in half decodes with libjpeg-turbo's warning")
        #expect(damage.lowercased().contains("premature end"), "\(damage)")
        #expect(shown.size == Size(width: 600, height: 600), "shown as far as it goes, at its own size")
        // Kept smaller than it is (a 4000 px cover), a whole picture's copy is cached, a cut one's never.
        let big = try #require(Surface(width: 2400, height: 2400))
        SDL_FillRect(big.pointer, nil, 0xFF20_6090)
        let large = try #require(PictureDecoder.encodeJPEG(big, quality: 90))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("np-damaged-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = PictureCache(directory: folder, settleTime: 0)
        let cutLarge = try DecodedImage(bytes: Array(large.prefix(large.count * 2 / 3)), name: "cut-large.jpg",
                                        preparingFor: Size(width: 300, height: 300), cache: cache)
        #expect(cutLarge.damage != nil)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty, "nothing cached of it")
        _ = try DecodedImage(bytes: large, name: "large.jpg", preparingFor: Size(width: 300, height: 300), cache: cache)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "the whole one's copy is cached")
    }

    /// "Corrupt JPEG data: N extraneous bytes before marker 0xd9", common in covers that show whole, is not damage.
    @Test func extraneousBytesBeforeTheEndAreNotDamage() throws {
        let whole = try jpeg()
        #expect(whole.suffix(2) == [0xFF, 0xD9])
        let grumbling = Array(whole.dropLast(2)) + [0x00, 0x13, 0x37, 0xFF, 0xD9]
        // libjpeg-turbo does warn about it.
        let tj = try #require(tjInitDecompress())
        defer { tjDestroy(tj) }
        var pixels = [UInt8](repeating: 0, count: 600 * 600 * 4)
        #expect(tjDecompress2(tj, grumbling, UInt(grumbling.count), &pixels, 600, 0, 600, Int32(TJPF_BGRA.rawValue), 0) != 0)
        #expect(String(cString: tjGetErrorStr2(tj)).contains("extraneous bytes"))
        #expect(try DecodedImage(bytes: grumbling, name: "extra.jpg", preparingFor: Size(width: 300, height: 300)).damage == nil)
    }
}
