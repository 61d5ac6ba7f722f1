import Playback
import ViewKit

/// The timers that follow playback: while playing, the progress (card and mini player) four times a
/// second, and a track change once it is heard; after not playing for `outputReleaseDelay`, the sound device is closed so an idle app never wakes.
@MainActor
final class PlaybackClock {
    /// Seconds of not playing after which the audio output is closed; pressing play within them resumes
    /// without reopening it.
    static let outputReleaseDelay = 2.0
    /// Seconds between two progress refreshes while playing.
    static let progressInterval = 0.25

    private let application: Application
    private let session: PlaybackSession
    private let refresh: () -> Void
    private var progressTimer: Int?
    private var outputReleaseTimer: Int?

    /// `refresh` redraws the progress wherever it is shown.
    init(application: Application, session: PlaybackSession, refresh: @escaping () -> Void) {
        self.application = application
        self.session = session
        self.refresh = refresh
    }

    /// Play / pause changed.
    func playingChanged(_ playing: Bool) {
        if playing { startProgress() } else { scheduleOutputRelease() }
    }

    private func scheduleOutputRelease() {
        if let t = outputReleaseTimer { application.cancelTimer(t) }
        outputReleaseTimer = application.schedule(after: PlaybackClock.outputReleaseDelay) { [weak self] in
            guard let self else { return }
            outputReleaseTimer = nil
            // Not yet while a file opens (SDL_mixer's decoder needs the output): tried again later.
            if !session.isPlaying && !session.player.releaseOutput() { scheduleOutputRelease() }
        }
    }

    private func startProgress() {
        guard progressTimer == nil else { return }
        progressTimer = application.schedule(after: PlaybackClock.progressInterval) { [weak self] in
            guard let self else { return }
            progressTimer = nil
            // A track change written ahead of what is heard is shown when it is heard; a sound server that
            // went away is connected to again.
            if session.player.hasFinishedEvent { session.handleMusicFinished() }
            session.recoverLostOutput(now: application.clock.now)
            refresh()
            if session.isPlaying { startProgress() }
        }
    }
}
