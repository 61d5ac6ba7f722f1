import Playback
import ViewKit

/// The lyrics card (SPEC L5): a heading, a separator, the lines, and where they came from, on a colour taken
/// from the cover. Synced lyrics highlight the current line and keep it centred; tapping a line asks to seek.
/// Only the lines on screen (and half a screen either side) have labels, reused as the lines scroll: a card of
/// 2,000 lines costs what one of 20 does at every layout and frame (its lines are measured once, when shown).
final class LyricsCardView: View, ScrollViewDelegate {
    /// Space between lyric lines; a line that wraps takes the height its text needs.
    static let lineSpacing = 8.0
    static let maximumLinesPerLyric = 3
    static let lineFont = Font(size: 17, weight: .semibold)
    let card = View()
    let heading = Label(text: "Lyrics", font: Font(size: 20, weight: .bold), color: .white)
    let subheading = Label(text: "", font: Font(size: 13, weight: .medium), color: Color(white: 1, alpha: 0.7))
    let separator = View()
    let body = ScrollView()
    let footer = Label(text: "", font: Font(size: 11, weight: .medium), color: Color(white: 1, alpha: 0.6))
    let empty = Label(text: "No lyrics for this track", font: Font(size: 17, weight: .semibold), color: Color(white: 1, alpha: 0.8))
    /// Carries the highlighted line's index for inspection (`lyrics.current`).
    let currentMarker = Marker()
    private(set) var lyrics: Lyrics?
    private(set) var current: Int?
    /// Each line's place in the body's content (measured for `measuredFor`).
    private(set) var lineFrames: [Rect] = []
    private var measuredFor: (width: Double, scale: Double)?
    /// The labels of the lines near the screen, by line, and labels free for reuse.
    private(set) var shownLabels: [Int: Label] = [:]
    private var spareLabels: [Label] = []
    /// Where the card sits in this view (the centred cover's square).
    var cardRect: Rect = .zero { didSet { setNeedsLayout() } }
    /// A line was tapped: its time, to seek to.
    var onSeek: ((Double) -> Void)?

    /// An invisible view whose inspection value is the current line.
    final class Marker: View {
        var index: Int?
        override var inspectionValue: Double? { index.map(Double.init) }
    }

    override init() {
        super.init()
        identifier = "lyrics"
        card.cornerRadius = 8
        card.clipsToBounds = true
        addSubview(card)
        heading.textAlignment = .left
        subheading.textAlignment = .left
        separator.backgroundColor = Color(white: 1, alpha: 0.35)
        footer.textAlignment = .left
        empty.textAlignment = .center
        empty.numberOfLines = 2
        currentMarker.identifier = "lyrics.current"
        currentMarker.isUserInteractionEnabled = false
        for v: View in [heading, subheading, separator, body, footer, empty, currentMarker] { card.addSubview(v) }
        body.delegate = self
        let tap = TapGestureRecognizer()
        tap.addTarget { [unowned self] g in self.tapped(at: g.location(in: self.body)) }
        body.addGestureRecognizer(tap)
    }

    private var lineInset: Double { 20 }

    /// Below this height the card shows its lines alone: on a short window's narrowed cover (117 pt at
    /// 480 × 440) the heading, the source and the separator took all its room, and not one line showed (a tester).
    static let compactHeight = 200.0

    /// The card's top strip, in its own points, that shows above the cover while the card is behind it (SPEC L1):
    /// the heading starts below it, so the peek shows the card's edge rather than half a word (a smaller card
    /// shows more of itself: its scaling takes less off the 30 points it is moved up).
    private var peekStrip: Double {
        CardLayout.peekHeight(carouselHeight: cardRect.height) / CardLayout.lyricsBehindTransform.d
    }

    override func layoutSubviews() {
        // What the reader sees is kept through a change of size: the line at the middle stays at the middle (the
        // current one, for synced lyrics), or the top stays at the top.
        let oldSize = body.bounds.size
        // Lyrics shown before the card had a size (a headless start lays it out later than a window's) are placed
        // as those shown after: at their top, or at the line already current.
        let place = oldSize.height > 0 ? readingPlace : current.map { .line($0) } ?? .top
        card.frame = cardRect
        let inset = lineInset, w = cardRect.width - 2 * inset
        let top = max(16, (peekStrip + 2).rounded(.up))
        let compact = cardRect.height < LyricsCardView.compactHeight
        for v: View in [heading, subheading, separator, footer] { v.isHidden = compact }
        heading.frame = Rect(x: inset, y: top, width: w, height: 26)
        subheading.frame = Rect(x: inset, y: heading.frame.maxY, width: w, height: 18)
        separator.frame = Rect(x: inset, y: subheading.frame.maxY + 10, width: w, height: 1)
        footer.frame = Rect(x: inset, y: cardRect.height - 30, width: w, height: 16)
        body.frame = compact
            ? Rect(x: 0, y: top, width: cardRect.width, height: max(0, cardRect.height - top - 8))
            : Rect(x: 0, y: separator.frame.maxY + 6, width: cardRect.width, height: max(0, footer.frame.minY - separator.frame.maxY - 12))
        empty.frame = body.frame.insetBy(dx: inset, dy: 0)
        measureLines(width: w)
        // Room above the first line and below the last so either can be centred.
        let pad = max(0, body.bounds.height / 2 - (lineFrames.first?.height ?? 0) / 2)
        body.contentInset = EdgeInsets(top: pad, left: 0, bottom: pad, right: 0)
        body.contentSize = Size(width: body.bounds.width, height: lineFrames.last?.maxY ?? 0)
        if body.bounds.size != oldSize, !body.isDragging {
            switch place {
            case .line(let i) where lineFrames.indices.contains(i):
                body.contentOffset = Point(x: 0, y: lineFrames[i].midY - body.bounds.height / 2)
            default:
                body.contentOffset = Point(x: 0, y: -body.contentInset.top)
            }
        }
        showLinesOnScreen()
    }

