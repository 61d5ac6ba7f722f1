import Foundation
import Playback
import ViewKit

/// Feeds the card: the queue's covers to the carousel, the current track's text and times to the labels.
@MainActor
final class NowPlayingController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    let view: NowPlayingView
    private(set) var tracks: [Track]
    private(set) var currentIndex = 0
    private var covers: [String: Image?] = [:]
    /// Where problems are reported, one plain line each.
    var report: (String) -> Void
    /// Told whenever the current track changes (the app sets the window title).
    var onTrackChange: ((Track) -> Void)?

    init(view: NowPlayingView, tracks: [Track], report: @escaping (String) -> Void) {
        self.view = view
        self.tracks = tracks
        self.report = report
        view.carousel.dataSource = self
        view.carousel.flowDelegate = self
        view.centeredItem = { [unowned self] in self.currentIndex }
        view.carousel.onWheelStep = { [unowned self] step in self.select(index: self.currentIndex + step, animated: true) }
        show(index: 0)
    }

    // MARK: Carousel settling (SPEC C7)

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { carouselSettled() }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { carouselSettled() }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { carouselSettled() }
    }

    /// The carousel came to rest: the centred cover is the current track.
    private func carouselSettled() {
        let index = view.carousel.centeredItem
        if index != currentIndex { show(index: index) }
    }

    /// Makes track `index` the one shown (title, artist, times, backdrop), scrolling the carousel to it.
    func select(index: Int, animated: Bool) {
        guard tracks.indices.contains(index) else { return }
        show(index: index)
        view.carousel.scrollToItem(at: IndexPath(item: index), at: .centeredHorizontally, animated: animated)
    }

    /// Shows track `index`'s title, artist, times and backdrop.
    private func show(index: Int) {
        guard tracks.indices.contains(index) else { return }
        currentIndex = index
        let track = tracks[index]
        view.show(track)
        view.showProgress(position: 0, duration: track.duration ?? 0)
        view.setBackdrop(from: cover(for: index)?.averageColor ?? Theme.background)
        onTrackChange?(track)
    }

    /// The cover picture of a track, loaded on first use and kept; a broken file is reported once.
    func cover(for index: Int) -> Image? {
        guard let path = tracks[index].coverPath else { return nil }
        if let cached = covers[path] { return cached }
        do {
            let image = try Image(contentsOfFile: path)
            covers[path] = image
            return image
        } catch {
            report("\(error)")
            covers[path] = .some(nil)
            return nil
        }
    }

    // MARK: Carousel

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { tracks.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CoverCell.reuseIdentifier, for: indexPath)
        (cell as? CoverCell)?.configure(index: indexPath.item, image: cover(for: indexPath.item))
        return cell
    }

    /// SPEC C2: square cells as high as the carousel.
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> Size {
        Size(width: collectionView.bounds.height, height: collectionView.bounds.height)
    }
}
