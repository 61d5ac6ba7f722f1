import FoundationEssentials
import Glibc

/// What is saved between runs: the queue (file paths in album order), the current track, its position,
/// the volume, shuffle and repeat. Saved atomically (temporary file flushed to the disk, then renamed).
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
        public init(path: String, reason: String) { self.path = path; self.reason = reason }
    }

    /// $XDG_STATE_HOME/nowplaying, or ~/.local/state/nowplaying.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/nowplaying" }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/state/nowplaying"
    }

    public static func file(in directory: String) -> String { directory + "/state.json" }

    /// Where an unusable state file is kept aside (never overwritten by a later save).
    public static func setAsideFile(in directory: String) -> String { directory + "/state.json.bad" }

    /// The largest state file read: a queue of 100,000 long paths is a few megabytes.
    public static let maximumFileSize = 64 << 20

    /// The saved state, nil when there is none; throws (in plain words) when the file is unusable.
    public static func load(from directory: String) throws -> PlaybackState? {
        let path = file(in: directory)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // No file, or no folder (a path through a file): nothing was saved there.
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw LoadError(path: path, reason: "it cannot be read: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw LoadError(path: path, reason: "it is not a regular file") }
        guard info.st_size <= maximumFileSize else { throw LoadError(path: path, reason: "it is larger than a session file can be") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(path: path, reason: "it cannot be read")
        }
        return try decode(data, path: path)
    }

    /// A state file's contents, checked: every value in range (`path` names it in the error).
    public static func decode(_ data: Data, path: String) throws -> PlaybackState {
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

    /// Moves an unusable state file aside to `state.json.bad` (replacing an older one), so that the next save
    /// does not destroy what the user may want to look at. Returns the new path.
    public static func setAside(in directory: String) throws(SaveError) -> String {
        let bad = setAsideFile(in: directory)
        guard rename(file(in: directory), bad) == 0 else { throw SaveError(path: bad, reason: String(cString: strerror(errno))) }
        return bad
    }

    /// Creates `directory` and its parents as needed; throws when one of them is a file or cannot be made.
    public static func makeDirectory(_ directory: String) throws(SaveError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw SaveError(path: directory, reason: String(cString: strerror(errno)))
            }
        }
        var info = stat()
        guard stat(directory, &info) == 0 else { throw SaveError(path: directory, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw SaveError(path: directory, reason: String(cString: strerror(ENOTDIR))) }
    }

    /// Writes the state atomically: to `state.json.tmp` in the same folder, flushed to the disk, renamed over the
    /// old file, and the folder flushed, so that after a crash or a power cut the file is the old state or the
    /// new one, whole. A failure (a read-only or full disk) leaves the old file as it was.
    public func save(to directory: String) throws {
        try PlaybackState.makeDirectory(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        let target = PlaybackState.file(in: directory)
        let temp = target + ".tmp"
        func failure() -> SaveError { SaveError(path: target, reason: String(cString: strerror(errno))) }
        // A temporary file left by a process that was killed while writing is replaced; a link placed there is
        // removed, not followed.
        unlink(temp)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure() }
        var written = 0
        let wrote: Bool = data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                written += n
            }
            return fsync(fd) == 0
        }
        let error = wrote ? nil : failure()
        if close(fd) != 0 && error == nil {
            let closing = failure()
            unlink(temp)
            throw closing
        }
        if let error {
            unlink(temp)
            throw error
        }
        guard rename(temp, target) == 0 else {
            let error = failure()
            unlink(temp)
            throw error
        }
        // The rename is durable once the folder's entry is on the disk.
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
