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
        application = try Application(configuration: .init(
            title: "NowPlaying", size: options.size, headless: options.headless, pixelScale: options.pixelScale,
            fonts: resources.fontLibrary, fullscreen: options.fullscreen))
        application.window.clearColor = Theme.background
        let view = NowPlayingView(icons: icons)
        application.window.contentView = view
        controller = NowPlayingController(view: view, tracks: tracks) { message in
            FileHandle.standardError.write(Data("nowplaying: \(message)\n".utf8))
        }
        let track = tracks[controller.currentIndex]
        application.title = "\(track.title) — \(track.artist)"
        application.onKey = { [unowned self] key in self.handle(key) }
    }

    /// Draws the first frame, writes the requested screenshot / dump, and runs unless those ended it.
    public func run() throws {
        application.drawIfNeeded()
        if let path = options.dumpPath { try writeDump(to: path) }
        if let path = options.screenshotPath { try application.saveScreenshot(to: path) }
        if options.dumpPath != nil || options.screenshotPath != nil { return }
        application.run()
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
        default: break
        }
    }
}
