import FoundationEssentials
import Glibc
import Playback
import ViewKit

/// The `nowplaying` command line.
public struct NowPlayingCommand {
    var paths: [String] = []
    var paused = false

    /// The screen the app opens on.
    enum StartScreen: String, CaseIterable { case card, library }
    var start: StartScreen = .card
    var replayGain: ReplayGainMode = .automatic
    var stateDirectory: String?
    var newInstance = false
    var fps = false
    var size: String = "414x736"
    var headless = false
    var scale: Double?
    var fullscreen = false
    var kiosk = false
    var screenshot: String?
    var dumpViews: String?
    var script: String?
    var stats: String?

    static var syntax: CommandLineSyntax<NowPlayingCommand> {
        CommandLineSyntax(
        commandName: "nowplaying",
        abstract: "A now-playing window: album-art carousel, transport controls and progress, on SDL2.",
        positional: ("path", "Audio files, folders and M3U/M3U8 playlists to play (paths or file:// URIs). Without any, the last session comes back (paused where it was), or the demo album plays.", \.paths),
        options: [
            .init(name: "paused", kind: .flag(\.paused), help: "Open paused instead of playing at once."),
            .init(name: "start", kind: .value(name: "start") { $0.start = try choice($1) },
                  help: "Open on the song card (default) or on the library with the mini player.",
                  values: StartScreen.allCases.map(\.rawValue), defaultValue: StartScreen.card.rawValue),
            .init(name: "replay-gain", kind: .value(name: "replay-gain") { $0.replayGain = try choice($1) },
                  help: "ReplayGain: automatic (album gain for an album in order, else track gain) or off.",
                  values: ReplayGainMode.allCases.map(\.rawValue), defaultValue: ReplayGainMode.automatic.rawValue),
            .init(name: "state-dir", kind: .value(name: "dir") { $0.stateDirectory = $1 },
                  help: "Where the session is saved (default: $XDG_STATE_HOME/nowplaying, else ~/.local/state/nowplaying)."),
            .init(name: "new-instance", kind: .flag(\.newInstance),
                  help: "Run on its own even when NowPlaying is running already (by default the paths go to the running one)."),
            .init(name: "fps", kind: .flag(\.fps), help: "Show the frame time and frames per second in a corner (for tuning a kiosk)."),
            .init(name: "size", kind: .value(name: "size") { $0.size = $1 }, help: "Window size in points, e.g. 375x667.",
                  defaultValue: "414x736"),
            .init(name: "headless", kind: .flag(\.headless),
                  help: "Run without a display: SDL's dummy video driver and the software renderer."),
            .init(name: "scale", kind: .value(name: "scale") { command, text in
                      guard let value = Double(text) else { throw CommandLineSyntax<NowPlayingCommand>.Invalid() }
                      command.scale = value
                  },
                  help: "Force the pixel scale (e.g. 2 for a hi-DPI frame); by default it comes from the display."),
            .init(name: "fullscreen", kind: .flag(\.fullscreen), help: "Start in fullscreen (for kiosks)."),
            .init(name: "kiosk", kind: .flag(\.kiosk), help: "Kiosk: fullscreen, no cursor, touch only; Ctrl+Q quits (q and f do nothing)."),
            .init(name: "screenshot", kind: .value(name: "screenshot") { $0.screenshot = $1 },
                  help: "Write a PNG of the window after the first complete frame, then exit."),
            .init(name: "dump-views", kind: .value(name: "dump-views") { $0.dumpViews = $1 },
                  help: "Write the view tree as JSON after the first complete frame, then exit."),
            .init(name: "script", kind: .value(name: "file") { $0.script = $1 },
                  help: "Play input from a file after the first frame: down/move/up/tap/drag (or with 'finger'), wheel, key, wait, screenshot, dump, quit."),
            .init(name: "stats", kind: .value(name: "file") { $0.stats = $1 },
                  help: "Write the run's frame costs and peak memory as JSON at exit (for nowplaying-bench).", isHidden: true),
        ])
    }

    /// One of an enumeration's values, by its name.
    private static func choice<T: RawRepresentable<String>>(_ text: String) throws -> T {
        guard let value = T(rawValue: text) else { throw CommandLineSyntax<NowPlayingCommand>.Invalid() }
        return value
    }

    /// The command given by `arguments` (without the program's name), validated.
    public static func parse(_ arguments: [String]) throws -> NowPlayingCommand {
        let command = try syntax.parse(arguments, into: NowPlayingCommand())
        try command.validate()
        return command
    }

