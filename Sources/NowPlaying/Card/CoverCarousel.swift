import ViewKit

/// The horizontal album-art collection view. After every layout (so on every scroll) each visible cover
/// gets the C4 scale about its centre and the C5 alpha on its image.
final class CoverCarousel: CollectionView {
    override init() {
        super.init()
        identifier = "carousel"
        scrollDirection = .horizontal
        minimumLineSpacing = 0
        register(CoverCell.self, forCellWithReuseIdentifier: CoverCell.reuseIdentifier)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        applyZoom()
    }

    /// C4/C5. Distances are measured in the carousel's frame space: the tutorial's carousel spans the window,
    /// so there its superview-space centre equals its half width; in a centred column the half width keeps
    /// the same geometry.
    func applyZoom() {
        let centerX = bounds.width / 2
        for cell in visibleCells {
            let d = abs((cell.center.x - contentOffset.x) - centerX)
            let scale = CoverZoom.scale(distance: d, centerX: centerX)
            cell.transform = AffineTransform(scaleX: scale, y: scale)
            (cell as? CoverCell)?.coverImageView.alpha = CoverZoom.alpha(forScale: scale)
        }
    }

    /// The content offset that centres item `index` (C3 insets make this possible at both ends).
    func offset(centering index: Int) -> Double {
        contentOffset(forItemAt: IndexPath(item: index), at: .centeredHorizontally)?.x ?? 0
    }
}
