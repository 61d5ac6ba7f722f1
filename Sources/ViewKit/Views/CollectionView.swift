/// Supplies the items of a collection view.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell
}

/// Hears which items will soon scroll into view, to prepare their data ahead of their cells
/// (UICollectionViewDataSourcePrefetching): decoding pictures on a worker thread, say.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// These items are within a screen's length of the visible ones (each is asked for once while it stays so).
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [ItemPath])
    /// These items, prefetched earlier, moved away again without being shown: their preparation can stop.
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [ItemPath])
}

public extension CollectionViewDataSourcePrefetching {
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [ItemPath]) {}
}

/// Sizes items and hears about scrolling (UICollectionViewDelegateFlowLayout).
@MainActor
public protocol CollectionViewDelegateFlowLayout: ScrollViewDelegate {
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: ItemPath) -> Size
}

/// A reusable cell: its content goes in `contentView`.
open class CollectionViewCell: View {
    public let contentView = View()
    public internal(set) var reuseIdentifier = ""

    public required override init() {
        super.init()
        addSubview(contentView)
    }

    open override func layoutSubviews() { contentView.frame = bounds }

    /// Called before the cell is handed out again: reset per-item state here.
    open func prepareForReuse() {}
}

/// A scrolling row or column of cells laid out like UICollectionViewFlowLayout with one line.
/// Only the cells that intersect the bounds exist; cells that scroll out are kept for reuse.
open class CollectionView: ScrollView {
    /// The axis the items are laid out and scrolled along.
    public enum ScrollDirection: Sendable { case horizontal, vertical }
    /// Where `scrollToItem` puts the item in the visible area.
    public enum ScrollPosition: Sendable { case centeredHorizontally, centeredVertically, left, top }

