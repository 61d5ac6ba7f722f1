import FoundationEssentials
import ViewKit

/// The horizontal album-art collection view. After every layout (so on every scroll) each visible cover
/// gets the C4 scale about its centre and the C5 alpha on its image.
final class CoverCarousel: CollectionView {
    /// Between UIKit's normal and fast rates: a firm fling travels two or three covers and settles in about a second.
    static let decelerationRate = 0.995

    override init() {
        super.init()
        identifier = "carousel"
        scrollDirection = .horizontal
        minimumLineSpacing = 0
        decelerationRate = CoverCarousel.decelerationRate
        register(CoverCell.self, forCellWithReuseIdentifier: CoverCell.reuseIdentifier)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        applyZoom()
    }

    /// The divisor of C4: the tutorial's `carouselCentreX`, i.e. half the phone-sized column. On a wide window
    /// the carousel is wider than the column, and keeping the column's half width keeps the same fall-off.
    var zoomCenterX: Double = 0 { didSet { if zoomCenterX != oldValue { setNeedsLayout() } } }

    /// Whether the covers beside the centred one show. Behind the lyrics card only the centred cover peeks above
    /// it (SPEC L1), not its neighbours around the card (at a short window's small card, a neighbour's words stood
    /// out beside it); a cover gliding to the centre behind the card fades in as it nears it. Set inside an
    /// animation, the covers fade with it.
    var showsNeighbours = true { didSet { if showsNeighbours != oldValue { applyZoom() } } }

    /// C4/C5: each visible cover's distance from the carousel's centre sets its scale and its image's alpha.
    func applyZoom() {
        let centerX = bounds.width / 2
        let divisor = zoomCenterX > 0 ? zoomCenterX : centerX
        for cell in visibleCells {
            let d = abs((cell.center.x - contentOffset.x) - centerX)
            let scale = CoverZoom.scale(distance: d, centerX: divisor)
            cell.transform = AffineTransform(scaleX: scale, y: scale)
            let shown = showsNeighbours ? 1 : max(0, 1 - d / max(cell.bounds.width / 2, 1))
            (cell as? CoverCell)?.coverImageView.alpha = CoverZoom.alpha(forScale: scale) * shown
        }
    }

    /// The content offset that centres item `index` (C3 insets make this possible at both ends).
    func offset(centering index: Int) -> Double {
        contentOffset(forItemAt: ItemPath(item: index), at: .centeredHorizontally)?.x ?? 0
    }

    /// The item whose centre is nearest the carousel's centre at a content offset.
    func nearestItem(toOffset x: Double) -> Int {
        guard numberOfItems > 0, let first = frameForItem(at: ItemPath(item: 0)) else { return 0 }
        let centre = x + bounds.width / 2
        let index = ((centre - first.midX) / max(first.width + minimumLineSpacing, 1)).rounded()
        return Int(min(max(index, 0), Double(numberOfItems - 1)))
    }

    /// The tutorial's rule: the visible cover drawn largest (ties: the one nearest the centre).
    func largestVisibleItem() -> Int {
        let centre = contentOffset.x + bounds.width / 2
        let best = visibleCells.max { a, b in
            a.transform.a != b.transform.a ? a.transform.a < b.transform.a
                : abs(a.center.x - centre) > abs(b.center.x - centre)
        }
        return best.flatMap { indexPath(for: $0)?.item } ?? nearestItem(toOffset: contentOffset.x)
    }

    /// SPEC C6: a slow release settles on the largest visible cover; a fling on the cover nearest the
    /// projected resting point (several covers if fast, never past the ends); never between two covers.
    override func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point) -> Point {
        guard numberOfItems > 0 else { return proposed }
        let index = abs(velocity.x) < ScrollView.flingThreshold ? largestVisibleItem() : nearestItem(toOffset: proposed.x)
        return Point(x: offset(centering: index), y: proposed.y)
    }

    /// Called when a wheel or touchpad asks for another cover (−1 previous, +1 next).
    var onWheelStep: ((Int) -> Void)?
    private var wheelAccumulator = 0.0

    /// The wheel moves one cover per notch (a touchpad: per notch's worth of travel), animated.
    override func scroll(byWheel delta: Point) {
        let d = delta.x != 0 ? delta.x : delta.y
        wheelAccumulator += d
        guard abs(wheelAccumulator) >= Application.wheelStep - 1e-9 else { return }
        let step = wheelAccumulator > 0 ? -1 : 1
        wheelAccumulator = 0
        onWheelStep?(step)
    }

    /// The cover that is centred (or nearest to it) now.
    var centeredItem: Int { nearestItem(toOffset: contentOffset.x) }
}
