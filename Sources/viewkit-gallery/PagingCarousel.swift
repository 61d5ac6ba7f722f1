import ViewKit

/// A horizontal carousel of pictures that rests on whole pages (UIScrollView's isPagingEnabled), built from
/// `CollectionView`: every item is the carousel's size, and a release lands on the page the finger points
/// to. The code of the "Building a paging carousel" article in ViewKit's documentation.
final class PagingCarousel: CollectionView, CollectionViewDataSource, ScrollViewDelegate {
    /// The pictures, one a page.
    var pictures: [Image] = [] { didSet { reloadData() } }
    /// Called with the page the carousel comes to rest on.
    var onPageChange: ((Int) -> Void)?

    override init() {
        super.init()
        scrollDirection = .horizontal
        register(PictureCell.self, forCellWithReuseIdentifier: PictureCell.reuseIdentifier)
        dataSource = self
        delegate = self
    }

    /// The page nearest the current offset.
    var currentPage: Int {
        bounds.width > 0 ? Int((contentOffset.x / bounds.width).rounded()) : 0
    }

    override func layoutSubviews() {
        if itemSize != bounds.size { itemSize = bounds.size }
        super.layoutSubviews()
    }

    /// A slow release settles on the nearest page; a fling moves one page in its direction.
    override func targetContentOffset(forProposedContentOffset proposed: Point,
                                      withScrollingVelocity velocity: Point) -> Point {
        guard bounds.width > 0, numberOfItems > 0 else { return proposed }
        let here = contentOffset.x / bounds.width
        let page: Double
        if abs(velocity.x) < ScrollView.flingThreshold {
            page = here.rounded()
        } else {
            page = velocity.x > 0 ? here.rounded(.up) : here.rounded(.down)
        }
        let last = Double(numberOfItems - 1)
        return Point(x: min(max(page, 0), last) * bounds.width, y: proposed.y)
    }

    // MARK: ScrollViewDelegate: the carousel came to rest

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { onPageChange?(currentPage) }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { onPageChange?(currentPage) }

    // MARK: CollectionViewDataSource

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        pictures.count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt path: ItemPath) -> CollectionViewCell {
        let cell = dequeueReusableCell(withReuseIdentifier: PictureCell.reuseIdentifier, for: path) as! PictureCell
        cell.imageView.image = pictures[path.item]
        return cell
    }
}