    public weak var dataSource: CollectionViewDataSource? { didSet { reloadData() } }
    /// Told about items a screen's length ahead of the visible ones, either way along the scroll axis.
    public weak var prefetchDataSource: CollectionViewDataSourcePrefetching? { didSet { prefetched.removeAll() } }
    public var flowDelegate: CollectionViewDelegateFlowLayout? {
        get { delegate as? CollectionViewDelegateFlowLayout }
        set { delegate = newValue; invalidateLayout() }
    }
    public var scrollDirection: ScrollDirection = .horizontal { didSet { invalidateLayout() } }
    /// Used when the delegate does not size items.
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Space between consecutive items.
    public var minimumLineSpacing: Double = 0 { didSet { invalidateLayout() } }
    /// A view behind every cell that fills the bounds and stays put as the content scrolls
    /// (UICollectionView's backgroundView): what shows between and through the cells.
    public var backgroundView: View? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    private var registered: [String: CollectionViewCell.Type] = [:]
    private var reusable: [String: [CollectionViewCell]] = [:]
    private var visible: [ItemPath: CollectionViewCell] = [:]
    /// The items' frames, computed once per layout change (not per frame).
    private var itemFrames = ItemFrames()
    private var layoutValid = false
    private var lastLayoutSize: Size = .zero
    /// Items handed to the prefetch data source that have not been visible since.
    private var prefetched: Set<Int> = []

    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier id: String) {
        registered[id] = cellClass
    }

    /// A recycled cell for the identifier, or a new one of the registered class. Like UIKit, an identifier
    /// that was never registered is a programming error: it stops the program, naming the identifier.
    public func dequeueReusableCell(withReuseIdentifier id: String, for indexPath: ItemPath) -> CollectionViewCell {
        guard let type = registered[id] else {
            preconditionFailure("could not dequeue a cell with identifier \(id): register a class for it first (register(_:forCellWithReuseIdentifier:))")
        }
        if var pool = reusable[id], let cell = pool.popLast() {
            reusable[id] = pool
            cell.prepareForReuse()
            return cell
        }
        let cell = type.init()
        cell.reuseIdentifier = id
        return cell
    }

    /// Throws away every cell and asks the data source again.
    public func reloadData() {
        // In item order, so which cell is reused for what does not depend on dictionary order (runs repeat).
        for (_, cell) in visible.sorted(by: { $0.key < $1.key }) { recycle(cell) }
        visible.removeAll()
        prefetched.removeAll()
        invalidateLayout()
    }

    public func invalidateLayout() {
        layoutValid = false
        setNeedsLayout()
    }

    public var numberOfItems: Int { itemFrames.count }

    /// The cells on screen, in item order.
    public var visibleCells: [CollectionViewCell] {
        visible.sorted { $0.key < $1.key }.map(\.value)
    }

    public var indexPathsForVisibleItems: [ItemPath] { visible.keys.sorted() }

    public func indexPath(for cell: CollectionViewCell) -> ItemPath? {
        visible.first { $0.value === cell }?.key
    }

    public func cellForItem(at indexPath: ItemPath) -> CollectionViewCell? { visible[indexPath] }

    /// The item under a point in the collection view's (content) coordinates, if any.
    public func indexPathForItem(at point: Point) -> ItemPath? {
        prepareLayout()
        return itemFrames.index(at: point).map { ItemPath(item: $0) }
    }

    /// The item's frame in content coordinates.
    public func frameForItem(at indexPath: ItemPath) -> Rect? {
        prepareLayout()
        return (0..<itemFrames.count).contains(indexPath.item) ? itemFrames.frame(at: indexPath.item) : nil
    }

    /// The content offset that puts the item at `position`, clamped to the scrollable range.
    public func contentOffset(forItemAt indexPath: ItemPath, at position: ScrollPosition) -> Point? {
        guard let f = frameForItem(at: indexPath) else { return nil }
        var o = contentOffset
        switch position {
        case .centeredHorizontally: o.x = f.midX - bounds.width / 2
        case .centeredVertically: o.y = f.midY - bounds.height / 2
        case .left: o.x = f.minX - contentInset.left
        case .top: o.y = f.minY - contentInset.top
        }
        let lo = minimumContentOffset, hi = maximumContentOffset
        return Point(x: min(max(o.x, lo.x), hi.x), y: min(max(o.y, lo.y), hi.y))
    }

    /// Scrolls so the item sits at `position`, at once or with the scroll animation.
    open func scrollToItem(at indexPath: ItemPath, at position: ScrollPosition, animated: Bool) {
        if let o = contentOffset(forItemAt: indexPath, at: position) { setContentOffset(o, animated: animated) }
    }

    private func prepareLayout() {
        if layoutValid && lastLayoutSize == bounds.size { return }
        layoutValid = true
        lastLayoutSize = bounds.size
        let count = dataSource?.collectionView(self, numberOfItemsInSection: 0) ?? 0
        let horizontal = scrollDirection == .horizontal
        // One line: items are centred across the scroll axis.
        itemFrames = ItemFrames(count: count, horizontal: horizontal, across: horizontal ? bounds.height : bounds.width,
                                spacing: minimumLineSpacing) {
            flowDelegate?.collectionView(self, sizeForItemAt: ItemPath(item: $0)) ?? itemSize
        }
        let length = itemFrames.length
        contentSize = horizontal ? Size(width: length, height: bounds.height) : Size(width: bounds.width, height: length)
    }

    /// The items whose frames meet the visible rectangle grown by `margin` times its length at each end along
    /// the scroll axis, found by binary search.
    private func visibleRange(margin: Double = 0) -> Range<Int> {
        let horizontal = scrollDirection == .horizontal
        let length = horizontal ? bounds.width : bounds.height
        let lo = (horizontal ? bounds.minX : bounds.minY) - margin * length
        let hi = (horizontal ? bounds.maxX : bounds.maxY) + margin * length
        return itemFrames.range(meeting: lo, hi)
    }

    open override func layoutSubviews() {
        backgroundView?.frame = bounds
        prepareLayout()
        let range = visibleRange()
        for (ip, cell) in visible.sorted(by: { $0.key < $1.key }) where !range.contains(ip.item) {
            visible[ip] = nil
            recycle(cell)
        }
        guard let dataSource else { return }
        for i in range {
            let ip = ItemPath(item: i)
            let cell = visible[ip] ?? {
                let c = dataSource.collectionView(self, cellForItemAt: ip)
                c.isHidden = false
                if c.superview !== self { addSubview(c) }
                visible[ip] = c
                return c
            }()
            let f = itemFrames.frame(at: i)
            cell.bounds = Rect(origin: .zero, size: f.size)
            cell.center = f.center
        }
        prefetch(around: range)
    }

    /// Tells the prefetch data source about items that came within a screen of the visible ones, and about
    /// prefetched ones that left that reach unseen.
    private func prefetch(around shown: Range<Int>) {
        guard let prefetchDataSource else { return }
        let reach = visibleRange(margin: 1)
        let gone = prefetched.filter { !reach.contains($0) || shown.contains($0) }
        prefetched.subtract(gone)
        let cancelled = gone.filter { !shown.contains($0) }.sorted()
        let new = reach.filter { !shown.contains($0) && !prefetched.contains($0) }
        prefetched.formUnion(new)
        if !cancelled.isEmpty {
            prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancelled.map { ItemPath(item: $0) })
        }
        if !new.isEmpty { prefetchDataSource.collectionView(self, prefetchItemsAt: new.map { ItemPath(item: $0) }) }
    }

    private func recycle(_ cell: CollectionViewCell) {
        cell.isHidden = true
        reusable[cell.reuseIdentifier, default: []].append(cell)
    }
}