    /// Where the reader is in the lyrics: at their top, or at the line at the middle of their visible part.
    private enum ReadingPlace {
        case top
        case line(Int)
    }

    private var readingPlace: ReadingPlace {
        guard !lineFrames.isEmpty, body.contentOffset.y > -body.contentInset.top + 0.5 else { return .top }
        let middle = body.contentOffset.y + body.bounds.height / 2
        return .line(lineFrames.lastIndex { $0.minY <= middle } ?? 0)
    }

    /// Places every line for `width` (once per lyrics, width and pixel scale): the height its text needs,
    /// wrapped to at most three lines, as its label would measure it.
    private func measureLines(width: Double) {
        let measurer = window?.textMeasurer
        let scale = measurer?.scale ?? 0
        if let m = measuredFor, m.width == width, m.scale == scale { return }
        measuredFor = (width, scale)
        var y = 0.0
        lineFrames = (lyrics?.lines ?? []).map { line in
            let text = LyricsCardView.shownText(line)
            let h = measurer.map {
                Label.size(of: text, font: LyricsCardView.lineFont, numberOfLines: LyricsCardView.maximumLinesPerLyric,
                           width: width, measuredBy: $0).height
            } ?? Label(text: text, font: LyricsCardView.lineFont).lineHeight
            defer { y += h + LyricsCardView.lineSpacing }
            return Rect(x: lineInset, y: y, width: width, height: h)
        }
        for (_, label) in shownLabels { recycle(label) }
        shownLabels = [:]
    }

    private static func shownText(_ line: Lyrics.Line) -> String { line.text.isEmpty ? "♪" : line.text }

    /// Gives a label to each line within half a screen of the body's visible part, and takes it from lines
    /// that left.
    private func showLinesOnScreen() {
        let margin = body.bounds.height / 2
        let top = body.contentOffset.y - margin, bottom = body.contentOffset.y + body.bounds.height + margin
        // The first line reaching below `top`: lines are in order, so a binary search finds it.
        var low = 0, high = lineFrames.count
        while low < high {
            let mid = (low + high) / 2
            if lineFrames[mid].maxY < top { low = mid + 1 } else { high = mid }
        }
        var wanted = Set<Int>()
        var i = low
        while i < lineFrames.count, lineFrames[i].minY <= bottom { wanted.insert(i); i += 1 }
        for (index, label) in shownLabels where !wanted.contains(index) {
            recycle(label)
            shownLabels[index] = nil
        }
        for index in wanted.sorted() where shownLabels[index] == nil {
            guard let line = lyrics?.lines[index] else { continue }
            let label = spareLabels.popLast() ?? makeLineLabel()
            label.text = LyricsCardView.shownText(line)
            label.identifier = "lyrics.line.\(index)"
            label.textColor = color(ofLine: index)
            label.frame = lineFrames[index]
            body.addSubview(label)
            shownLabels[index] = label
        }
    }

    private func makeLineLabel() -> Label {
        let label = Label(text: "", font: LyricsCardView.lineFont, color: .white)
        label.textAlignment = .left
        label.numberOfLines = LyricsCardView.maximumLinesPerLyric
        label.isUserInteractionEnabled = false
        return label
    }

    private func recycle(_ label: Label) {
        label.removeFromSuperview()
        spareLabels.append(label)
    }

    /// Synced lyrics dim all but the current line; unsynced ones show every line alike.
    private func color(ofLine index: Int) -> Color {
        guard lyrics?.isSynced == true else { return Color(white: 1, alpha: 0.9) }
        return index == current ? .white : Color(white: 1, alpha: 0.5)
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { showLinesOnScreen() }

    /// Shows a track's lyrics (or that there are none) on the cover's colour.
    func show(_ lyrics: Lyrics?, track: Track, color: Color) {
        self.lyrics = lyrics
        card.backgroundColor = color
        subheading.text = "\(track.title) — \(track.artist)"
        measuredFor = nil
        empty.isHidden = lyrics != nil
        body.isHidden = lyrics == nil
        footer.text = lyrics.map { "Source: \($0.source)" } ?? ""
        current = nil
        currentMarker.index = nil
        setNeedsLayout()
        layoutIfNeeded()
        body.contentOffset = Point(x: 0, y: -body.contentInset.top)
    }

    /// Highlights line `index` and scrolls it to the middle (smoothly when animated).
    func highlight(_ index: Int?, animated: Bool) {
        guard index != current, lyrics?.isSynced == true else { return }
        let old = current
        current = index
        currentMarker.index = index
        for i in [old, index].compactMap({ $0 }) { shownLabels[i]?.textColor = color(ofLine: i) }
        guard let index, lineFrames.indices.contains(index), !body.isDragging else { return }
        let y = lineFrames[index].midY - body.bounds.height / 2
        body.setContentOffset(Point(x: 0, y: y), animated: animated)
    }

    private func tapped(at point: Point) {
        guard let i = lineFrames.firstIndex(where: { $0.minY <= point.y && point.y < $0.maxY + LyricsCardView.lineSpacing }),
              let lyrics, lyrics.lines.indices.contains(i), let t = lyrics.lines[i].time else { return }
        onSeek?(t)
    }
}
