import ViewKit

/// Where everything on the Now Playing card goes for a window size (SPEC C1–C3, T1–T7).
/// The content sits in a centred column at most `maximumColumnWidth` wide and narrow enough that the
/// whole card fits the height. The carousel spans the whole window (C1) and is `column width − 68` high, so
/// the centred cover has 34 pt free on each side of the column; on a phone-sized window the column is the
/// window and this is exactly the tutorial's geometry, on a wide one more neighbours show at the sides.
public struct CardLayout: Equatable, Sendable {
    public static let coverMargin = 34.0
    public static let maximumColumnWidth = 480.0
    public static let headerHeight = 48.0
    public static let playButtonSide = 74.0
    public static let playButtonImageInset = 20.0
    public static let sideButtonSide = 44.0
    public static let sideButtonImageInset = 11.0
    public static let stackEdgeMargin = 24.0
    public static let stackToPlayGap = 8.0

    // Vertical rhythm below the carousel (tutorial screenshots at 375 × 667).
    static let titleTop = 28.0, titleHeight = 28.0
    static let artistGap = 2.0, artistHeight = 22.0
    static let sliderGap = 16.0, sliderHeight = 28.0
    static let timeGap = 0.0, timeHeight = 16.0
    static let transportGap = 12.0
    static let bottomMargin = 24.0

    /// Height of everything from the carousel's bottom edge to the window's bottom.
    static var belowCarousel: Double {
        titleTop + titleHeight + artistGap + artistHeight + sliderGap + sliderHeight + timeGap + timeHeight
            + transportGap + playButtonSide + bottomMargin
    }

    public let size: Size
    public let column: Rect
    public let header: Rect
    public let carousel: Rect
    public let title: Rect
    public let artist: Rect
    public let progress: Rect
    public let elapsed: Rect
    public let remaining: Rect
    public let playPause: Rect
    public let leftStack: Rect
    public let rightStack: Rect

    public init(size: Size) {
        self.size = size
        let m = CardLayout.coverMargin
        let fitsHeight = size.height - CardLayout.headerHeight - CardLayout.belowCarousel + 2 * m
        let width = max(2 * m + 1, min(size.width, CardLayout.maximumColumnWidth, fitsHeight))
        let carouselHeight = width - 2 * m
        let used = CardLayout.headerHeight + carouselHeight + CardLayout.belowCarousel
        let spare = max(0, size.height - used)
        let x = ((size.width - width) / 2).rounded()
        let top = (spare / 2).rounded()
        column = Rect(x: x, y: top, width: width, height: size.height - top)
        header = Rect(x: x, y: top, width: width, height: CardLayout.headerHeight)
        carousel = Rect(x: 0, y: header.maxY, width: size.width, height: carouselHeight)
        let textX = x + m, textWidth = width - 2 * m
        title = Rect(x: textX, y: carousel.maxY + CardLayout.titleTop, width: textWidth, height: CardLayout.titleHeight)
        artist = Rect(x: textX, y: title.maxY + CardLayout.artistGap, width: textWidth, height: CardLayout.artistHeight)
        progress = Rect(x: textX, y: artist.maxY + CardLayout.sliderGap, width: textWidth, height: CardLayout.sliderHeight)
        let timeY = progress.maxY + CardLayout.timeGap
        elapsed = Rect(x: textX, y: timeY, width: textWidth / 2, height: CardLayout.timeHeight)
        remaining = Rect(x: textX + textWidth / 2, y: timeY, width: textWidth / 2, height: CardLayout.timeHeight)
        let side = CardLayout.playButtonSide
        // SPEC T3: centred in the window, whatever the column.
        playPause = Rect(x: (size.width - side) / 2, y: elapsed.maxY + CardLayout.transportGap, width: side, height: side)
        let stackLeft = x + CardLayout.stackEdgeMargin
        leftStack = Rect(x: stackLeft, y: playPause.minY,
                         width: max(0, playPause.minX - CardLayout.stackToPlayGap - stackLeft), height: side)
        let rightStart = playPause.maxX + CardLayout.stackToPlayGap
        rightStack = Rect(x: rightStart, y: playPause.minY,
                          width: max(0, x + width - CardLayout.stackEdgeMargin - rightStart), height: side)
    }

    /// SPEC C3: the inset that lets the first and last cover sit centred.
    public var carouselInset: Double { (carousel.width - carousel.height) / 2 }
}
