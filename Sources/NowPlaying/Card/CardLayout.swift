import ViewKit

/// Where everything on the Now Playing card goes for a window size (SPEC C1–C3, T1–T7).
/// The content sits in a centred column at most `maximumColumnWidth` wide and narrow enough that the
/// whole card fits the height. The carousel spans the whole window (C1) and is `column width − 68` high, so
/// the centred cover has 34 pt free on each side of the column; on a phone-sized window the column is the
/// window and this is exactly the tutorial's geometry, on a wide one more neighbours show at the sides.
/// Between the header and the carousel is the room where the view behind the cover peeks out (SPEC L1).
/// A window clearly wider than tall (`landscapeAspect`) is laid out as the desktop players do: the artwork
/// column on the left (the carousel as high as the window allows), the controls column on the right.
public struct CardLayout: Equatable, Sendable {
    /// Width over height from which the card is laid out side by side.
    public static let landscapeAspect = 1.25
    /// The narrowest controls column in landscape: the transport's five touch targets fit it with room between.
    public static let minimumControlsWidth = 340.0
    /// The widest controls column (like the portrait column).
    public static let maximumControlsWidth = 420.0
    /// Each side button's slot is at least this wide: a 44 pt touch target and room between neighbours.
    public static let minimumSlotWidth = 45.5
    public static let coverMargin = 34.0
    public static let maximumColumnWidth = 480.0
    public static let headerHeight = 48.0
    /// The header's room on each side for the card's chevron (a 44 pt touch target), kept clear of its text.
    public static let headerSideRoom = 52.0
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
    /// Side by side (artwork left, controls right) rather than one column.
    public let isLandscape: Bool
    /// The artwork's column: the carousel's centred cover with `coverMargin` free each side.
    public let column: Rect
    /// Where title, progress, transport and the card's lower module go (the column itself in portrait, where the
    /// title, the progress bar and the lower module reach past a column narrowed for a short window).
    public let controls: Rect
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
        isLandscape = size.width >= size.height * CardLayout.landscapeAspect
        let m = CardLayout.coverMargin
        let carouselHeight: Double, columnX: Double, controlsWidth: Double
        if isLandscape {
            let fitsHeight = CardLayout.carouselHeight(fitting: size.height - CardLayout.headerHeight - CardLayout.bottomMargin)
            carouselHeight = max(1, min(fitsHeight, size.width - CardLayout.minimumControlsWidth - 2 * m))
            controlsWidth = min(size.width - carouselHeight - 2 * m, CardLayout.maximumControlsWidth)
            columnX = ((size.width - carouselHeight - 2 * m - controlsWidth) / 2).rounded()
        } else {
            let fitsHeight = CardLayout.carouselHeight(fitting: size.height - CardLayout.headerHeight - CardLayout.belowCarousel) + 2 * m
            carouselHeight = max(2 * m + 1, min(size.width, CardLayout.maximumColumnWidth, fitsHeight)) - 2 * m
            controlsWidth = carouselHeight + 2 * m
            columnX = ((size.width - controlsWidth) / 2).rounded()
        }
        let width = carouselHeight + 2 * m
        let peek = CardLayout.peekHeight(carouselHeight: carouselHeight)
        // Side by side, the artwork is centred in the window's height. In one column the card starts at the top,
        // as a phone's does: what a taller window has to spare goes to the lower module scrolling below the
        // transport (volume, the song, what is up next), not to an empty band above the header.
        let used = CardLayout.headerHeight + peek + carouselHeight
        let top = isLandscape ? (max(0, size.height - used) / 2).rounded() : 0
        column = Rect(x: columnX, y: top, width: width, height: size.height - top)
        // The header spans the window up to the widest column: a column narrowed to fit a short window
        // does not crowd the chevron against the caption. In landscape it heads the artwork.
        let headerWidth = isLandscape ? width : min(size.width, max(width, CardLayout.maximumColumnWidth))
        let headerX = isLandscape ? columnX : ((size.width - headerWidth) / 2).rounded()
        header = Rect(x: headerX, y: top, width: headerWidth, height: CardLayout.headerHeight)
        // SPEC C1: the whole window's width in portrait; in landscape the artwork column's.
        carousel = Rect(x: isLandscape ? columnX : 0, y: header.maxY + peek,
                        width: isLandscape ? width : size.width, height: carouselHeight)
        let textX: Double, textWidth: Double, titleY: Double
        if isLandscape {
            controls = Rect(x: column.maxX, y: 0, width: controlsWidth, height: size.height)
            textX = controls.minX + CardLayout.stackEdgeMargin
            textWidth = controls.width - 2 * CardLayout.stackEdgeMargin
            // The block from title to transport centred on the cover, below the header's line.
            titleY = max(header.minY + CardLayout.titleTop, (carousel.midY - CardLayout.controlsBlockHeight / 2).rounded())
        } else {
            controls = column
            // SPEC T1, T6, T7: as wide as the cover at full height (the window's width up to the widest column,
            // less the cover's margins), centred: the cover itself, as in the tutorials, unless it was narrowed to
            // fit a short window — the title is then not cut to a word nor the progress bar too short to scrub (at
            // 480 × 440 they were the narrowed cover's 117 pt), and they keep their edges as the window's height changes.
            textWidth = min(size.width, CardLayout.maximumColumnWidth) - 2 * m
            textX = ((size.width - textWidth) / 2).rounded()
            titleY = carousel.maxY + CardLayout.titleTop
        }
        title = Rect(x: textX, y: titleY, width: textWidth, height: CardLayout.titleHeight)
        artist = Rect(x: textX, y: title.maxY + CardLayout.artistGap, width: textWidth, height: CardLayout.artistHeight)
        progress = Rect(x: textX, y: artist.maxY + CardLayout.sliderGap, width: textWidth, height: CardLayout.sliderHeight)
        let timeY = progress.maxY + CardLayout.timeGap
        elapsed = Rect(x: textX, y: timeY, width: textWidth / 2, height: CardLayout.timeHeight)
        remaining = Rect(x: textX + textWidth / 2, y: timeY, width: textWidth / 2, height: CardLayout.timeHeight)
        let side = CardLayout.playButtonSide
        // SPEC T3: centred in the window (in landscape, in the controls column), whatever the column.
        let playX = isLandscape ? controls.midX - side / 2 : (size.width - side) / 2
        playPause = Rect(x: playX, y: elapsed.maxY + CardLayout.transportGap, width: side, height: side)
        // SPEC T4: 24 pt from the edges of the column (in portrait as wide as the header: a column narrowed to a
        // short window keeps the buttons apart), less on a window too narrow for four slots of a touch target each.
        let span = isLandscape ? controls : header
        let gap = CardLayout.stackToPlayGap
        let margin = min(CardLayout.stackEdgeMargin,
                         max(0, (span.width - side - 2 * gap - 4 * CardLayout.minimumSlotWidth) / 2))
        let stackLeft = span.minX + margin
        leftStack = Rect(x: stackLeft, y: playPause.minY, width: max(0, playPause.minX - gap - stackLeft), height: side)
        let rightStart = playPause.maxX + gap
        rightStack = Rect(x: rightStart, y: playPause.minY, width: max(0, span.maxX - margin - rightStart), height: side)
    }

    /// Height of the block from the title's top to the transport's bottom.
    static var controlsBlockHeight: Double {
        belowCarousel - titleTop - bottomMargin
    }

    /// How far below its place the card's lower module starts its rise (SPEC M6: the window's height less its
    /// width; side by side, from the window's bottom edge).
    public var lowerModuleRise: Double { isLandscape ? size.height - playPause.maxY : size.height - size.width }

    /// The queue's column on the browsing screen: in portrait as wide as the card's header (the window's width
    /// up to the widest column: a column narrowed to fit a short window's cover leaves the list its width),
    /// wider side by side.
    public var libraryColumn: Rect {
        guard isLandscape else { return Rect(x: header.minX, y: 0, width: header.width, height: size.height) }
        let w = min(size.width, max(CardLayout.maximumColumnWidth, (size.width * 0.6).rounded()))
        return Rect(x: ((size.width - w) / 2).rounded(), y: 0, width: w, height: size.height)
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
