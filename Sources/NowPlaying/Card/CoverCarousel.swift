import Foundation
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

    /// The divisor of C4: the tutorial's `carouselCentreX`, i.e. half the phone-sized column. On a wide window
    /// the carousel is wider than the column, and keeping the column's half width keeps the same fall-off.
    var zoomCenterX: Double = 0 { didSet { if zoomCenterX != oldValue { setNeedsLayout() } } }

    /// C4/C5: each visible cover's distance from the carousel's centre sets its scale and its image's alpha.
    func applyZoom() {
        let centerX = bounds.width / 2
        let divisor = zoomCenterX > 0 ? zoomCenterX : centerX
        for cell in visibleCells {
            let d = abs((cell.center.x - contentOffset.x) - centerX)
            let scale = CoverZoom.scale(distance: d, centerX: divisor)
            cell.transform = AffineTransform(scaleX: scale, y: scale)
            (cell as? CoverCell)?.coverImageView.alpha = CoverZoom.alpha(forScale: scale)
        }
    }

    /// The content offset that centres item `index` (C3 insets make this possible at both ends).
    func offset(centering index: Int) -> Double {
        contentOffset(forItemAt: IndexPath(item: index), at: .centeredHorizontally)?.x ?? 0
    }
}
