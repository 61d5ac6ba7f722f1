import ViewKit

/// A carousel cell: a clear cell whose image view fills it with no insets (SPEC C2).
final class CoverCell: CollectionViewCell {
    static let reuseIdentifier = "cover"
    let coverImageView = ImageView()
    /// Drawn when a track has no readable picture: never a blank square, the album's name on a gradient.
    private let placeholder = GradientView()
    private let placeholderTitle = Label(text: "", font: Font(size: 24, weight: .bold), color: Color(white: 1, alpha: 0.9))

    required init() {
        super.init()
        coverImageView.contentMode = .scaleAspectFill
        coverImageView.clipsToBounds = true
        coverImageView.backgroundColor = Color(white: 0.16)
        contentView.addSubview(coverImageView)
        placeholder.topColor = Color(hex: 0x3A3A58)
        placeholder.bottomColor = Color(hex: 0x17171F)
        placeholder.isHidden = true
        placeholderTitle.textAlignment = .center
        placeholderTitle.numberOfLines = 3
        placeholder.addSubview(placeholderTitle)
        coverImageView.addSubview(placeholder)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        coverImageView.frame = contentView.bounds
        placeholder.frame = coverImageView.bounds
        placeholderTitle.frame = placeholder.bounds.insetBy(dx: 24, dy: 24)
    }

    override func prepareForReuse() {
        coverImageView.image = nil
        transform = .identity
        coverImageView.alpha = 1
    }

    func configure(index: Int, image: Image?, album: String) {
        identifier = "cover.\(index)"
        coverImageView.identifier = "cover.\(index).image"
        coverImageView.image = image
        placeholder.isHidden = image != nil
        placeholderTitle.text = album
    }
}
