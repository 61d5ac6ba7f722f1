import Foundation
import Glibc
import Testing

/// The real app in a real X window (Xvfb), driven by real X input (xdotool). Waits are for events
/// (the window appearing, its title changing), never fixed sleeps on this machine's timing.
@Suite(.serialized)
struct XvfbEndToEndTests {
    private static func which(_ tool: String) -> String? {
        ["/usr/bin/\(tool)", "/usr/local/bin/\(tool)", "/bin/\(tool)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// This process's environment for a child on the test display: without the SDL drivers that headless
    /// tests in this process may have chosen.
    private static func environment(_ extra: [String: String]) -> [String: String] {
        var e = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        e["SDL_VIDEODRIVER"] = nil
        e["SDL_RENDER_DRIVER"] = nil
        e["LC_ALL"] = "C.UTF-8"  // titles are UTF-8; the X tools read them through the locale
        return e
    }

    /// Runs a tool to completion and returns what it printed.
    @discardableResult
    private func run(_ tool: String, _ args: [String], env: [String: String]) throws -> String {
        let path = try #require(Self.which(tool), "\(tool) is installed by scripts/install-deps.sh")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let child = try Child(path, args, env: Self.environment(env), output: out)
        child.wait()
        return (try? String(contentsOfFile: out, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// Polls `condition` every 50 ms until it holds or `limit` seconds pass (a generous bound for a loaded machine, not a timing).
    private func waitFor(_ limit: Double = 180, _ condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test func mouseDragOnTheCarouselChangesTheTrack() throws {
        let xvfb = try #require(Self.which("Xvfb"), "Xvfb is installed by scripts/install-deps.sh")
        // A display number no server holds (no lock file left by an earlier run).
        let number = try #require((140...400).shuffled().first {
            !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
        })
        let display = ":\(number)"
        let server = try Child(xvfb, [display, "-screen", "0", "800x900x24", "-nolisten", "tcp"], env: Self.environment([:]))
        defer { server.stop() }
        let socket = "/tmp/.X11-unix/X\(display.dropFirst())"
        try #require(waitFor { FileManager.default.fileExists(atPath: socket) && (try? run("xdotool", ["getdisplaygeometry"], env: ["DISPLAY": display])) != "" },
                     "Xvfb started and answers")

        let env = ["DISPLAY": display, "SDL_AUDIODRIVER": "dummy"]
        let binary = try #require(Child.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        let state = NSTemporaryDirectory() + "np-e2e-state-\(UUID().uuidString)"
        // Paused, so the title can change only through the drag (never by the track running out).
        let app = try Child(binary.path, ["--size", "375x667", "--paused", "--state-dir", state], env: Self.environment(env))
        defer { app.stop() }

        /// The window's title as window managers read it (EWMH's UTF-8 _NET_WM_NAME).
        func title(_ window: String) throws -> String {
            let line = try run("xprop", ["-id", window, "_NET_WM_NAME"], env: env)
            guard let open = line.firstIndex(of: "\""), line.hasSuffix("\"") else { return "" }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
        var window = ""
        let appeared = try waitFor {
            let candidates = try run("xdotool", ["search", "--class", "nowplaying"], env: env).split(separator: "\n").map(String.init)
            window = try candidates.first { try title($0) == "Neon Harbor — The Quiet Frequencies" } ?? ""
            return !window.isEmpty
        }
        try #require(appeared, "the window appeared titled with the first track (Title — Artist)")

        try #require(waitFor { (try? run("xwininfo", ["-id", window], env: env))?.contains("IsViewable") == true },
                     "the window is mapped")
        // A slow drag of 220 pt to the left, a rest, then the release: the largest cover is the second one.
        // Input that reaches the window before the app's loop runs can be lost, so a drag that changed nothing
        // is made again (bounded); one that worked changes the title within seconds.
        var args = ["mousemove", "--window", window, "300", "250", "mousedown", "1"]
        for x in stride(from: 290, through: 80, by: -10) {
            args += ["sleep", "0.02", "mousemove", "--window", window, "\(x)", "250"]
        }
        args += ["sleep", "0.3", "mouseup", "1"]
        var settled = false
        for _ in 0..<6 where !settled {
            try run("xdotool", args, env: env)
            settled = try waitFor(15) { try title(window) == "Paper Satellites — The Quiet Frequencies" }
            if !settled { #expect(try title(window) == "Neon Harbor — The Quiet Frequencies", "a lost drag changes nothing") }
        }
        #expect(settled, "the carousel settled on the second cover and the window title followed (SPEC C7)")

        try run("xdotool", ["key", "--window", window, "q"], env: env)
        #expect(waitFor { !app.isRunning }, "q quits")
        #expect(app.wait() == 0)
    }
}

