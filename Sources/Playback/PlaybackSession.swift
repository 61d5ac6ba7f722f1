/// The music side of the app: the tracks, their queue and the player, kept in step. It decides what plays
/// next, skips what cannot be decoded (with a message), and reports changes; it knows nothing of views.
@MainActor
public final class PlaybackSession {
    public private(set) var tracks: [Track]
    public private(set) var queue: Queue
    public let player: Player
    /// Whether the user wants sound (a track switch keeps playing, or stays paused).
    public private(set) var wantsToPlay = false
    /// Tracks that failed to load, by album index.
    public private(set) var unplayable: Set<Int> = []
    /// The folders beside the tracks, each listed once (covers and lyrics beside a track are looked up here).
    public let folders: FolderListings

    /// The current track changed (album index).
    public var onTrackChange: ((Int) -> Void)?
    /// Play / pause, shuffle, repeat or volume changed.
    public var onStateChange: (() -> Void)?
    /// The position jumped (a seek, or previous going back to the start), to this many seconds.
    public var onSeek: ((Double) -> Void)?
    /// Something went wrong, in one plain line.
    public var onProblem: ((String) -> Void)?

    /// `folders`: listings begun before the session (covers looked up while the window opened), else new ones.
    public init(tracks: [Track], player: Player, folders: FolderListings = FolderListings(),
                seed: UInt64 = UInt64.random(in: 0...UInt64.max)) {
        self.tracks = tracks
        self.player = player
        self.folders = folders
        queue = Queue(count: tracks.count, seed: seed)
    }

    public var current: Int { queue.current }
    public var currentTrack: Track? { tracks.indices.contains(current) ? tracks[current] : nil }
    public var isPlaying: Bool { player.state == .playing }
    public var position: Double { player.position }
    /// The current track's length: the decoder's once loaded, else the tags'.
    public var duration: Double { player.duration > 0 ? player.duration : (currentTrack?.duration ?? 0) }

    /// More tracks are being read in the background: running out of playable tracks is not yet the end.
    public var expectsMoreTracks = false {
        didSet {
            if oldValue && !expectsMoreTracks && player.path == nil && !tracks.isEmpty {
                onProblem?("Nothing in the queue can be played.")
            }
        }
    }

    /// A reading of tracks in batches (`append`) ended: the tracks' array lets go of the room it grew into (an array
    /// doubles as it grows: a 10,000-track library's held 16,384 places, 0.9 MB of them empty).
    public func tracksRead() {
        guard tracks.capacity - tracks.count > tracks.count / 8 else { return }
        var fitted: [Track] = []
        fitted.reserveCapacity(tracks.count)
        fitted += tracks
        tracks = fitted
    }
    /// Whether the user wanted sound when every track so far turned out unplayable.
    private var stalledWantingToPlay = false

    /// More tracks of the album arrived (read in the background): they join the end of the queue. When
    /// nothing so far could be played, the first of them starts (playing if that was wanted).
    public func append(_ more: [Track]) {
        guard !more.isEmpty else { return }
        let first = tracks.count
        tracks += more
        queue.append(count: more.count)
        if player.path != nil { regain() }
        if player.path == nil {
            queue.select(first)
            wantsToPlay = stalledWantingToPlay
            loadCurrent(position: 0, direction: 1)
        }
    }

    /// Loads track `index` and plays it (or leaves it paused) at `position`.
    public func start(at index: Int, position: Double = 0, playing: Bool) {
        guard !tracks.isEmpty else { return }
        queue.select(index)
        wantsToPlay = playing
        loadCurrent(position: position, direction: 1)
    }

    /// Loads the current track (opened on a worker: `handleTrackOpened` takes the outcome); one that cannot
    /// be decoded is reported and skipped in `direction`.
    /// `from`: the track a step back left (`backwardFrom`).
    private func loadCurrent(position: Double, direction: Int, from origin: Int? = nil) {
        skipDirection = direction
        failedInARow = 0
        backwardFrom = origin
        beginLoading(position: position)
    }

    /// Which way a track that cannot be decoded is skipped, and how many failed one after another.
    private var skipDirection = 1
    private var failedInARow = 0
    /// The track a step back (`previous`) left: played again from its start when nothing before it can be.
    private var backwardFrom: Int?

    private func beginLoading(position: Double) {
        let index = queue.current
        player.load(tracks[index].path, gain: gain(for: index), playing: wantsToPlay, at: position, streamTags: lacksTags(index))
        queueFollowing()
        onTrackChange?(index)
        onStateChange?()
    }

