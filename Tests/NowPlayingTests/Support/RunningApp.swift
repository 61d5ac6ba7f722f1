import Foundation
import Testing
import ViewKit

/// The real app under Xvfb on a private session bus, paused on the demo album, playing a script that writes
/// a view dump each time the test asks for one (`await` a file, then `dump`): the app's own view of its state.
final class RunningApp {
    let x: XDisplay
    /// The private bus the app is on (nil: the app was started with no session bus at all).
    let bus: SessionBus?
    let app: ChildProcess
    let window: String
    /// The folder of the script, its go-files and dumps, the saved session and the cover cache.
    let dir: String
    /// Where the app's stderr goes.
    let errors: String
    private var dumps = 0
    /// How many dumps the script has room for.
    static let dumpLimit = 40

    /// `stateDirectory`: the saved session's folder (default: one of its own).
    /// `environment` adds to (or overrides) what the app gets: e.g. a sound server instead of the dummy driver.
    init(arguments: [String] = [], display: XDisplay? = nil, bus: SessionBus? = nil, withBus: Bool = true,
         stateDirectory: String? = nil, environment: [String: String] = [:]) throws {
        x = try display ?? XDisplay(width: 800, height: 900)
        self.bus = withBus ? try bus ?? SessionBus() : nil
        let dir = NSTemporaryDirectory() + "np-running-\(UUID().uuidString)"
        self.dir = dir
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = (1...RunningApp.dumpLimit).map { "await \(dir)/go.\($0)\nsettle\ndump \(dir)/dump.\($0).json" }.joined(separator: "\n")
        try script.write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        errors = dir + "/stderr"
        app = try ChildProcess(binary.path, ["--size", "375x667", "--paused", "--state-dir", stateDirectory ?? dir + "/state",
                                             "--script", dir + "/script"] + arguments,
                               env: x.environment((self.bus?.environment ?? [:]).merging(
                                   ["SDL_AUDIODRIVER": "dummy", "XDG_CACHE_HOME": dir + "/cache"]) { $1 }.merging(environment) { $1 }),
                               errors: errors)
        let others = Set(try x.run("xdotool", ["search", "--class", "nowplaying"]).split(separator: "\n").map(String.init))
        guard let found = try x.appWindow(excluding: others, while: { [app] in app.isRunning }) else {
            app.stop()
            throw AppDidNotShow(errors: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
        }
        window = found
    }

    deinit { app.stop() }

    /// The app's window never appeared (what the app said on stderr).
    struct AppDidNotShow: Error { let errors: String }

    /// The app's view tree, dumped by the app once everything asked of it before this call was handled and
    /// its animations settled (a track change glides the carousel to the new cover).
    func dump() throws -> ViewDump {
        dumps += 1
        try #require(dumps <= RunningApp.dumpLimit)
        let path = "\(dir)/dump.\(dumps).json"
        FileManager.default.createFile(atPath: "\(dir)/go.\(dumps)", contents: nil)
        try #require(waitFor { FileManager.default.fileExists(atPath: path) }, "the app wrote dump \(dumps)")
        return try JSONDecoder().decode(ViewDump.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Runs playerctl on the app's bus, against this player, and returns what it printed.
    @discardableResult
    func playerctl(_ args: String...) throws -> String {
        try x.run("playerctl", ["--player=nowplaying"] + args, env: try #require(bus).environment)
    }
}
