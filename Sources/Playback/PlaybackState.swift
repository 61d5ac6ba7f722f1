import FoundationEssentials
import Glibc

/// What is saved between runs: the queue (file paths in album order), the current track, its position,
/// the volume, shuffle and repeat. Saved atomically (temporary file, then rename).
public struct PlaybackState: Codable, Equatable, Sendable {
    public var paths: [String]
    public var current: Int
    public var position: Double
    public var volume: Double
    public var shuffle: Bool
    public var repeatMode: Queue.Repeat

    public init(paths: [String], current: Int, position: Double, volume: Double, shuffle: Bool, repeatMode: Queue.Repeat) {
        self.paths = paths; self.current = current; self.position = position
        self.volume = volume; self.shuffle = shuffle; self.repeatMode = repeatMode
    }

    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "The saved session \(path) could not be used (\(reason)); starting fresh." }
    }

    public struct SaveError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "Cannot save the session to \(path): \(reason)." }
    }

    /// $XDG_STATE_HOME/nowplaying, or ~/.local/state/nowplaying.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/nowplaying" }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/state/nowplaying"
    }

    public static func file(in directory: String) -> String { directory + "/state.json" }

    /// The saved state, nil when there is none; throws (in plain words) when the file is unusable.
    public static func load(from directory: String) throws -> PlaybackState? {
        let path = file(in: directory)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(path: path, reason: "it cannot be read")
        }
        let state: PlaybackState
        do {
            state = try JSONDecoder().decode(PlaybackState.self, from: data)
        } catch {
            throw LoadError(path: path, reason: "it is not a valid session file")
        }
        guard !state.paths.isEmpty, state.paths.indices.contains(state.current),
              state.position.isFinite, state.position >= 0, (0...1).contains(state.volume) else {
            throw LoadError(path: path, reason: "its values are out of range")
        }
        return state
    }

    /// Writes the state: to a temporary file in the same folder, then renamed over the old one.
    public func save(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        let target = PlaybackState.file(in: directory)
        let temp = directory + "/.state-\(ProcessInfo.processInfo.processIdentifier).tmp"
        try data.write(to: URL(fileURLWithPath: temp))
        guard rename(temp, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temp)
            throw SaveError(path: target, reason: reason)
        }
    }
}
