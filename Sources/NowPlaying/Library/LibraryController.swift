import FoundationEssentials
import Playback
import ViewKit

/// Feeds the library screen and the mini player from the session: the queue as rows (tap to play), the
/// current track marked, and the mini player's cover, text, play / pause and progress.
@MainActor
final class LibraryController: CollectionViewDataSource {
    let view: LibraryView
    let session: PlaybackSession
    private let icons: Icons
    private let cover: (Int) -> Image?
    /// Whether rows and the mini player show covers yet: not while the library waits under the card at
    /// start-up (its pictures are read when it is first drawn, not before the first frame).
    private(set) var showsCovers = false

    init(view: LibraryView, session: PlaybackSession, icons: Icons, cover: @escaping (Int) -> Image?) {
        self.view = view
        self.session = session
        self.icons = icons
        self.cover = cover
        view.list.dataSource = self
        let tap = TapGestureRecognizer()
        tap.addTarget { [unowned self] g in
            guard let ip = self.view.list.indexPathForItem(at: g.location(in: self.view.list)) else { return }
            self.session.select(ip.item)
            self.session.play()
        }
        view.list.addGestureRecognizer(tap)
        view.miniPlayer.playPause.addAction(for: .touchUpInside) { [unowned self] _ in self.session.togglePlay() }
    }

    /// From now on rows and the mini player show their covers.
    func showCovers() {
        guard !showsCovers else { return }
        showsCovers = true
        view.list.reloadData()
        refresh()
    }

    /// Tracks read in the background joined the album: the list grows (where it is scrolled stays).
    func tracksAppended() {
        view.list.reloadData()
    }

    /// The current track or the play state changed.
    func refresh() {
        let mini = view.miniPlayer
        if let track = session.currentTrack {
            mini.title.text = track.title
            mini.artist.setByline(track.artist, under: track.title)
            mini.cover.image = showsCovers ? cover(session.current) : nil
        }
        mini.playPause.setImage(session.isPlaying ? icons.pause : icons.play, for: .normal)
        refreshProgress()
        for cell in view.list.visibleCells {
            guard let c = cell as? LibraryCell, let ip = view.list.indexPath(for: c) else { continue }
            guard ip.item == session.current, let t = session.currentTrack else { c.title.textColor = Theme.primaryText; continue }
            // What opening the track told (its stream's own tags where the file's could not be read, its exact
            // length) shows in its row as on the card.
            c.configure(index: ip.item, title: t.title, artist: t.artist, seconds: t.duration, cover: c.thumbnail.image, isCurrent: true)
        }
    }

    /// A cover loaded on the worker arrived: the row showing track `index` (and the mini player) show it.
    func coverArrived(_ index: Int) {
        guard showsCovers else { return }
        if let cell = view.list.cellForItem(at: ItemPath(item: index)) as? LibraryCell { cell.thumbnail.image = cover(index) }
        if index == session.current { view.miniPlayer.cover.image = cover(index) }
    }

    func refreshProgress() {
        let d = session.duration
        view.miniPlayer.setProgress(d > 0 ? session.position / d : 0)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { session.tracks.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: LibraryCell.reuseIdentifier, for: indexPath)
        let t = session.tracks[indexPath.item]
        (cell as? LibraryCell)?.configure(index: indexPath.item, title: t.title, artist: t.artist, seconds: t.duration,
                                          cover: showsCovers ? cover(indexPath.item) : nil,
                                          isCurrent: indexPath.item == session.current)
        return cell
    }
}
