import Foundation
import Playback
import ViewKit

/// The running app: one window with the Now Playing card, playing the user's music (or the demo album).
@MainActor
public final class NowPlayingApp {
    public struct Options: Sendable {
        /// Files, folders and playlists to play; empty restores the saved session, else the demo album.
        public var paths: [String] = []
        public var size = Size(width: 414, height: 736)
        public var headless = false
        public var pixelScale: Double?
        public var fullscreen = false
        /// Open paused instead of playing at once.
        public var startPaused = false
        /// Where the session is saved; nil means $XDG_STATE_HOME/nowplaying.
        public var stateDirectory: String?
        public var screenshotPath: String?
        public var dumpPath: String?
        /// Input to play after the first frame (`--script`).
        public var script: Script?
        public init() {}
    }

    public let application: Application
    let session: PlaybackSession
    let controller: NowPlayingController
    let view: NowPlayingView
    private let options: Options
    private let stateDirectory: String
    private var progressTimer: Int?
    private var messageTimer: Int?
    /// Seconds the step keys seek, and the volume step of ↑ / ↓.
    static let seekStep = 10.0, volumeStep = 0.1

    public init(options: Options) throws {
        self.options = options
        let resources = try AppResources.locate()
        let icons = try Icons(resources: resources)
        stateDirectory = options.stateDirectory ?? PlaybackState.defaultDirectory()
        // Headless runs use a virtual 60 Hz clock, so a script gives the same frames on every run.
        application = try Application(configuration: .init(
            title: "NowPlaying", size: options.size, headless: options.headless, pixelScale: options.pixelScale,
            fonts: resources.fontLibrary, fullscreen: options.fullscreen),
            clock: options.headless ? ManualClock() : nil)
        application.window.clearColor = Theme.background

        var problems: [String] = []
        let player = try Player()
        if let p = player.openProblem { problems.append(p) }
        let start = NowPlayingApp.startingQueue(options: options, stateDirectory: stateDirectory,
                                                demo: resources.demoAlbum, problems: &problems)
        session = PlaybackSession(tracks: start.tracks, player: player)
        session.setShuffle(start.shuffle, repeatMode: start.repeatMode)
        if let v = start.volume { player.volume = v }

        view = NowPlayingView(icons: icons)
        application.window.contentView = view
        controller = NowPlayingController(view: view, session: session, icons: icons) { _ in }
        controller.report = { [unowned self] in self.report($0) }
        let application = self.application
        controller.onTrackChange = { track in application.title = "\(track.title) — \(track.artist)" }
        controller.onPlayingChange = { [unowned self] playing in if playing { self.startProgressClock() } }
        application.onKey = { [unowned self] key in self.handle(key) }
        application.onUserEvent = { [unowned self] type in
            if type == musicFinishedEventType { self.session.handleMusicFinished() }
        }
        session.start(at: start.index, position: start.position, playing: start.playing && !options.startPaused)
        for p in problems { report(p) }
    }

    /// What to play first: the paths given, else the saved session (paused where it was), else the demo album.
    private static func startingQueue(options: Options, stateDirectory: String, demo: String,
                                      problems: inout [String]) -> (tracks: [Track], index: Int, position: Double,
                                                                    playing: Bool, volume: Double?, shuffle: Bool,
                                                                    repeatMode: Queue.Repeat) {
        if !options.paths.isEmpty {
            let loaded = Library.load(options.paths)
            problems += loaded.problems
            if !loaded.tracks.isEmpty { return (loaded.tracks, 0, 0, true, nil, false, .off) }
            problems.append("Nothing playable in \(options.paths.joined(separator: ", ")); playing the demo album instead.")
        } else {
            do {
                if let state = try PlaybackState.load(from: stateDirectory) {
                    let loaded = Library.load(state.paths)
                    problems += loaded.problems
                    if !loaded.tracks.isEmpty {
                        let current = state.paths[state.current]
                        let index = loaded.tracks.firstIndex { $0.path == current }
                        return (loaded.tracks, index ?? 0, index == nil ? 0 : state.position, false,
                                state.volume, state.shuffle, state.repeatMode)
                    }
                }
            } catch {
                problems.append("\(error)")
            }
        }
        let loaded = Library.load([demo])
        problems += loaded.problems
        return (loaded.tracks, 0, 0, true, nil, false, .off)
    }

