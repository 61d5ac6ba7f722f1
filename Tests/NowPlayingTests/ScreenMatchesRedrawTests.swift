import CSDL2
import Foundation
import Glibc
import Testing
import NowPlaying
import ViewKit

/// What the X server shows equals a full redraw of the same state, on both of SDL's renderers a user gets:
/// the software one and the default one (OpenGL, on Mesa under Xvfb, as on a desktop with a graphics driver).
/// The real app runs in a real window; the user's actions are real X requests and input (xdotool, a second
/// window); the screen is read back from the X server (`import -window`), never from the app. The app's own
/// script only takes turns with the test (`await`) and, after each read-back, draws the same state from
/// scratch (`screenshot`, a full redraw) for the comparison.
@Suite(.serialized)
struct ScreenMatchesRedrawTests {
    /// The renderers, by the value of SDL_RENDER_DRIVER (nil: SDL's default choice). OpenGL on Mesa's llvmpipe
    /// presents only what changed (GLX_MESA_copy_sub_buffer); on a GPU it keeps its frame in a texture and
    /// presents all of it, the path `defaultKeptFrame` takes here (`Renderer.presentDamageHint` set to 0).
    enum RendererChoice: String, CaseIterable, CustomTestStringConvertible {
        case software, `default`, defaultKeptFrame
        var environment: [String: String] {
            switch self {
            case .software: ["SDL_RENDER_DRIVER": "software"]
            case .default: [:]
            case .defaultKeptFrame: [Renderer.presentDamageHint: "0"]
            }
        }
        /// The renderers users get (the kept frame's path is a GPU's, checked by this suite alone).
        static let users: [RendererChoice] = [.software, .default]
        /// SDL's name for the renderer this choice must give under Xvfb with Mesa.
        var expectedName: String { self == .software ? "software" : "opengl" }
        var testDescription: String { rawValue }
    }

    /// One thing a user does, then what it should leave on screen once settled.
    private enum Action {
        case none
        case resize(Int, Int)
        case key(String)
        case coverWithAnotherWindow
        case fling
    }

