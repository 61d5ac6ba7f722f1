import CSDL2
import Foundation
import Testing
import ViewKit

/// At a fractional interface scale (a 1920 × 1080 window draws its points 1.75 pixels large) both renderers put
/// text and edges on the same pixels: the default renderer (OpenGL on Mesa) painted the pixels whose centres a
/// fractional rectangle covers and sampled text between texels — labels half a pixel off and soft, edges a row
/// apart — where the software renderer truncates origins and sizes to whole pixels. Read back from the X server.
@Suite(.serialized)
struct RenderersAgreeTests {
    /// What the X server shows of the window with `driver` (nil: SDL's default), and the app's view dump.
    private func capture(driver: String?, in x: XDisplay, dir: String) throws -> (Surface, ViewDump) {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        let tag = driver ?? "default"
        try "settle\ndump \(dir)/\(tag).json\nawait \(dir)/read-\(tag)\nquit\n".write(toFile: "\(dir)/script-\(tag)", atomically: true, encoding: .utf8)
        var env = ["SDL_AUDIODRIVER": "dummy"]
        env["SDL_RENDER_DRIVER"] = driver
        let app = try ChildProcess(binary.path, ["--size", "1920x1080", "--paused", "--new-instance", "--state-dir", "\(dir)/state-\(tag)",
                                                 "--script", "\(dir)/script-\(tag)"], env: x.environment(env), errors: "\(dir)/stderr-\(tag)")
        defer { app.stop() }
        let window = try #require(try x.appWindow(excluding: [], while: { app.isRunning }), "\(tag): the window appeared")
        try #require(waitFor { FileManager.default.fileExists(atPath: "\(dir)/\(tag).json") }, "\(tag): settled")
        try x.capture(window, to: "\(dir)/\(tag).png")
        FileManager.default.createFile(atPath: "\(dir)/read-\(tag)", contents: nil)
        let screen = try #require(Surface(taking: IMG_Load("\(dir)/\(tag).png")), "\(tag): read back")
        var dump: ViewDump?
        try #require(waitFor { dump = try? JSONDecoder().decode(ViewDump.self, from: Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(tag).json"))); return dump != nil })
        return (screen, dump!)
    }

    /// The share of pixels in `rect` (window pixels) whose colour differs visibly (a channel by more than 24).
    private func mismatch(_ a: Surface, _ b: Surface, in rect: [Double]) -> Double {
        let x0 = max(0, Int(rect[0])), y0 = max(0, Int(rect[1]))
        let x1 = min(a.width, b.width, Int(rect[0] + rect[2])), y1 = min(a.height, b.height, Int(rect[1] + rect[3]))
        guard x1 > x0, y1 > y0 else { return 1 }
        var n = 0
        for y in y0..<y1 {
            let rowA = (a.pointer.pointee.pixels + y * Int(a.pointer.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            let rowB = (b.pointer.pointee.pixels + y * Int(b.pointer.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in x0..<x1 {
                let p = rowA[x], q = rowB[x]
                if [0, 8, 16].contains(where: { abs(Int((p >> UInt32($0)) & 0xFF) - Int((q >> UInt32($0)) & 0xFF)) > 24 }) { n += 1 }
            }
        }
        return Double(n) / Double((x1 - x0) * (y1 - y0))
    }

    @Test func textAndEdgesSitOnTheSamePixelsOnBothRenderers() throws {
        let x = try XDisplay(width: 1920, height: 1200, withWindowManager: false)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-agree-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (software, dump) = try capture(driver: "software", in: x, dir: dir)
        let (gpu, _) = try capture(driver: nil, in: x, dir: dir)
        #expect(software.width == gpu.width && software.height == gpu.height)
        // The dump is in points; the capture in pixels.
        let scale = Double(software.width) / dump.frame[2]
        #expect(scale == 1.75, "the interface is drawn at a fractional scale")
        for id in ["title", "artist", "elapsed", "remaining"] {
            let rect = try #require(dump.find(id)?.windowRect, "\(id) is in the dump").map { $0 * scale }
            let differs = mismatch(software, gpu, in: rect)
            #expect(differs < 0.01, "\(id): \(Int(differs * 1000) / 10) % of its pixels differ between the renderers (\(dir))")
        }
        // The backdrop's gradient down the window's left edge (nothing else is drawn there): rows filled one
        // colour each by the software renderer, one quad whose colours OpenGL interpolates at each row's centre
        // (8-bit corner colours, each row rounded on its own: two levels apart at most).
        let (worst, row) = (0..<software.height).map { y in
            let p = software.pixel(x: 2, y: y), q = gpu.pixel(x: 2, y: y)
            return (max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))), y)
        }.max { $0.0 < $1.0 } ?? (0, 0)
        #expect(worst <= 2, "the backdrop's row \(row) is \(worst) levels apart between the renderers (\(dir))")
    }
}
