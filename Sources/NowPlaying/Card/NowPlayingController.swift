import FoundationEssentials
import Playback
import ViewKit

/// Connects the card to the playback session: covers to the carousel, the current track's text and times to
/// the labels, the buttons and the slider to the session, and the carousel's resting cover to the queue (C7).
@MainActor
final class NowPlayingController: CollectionViewDataSource, CollectionViewDataSourcePrefetching, CollectionViewDelegateFlowLayout {
    let view: NowPlayingView
    let session: PlaybackSession
    private let icons: Icons
    /// Covers found lately (nil: the track has none), by path; bounded, so a long scroll through a large
    /// library does not keep every picture.
    private var covers = LRUCache<String, Image?>(budget: NowPlayingController.coverCacheCount)
    static let coverCacheCount = 64
    /// Decodes covers on a worker thread, ahead of the carousel and whenever one is missing (set by the app;
    /// without it, only on the spot).
    var coverLoader: CoverLoader? {
        didSet { view.carousel.prefetchDataSource = coverLoader == nil ? nil : self }
    }
    /// The renderer that draws the covers: its pixel scale sizes the decoded pictures, and it knows which
    /// are drawn already.
    weak var renderer: Renderer?
    /// Where problems are reported, one plain line each.
    var report: (String) -> Void
    /// Covers whose problem was said: a cover read again (gone from the cache of recent ones, or for another
    /// size) is not said again.
    private var coverProblemsSaid: Set<String> = []
    /// Told whenever the current track changes (the app sets the window title).
    var onTrackChange: ((Track) -> Void)?
    /// Told when playing starts or stops (the app runs the progress clock while playing).
    var onPlayingChange: ((Bool) -> Void)?
    /// Told after any change of track or play state (the library and the lower module follow).
    var onChange: (() -> Void)?
    /// Told when a cover the worker loaded arrived (album index): the library shows it in its row.
    var onCoverArrived: ((Int) -> Void)?
    /// Whether the first frame is on screen (set by the app). Until then the current track's cover is decoded
    /// on the spot, so the first frame is complete; after it, no cover is read on the main thread.
    var isFirstFrameShown = false {
        didSet {
            guard isFirstFrameShown else { return }
            earlyCover?.discard()
            earlyCover = nil
            coverLoader?.dropUnclaimed()
        }
    }
    /// The first track's cover, being decoded while the window opened (taken by the first frame if it is the
    /// one it draws, at the size it draws it).
    var earlyCover: EarlyCover?
    /// Where large covers' small copies are kept between runs (nil: none).
    var pictures: PictureCache?
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
        lyrics.report = { [unowned self] message in self.report(message) }
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
        // A scrub held while the track changed (→, a media key, the track's end) is let go without a seek: the
        // place was picked on another track (a tester's release sought the new track there).
        view.progress.addAction(for: .touchDown) { [unowned self] _ in scrubbedTrack = session.current }
        view.progress.addAction(for: .editingDidEnd) { [unowned self] _ in
            defer { scrubbedTrack = nil }
            guard scrubbedTrack == session.current else { return refreshProgress() }
            session.seek(to: view.progress.value)
        }
    }

    /// The title, artist and album the card shows (a track shown again with others has been named by its stream).
    private var shownTags: [String] = []

    /// The track the progress slider was grabbed on, while it is held.
    private var scrubbedTrack: Int?

    /// The session moved to another track: show it, and bring its cover to the centre (SPEC C7).
    private func trackChanged(_ index: Int) {
        guard let track = session.currentTrack else { return }
        let changed = shownIndex != index
        let retagged = !changed && shownTags != [track.title, track.artist, track.album]
        shownIndex = index
        shownTags = [track.title, track.artist, track.album]
        view.show(track)
        // Shown again once open, its stream naming what its tags did not (a file mended since it was read): a cover
        // found missing then is looked for again, and shown wherever the track is.
        if retagged, case .some(nil) = covers.value(for: track.path) {
            covers.removeValue(for: track.path)
            if let found = cover(for: index, preparingFor: carouselPixelSize) { arrived(found, for: track.path) }
        }
        let coverColor = cover(for: index, preparingFor: carouselPixelSize)?.averageColor ?? Theme.background
        view.setBackdrop(from: coverColor)
        lyrics.trackChanged(track, coverColor: coverColor)
        refreshProgress()
        if changed { onTrackChange?(track) }
        onChange?()
        if view.carousel.centeredItem != index || view.carousel.isDecelerating {
            view.carousel.scrollToItem(at: ItemPath(item: index), at: .centeredHorizontally,
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
    /// With `pixelSize`, a new picture keeps its pixels for a view of that size (no second decode to draw it).
    /// A cover not in the cache comes from the worker when there is one (nil meanwhile: the placeholder, and
    /// the views showing it are told when it arrives), else it is decoded now.
    func cover(for index: Int, preparingFor pixelSize: Size? = nil) -> Image? {
        let path = session.tracks[index].path
        if let cached = covers.value(for: path) { return cached }
        // Decoded by the worker (ahead of the first frame, or on its way to the main loop): shown now.
        if let ready = coverLoader?.take(path, pixelSize: pixelSize ?? carouselPixelSize) {
            let image = store(ready, for: path)
            arrived(image, for: path)
            return image
        }
        if let coverLoader, isFirstFrameShown || index != session.current {
            prefetch(path, preparingFor: pixelSize ?? carouselPixelSize, with: coverLoader)
            return nil
        }
        coverLoader?.cancel(path)
        let early = pixelSize.flatMap { earlyCover?.take(path, pixelSize: $0) }
        return store(early ?? CoverLoader.load(path, preparingFor: pixelSize, folders: session.folders, pictures: pictures), for: path)
    }

    private func prefetch(_ path: String, preparingFor pixelSize: Size, with coverLoader: CoverLoader) {
        coverLoader.prefetch(path, preparingFor: pixelSize) { [weak self] outcome in self?.prefetched(outcome, for: path) }
    }

    @discardableResult
    private func store(_ outcome: CoverLoader.Outcome, for path: String) -> Image? {
        let image: Image?
        switch outcome {
        case .picture(let picture): image = Image(decoded: picture)
        case .none: image = nil
        case .unreadable(let message):
            if coverProblemsSaid.insert(path).inserted { report(message) }
            image = nil
        case .damaged(let picture, let message):
            if coverProblemsSaid.insert(path).inserted { report(message) }
            image = Image(decoded: picture)
        }
        covers.insert(image, for: path, cost: 1)
        return image
    }

    /// A carousel cover's size in pixels. Before the first layout (the first track's cover is asked for then)
    /// the card's layout for the window's size says what it will be.
    private var carouselPixelSize: Size {
        let laidOut = view.carousel.bounds.height
        let scale = renderer?.pixelScale ?? 1
        guard laidOut > 0 else { return NowPlayingController.carouselPixelSize(in: view.rootView.bounds.size, pixelScale: scale) }
        return Size(width: laidOut * scale, height: laidOut * scale)
    }

    /// A carousel cover's size in pixels, as the card lays itself out in a window of `size` points.
    nonisolated static func carouselPixelSize(in size: Size, pixelScale: Double) -> Size {
        let side = CardLayout(size: size).carousel.height * pixelScale
        return Size(width: side, height: side)
    }

    // MARK: Carousel

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { session.tracks.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CoverCell.reuseIdentifier, for: indexPath)
        let track = session.tracks[indexPath.item]
        (cell as? CoverCell)?.configure(index: indexPath.item, image: cover(for: indexPath.item, preparingFor: carouselPixelSize),
                                        album: track.album)
        return cell
    }

    /// Covers about to scroll in are found and decoded on the worker thread, unless their textures are made.
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [ItemPath]) {
        guard let coverLoader else { return }
        let size = carouselPixelSize
        for indexPath in indexPaths where session.tracks.indices.contains(indexPath.item) {
            let path = session.tracks[indexPath.item].path
            if let cached = covers.value(for: path) {
                guard let image = cached, renderer?.hasTexture(for: image, pixelSize: size) == false else { continue }
            }
            prefetch(path, preparingFor: size, with: coverLoader)
        }
    }

    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [ItemPath]) {
        for indexPath in indexPaths where session.tracks.indices.contains(indexPath.item) {
            let path = session.tracks[indexPath.item].path
            coverLoader?.cancel(path)
            if let cached = covers.value(for: path) { cached?.discardPreparedLevel() }
        }
    }

    /// A cover decoded ahead: a new picture joins the cache and the views that wait for it show it; one already
    /// there (without a texture at this size yet) takes the decoded pixels for its texture.
    private func prefetched(_ outcome: CoverLoader.Outcome, for path: String) {
        if let cached = covers.value(for: path) {
            if let picture = outcome.picture { cached?.adoptPreparedLevel(of: picture) }
            return
        }
        arrived(store(outcome, for: path), for: path)
    }

    /// A cover that was missing is there: the cells, the backdrop and the library's rows that show it show it.
    private func arrived(_ image: Image?, for path: String) {
        for cell in view.carousel.visibleCells {
            guard let cell = cell as? CoverCell, let item = view.carousel.indexPath(for: cell)?.item,
                  session.tracks[item].path == path else { continue }
            cell.configure(index: item, image: image, album: session.tracks[item].album)
        }
        if let index = shownIndex, session.tracks[index].path == path {
            let coverColor = image?.averageColor ?? Theme.background
            view.setBackdrop(from: coverColor)
            lyrics.coverColorChanged(coverColor)
        }
        for index in session.tracks.indices where session.tracks[index].path == path { onCoverArrived?(index) }
    }

    /// SPEC C2: square cells as high as the carousel.
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: ItemPath) -> Size {
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