    /// One plain line: in full on stderr, and briefly on screen without the library's technical detail.
    func report(_ message: String) {
        FileHandle.standardError.write(Data("nowplaying: \(message)\n".utf8))
        view.showMessage(message.replacingOccurrences(of: #" \(SDL_mixer: .*\)"#, with: "", options: .regularExpression))
        if let t = messageTimer { application.cancelTimer(t) }
        messageTimer = application.schedule(after: 4) { [weak self] in self?.view.showMessage(nil) }
    }

    /// While playing, the slider and times follow the position four times a second.
    private func startProgressClock() {
        guard progressTimer == nil else { return }
        progressTimer = application.schedule(after: 0.25) { [weak self] in
            guard let self else { return }
            self.progressTimer = nil
            self.controller.refreshProgress()
            if self.session.isPlaying { self.startProgressClock() }
        }
    }

    /// Draws the first frame, writes the requested screenshot / dump, plays the script, and then runs
    /// interactively unless a screenshot, a dump, a headless script or `quit` ended it. Saves the session at the end.
    public func run() throws {
        defer { saveSession() }
        application.drawIfNeeded()
        if let path = options.dumpPath { try writeDump(to: path) }
        if let path = options.screenshotPath { try application.saveScreenshot(to: path) }
        if let script = options.script {
            guard try play(ScriptRunner(script: script)) else { return }
            if options.headless { return }
        } else if options.dumpPath != nil || options.screenshotPath != nil {
            return
        }
        application.run()
    }

    private func saveSession() {
        guard !session.tracks.isEmpty else { return }
        do { try session.state.save(to: stateDirectory) } catch { FileHandle.standardError.write(Data("nowplaying: \(error)\n".utf8)) }
    }

    /// Writes the view tree as JSON (`--dump-views`).
    public func writeDump(to path: String) throws {
        let data = try ViewDump(application.window).jsonData()
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Plays the script a frame per step; returns false when it asked to quit.
    private func play(_ runner: ScriptRunner) throws -> Bool {
        while let step = runner.next() {
            switch step {
            case .input(let input): application.post(input)
            case .idle: break
            case .screenshot(let path): try application.saveScreenshot(to: path)
            case .dump(let path):
                application.window.layoutTreeIfNeeded()
                try writeDump(to: path)
            case .quit: return false
            }
            advanceFrame()
        }
        return true
    }

    /// One frame of the script: handle what was posted, move animations on, draw.
    func advanceFrame() {
        let frame = 1 / ScriptRunner.frameRate
        if let manual = application.clock as? ManualClock {
            manual.advance(by: frame)
            application.turn(blocking: false)
        } else {
            let next = application.clock.now + frame
            application.turn(blocking: false)
            application.wait(until: next)
        }
    }

    /// SPEC I2.
    private func handle(_ key: KeyPress) {
        switch (key.name, key.shift) {
        case ("space", _): session.togglePlay()
        case ("left", false): session.previous()
        case ("right", false): session.next()
        case ("left", true): session.seek(by: -NowPlayingApp.seekStep)
        case ("right", true): session.seek(by: NowPlayingApp.seekStep)
        case ("up", _), ("down", _):
            session.volume = (session.volume + (key.name == "up" ? 1 : -1) * NowPlayingApp.volumeStep).clamped(to: 0...1)
            report("Volume \(Int((session.volume * 100).rounded())) %")
        case ("s", _): session.toggleShuffle()
        case ("r", _): session.cycleRepeat()
        case ("l", _): view.lyricsFlip.flip()
        case ("f", _): application.setFullscreen(!application.isFullscreen)
        case ("q", _): application.quit()
        default: break
        }
    }
}

extension Double {
    func clamped(to r: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}