    /// Parses the process's arguments and runs the command: the help for `--help`; a usage error, or a problem that
    /// stops the run, said on stderr with the exit status 64 (a usage error, as sysexits.h has it) or 1.
    public static func main() {
        QuitSignals.accept()
        do {
            try parse(Array(CommandLine.arguments.dropFirst())).run()
        } catch CommandLineError.helpRequested {
            print(syntax.help, terminator: "")
            end(0)
        } catch {
            let text = Array((message(for: error) + "\n").utf8)
            _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            end(error is CommandLineError ? 64 : 1)
        }
    }

    /// Ends the process with `status`, what is buffered written: not `exit`, whose C++ static destructors (TagLib's)
    /// would run under a library reader still reading (see main.swift).
    private static func end(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }

    /// What is said on stderr for an error that stopped the command: a usage error with the option's help and
    /// the usage; anything else as it describes itself.
    static func message(for error: any Error) -> String {
        guard case .usage(let text, let help) = error as? CommandLineError else { return "Error: \(error)" }
        return "Error: \(text)\n" + (help.map { "Help:  \($0)\n" } ?? "")
            + "Usage: \(syntax.usage)\n  See '\(syntax.commandName) --help' for more information."
    }

    /// "375x667" → 375 × 667; nil when malformed.
    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return Size(width: parts[0], height: parts[1])
    }

    /// A path argument as the running instance (in another folder) reads it: a `file://` URI as its path, a
    /// relative path against `cwd`; a URI that names no file as written (the running one reports it).
    static func handedOver(_ argument: String, from cwd: String) -> String {
        guard case .path(let path) = Location(argument) else { return argument }
        return path.hasPrefix("/") ? path : cwd + "/" + path
    }

    func validate() throws {
        guard let s = NowPlayingCommand.parseSize(size) else {
            throw CommandLineError.usage("--size takes WIDTHxHEIGHT in points, such as 375x667; \"\(size)\" is not one.", help: nil)
        }
        guard s.width >= 280, s.height >= 440, s.width <= 8192, s.height <= 8192 else {
            throw CommandLineError.usage("--size \(size) is outside the window sizes NowPlaying supports (280x440 up to 8192x8192).", help: nil)
        }
        if let scale, !(scale >= 1 && scale <= 4) {
            throw CommandLineError.usage("--scale takes a pixel scale from 1 to 4; \(scale) is not one.", help: nil)
        }
    }

    func run() throws {
        var options = NowPlayingApp.Options()
        options.paths = paths
        options.startPaused = paused
        options.startOnLibrary = start == .library
        options.showFPS = fps
        options.stateDirectory = stateDirectory
        options.size = NowPlayingCommand.parseSize(size) ?? options.size
        options.headless = headless
        options.pixelScale = scale
        options.fullscreen = fullscreen
        options.kiosk = kiosk
        options.screenshotPath = screenshot
        options.dumpPath = dumpViews
        options.statisticsPath = stats
        options.replayGain = replayGain
        options.pictureCache = PictureCache(application: "nowplaying", environment: ProcessInfo.processInfo.environment) {
            printError($0)
        }
        if let path = script {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw CommandLineError.usage("Cannot read the script \(path).", help: nil)
            }
            do {
                options.script = try Script(parsing: text, file: path)
            } catch {
                throw CommandLineError.usage("\(error)", help: nil)
            }
        }
        // One-shot runs (headless, a screenshot, a dump) are tools: they neither join the bus nor hand over.
        // A missing bus is said once the window is open: without a display, that is the one thing to say.
        var busProblem: String?
        if !headless && screenshot == nil && dumpViews == nil {
            switch MediaBus.connect(newInstance: newInstance) {
            case .owner(let bus): options.mediaBus = bus
            case .secondInstance(let bus):
                let cwd = FileManager.default.currentDirectoryPath
                guard let problem = bus.handOff(paths.map { NowPlayingCommand.handedOver($0, from: cwd) }) else { return }
                printError("Could not hand over to the running NowPlaying (\(problem)); running on its own.")
            case .unavailable(let why):
                busProblem = "No session bus (\(why)): media controls (MPRIS) and the single instance are off."
            }
        }
        // With --stats, every file the run parses is counted (on whichever thread; see RunReport.reads).
        try ReadLog.$current.withValue(stats == nil ? nil : ReadLog()) {
            try MainActor.assumeIsolated {
                let app = try NowPlayingApp(options: options)
                if let busProblem { printError(busProblem) }
                try app.run()
            }
        }
    }
}
