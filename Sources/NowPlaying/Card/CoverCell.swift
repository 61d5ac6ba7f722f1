import ViewKit

/// A carousel cell: a clear cell whose image view fills it with no insets (SPEC C2).
final class CoverCell: CollectionViewCell {
    static let reuseIdentifier = "cover"
    let coverImageView = ImageView()
    /// Drawn when a track has no readable picture: never a blank square, the album's name on a gradient.
    private let placeholder = GradientView()
    let placeholderTitle = Label(text: "", font: Font(size: 24, weight: .bold), color: Color(white: 1, alpha: 0.9))

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

    /// The cover's side the placeholder's words are designed for (the reference window's: 375 − 2 × 34).
    static let placeholderDesignSide = 307.0

    override func layoutSubviews() {
        super.layoutSubviews()
        coverImageView.frame = contentView.bounds
        placeholder.frame = coverImageView.bounds
        // The words scale with the cover, as a picture's would: at a short window's small cover, 24 pt in a box
        // 48 pt narrower broke "Album" into "Albu" and "m" (a tester).
        let scale = min(1, placeholder.bounds.width / CoverCell.placeholderDesignSide)
        placeholderTitle.font = Font(size: max(8, (24 * scale).rounded()), weight: .bold)
        placeholderTitle.frame = placeholder.bounds.insetBy(dx: 24 * scale, dy: 24 * scale)
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
