import Playback
import ViewKit

/// The app as the desktop sees it: its state published to media controls (MPRIS) on every change, what they
/// ask carried out, and the screen saver held off only while the kiosk plays.
extension NowPlayingApp {
    /// Serves media controls on `bus` from now on.
    func startMediaControls(on bus: MediaBus) {
        session.onSeek = { [unowned self] _ in publishMediaState(seeked: true) }
        let mainLoop = application.mainLoop
        bus.start(folders: session.folders) { command in mainLoop.async { [weak self] in self?.perform(command) } }
        publishMediaState()
    }

    /// The screen saver is the desktop's, except while the kiosk (`--kiosk`) plays: a desktop user's screen
    /// locks as usual even with music on fullscreen; a jukebox's screen is what people watch.
    func keepScreenAwakeIfWatched() {
        application.inhibitsScreenSaver = options.kiosk && session.isPlaying
    }

    /// Shows the session's state to media controls; `seeked`: the position jumped.
    func publishMediaState(seeked: Bool = false) {
        options.mediaBus?.publish(MediaState(session: session, fullscreen: application.isFullscreen), seeked: seeked)
    }

    /// Does what media controls (or a second instance) ask.
    func perform(_ command: MediaCommand) {
        switch command {
        case .raise: application.raise()
        case .quit: application.quit()
        case .play: session.play()
        case .pause: session.pause()
        case .playPause: session.togglePlay()
        case .stop: perform(KeyCommand.stop)
        case .next: session.next()
        case .previous: session.previous()
        case .setFullscreen(let on): application.setFullscreen(on)
        case .seek(let seconds):
            // MPRIS: seeking past the end is next; before the start, the start. A length not known (yet) has no end.
            let known = session.duration > 0
            if known && session.position + seconds >= session.duration { session.next() } else { session.seek(by: seconds) }
        case let .setPosition(track, seconds):
            if track == session.current && (session.duration <= 0 || seconds <= session.duration) { session.seek(to: seconds) }
        case .open(let paths):
            open(paths, playFirst: true)
            application.raise()
        case .setVolume(let volume): session.volume = volume
        case .setShuffle(let on): if on != session.isShuffled { session.toggleShuffle() }
        case .setRepeat(let mode): while session.repeatMode != mode { session.cycleRepeat() }
        }
        publishMediaState()
    }
}
