import Dispatch
import Locking
import Playback
import ViewKit

/// What the app plays first: the paths given, else the saved session (paused where it was), else the demo
/// album. Reading starts with `Reading` (on a thread of its own, while the window opens), which then decodes
/// the first track's cover; the queue is made when the first album (or the saved track's batch) is read; what
/// is read later goes to `more`.
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

    /// The reading begun, before anything waits for it: what was chosen to play and who reads it.
    struct Reading {
        fileprivate enum Source {
            case paths([String])
            case session(PlaybackState)
            case demo
        }
        fileprivate let source: Source
        /// Whether the start is likely to play: what was named, or the demo album, plays; a saved session comes
        /// back paused (unless none of its tracks can be read: then the demo album plays after all).
        var startsPlaying: Bool {
            if case .session = source { return false }
            return true
        }
        fileprivate let reader: BackgroundLibrary
        fileprivate let cover: EarlyCover
        fileprivate let demo: String
        /// What made the saved session unusable, said when the queue is made.
        fileprivate let problem: String?

        /// Chooses what to play first and starts reading it in the background, returning at once; once its first
        /// part is read, the same thread decodes the first track's cover into `cover` for the window `opening`
        /// expects, and asks `coverLoader` for the covers beside it (and with `onLibrary`, the library's first
        /// screen of thumbnails). `mayKeepAside`: whether an unusable state file may be moved aside (this
        /// instance owns the session).
        init(paths: [String], stateDirectory: String, mayKeepAside: Bool, demo: String, opening: Application.Opening,
             cover: EarlyCover, coverLoader: CoverLoader?, onLibrary: Bool, folders: FolderListings,
             more: @escaping @MainActor @Sendable (Library.Result?) -> Void) {
            self.demo = demo
            var problem: String?
            if !paths.isEmpty {
                source = .paths(paths)
            } else {
                do {
                    source = try PlaybackState.load(from: stateDirectory).map { .session($0) } ?? .demo
                } catch {
                    source = .demo
                    problem = StartingQueue.keepAside(error, in: stateDirectory, allowed: mayKeepAside)
                }
            }
            self.problem = problem
            let named: [String], current: String?, isDemo: Bool
            switch source {
            case .paths(let paths): (named, current, isDemo) = (paths, nil, false)
            case .session(let state): (named, current, isDemo) = (state.paths, state.paths[state.current], false)
            case .demo: (named, current, isDemo) = ([demo], nil, true)
            }
            let coverSize: @Sendable (Application.Geometry?) -> Size? = { geometry in
                geometry.map { NowPlayingController.carouselPixelSize(in: $0.points, pixelScale: $0.pixelScale) }
            }
            // The cover of the track likely to come first (the saved one, else the first by name of the first
            // folder read) is decoded beside the reading of the album's tags, on a worker: a 4000 px cover takes
            // as long as the album's tags — at the size the window likely has, without waiting for SDL to have
            // the display. Whoever plans first decodes; the first track at the window's expected size, once the
            // tags are read, replaces a wrong guess (and is decoded by the reader); the first frame takes only
            // the first track's cover at the size it draws it.
            let decodeAhead: @Sendable (String?) -> Void = { likely in
                guard let likely else { return }
                DispatchQueue.global(qos: .userInitiated).async(execute: ReadLog.carried {
                    let size = coverSize(opening.likelyGeometry ?? opening.expectedGeometry())
                    if cover.plan(likely, pixelSize: size) { cover.decode(folders: folders) }
                })
            }
            if let current { decodeAhead(current) }
            // The first track's cover is planned before the queue is handed over (unless the guess was right),
            // so the first frame, asking for it at once, waits for it rather than decoding it a second time.
            let decodesAfterHandOver = Locked(false)
            // Then the covers beside it, which the first frame shows the edges of, are decoded by the cover loader's
            // worker (once the first's is, not to delay it), and on the library the thumbnails of its first screen:
            // done by the first frame, it shows them rather than placeholders they replace a frame or more later.
            let chooseCover: @Sendable (Library.Result) -> Void = { first in
                let index = StartingQueue.firstIndex(in: first.tracks, current: current)
                let geometry = opening.expectedGeometry()
                let size = coverSize(geometry)
                let planned = cover.plan(index.map { first.tracks[$0].path }, pixelSize: size, replacing: true)
                decodesAfterHandOver.withLock { $0 = planned }
                guard let index, let size, let geometry, let coverLoader else { return }
                let beside = [index + 1, index - 1].filter(first.tracks.indices.contains).map { first.tracks[$0].path }
                coverLoader.decodeAhead(beside, preparingFor: size, after: cover.waitForDecode)
                guard onLibrary else { return }
                let rows = min(first.tracks.count, Int((geometry.points.height / LibraryCell.height).rounded(.up)))
                let side = LibraryCell.thumbnailSide * geometry.pixelScale
                coverLoader.decodeAhead((0..<rows).filter { $0 != index }.map { first.tracks[$0].path },
                                        preparingFor: Size(width: side, height: side))
            }
            // The demo album is read whole before the queue is made (nothing more comes of it).
            reader = BackgroundLibrary(named, mainLoop: opening.mainLoop,
                                       isEnough: { tracks in
                                           !isDemo && (current.map { c in tracks.contains { $0.path == c } } ?? !tracks.isEmpty)
                                       },
                                       more: more,
                                       firstFiles: { files in if current == nil { decodeAhead(Library.likelyFirst(of: files)) } },
                                       beforeHandOver: chooseCover,
                                       afterHandOver: { if decodesAfterHandOver.withLock({ $0 }) { cover.decode(folders: folders) } })
            self.cover = cover
        }
    }

    /// Waits until the reading thread has handed over its first part and decoded the first cover, after which it
    /// only waits: a start that failed (no window) calls this before the process exits under it.
    static func settle(_ reading: Reading) {
        _ = reading.reader.firstPart()
        reading.cover.waitForDecode()
    }

    /// Waits for the first part of what `reading` reads and makes the queue of it; the demo album when nothing
    /// named could be played.
    init(_ reading: Reading) {
        tracks = []
        readers = [reading.reader]
        problems += reading.problem.map { [$0] } ?? []
        let loaded = reading.reader.firstPart()
        problems += loaded.problems
        switch reading.source {
        case .paths(let paths):
            if !loaded.tracks.isEmpty { tracks = loaded.tracks; return }
            problems.append("Nothing playable in \(paths.joined(separator: ", ")); playing the demo album instead.")
        case .session(let state):
            if restore(state, from: loaded.tracks) { return }
        case .demo:
            tracks = loaded.tracks
            return
        }
        let demo = Library.load([reading.demo])
        problems += demo.problems
        tracks = demo.tracks
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

    /// Where the queue of `tracks` starts: at the saved `current` track when it is among them, else at the first.
    static func firstIndex(in tracks: [Track], current: String?) -> Int? {
        tracks.isEmpty ? nil : current.flatMap { c in tracks.firstIndex { $0.path == c } } ?? 0
    }

    /// The saved session, paused at its track and position; false when none of its tracks could be read.
    private mutating func restore(_ state: PlaybackState, from loaded: [Track]) -> Bool {
        guard let start = StartingQueue.firstIndex(in: loaded, current: state.paths[state.current]) else { return false }
        let found = loaded[start].path == state.paths[state.current]
        tracks = loaded
        index = start
        position = found ? state.position : 0
        playing = false
        volume = state.volume
        shuffle = state.shuffle
        repeatMode = state.repeatMode
        return true
    }
}
