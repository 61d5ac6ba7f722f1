import ViewKit

/// The browsing screen under the card: the queue as a vertical list (`library`), with the mini player at the bottom.
final class LibraryView: View {
    let heading = Label(text: "Queue", font: Font(size: 28, weight: .bold), color: Theme.primaryText)
    let list = CollectionView()
    let miniPlayer = MiniPlayerView()
    static let headerHeight = 64.0

    override init() {
        super.init()
        identifier = "libraryScreen"
        backgroundColor = Theme.background
        list.identifier = "library"
        list.scrollDirection = .vertical
        list.register(LibraryCell.self, forCellWithReuseIdentifier: LibraryCell.reuseIdentifier)
        heading.textAlignment = .left
        for v: View in [heading, list, miniPlayer] { addSubview(v) }
    }

    /// The column the list and bar use on wide windows.
    var column: Rect { CardLayout(size: bounds.size).libraryColumn }

    override func layoutSubviews() {
        let c = column
        heading.frame = Rect(x: c.minX + 16, y: 16, width: c.width - 32, height: 36)
        miniPlayer.frame = Rect(x: c.minX, y: bounds.height - MiniPlayerView.height, width: c.width, height: MiniPlayerView.height)
        list.frame = Rect(x: c.minX, y: LibraryView.headerHeight, width: c.width,
                          height: max(0, miniPlayer.frame.minY - LibraryView.headerHeight))
        list.itemSize = Size(width: c.width, height: LibraryCell.height)
    }
}
