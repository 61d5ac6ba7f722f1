import Playback

/// What media controls (MPRIS clients, a second instance) ask the app to do; made on the bus thread,
/// carried out on the main loop.
enum MediaCommand: Equatable, Sendable {
    case raise, quit, play, pause, playPause, stop, next, previous
    case setFullscreen(Bool)
    /// Seek by this many seconds (negative: back).
    case seek(by: Double)
    /// Go to this many seconds into the track with this index, if it is still the current one.
    case setPosition(track: Int, seconds: Double)
    /// Play these files, folders or playlists now (the first of them), keeping the rest of the queue.
    case open([String])
    case setVolume(Double)
    case setShuffle(Bool)
    case setRepeat(Queue.Repeat)
}