    /// The opened SDL event arrived: the current track is open (its stream's own tags and length are
    /// known now), or it cannot be decoded: reported, and the next one in the direction of travel loads.
    public func handleTrackOpened() {
        let index = queue.current
        switch player.handleOpenedEvent() {
        case .none: return
        case .opened:
            failedInARow = 0
            picked = nil
            // A file mended meanwhile (a download finished) is an ordinary track again; where it follows itself
            // (repeat one, a queue of one), it was not queued to, being known unplayable then.
            if unplayable.remove(index) != nil, following == index { queueFollowing() }
            let before = tracks[index]
            fillInFromStream(index)
            if player.duration > 0 { tracks[index].duration = player.duration }
            // The stream named what the tags did not: shown as a track change of the same track.
            let after = tracks[index]
            if (after.title, after.artist, after.album) != (before.title, before.artist, before.album) { onTrackChange?(index) }
            onStateChange?()
        case .failed(let error):
            // Said the first time, and whenever the user picks it: a track known to be unplayable is stepped over
            // quietly as the queue comes round.
            if unplayable.insert(index).inserted || index == picked { onProblem?("\(error) Skipped.") }
            picked = nil
            failedInARow += 1
            let moved = skipDirection >= 0 ? queue.next() : queue.previous(at: 0)
            if failedInARow < tracks.count, let moved, !(skipDirection < 0 && moved == index), moved != backwardFrom {
                beginLoading(position: 0)
                return
            }
            // A step back found nothing playable before the track it left: that one again, from its start.
            if skipDirection < 0, let origin = backwardFrom, !unplayable.contains(origin) {
                backwardFrom = nil
                skipDirection = 1
                queue.select(origin)
                beginLoading(position: 0)
                return
            }
            player.stop()
            stalledWantingToPlay = wantsToPlay
            wantsToPlay = false
            if !expectsMoreTracks { onProblem?("Nothing in the queue can be played.") }
            onTrackChange?(queue.current)
            onStateChange?()
        }
    }

    /// Waits for the track being opened and handles the outcome (and any skips it leads to), for scripts
    /// and tests that go on only once the current track is open or known to be unplayable.
    public func finishLoading() {
        repeat {
            player.waitForOpening()
            handleTrackOpened()
        } while player.isOpening
    }

    /// What plays after the current track ends (per repeat and shuffle), nil at the queue's end.
    private var following: Int? {
        var after = queue
        return after.trackEnded()
    }

    /// Opens what plays after the current track ends (per repeat and shuffle), so the player joins it on
    /// the sample; nothing at the end of the queue or when it is known to be unplayable.
    private func queueFollowing() {
        guard player.path != nil, let index = following, tracks.indices.contains(index), !unplayable.contains(index) else {
            player.queueNext(nil)
            return
        }
        player.queueNext(tracks[index].path, gain: gain(for: index), streamTags: lacksTags(index))
    }

    /// Whether ReplayGain tags are applied (`automatic`: album or track gain as `usesAlbumGain(for:)` says).
    public var replayGain: ReplayGainMode = .automatic {
        didSet { regain() }
    }

    /// Album gain while a track plays among its album in order (the track before or after it in the queue is
    /// of the same album, as foobar2000 and Quod Libet decide): a library of albums played in order keeps each
    /// album's levels. Track gain when shuffled, or for a track among others' (a mixed queue).
    private func usesAlbumGain(for index: Int) -> Bool {
        guard !queue.isShuffled, tracks.count > 1 else { return !queue.isShuffled }
        func sameAlbum(_ other: Int) -> Bool {
            tracks.indices.contains(other) && tracks[other].album == tracks[index].album
                && (tracks[other].albumArtist ?? tracks[other].artist) == (tracks[index].albumArtist ?? tracks[index].artist)
        }
        return sameAlbum(index - 1) || sameAlbum(index + 1)
    }

    /// The amplitude factor track `index` plays at.
    private func gain(for index: Int) -> Double {
        guard replayGain == .automatic, let tags = tracks[index].replayGain else { return 1 }
        return tags.amplitude(album: usesAlbumGain(for: index))
    }

    /// The rule changed (setting, shuffle, more tracks): the current track's gain changes at once and
    /// what follows is opened again at its own.
    private func regain() {
        if player.path != nil, tracks.indices.contains(current) { player.trackGain = gain(for: current) }
        queueFollowing()
    }

    /// What the track would show had TagLib read nothing of it (its title from the file name, its album the folder's).
    private func fallback(_ index: Int) -> Track { Track(path: tracks[index].path, tags: nil) }

    /// Whether TagLib read none of the track's title, artist and album (all three are the fall-backs): only then does
    /// the decoder read the file's own tags for `fillInFromStream`. Where TagLib read the file, the decoder's tags are
    /// the same tag read again (a field TagLib did not find, it would not either).
    private func lacksTags(_ index: Int) -> Bool {
        let fallback = fallback(index), track = tracks[index]
        return track.title == fallback.title && track.artist == fallback.artist && track.album == fallback.album
    }

    /// Where TagLib found nothing, the decoder's own tags replace the file-name fall-backs.
    private func fillInFromStream(_ index: Int) {
        let fallback = fallback(index)
        let mixer = player.streamTags
        if tracks[index].title == fallback.title, let t = mixer.title { tracks[index].title = t }
        if tracks[index].artist == fallback.artist, let a = mixer.artist { tracks[index].artist = a }
        if tracks[index].album == fallback.album, let a = mixer.album { tracks[index].album = a }
    }

