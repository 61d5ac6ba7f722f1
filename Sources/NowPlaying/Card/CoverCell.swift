import ViewKit

/// A carousel cell: a clear cell whose image view fills it with no insets (SPEC C2).
final class CoverCell: CollectionViewCell {
    static let reuseIdentifier = "cover"
    let coverImageView = ImageView()

    required init() {
        super.init()
        coverImageView.contentMode = .scaleAspectFill
        coverImageView.backgroundColor = Color(white: 0.16)
        contentView.addSubview(coverImageView)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        coverImageView.frame = contentView.bounds
    }

    override func prepareForReuse() {
        coverImageView.image = nil
        transform = .identity
        coverImageView.alpha = 1
    }

    func configure(index: Int, image: Image?) {
        identifier = "cover.\(index)"
        coverImageView.identifier = "cover.\(index).image"
        coverImageView.image = image
    }
}
