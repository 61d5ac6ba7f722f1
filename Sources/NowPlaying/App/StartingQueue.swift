import Playback
import ViewKit

/// What the app plays first: the paths given, else the saved session (paused where it was), else the demo
/// album. Paths are read in the background: this waits only for the first album (or the saved track's batch);
/// what is read later goes to `more`.
struct StartingQueue {
    var tracks: [Track]
    var index = 0
    var position = 0.0
    var playing = true
    /// The saved volume (nil keeps the player's).
    var volume: Double?
    var shuffle = false
    var repeatMode = Queue.Repeat.off
    /// What went wrong on the way, one line each.
    var problems: [String] = []
    /// The readers still reading what was named (they go on after the first frame).
    var readers: [BackgroundLibrary] = []

    /// `mayKeepAside`: whether an unusable state file may be moved aside (this instance owns the session).
    @MainActor
    init(paths: [String], stateDirectory: String, mayKeepAside: Bool, demo: String, mainLoop: MainLoopQueue,
         more: @escaping @MainActor @Sendable (Library.Result?) -> Void) {
        tracks = []
        if !paths.isEmpty {
            let reader = BackgroundLibrary(paths, mainLoop: mainLoop, isEnough: { !$0.isEmpty }, more: more)
            readers.append(reader)
            let loaded = reader.firstPart()
            problems += loaded.problems
            if !loaded.tracks.isEmpty { tracks = loaded.tracks; return }
            problems.append("Nothing playable in \(paths.joined(separator: ", ")); playing the demo album instead.")
        } else {
            do {
                if let state = try PlaybackState.load(from: stateDirectory), restore(state, mainLoop: mainLoop, more: more) {
                    return
                }
            } catch {
                problems.append(StartingQueue.keepAside(error, in: stateDirectory, allowed: mayKeepAside))
            }
        }
        let loaded = Library.load([demo])
        problems += loaded.problems
        tracks = loaded.tracks
    }

    /// The line reporting an unusable state file, which is moved to `state.json.bad` (when `allowed`) so that
    /// the next save does not overwrite it.
    private static func keepAside(_ error: Error, in directory: String, allowed: Bool) -> String {
        guard let unusable = error as? PlaybackState.LoadError, allowed else { return "\(error)" }
        do {
            let bad = try PlaybackState.setAside(in: directory)
            return "The saved session \(unusable.path) could not be used (\(unusable.reason)); it is kept as \(bad), and this run starts afresh."
        } catch {
            return "\(unusable) It could not be kept aside (\(error.reason))."
        }
    }

    /// The saved session, paused at its track and position; false when none of its tracks could be read.
    @MainActor
    private mutating func restore(_ state: PlaybackState, mainLoop: MainLoopQueue,
                                  more: @escaping @MainActor @Sendable (Library.Result?) -> Void) -> Bool {
        let current = state.paths[state.current]
        let reader = BackgroundLibrary(state.paths, mainLoop: mainLoop, isEnough: { $0.contains { $0.path == current } }, more: more)
        readers.append(reader)
        let loaded = reader.firstPart()
        problems += loaded.problems
        guard !loaded.tracks.isEmpty else { return false }
        let found = loaded.tracks.firstIndex { $0.path == current }
        tracks = loaded.tracks
        index = found ?? 0
        position = found == nil ? 0 : state.position
        playing = false
        volume = state.volume
        shuffle = state.shuffle
        repeatMode = state.repeatMode
        return true
    }
}
