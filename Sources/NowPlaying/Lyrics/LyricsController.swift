import Playback
import ViewKit

/// Keeps the lyrics card in step with playback: the current track's lyrics, and while the card is in front
/// and the music plays, the highlighted line follows the mixer's position every frame (SPEC L5).
@MainActor
final class LyricsController {
    let card: LyricsCardView
    let flip: PerspectiveView
    let session: PlaybackSession
    private var cache: [String: Lyrics?] = [:]
    private var link: DisplayLink?

    init(card: LyricsCardView, flip: PerspectiveView, session: PlaybackSession) {
        self.card = card
        self.flip = flip
        self.session = session
        card.onSeek = { [unowned self] time in
            session.seek(to: time)
            sync(animated: true)
        }
        flip.onFlip = { [unowned self] _ in update() }
    }

    var isShowingLyrics: Bool { flip.frontView === card }

    /// The track changed: its lyrics (found once per file) on its cover's colour.
    func trackChanged(_ track: Track, coverColor: Color) {
        let lyrics: Lyrics?
        if let cached = cache[track.path] { lyrics = cached } else {
            lyrics = Lyrics.find(for: track.path)
            cache[track.path] = .some(lyrics)
        }
        card.show(lyrics, track: track, color: Theme.lyricsCard(for: coverColor))
        sync(animated: false)
    }

    /// Runs the per-frame highlight only while it can change: lyrics in front and music playing.
    func update() {
        if isShowingLyrics && session.isPlaying && card.lyrics?.isSynced == true {
            if link == nil, let window = card.window {
                link = window.animator.addDisplayLink { [weak self] _ in self?.sync(animated: true) }
            }
        } else {
            link?.invalidate()
            link = nil
        }
        sync(animated: false)
    }

    /// Highlights the line at the mixer's current position.
    func sync(animated: Bool) {
        card.highlight(card.lyrics?.lineIndex(at: session.position), animated: animated)
    }
}