    public func play() {
        guard !tracks.isEmpty else { return }
        wantsToPlay = true
        switch player.state {
        case .paused:
            if duration > 0 && player.position >= duration - 0.05 {
                // At a track's end, scrubbed there while paused: on to the next, as if it had played to its end (a
                // tester heard the same track again). At the queue's last track (SPEC P3), or repeating one, this
                // one again.
                if queue.repeatMode != .one, queue.cursor + 1 < queue.order.count, let index = queue.trackEnded() {
                    queue.select(index)
                    loadCurrent(position: 0, direction: 1)
                    onStateChange?()
                    return
                }
                player.seek(to: 0)
            }
            player.resume()
        case .stopped:
            if player.path == nil { loadCurrent(position: 0, direction: 1); return }
            player.play(from: 0)
        case .playing: break
        }
        onStateChange?()
    }

    public func pause() {
        wantsToPlay = false
        player.pause()
        onStateChange?()
    }

    public func togglePlay() { isPlaying ? pause() : play() }

    /// Connects to a sound server that went away, once it is back (`Player.recoverLostOutput`), and tells the
    /// views when one that did not come back stopped playback.
    public func recoverLostOutput(now: Double) {
        let wasPlaying = isPlaying
        player.recoverLostOutput(now: now)
        if isPlaying != wasPlaying { onStateChange?() }
    }

    /// Next track (user): at the end with repeat off, back to the first track, stopped.
    public func next() {
        guard !tracks.isEmpty else { return }
        if queue.next() == nil {
            queue.select(queue.order.first ?? 0)
            wantsToPlay = false
        }
        loadCurrent(position: 0, direction: 1)
    }

    /// Previous track, or the start of this one when more than 3 s in (SPEC P1). Tracks known to be unplayable are
    /// stepped over; with none playable before it, this one starts again, as the queue's first does (a tester: ←
    /// on the first good track after three damaged ones stopped everything, "Nothing in the queue can be played").
    public func previous() {
        guard !tracks.isEmpty else { return }
        let before = queue.current
        var index = queue.previous(at: player.position)
        while index != before, unplayable.contains(index) {
            let further = queue.previous(at: 0)
            guard further != index else {
                // At the queue's start: nothing playable before the track left.
                queue.select(before)
                index = before
                break
            }
            index = further
        }
        if index == before {
            if player.state == .stopped {
                loadCurrent(position: 0, direction: -1)
            } else {
                player.seek(to: 0)
                onSeek?(0)
            }
            onStateChange?()
        } else {
            loadCurrent(position: 0, direction: -1, from: before)
        }
    }

    /// Makes an album index current (a settled cover, a tapped row), keeping play / pause.
    public func select(_ index: Int) {
        guard tracks.indices.contains(index), index != queue.current || player.path == nil else { return }
        queue.select(index)
        loadCurrent(position: 0, direction: 1)
        picked = index
    }

    /// The track the user picked last (`select`), until it is open or known unplayable: a failure of it is said even
    /// when it was said before.
    private var picked: Int?

    public func seek(to seconds: Double) {
        player.seek(to: seconds)
        onSeek?(player.position)
        onStateChange?()
    }

    public func seek(by seconds: Double) { seek(to: max(0, position + seconds)) }

    public var volume: Double {
        get { player.volume }
        set { player.volume = newValue; onStateChange?() }
    }

    public var isShuffled: Bool { queue.isShuffled }
    public var repeatMode: Queue.Repeat { queue.repeatMode }

    public func toggleShuffle() {
        queue.setShuffled(!queue.isShuffled)
        regain()
        onStateChange?()
    }

    public func cycleRepeat() {
        queue.repeatMode = queue.repeatMode.next
        queueFollowing()
        onStateChange?()
    }

    public func setShuffle(_ on: Bool, repeatMode: Queue.Repeat) {
        queue.setShuffled(on)
        queue.repeatMode = repeatMode
        regain()
    }

    /// The music-finished SDL event arrived: the queued track took over (SPEC P3, gapless), or the track
    /// ended: advance per repeat and shuffle, or stop at the end (SPEC P3).
    public func handleMusicFinished() {
        switch player.handleFinishedEvent() {
        case .none: return
        case .advanced:
            guard let index = queue.trackEnded(), player.path == tracks[index].path else {
                loadCurrent(position: 0, direction: 1)
                return
            }
            fillInFromStream(index)
            if player.duration > 0 { tracks[index].duration = player.duration }
            queueFollowing()
            onTrackChange?(index)
            onStateChange?()
            return
        case .ended: break
        }
        if let index = queue.trackEnded() {
            queue.select(index)
            loadCurrent(position: 0, direction: 1)
        } else {
            // SPEC P3: stopped at the last track's end, and showing it; play starts that track again.
            wantsToPlay = false
            player.seek(to: player.duration)
            onStateChange?()
        }
    }

    /// What to save for the next run.
    public var state: PlaybackState {
        PlaybackState(paths: tracks.map(\.path), current: current, position: position, volume: volume,
                      shuffle: queue.isShuffled, repeatMode: queue.repeatMode)
    }
}
