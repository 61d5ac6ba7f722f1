import Foundation
import ViewKit
@testable import NowPlaying

/// Runs the app headless (paused, with a fresh saved-session folder) on a script in which each bare `dump`
/// line becomes a numbered dump file, and returns those dumps in order.
@MainActor
func runScript(_ body: String, size: Size) throws -> [ViewDump] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("np-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    var n = 0
    let text = body.split(separator: "\n").map { line -> String in
        guard line.trimmingCharacters(in: .whitespaces) == "dump" else { return String(line) }
        n += 1
        return "dump \(dir.path)/\(n).json"
    }.joined(separator: "\n")
    var options = headlessOptions(size: size, stateDirectory: dir.path + "/state")
    options.script = try Script(parsing: text)
    try NowPlayingApp(options: options).run()
    return try (0..<n).map {
        try JSONDecoder().decode(ViewDump.self, from: Data(contentsOf: dir.appendingPathComponent("\($0 + 1).json")))
    }
}

/// Options for a headless, paused app of `size` with a saved-session folder of its own (new by default).
func headlessOptions(size: Size, stateDirectory: String? = nil) -> NowPlayingApp.Options {
    var options = NowPlayingApp.Options()
    options.size = size
    options.headless = true
    options.startPaused = true
    options.stateDirectory = stateDirectory
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("np-state-\(UUID().uuidString)").path
    return options
}

/// A headless, paused app of 375 × 667 on the demo album, its first frame drawn.
@MainActor
func demoAlbumApp() throws -> NowPlayingApp {
    var options = headlessOptions(size: Size(width: 375, height: 667))
    options.paths = [try AppResources.locate().demoAlbum]
    let app = try NowPlayingApp(options: options)
    app.application.drawIfNeeded()
    return app
}
