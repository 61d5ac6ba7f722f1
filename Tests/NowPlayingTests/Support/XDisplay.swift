import Foundation
import Glibc
import Testing

/// A private X server (Xvfb) for one test, with the X tools a user's desktop has (xdotool, xwininfo, xprop,
/// ImageMagick's import) run against it. Stopped when the test lets go of it.
final class XDisplay {
    let name: String
    private let server: ChildProcess
    private var windowManager: ChildProcess?

    /// Starts Xvfb on a display number no server holds (no lock file left by an earlier run), `width` × `height`
    /// at 24 bits, and waits until it answers. With `windowManager`, a window manager (Openbox) runs on it, as on
    /// a desktop: it is what makes a window fullscreen when the window asks.
    init(width: Int = 1920, height: Int = 1200, withWindowManager: Bool = false) throws {
        let xvfb = try #require(XDisplay.which("Xvfb"), "Xvfb is installed by scripts/install-deps.sh")
        let number = try #require((140...400).shuffled().first {
            !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
        })
        name = ":\(number)"
        // GLX on, so SDL's default (OpenGL) renderer runs on Mesa as on a desktop with a graphics driver.
        // -noreset: by default the server resets whenever its last client leaves (an X tool run by the test),
        // and a program connecting during the reset fails to open the display.
        server = try ChildProcess(xvfb, [name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "+extension", "GLX",
                                         "-noreset"],
                                  env: XDisplay.environment([:]))
        let socket = "/tmp/.X11-unix/X\(number)"
        try #require(waitFor { FileManager.default.fileExists(atPath: socket) && (try? run("xdotool", ["getdisplaygeometry"])) != "" },
                     "Xvfb started and answers")
        if withWindowManager {
            let openbox = try #require(XDisplay.which("openbox"), "openbox is installed by scripts/install-deps.sh")
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("openbox-\(number).log").path
            // An EWMH window manager announces itself on the root window. One that gave up starting (a loaded
            // machine) is started again, a few times at most.
            for _ in 0..<3 where windowManager == nil {
                let wm = try ChildProcess(openbox, ["--sm-disable"], env: environment(), errors: log)
                let announced = waitFor(60) {
                    wm.isRunning && ((try? run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]))?.contains("window id") ?? false)
                }
                if announced { windowManager = wm } else { wm.stop() }
            }
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            try #require(windowManager != nil, "the window manager runs (it said: \(said))")
        }
    }

    deinit {
        windowManager?.stop()
        server.stop()
    }

    static func which(_ tool: String) -> String? {
        ["/usr/bin/\(tool)", "/usr/local/bin/\(tool)", "/bin/\(tool)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The environment this process started with, for a child: without the SDL drivers that headless tests may
    /// have chosen, with `extra` on top.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var e = StartEnvironment.variables
        e["SDL_VIDEODRIVER"] = nil
        e["SDL_RENDER_DRIVER"] = nil
        e["LC_ALL"] = "C.UTF-8"  // titles are UTF-8; the X tools read them through the locale
        // Never the desktop's session bus: an app started by a test must not hand its paths to the user's
        // NowPlaying. Tests that need a bus start their own (SessionBus) and pass its address.
        e["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/nowplaying-tests-have-no-session-bus"
        return e.merging(extra) { $1 }
    }

    /// The environment of a program on this display. SDL is held to X11: should it fail to reach this server it
    /// then says so and stops, rather than falling back to a driver with no window on screen.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        XDisplay.environment(["DISPLAY": name, "SDL_VIDEODRIVER": "x11"].merging(extra) { $1 })
    }

    /// Runs an X tool (or any tool, with `env` on top of the display's environment) to completion and returns
    /// what it printed.
    @discardableResult
    func run(_ tool: String, _ args: [String], env: [String: String] = [:]) throws -> String {
        let path = try #require(XDisplay.which(tool), "\(tool) is installed by scripts/install-deps.sh")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("x-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let child = try ChildProcess(path, args, env: environment(env), output: out)
        child.wait()
        return (try? String(contentsOfFile: out, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// The window's title as window managers read it (EWMH's UTF-8 _NET_WM_NAME).
    func title(of window: String) throws -> String {
        let line = try run("xprop", ["-id", window, "_NET_WM_NAME"])
        guard let open = line.firstIndex(of: "\""), line.hasSuffix("\"") else { return "" }
        return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
    }

    /// The first mapped window of the `nowplaying` class (other than those `excluding`), once there is one;
    /// nil when none appears, or as soon as `alive` turns false (the program ended).
    func appWindow(titled title: String? = nil, excluding: Set<String> = [], while alive: () -> Bool = { true }) throws -> String? {
        var window: String?
        _ = try waitFor {
            guard alive() else { window = nil; return true }
            let candidates = try run("xdotool", ["search", "--class", "nowplaying"]).split(separator: "\n").map(String.init)
                .filter { !excluding.contains($0) }
            window = try candidates.first { try title == nil || self.title(of: $0) == title }
            guard let w = window else { return false }
            return (try? run("xwininfo", ["-id", w]))?.contains("IsViewable") == true
        }
        return window
    }

    /// The window's size as the X server has it.
    func size(of window: String) throws -> (width: Int, height: Int) {
        let info = try run("xwininfo", ["-id", window]).split(separator: "\n")
        func value(_ key: String) -> Int {
            info.first { $0.contains(key) }.flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) } ?? 0
        }
        return (value("Width:"), value("Height:"))
    }

    /// What the X server shows in the window now (read back from the server, not from the app), as a PNG.
    func capture(_ window: String, to path: String) throws {
        try run("import", ["-window", window, path])
    }
}
