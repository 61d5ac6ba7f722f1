import Foundation
import Locking
import Testing
@testable import ViewKit

/// A large picture is decoded whole once; later runs read the small copy `PictureCache` kept of it, and get what
/// decoding it whole gives (the same kept copy, level pixels, mean colour and opacity).
struct PictureCacheTests {
    private func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vk-pictures-\(UUID().uuidString)").path
    }

    /// A busy opaque picture of `side` pixels (lines on a ramp), as a JPEG.
    private func picture(side: Int, seed: UInt32 = 0) throws -> [UInt8] {
        let s = try #require(Surface(width: side, height: side))
        let pitch = Int(s.pointer.pointee.pitch) / 4
        let pixels = s.pointer.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<side {
            for x in 0..<side {
                let v = UInt32(x % 9 == 0 || y % 13 == 0 ? 250 : (x + y) * 200 / (2 * side)) ^ seed
                pixels[y * pitch + x] = 0xFF00_0000 | (v & 0xFF) << 16 | (255 - v & 0xFF) << 8 | (v & 0xFF) / 2
            }
        }
        return try #require(s.jpegData(quality: 90))
    }

    private func pixels(_ s: Surface) -> [UInt32] { s.rgbaPixels }

    private func decoded(_ bytes: [UInt8], _ cache: PictureCache?, drawn: Double = 412) throws -> (DecodedImage, [DecodeLog.Entry]) {
        let log = DecodeLog()
        let image = try DecodeLog.$current.withValue(log) {
            try DecodedImage(bytes: bytes, name: "cover.jpg", preparingFor: Size(width: drawn, height: drawn), cache: cache)
        }
        return (image, log.decodes)
    }

    private func expectSame(_ a: DecodedImage, _ b: DecodedImage, _ what: String) throws {
        #expect(a.size == b.size && a.pixelDimensions?.width == b.pixelDimensions?.width
                && a.pixelDimensions?.height == b.pixelDimensions?.height, "\(what): sizes")
        #expect(a.isOpaque == b.isOpaque && a.keptCopy == b.keptCopy, "\(what): opacity and kept copy")
        #expect(a.averageColor == b.averageColor, "\(what): mean colour \(a.averageColor) against \(b.averageColor)")
        let la = try #require(a.level?.surface), lb = try #require(b.level?.surface)
        #expect(la.width == lb.width && la.height == lb.height && pixels(la) == pixels(lb), "\(what): the prepared level's pixels")
    }

    @Test func aLargePictureIsDecodedWholeOnceThenFromItsCopy() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = try picture(side: 3000)
        let (uncached, _) = try decoded(bytes, nil)
        let (first, firstDecodes) = try decoded(bytes, PictureCache(directory: dir))
        // 3000 px drawn 412 px: kept at 1125 px (libjpeg-turbo's 3/8 scale), its level decoded from the kept copy.
        #expect(firstDecodes.first?.width == 1125, "the first run decodes the picture itself: \(firstDecodes.map(\.width))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".pic") }.count == 1)
        let (again, decodes) = try decoded(bytes, PictureCache(directory: dir))
        #expect(decodes == Array(firstDecodes.dropFirst()),
                "a later run decodes only what the first did from the copy (the level): \(decodes.map(\.width)) of \(firstDecodes.map(\.width))")
        try expectSame(first, uncached, "the first run")
        try expectSame(again, uncached, "from the copy")
    }

    /// Issue 13 (4000 px covers within the demo album's budget): a later run finds the copy from the file the picture
    /// is in, as it was, without reading the picture (megabytes to read and hash); a file changed in any way, even
    /// with its modification time put back as some taggers do, is read again.
    @Test func aPictureIsFoundFromItsUnchangedFileWithoutReadingIt() throws {
        let dir = folder()
        let file = dir + "-track"
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: file) }
        let bytes = try picture(side: 2400)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let drawn = Size(width: 412, height: 412)
        let (uncached, _) = try decoded(bytes, nil)
        let reads = SaidLines()
        let rereading: @Sendable () -> [UInt8]? = { reads.append("read"); return bytes }
        // (The file was written just now: remembered all the same.)
        let cache = PictureCache(directory: dir, settleTime: 0)
        func fromFile(part: String = "picture 1", drawnAt size: Size = drawn) -> DecodedImage? {
            PictureCache.Source(file: file, part: part).flatMap {
                DecodedImage(cachedAs: $0, in: cache, name: "track", preparingFor: size, rereading: rereading)
            }
        }
        // (A Bool, so that a failure does not print the picture's bytes.)
        func found(part: String = "picture 1", drawnAt size: Size = drawn) -> Bool { fromFile(part: part, drawnAt: size) != nil }
        #expect(!found(), "nothing kept yet")
        let source = try #require(PictureCache.Source(file: file, part: "picture 1"))
        _ = try DecodedImage(bytes: bytes, name: "track", preparingFor: drawn, cache: cache, source: source)
        let again = try #require(fromFile(), "found from the unchanged file")
        try expectSame(again, uncached, "found from its file")
        #expect(reads.lines.isEmpty, "the picture was not read")
        #expect(!found(part: "picture 2"), "another picture in the same file is not this one")
        // Its kept size is worked out for the size it is drawn at: 200 px keeps the copy 412 px does (a window
        // resized a little finds it), 1700 px keeps a larger one, not there yet.
        #expect(found(drawnAt: Size(width: 200, height: 200)), "drawn smaller, from the same copy")
        #expect(!found(drawnAt: Size(width: 1700, height: 1700)), "drawn larger, it needs a larger copy")
        _ = try DecodedImage(bytes: bytes, name: "track", preparingFor: Size(width: 1700, height: 1700), cache: cache, source: source)
        #expect(found(drawnAt: Size(width: 1700, height: 1700)) && found(), "both copies found from the file")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.filter { $0.hasSuffix(".src") }.count == 1 && names.filter { $0.hasSuffix(".pic") }.count == 2,
                "one note for the file, whatever the sizes: \(names)")

        // A byte changed in place, its size and modification time kept: its change time still moved.
        var before = stat()
        #expect(stat(file, &before) == 0)
        var changed = bytes
        changed[changed.count / 2] ^= 0xFF
        try Data(changed).write(to: URL(fileURLWithPath: file))
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        #expect(!found(), "a changed file is read again")
    }

    /// A file that changed a moment ago is not remembered (a write in the same tick of its change time would go
    /// unseen): found by its bytes as before, and remembered once it has settled.
    @Test func aFileThatJustChangedIsNotRemembered() throws {
        let dir = folder()
        let file = dir + "-track"
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: file) }
        let bytes = try picture(side: 2400)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let source = try #require(PictureCache.Source(file: file))
        _ = try DecodedImage(bytes: bytes, name: "track", preparingFor: Size(width: 412, height: 412),
                             cache: PictureCache(directory: dir, settleTime: 3600), source: source)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.filter { $0.hasSuffix(".pic") }.count == 1 && !names.contains { $0.hasSuffix(".src") }, "\(names)")
        // Settled (an hour's wait, shortened to none): the copy found by the bytes, the file remembered.
        _ = try DecodedImage(bytes: bytes, name: "track", preparingFor: Size(width: 412, height: 412),
                             cache: PictureCache(directory: dir, settleTime: 0), source: source)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.hasSuffix(".src") })
    }

    @Test func aPictureKeptWholeIsNotCopied() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try decoded(try picture(side: 300), PictureCache(directory: dir))
        #expect(!FileManager.default.fileExists(atPath: dir), "a 300 px cover is kept at its own size: nothing to copy")
    }

    @Test func aDamagedCopyIsDecodedWholeAndWrittenAgain() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = try picture(side: 2400)
        let (uncached, _) = try decoded(bytes, nil)
        _ = try decoded(bytes, PictureCache(directory: dir))
        let file = dir + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: dir).first))
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        // The mean colour's red (byte 14 on) with one bit flipped: the copy decodes, the colour would be wrong.
        var colourFlipped = whole
        colourFlipped[colourFlipped.startIndex + 20] ^= 0x10
        for damage in [whole.prefix(40), whole.prefix(whole.count / 2), Data("NPPC1 not a picture".utf8), colourFlipped] {
            try damage.write(to: URL(fileURLWithPath: file))
            let (image, decodes) = try decoded(bytes, PictureCache(directory: dir))
            #expect(decodes.contains { $0.width >= 500 }, "decoded whole again")
            try expectSame(image, uncached, "with a damaged copy of \(damage.count) bytes")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == whole, "the copy is written again")
        }
    }

    @Test func aFolderThatCannotBeWrittenIsSaidOnce() throws {
        let said = SaidLines()
        let cache = PictureCache(directory: "/dev/null/pictures") { said.append($0) }
        let (uncached, _) = try decoded(try picture(side: 2000), nil)
        for seed in [1, 2, 3] as [UInt32] { _ = try decoded(try picture(side: 2000, seed: seed), cache) }
        let (image, _) = try decoded(try picture(side: 2000), cache)
        try expectSame(image, uncached, "without a cache to write to")
        #expect(said.lines.count == 1 && said.lines[0].contains("/dev/null/pictures"), "\(said.lines)")
    }

    @Test func theOldestCopiesGoOnceTheFolderIsOverItsBudget() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let writer = PictureCache(directory: dir)
        for seed in 0..<6 as Range<UInt32> { _ = try decoded(try picture(side: 2000, seed: seed), writer) }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names.count == 6)
        // Used one after another, a minute apart; each copy is some tens of kilobytes.
        let sizes = try names.map { try #require(try FileManager.default.attributesOfItem(atPath: dir + "/" + $0)[.size] as? Int) }
        for (i, name) in names.enumerated() {
            var times = [timespec(tv_sec: 1_000_000 + i * 60, tv_nsec: 0), timespec(tv_sec: 1_000_000 + i * 60, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, dir + "/" + name, &times, 0) == 0)
        }
        let budget = sizes.reduce(0, +) - 1
        PictureCache(directory: dir, budget: budget).trim()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(!left.contains(names[0]) && left.contains(names[5]), "the least recently used went first: \(left)")
        #expect(sizes.enumerated().filter { left.contains(names[$0.offset]) }.reduce(0) { $0 + $1.element } <= budget * 3 / 4,
                "down to three quarters of the budget")
    }
}

/// Lines a report closure was given (from any thread).
private final class SaidLines: Sendable {
    private let stored = Locked<[String]>([])
    func append(_ line: String) { stored.withLock { $0.append(line) } }
    var lines: [String] { stored.withLock { $0 } }
}
