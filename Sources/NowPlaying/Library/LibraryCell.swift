import ViewKit

/// A row of the library: the cover thumbnail, title, artist and length; the current track in the accent colour.
final class LibraryCell: CollectionViewCell {
    static let reuseIdentifier = "track"
    nonisolated static let height = 64.0
    /// The cover thumbnail's side, in points.
    nonisolated static let thumbnailSide = 48.0
    let thumbnail = ImageView()
    let title = Label(text: "", font: Font(size: 16, weight: .semibold), color: Theme.primaryText)
    let artist = Label(text: "", font: Font(size: 13), color: Theme.secondaryText)
    let duration = Label(text: "", font: Theme.timeFont, color: Theme.tertiaryText)

    required init() {
        super.init()
        thumbnail.contentMode = .scaleAspectFill
        thumbnail.clipsToBounds = true
        thumbnail.cornerRadius = 4
        thumbnail.backgroundColor = Color(white: 0.2)
        duration.textAlignment = .right
        for v: View in [thumbnail, title, artist, duration] { contentView.addSubview(v); v.isUserInteractionEnabled = false }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        thumbnail.frame = Rect(x: 16, y: 8, width: LibraryCell.thumbnailSide, height: LibraryCell.thumbnailSide)
        duration.frame = Rect(x: b.width - 16 - 52, y: 0, width: 52, height: b.height)
        let textX = thumbnail.frame.maxX + 12, textW = max(0, duration.frame.minX - 8 - textX)
        title.frame = Rect(x: textX, y: 11, width: textW, height: 22)
        artist.frame = Rect(x: textX, y: 33, width: textW, height: 20)
    }

    func configure(index: Int, title t: String, artist a: String, seconds: Double?, cover: Image?, isCurrent: Bool) {
        identifier = "library.item.\(index)"
        title.text = t
        artist.setByline(a, under: t)
        duration.text = seconds.map(TimeFormat.length) ?? ""
        thumbnail.image = cover
        title.textColor = isCurrent ? Theme.accent : Theme.primaryText
    }
}