    @Test(arguments: RendererChoice.allCases)
    func everySettledFrameOnScreenEqualsAFullRedraw(renderer: RendererChoice) throws {
        let x = try XDisplay(width: 1920, height: 1200, withWindowManager: true)
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-screen-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let actions: [(String, Action)] = [
            ("first frame", .none),
            ("resized to 1000×700", .resize(1000, 700)),
            ("resized to 1200×500", .resize(1200, 500)),
            ("resized to 900×900", .resize(900, 900)),
            ("fullscreen on", .key("f")),
            ("fullscreen off", .key("f")),
            ("another window over it and away", .coverWithAnotherWindow),
            ("playing", .key("space")),
            // The window's pixels lost while frames are drawn in part (the slider moving): all of it shown again.
            ("another window over it and away while playing", .coverWithAnotherWindow),
            ("card dismissed while playing", .key("Escape")),
            ("card presented while playing", .key("Return")),
            ("card dismissed again while playing", .key("Escape")),
            ("card presented again while playing", .key("Return")),
            // Paused from here: time-synced lyrics scroll on their own while playing.
            ("paused", .key("space")),
            ("lyrics flip", .key("l")),
            ("flip back", .key("l")),
            ("carousel fling", .fling),
            ("track change", .key("Right")),
        ]
        // The script takes turns with the test: it waits for each action, lets it play out, says it settled,
        // waits for the test to read the screen, then draws the same state from scratch.
        var script = ""
        for i in actions.indices {
            script += "await \(dir)/acted-\(i)\nwait 500\nsettle\ndump \(dir)/settled-\(i).json\nawait \(dir)/read-\(i)\nscreenshot \(dir)/full-\(i).png\n"
        }
        script += "quit\n"
        try script.write(toFile: "\(dir)/script", atomically: true, encoding: .utf8)

        let env = renderer.environment.merging(["SDL_AUDIODRIVER": "dummy"]) { a, _ in a }
        let app = try ChildProcess(binary.path, ["--size", "414x736", "--paused", "--state-dir", "\(dir)/state",
                                                 "--script", "\(dir)/script", "--stats", "\(dir)/stats.json"],
                                   env: x.environment(env), errors: "\(dir)/stderr")
        defer { app.stop() }
        let window = try #require(try x.appWindow(), "the window appeared and is mapped")
        // In the top-left corner, so that every size tried stays on the screen the test reads.
        try x.run("xdotool", ["windowmove", window, "0", "0"])

        for (i, (name, action)) in actions.enumerated() {
            try perform(action, on: window, in: x)
            FileManager.default.createFile(atPath: "\(dir)/acted-\(i)", contents: nil)
            try #require(waitFor { FileManager.default.fileExists(atPath: "\(dir)/settled-\(i).json") }, "\(name): the app settled")
            try x.capture(window, to: "\(dir)/screen-\(i).png")
            FileManager.default.createFile(atPath: "\(dir)/read-\(i)", contents: nil)
            try #require(waitFor { FileManager.default.fileExists(atPath: "\(dir)/full-\(i).png") }, "\(name): the app drew a full frame")
            // The PNG is written whole before the next step, but give its writer the moment to close it.
            let screen = try #require(Surface(taking: IMG_Load("\(dir)/screen-\(i).png")), "\(name): the screen was read back")
            var full: Surface?
            try #require(waitFor { full = Surface(taking: IMG_Load("\(dir)/full-\(i).png")); return full != nil }, "\(name): a PNG")
            let mismatch = Self.mismatch(screen, full!)
            // Playing moves the slider a few pixels between the read-back and the redraw; nothing else may differ.
            #expect(mismatch.sizes == nil, "\(renderer.rawValue), \(name): the screen is \(mismatch.sizes ?? "") ")
            #expect(mismatch.fraction < 0.005,
                    "\(renderer.rawValue), \(name): \(Int(mismatch.fraction * 1000) / 10) % of the screen differs from a full redraw (\(dir)/screen-\(i).png vs full-\(i).png)")
            if mismatch.sizes != nil || mismatch.fraction >= 0.005 {
                // Keep the evidence for whoever reads the failure.
                let keep = FileManager.default.temporaryDirectory.appendingPathComponent("np-screen-failed-\(renderer.rawValue)").path
                try? FileManager.default.removeItem(atPath: keep)
                try? FileManager.default.copyItem(atPath: dir, toPath: keep)
            }
        }
        #expect(waitFor { !app.isRunning }, "the script quit")
        #expect(app.wait() == 0)
        let stats = try String(contentsOfFile: "\(dir)/stats.json", encoding: .utf8)
        #expect(stats.contains("\"renderer\":\"\(renderer.expectedName)\""), "the app drew with SDL's \(renderer.expectedName) renderer")
    }

    /// Issue 18 (llvmpipe's carousel CPU; the whole system playing): OpenGL drawn on the CPU, and the software
    /// renderer, send the X server the rectangles a frame redrew, not the whole window at every present (which
    /// the server copies, 1.2 MB at 414 × 736, ten times a second while playing: a quarter of a percent of a core
    /// in Xvfb, more where a compositor takes it up). Playing redraws the slider and a time a few times a second:
    /// what those presents sent is a small part of the presents' whole windows, which the kept frame's path
    /// sends (written out: presents × 414 × 736). What the server then shows is checked against full redraws by
    /// `everySettledFrameOnScreenEqualsAFullRedraw`.
    @Test(arguments: [RendererChoice.software, .default, .defaultKeptFrame])
    func presentsSendOnlyWhatChanged(renderer: RendererChoice) throws {
        let x = try XDisplay(width: 1280, height: 1024, withWindowManager: false)
        let report = try StatsRun.report(on: x, size: "414x736", script: "wait 1000\nsettle\nwait 2500\nquit\n",
                                         environment: renderer.environment)
        #expect(report.renderer == renderer.expectedName)
        let sent = try #require(report.presentedPixels), presents = try #require(report.presents)
        let whole = presents * 414 * 736
        #expect(report.frames.count > 3, "playing drew frames")
        if renderer != .defaultKeptFrame {
            #expect(sent < whole / 4, "\(sent) pixels sent for \(presents) presents")
        } else {
            #expect(sent == whole, "the kept frame is presented whole")
        }
    }

    private func perform(_ action: Action, on window: String, in x: XDisplay) throws {
        switch action {
        case .none:
            break
        case let .resize(w, h):
            try x.run("xdotool", ["windowsize", window, "\(w)", "\(h)"])
            try #require(waitFor { (try? x.size(of: window)).map { $0 == (w, h) } ?? false }, "the window is \(w) × \(h)")
        case let .key(name):
            try x.run("xdotool", ["key", "--window", window, name])
        case .coverWithAnotherWindow:
            let other = try ChildProcess(try #require(XDisplay.which("xlogo"), "xlogo (x11-apps) is installed by scripts/install-deps.sh"),
                                         ["-geometry", "300x300+40+60", "-name", "np-test-cover"],
                                         env: x.environment())
            let mapped = try waitFor { try x.run("xdotool", ["search", "--name", "np-test-cover"]).isEmpty == false }
            other.stop()
            try #require(mapped, "another window covered part of the app's")
            try #require(waitFor { (try? x.run("xdotool", ["search", "--name", "np-test-cover"]))?.isEmpty == true }, "and went away")
        case .fling:
            // A quick stroke to the left across the centred cover of the 900 × 900 window.
            var args = ["mousemove", "--window", window, "620", "300", "mousedown", "1"]
            for px in stride(from: 575, through: 350, by: -45) { args += ["sleep", "0.016", "mousemove", "--window", window, "\(px)", "300"] }
            args += ["mouseup", "1"]
            try x.run("xdotool", args)
        }
    }

    /// Whether the two images have the same size, and which share of their pixels differ visibly (a channel by
    /// more than 24 of 255).
    static func mismatch(_ a: Surface, _ b: Surface) -> (sizes: String?, fraction: Double) {
        guard a.width == b.width, a.height == b.height else { return ("\(a.width)×\(a.height), a full redraw \(b.width)×\(b.height)", 1) }
        var n = 0
        for y in 0..<a.height {
            let rowA = (a.pointer.pointee.pixels + y * Int(a.pointer.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            let rowB = (b.pointer.pointee.pixels + y * Int(b.pointer.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<a.width where rowA[x] & 0xFF_FFFF != rowB[x] & 0xFF_FFFF {
                let p = rowA[x], q = rowB[x]
                for shift in [0, 8, 16] where abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)) > 24 {
                    n += 1
                    break
                }
            }
        }
        return (nil, Double(n) / Double(a.width * a.height))
    }
}
