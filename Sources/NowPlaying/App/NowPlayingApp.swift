import Foundation
import Playback
import ViewKit

/// The running app: one window showing the Now Playing card for the demo album.
@MainActor
public final class NowPlayingApp {
    public struct Options: Sendable {
        public var size = Size(width: 414, height: 736)
        public var headless = false
        public var pixelScale: Double?
        public var fullscreen = false
        public var screenshotPath: String?
        public var dumpPath: String?
        /// Input to play after the first frame (`--script`).
        public var script: Script?
        public init() {}
    }

    public let application: Application
    let controller: NowPlayingController
    private let options: Options

    public init(options: Options) throws {
        self.options = options
        let resources = try AppResources.locate()
        let icons = try Icons(resources: resources)
        let manifestPath = resources.demoAlbumManifest
        let tracks = try AlbumManifest.load(from: manifestPath)
            .tracks(relativeTo: URL(fileURLWithPath: manifestPath).deletingLastPathComponent().path)
        // Headless runs use a virtual 60 Hz clock, so a script gives the same frames on every run.
        application = try Application(configuration: .init(
            title: "NowPlaying", size: options.size, headless: options.headless, pixelScale: options.pixelScale,
            fonts: resources.fontLibrary, fullscreen: options.fullscreen),
            clock: options.headless ? ManualClock() : nil)
        application.window.clearColor = Theme.background
        let view = NowPlayingView(icons: icons)
        application.window.contentView = view
        controller = NowPlayingController(view: view, tracks: tracks) { message in
            FileHandle.standardError.write(Data("nowplaying: \(message)\n".utf8))
        }
        let application = self.application
        controller.onTrackChange = { track in application.title = "\(track.title) — \(track.artist)" }
        controller.select(index: 0, animated: false)
        application.onKey = { [unowned self] key in self.handle(key) }
    }

    /// Draws the first frame, writes the requested screenshot / dump, plays the script, and then runs
    /// interactively unless a screenshot, a dump, a headless script or `quit` ended it.
    public func run() throws {
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

    /// Writes the view tree as JSON (`--dump-views`).
    public func writeDump(to path: String) throws {
        let data = try ViewDump(application.window).jsonData()
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private func handle(_ key: KeyPress) {
        switch key.name {
        case "q": application.quit()
        case "f": application.setFullscreen(!application.isFullscreen)
        case "left": controller.select(index: controller.currentIndex - 1, animated: true)
        case "right": controller.select(index: controller.currentIndex + 1, animated: true)
        default: break
        }
    }
}
