import Foundation
import ViewKit
@testable import NowPlaying

extension NowPlayingApp {
    /// The app headless and paused on the demo album at `size`, with a state folder of its own, its first frame
    /// drawn; `configure` sets any other option first.
    @MainActor
    static func headless(size: Size, configure: (inout Options) -> Void = { _ in }) throws -> NowPlayingApp {
        var options = Options()
        options.size = size
        options.headless = true
        options.startPaused = true
        options.stateDirectory = NSTemporaryDirectory() + "np-state-\(UUID().uuidString)"
        configure(&options)
        let app = try NowPlayingApp(options: options)
        app.application.drawIfNeeded()
        return app
    }
}
