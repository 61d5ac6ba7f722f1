import ArgumentParser
import FoundationEssentials
import Playback
import ViewKit

/// The `nowplaying` command line.
public struct NowPlayingCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "nowplaying",
        abstract: "A now-playing window: album-art carousel, transport controls and progress, on SDL2.")

    @Argument(help: ArgumentHelp("Audio files, folders and M3U/M3U8 playlists to play (paths or file:// URIs). Without any, the last session comes back (paused where it was), or the demo album plays.", valueName: "path"))
    var paths: [String] = []

    @Flag(help: "Open paused instead of playing at once.")
    var paused = false

    /// The screen the app opens on.
    enum StartScreen: String, ExpressibleByArgument, CaseIterable { case card, library }

    @Option(help: "Open on the song card (default) or on the library with the mini player.")
    var start: StartScreen = .card

    @Option(name: .customLong("replay-gain"), help: "ReplayGain: automatic (album gain for an album in order, else track gain) or off.")
    var replayGain: ReplayGainMode = .automatic

    @Option(name: .customLong("state-dir"), help: ArgumentHelp("Where the session is saved (default: $XDG_STATE_HOME/nowplaying, else ~/.local/state/nowplaying).", valueName: "dir"))
    var stateDirectory: String?

    @Flag(name: .customLong("new-instance"), help: "Run on its own even when NowPlaying is running already (by default the paths go to the running one).")
    var newInstance = false

    @Flag(help: "Show the frame time and frames per second in a corner (for tuning a kiosk).")
    var fps = false

    @Option(help: "Window size in points, e.g. 375x667.")
    var size: String = "414x736"

    @Flag(help: "Run without a display: SDL's dummy video driver and the software renderer.")
    var headless = false

    @Option(help: "Force the pixel scale (e.g. 2 for a hi-DPI frame); by default it comes from the display.")
    var scale: Double?

    @Flag(help: "Start in fullscreen (for kiosks).")
    var fullscreen = false

    @Flag(help: "Kiosk: fullscreen, no cursor, touch only; Ctrl+Q quits (q and f do nothing).")
    var kiosk = false

    @Option(help: "Write a PNG of the window after the first complete frame, then exit.")
    var screenshot: String?

    @Option(name: .customLong("dump-views"), help: "Write the view tree as JSON after the first complete frame, then exit.")
    var dumpViews: String?

    @Option(help: ArgumentHelp("Play input from a file after the first frame: down/move/up/tap/drag (or with 'finger'), wheel, key, wait, screenshot, dump, quit.", valueName: "file"))
    var script: String?

    @Option(help: ArgumentHelp("Write the run's frame costs and peak memory as JSON at exit (for nowplaying-bench).", valueName: "file", visibility: .hidden))
    var stats: String?

    public init() {}

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

    public func validate() throws {
        guard let s = NowPlayingCommand.parseSize(size) else {
            throw ValidationError("--size takes WIDTHxHEIGHT in points, such as 375x667; \"\(size)\" is not one.")
        }
        guard s.width >= 280, s.height >= 440, s.width <= 8192, s.height <= 8192 else {
            throw ValidationError("--size \(size) is outside the window sizes NowPlaying supports (280x440 up to 8192x8192).")
        }
        if let scale, !(scale >= 1 && scale <= 4) {
            throw ValidationError("--scale takes a pixel scale from 1 to 4; \(scale) is not one.")
        }
    }

    public func run() throws {
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
                throw ValidationError("Cannot read the script \(path).")
            }
            do {
                options.script = try Script(parsing: text, file: path)
            } catch {
                throw ValidationError("\(error)")
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

extension ReplayGainMode: ExpressibleByArgument {}
