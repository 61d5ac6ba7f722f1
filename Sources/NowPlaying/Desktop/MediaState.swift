import Glibc
import Playback

/// What the app shows to media controls (MPRIS 2) at one moment: made on the main thread, read by the bus
/// thread, so property reads never wait for the interface.
struct MediaState: Equatable, Sendable {
    /// MPRIS PlaybackStatus.
    enum Status: String, Sendable { case playing = "Playing", paused = "Paused", stopped = "Stopped" }

    /// The current track, as MPRIS Metadata describes it.
    struct Track: Equatable, Sendable {
        /// The track's index in the app's list (its mpris:trackid is made from it).
        var index: Int
        var path: String
        var title: String
        var artist: String
        var album: String
        var albumArtist: String?
        var trackNumber: Int?
        /// Seconds; 0 when unknown.
        var length: Double

        /// mpris:trackid, an object path unique to the track for this run.
        var id: String { "/nowplaying/track/\(index)" }
    }

    var status = Status.stopped
    /// MPRIS LoopStatus: None, Track or Playlist.
    var loopStatus = "None"
    var shuffle = false
    var volume = 1.0
    /// Seconds into the track when the state was made, at `stamp` (seconds on the monotonic clock).
    var position = 0.0
    var stamp = 0.0
    var track: Track?
    var canGoNext = false, canGoPrevious = false, canPlay = false, canPause = false, canSeek = false
    var fullscreen = false

    /// The position now, in seconds: it runs on from `position` while playing.
    func position(at now: Double) -> Double {
        let moved = status == .playing ? max(0, now - stamp) : 0
        let length = track?.length ?? 0
        return length > 0 ? min(length, position + moved) : position + moved
    }

    /// The Player properties (MPRIS names) whose values differ between the two states.
    func changedPlayerProperties(since old: MediaState) -> [String] {
        var names: [String] = []
        if status != old.status { names.append("PlaybackStatus") }
        if loopStatus != old.loopStatus { names.append("LoopStatus") }
        if shuffle != old.shuffle { names.append("Shuffle") }
        if volume != old.volume { names.append("Volume") }
        if track != old.track { names.append("Metadata") }
        if canGoNext != old.canGoNext { names.append("CanGoNext") }
        if canGoPrevious != old.canGoPrevious { names.append("CanGoPrevious") }
        if canPlay != old.canPlay { names.append("CanPlay") }
        if canPause != old.canPause { names.append("CanPause") }
        if canSeek != old.canSeek { names.append("CanSeek") }
        return names
    }

    /// Seconds on the monotonic clock (the same on every thread).
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

extension MediaState {
    /// MPRIS LoopStatus for the app's repeat mode.
    static func loopStatus(for mode: Queue.Repeat) -> String {
        switch mode {
        case .off: "None"
        case .one: "Track"
        case .all: "Playlist"
        }
    }

    /// The repeat mode for an MPRIS LoopStatus (nil: not one of the three).
    static func repeatMode(loopStatus text: String) -> Queue.Repeat? {
        Queue.Repeat.allCases.first { loopStatus(for: $0) == text }
    }

    /// The session as it is now.
    @MainActor
    init(session: PlaybackSession, fullscreen: Bool) {
        // A track loaded and not playing (also at start-up, and after Stop: the start of the track) is paused.
        status = session.isPlaying ? .playing : (session.player.path != nil ? .paused : .stopped)
        loopStatus = MediaState.loopStatus(for: session.repeatMode)
        shuffle = session.isShuffled
        volume = session.volume
        position = session.position
        stamp = MediaState.now()
        if let t = session.currentTrack, session.player.path != nil {
            track = Track(index: session.current, path: t.path, title: t.title, artist: t.artist, album: t.album,
                          albumArtist: t.albumArtist, trackNumber: t.trackNumber, length: session.duration)
        }
        let loaded = track != nil
        canGoNext = !session.tracks.isEmpty
        canGoPrevious = !session.tracks.isEmpty
        canPlay = loaded
        canPause = loaded
        // A track of unknown length seeks too, within what can be decoded (issue 17).
        canSeek = loaded
        self.fullscreen = fullscreen
    }
}
