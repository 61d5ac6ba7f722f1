import FoundationEssentials
import Playback
import ViewKit

/// Connects the card to the playback session: covers to the carousel, the current track's text and times to
/// the labels, the buttons and the slider to the session, and the carousel's resting cover to the queue (C7).
@MainActor
final class NowPlayingController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    let view: NowPlayingView
    let session: PlaybackSession
    private let icons: Icons
    /// Covers found lately (nil: the track has none), by path; bounded, so a long scroll through a large
    /// library does not keep every picture.
    private var covers = LRUCache<String, Image?>(budget: NowPlayingController.coverCacheCount)
    static let coverCacheCount = 64
    /// Where problems are reported, one plain line each.
    var report: (String) -> Void
    /// Told whenever the current track changes (the app sets the window title).
    var onTrackChange: ((Track) -> Void)?
    /// Told when playing starts or stops (the app runs the progress clock while playing).
    var onPlayingChange: ((Bool) -> Void)?
    /// Told after any change of track or play state (the library and the lower module follow).
    var onChange: (() -> Void)?
    private var shownIndex: Int?
    let lyrics: LyricsController

    init(view: NowPlayingView, session: PlaybackSession, icons: Icons, report: @escaping (String) -> Void) {
        self.view = view
        self.session = session
        self.icons = icons
        self.report = report
        lyrics = LyricsController(card: view.lyricsCard, flip: view.lyricsFlip, session: session)
        view.carousel.dataSource = self
        view.carousel.flowDelegate = self
        view.centeredItem = { [unowned self] in self.session.current }
        view.carousel.onWheelStep = { [unowned self] step in self.session.select(self.session.current + step) }
        wireControls()
        session.onTrackChange = { [unowned self] index in self.trackChanged(index) }
        session.onStateChange = { [unowned self] in self.refreshState() }
        session.onProblem = { [unowned self] message in self.report(message) }
    }

    private func wireControls() {
        view.playPauseButton.addAction(for: .touchUpInside) { [unowned self] _ in session.togglePlay() }
        view.previousButton.addAction(for: .touchUpInside) { [unowned self] _ in session.previous() }
        view.nextButton.addAction(for: .touchUpInside) { [unowned self] _ in session.next() }
        view.shuffleButton.addAction(for: .touchUpInside) { [unowned self] _ in session.toggleShuffle() }
        view.repeatButton.addAction(for: .touchUpInside) { [unowned self] _ in session.cycleRepeat() }
        // SPEC T6: the time labels follow the thumb while it is dragged; releasing seeks.
        view.progress.addAction(for: .valueChanged) { [unowned self] _ in
            view.showTimes(position: view.progress.value, duration: session.duration)
        }
        view.progress.addAction(for: .editingDidEnd) { [unowned self] _ in session.seek(to: view.progress.value) }
    }

    /// The session moved to another track: show it, and bring its cover to the centre (SPEC C7).
    private func trackChanged(_ index: Int) {
        guard let track = session.currentTrack else { return }
        let changed = shownIndex != index
        shownIndex = index
        view.show(track)
        let coverColor = cover(for: index)?.averageColor ?? Theme.background
        view.setBackdrop(from: coverColor)
        lyrics.trackChanged(track, coverColor: coverColor)
        refreshProgress()
        if changed { onTrackChange?(track) }
        onChange?()
        if view.carousel.centeredItem != index || view.carousel.isDecelerating {
            view.carousel.scrollToItem(at: IndexPath(item: index), at: .centeredHorizontally,
                                       animated: view.carousel.rootView is Window)
        }
    }

    /// Tracks read in the background joined the album: the carousel gains their covers (where it is stays).
    func tracksAppended() {
        view.carousel.reloadData()
    }

    /// Play / pause, shuffle and repeat as the buttons show them (SPEC T3, T5).
    private func refreshState() {
        view.setPlaying(session.isPlaying)
        view.shuffleButton.isSelected = session.isShuffled
        view.repeatButton.isSelected = session.repeatMode != .off
        view.repeatButton.setImage(session.repeatMode == .one ? icons.repeatOne : icons.repeatAll, for: .normal)
        refreshProgress()
        lyrics.update()
        onPlayingChange?(session.isPlaying)
        onChange?()
    }

    /// The slider and times follow the real playback position (SPEC P1).
    func refreshProgress() {
        view.showProgress(position: session.position, duration: session.duration)
    }

    /// The cover picture of a track: embedded, beside the file, or nil for the placeholder; kept while recent.
    func cover(for index: Int) -> Image? {
        let path = session.tracks[index].path
        if let cached = covers.value(for: path) { return cached }
        var image: Image?
        switch CoverArt.find(for: path) {
        case .embedded(let bytes):
            image = try? Image(data: bytes, name: path)
            if image == nil { report("The picture inside \(URL(fileURLWithPath: path).lastPathComponent) cannot be read; using a placeholder.") }
        case .file(let picture):
            do { image = try Image(contentsOfFile: picture) } catch { report("\(error); using a placeholder.") }
        case .none:
            image = nil
        }
        covers.insert(image, for: path, cost: 1)
        return image
    }

    // MARK: Carousel

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { session.tracks.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CoverCell.reuseIdentifier, for: indexPath)
        let track = session.tracks[indexPath.item]
        (cell as? CoverCell)?.configure(index: indexPath.item, image: cover(for: indexPath.item), album: track.album)
        return cell
    }

    /// SPEC C2: square cells as high as the carousel.
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> Size {
        Size(width: collectionView.bounds.height, height: collectionView.bounds.height)
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { carouselSettled() }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { carouselSettled() }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { carouselSettled() }
    }

    /// SPEC C7: the cover the carousel rests on is the current track.
    private func carouselSettled() {
        let index = view.carousel.centeredItem
        if index != session.current { session.select(index) }
    }
}
