import ViewKit

/// The gallery's one screen, top to bottom: a heading, a paging carousel of generated pictures with its
/// page number, then a square that a slider rounds, a button spins (a spring) and a double tap puts back.
final class GalleryView: View {
    /// The layout, in points (the screenshot test reads pixels at these places).
    enum Metrics {
        static let margin = 16.0
        static let headingHeight = 48.0
        static let carouselTop = 64.0
        static let carouselHeight = 220.0
        static let square = 120.0
        static let controlHeight = 44.0
    }

    /// The window's colour, and the square's.
    static let background = Color(hex: 0x101418)
    static let squareColor = Color(hex: 0x3D7DD8)

    let heading = Label(text: "ViewKit gallery", font: Font(size: 24, weight: .bold))
    let carousel = PagingCarousel()
    let pageLabel = Label(text: "", font: Font(size: 15), color: Color(white: 1, alpha: 0.7))
    let square = View()
    let roundness = Slider()
    let spinButton = Button()
    private var isSpun = false

    override init() {
        super.init()
        backgroundColor = GalleryView.background
        heading.identifier = "gallery.heading"
        carousel.identifier = "gallery.carousel"
        pageLabel.identifier = "gallery.page"
        pageLabel.textAlignment = .center
        square.identifier = "gallery.square"
        square.backgroundColor = GalleryView.squareColor
        roundness.identifier = "gallery.roundness"
        roundness.minimumTrackTintColor = GalleryView.squareColor
        spinButton.identifier = "gallery.spin"
        for v in [heading, carousel, pageLabel, square, roundness, spinButton] { addSubview(v) }

        carousel.onPageChange = { [unowned self] page in showPage(page) }
        roundness.addAction(for: .valueChanged) { [unowned self] _ in
            square.cornerRadius = roundness.value * Metrics.square / 2
        }
        spinButton.addAction(for: .touchUpInside) { [unowned self] _ in spin() }
        let doubleTap = DoubleTapGestureRecognizer()
        doubleTap.addTarget { [unowned self] _ in putBack() }
        square.addGestureRecognizer(doubleTap)
    }

    /// Fills the carousel with `count` generated pictures and the button and thumb with generated icons.
    func load(pictures count: Int) throws {
        carousel.pictures = try (0..<count).map(GeneratedPicture.make)
        spinButton.setImage(try GalleryIcon.spin(), for: .normal)
        roundness.setThumbImage(try GalleryIcon.thumb(), for: .normal)
        showPage(0)
    }

    /// Puts the carousel on `page` at once (call once laid out).
    func open(page: Int) {
        carousel.scrollToItem(at: ItemPath(item: page), at: .left, animated: false)
        showPage(carousel.currentPage)
    }

    private func showPage(_ page: Int) {
        pageLabel.text = "\(page + 1) / \(carousel.pictures.count)"
    }

    /// Turns the square an eighth and grows it a little, or back, on a spring.
    func spin() {
        isSpun.toggle()
        View.animate(withDuration: 0.6, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, animations: {
            square.transform = isSpun
                ? AffineTransform(rotationAngle: Double.pi / 4).concatenating(AffineTransform(scaleX: 1.2, y: 1.2))
                : .identity
        })
    }

    /// Square, upright and unrounded again.
    func putBack() {
        isSpun = false
        roundness.value = 0
        View.animate(withDuration: 0.3) {
            square.transform = .identity
            square.cornerRadius = 0
        }
    }

    override func layoutSubviews() {
        let w = bounds.width, m = Metrics.margin
        heading.frame = Rect(x: m, y: m, width: w - 2 * m, height: Metrics.headingHeight - m)
        carousel.frame = Rect(x: 0, y: Metrics.carouselTop, width: w, height: Metrics.carouselHeight)
        pageLabel.frame = Rect(x: m, y: carousel.frame.maxY + 8, width: w - 2 * m, height: 20)
        let squareTop = pageLabel.frame.maxY + 40
        square.bounds = Rect(x: 0, y: 0, width: Metrics.square, height: Metrics.square)
        square.center = Point(x: w / 2, y: squareTop + Metrics.square / 2)
        let controlsTop = squareTop + Metrics.square + 40
        roundness.frame = Rect(x: m, y: controlsTop, width: w - 3 * m - Metrics.controlHeight, height: Metrics.controlHeight)
        spinButton.frame = Rect(x: w - m - Metrics.controlHeight, y: controlsTop,
                                width: Metrics.controlHeight, height: Metrics.controlHeight)
    }
}
