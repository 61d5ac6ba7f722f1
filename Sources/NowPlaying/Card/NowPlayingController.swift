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

    init(view: NowPlayingView, tracks: [Track], report: @escaping (String) -> Void) {
        self.view = view
        self.tracks = tracks
        self.report = report
        view.carousel.dataSource = self
        view.carousel.flowDelegate = self
        view.centeredItem = { [unowned self] in self.currentIndex }
        show(index: 0)
    }

    /// Makes track `index` the one shown (title, artist, times, backdrop, centred cover).
    func show(index: Int) {
        guard tracks.indices.contains(index) else { return }
        currentIndex = index
        let track = tracks[index]
        view.show(track)
        view.showProgress(position: 0, duration: track.duration ?? 0)
        view.setBackdrop(from: cover(for: index)?.averageColor ?? Theme.background)
        view.setNeedsLayout()
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
