import ViewKit

/// One page of the carousel: a picture filling the page less a margin, with rounded corners.
final class PictureCell: CollectionViewCell {
    static let reuseIdentifier = "picture"
    /// Space between the picture and the page's sides.
    static let margin = 16.0
    let imageView = ImageView()

    required init() {
        super.init()
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.cornerRadius = 12
        contentView.addSubview(imageView)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds.insetBy(dx: PictureCell.margin, dy: 0)
    }

    override func prepareForReuse() { imageView.image = nil }
}
