import Dispatch
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
    /// With the app's main loop, lyrics are looked for on a worker thread (reading tags and listing the
    /// folder never holds up a frame) and shown when found; without one (headless runs, tests), at once.
    var mainLoop: MainLoopQueue?
    private let worker = DispatchQueue(label: "lyrics")
    /// Shows the user a line about lyrics that were refused (too large, not text).
    var report: (String) -> Void = { _ in }

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

    /// The card's colour, from the current cover's.
    private var color = Theme.lyricsCard(for: Theme.background)

    /// The track changed: its lyrics (found once per file) on its cover's colour.
    func trackChanged(_ track: Track, coverColor: Color) {
        color = Theme.lyricsCard(for: coverColor)
        let path = track.path, folders = session.folders
        if let cached = cache[path] { return show(cached, track: track) }
        guard let mainLoop else {
            let found = Lyrics.find(for: path, folders: folders)
            cache[path] = .some(found.lyrics)
            found.problems.forEach { report($0) }
            return show(found.lyrics, track: track)
        }
        show(nil, track: track)
        worker.async(execute: ReadLog.carried {
            let found = Lyrics.find(for: path, folders: folders)
            mainLoop.async { [weak self] in
                guard let self else { return }
                cache[path] = .some(found.lyrics)
                found.problems.forEach { self.report($0) }
                if session.currentTrack?.path == path { show(found.lyrics, track: track) }
            }
        })
    }

    /// The current track's cover arrived later than the track: the card takes its colour.
    func coverColorChanged(_ coverColor: Color) {
        color = Theme.lyricsCard(for: coverColor)
        card.card.backgroundColor = color
    }

    private func show(_ lyrics: Lyrics?, track: Track) {
        card.show(lyrics, track: track, color: color)
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
