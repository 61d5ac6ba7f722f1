import ViewKit

/// Where everything on the Now Playing card goes for a window size (SPEC C1–C3, T1–T7).
/// The content sits in a centred column at most `maximumColumnWidth` wide and narrow enough that the
/// whole card fits the height. The carousel spans the whole window (C1) and is `column width − 68` high, so
/// the centred cover has 34 pt free on each side of the column; on a phone-sized window the column is the
/// window and this is exactly the tutorial's geometry, on a wide one more neighbours show at the sides.
/// Between the header and the carousel is the room where the view behind the cover peeks out (SPEC L1).
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
        let fitsHeight = CardLayout.carouselHeight(fitting: size.height - CardLayout.headerHeight - CardLayout.belowCarousel) + 2 * m
        let width = max(2 * m + 1, min(size.width, CardLayout.maximumColumnWidth, fitsHeight))
        let carouselHeight = width - 2 * m
        let peek = CardLayout.peekHeight(carouselHeight: carouselHeight)
        let used = CardLayout.headerHeight + peek + carouselHeight + CardLayout.belowCarousel
        let spare = max(0, size.height - used)
        let x = ((size.width - width) / 2).rounded()
        let top = (spare / 2).rounded()
        column = Rect(x: x, y: top, width: width, height: size.height - top)
        // The header spans the window up to the widest column: a column narrowed to fit a short window
        // does not crowd the chevron against the caption.
        let headerWidth = min(size.width, max(width, CardLayout.maximumColumnWidth))
        header = Rect(x: ((size.width - headerWidth) / 2).rounded(), y: top, width: headerWidth, height: CardLayout.headerHeight)
        carousel = Rect(x: 0, y: header.maxY + peek, width: size.width, height: carouselHeight)
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

    /// SPEC L1: the view behind the lyrics flip's front one is scaled 0.9, then moved 30 up.
    static let lyricsBehindTransform = AffineTransform(scaleX: 0.9, y: 0.9)
        .concatenating(AffineTransform(translationX: 0, y: -30))

    /// SPEC L1: the room above a carousel of height `h` for the view behind it (the lyrics card, or the cover
    /// once the lyrics are in front): scaled 0.9 about its centre and moved 30 up, its top rises
    /// 30 − 0.05 × h above the carousel's. Whole points, so what lies below stays on the pixel grid.
    public static func peekHeight(carouselHeight h: Double) -> Double {
        let behind = CardLayout.lyricsBehindTransform
        // Less a hair of rounding error before rounding up: (1 − 0.9) × 360 / 2 is not exactly 18 in binary.
        return max(0, -behind.ty - (1 - behind.d) * h / 2 - 1e-9).rounded(.up)
    }

    /// The highest carousel that fits in `room` together with the peek above it.
    static func carouselHeight(fitting room: Double) -> Double {
        let behind = CardLayout.lyricsBehindTransform
        // h + (−ty − (1 − d) × h / 2) ≤ room, then down a point or two for the peek's rounding up.
        var h = ((room + behind.ty) / (1 - (1 - behind.d) / 2)).rounded(.down)
        while h > 1 && h + peekHeight(carouselHeight: h) > room { h -= 1 }
        return h
    }

    /// SPEC C3: the inset that lets the first and last cover sit centred.
    public var carouselInset: Double { (carousel.width - carousel.height) / 2 }
}
