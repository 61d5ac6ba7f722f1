import Playback
import ViewKit

/// The lyrics card (SPEC L5): a heading, a separator, the lines, and where they came from, on a colour taken
/// from the cover. Synced lyrics highlight the current line and keep it centred; tapping a line asks to seek.
final class LyricsCardView: View {
    /// Space between lyric lines; a line that wraps takes the height its text needs.
    static let lineSpacing = 8.0
    static let maximumLinesPerLyric = 3
    let card = View()
    let heading = Label(text: "Lyrics", font: Font(size: 20, weight: .bold), color: .white)
    let subheading = Label(text: "", font: Font(size: 13, weight: .medium), color: Color(white: 1, alpha: 0.7))
    let separator = View()
    let body = ScrollView()
    let footer = Label(text: "", font: Font(size: 11, weight: .medium), color: Color(white: 1, alpha: 0.6))
    let empty = Label(text: "No lyrics for this track", font: Font(size: 17, weight: .semibold), color: Color(white: 1, alpha: 0.8))
    /// Carries the highlighted line's index for inspection (`lyrics.current`).
    let currentMarker = Marker()
    private(set) var lineLabels: [Label] = []
    private(set) var lyrics: Lyrics?
    private(set) var current: Int?
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
        let tap = TapGestureRecognizer()
        tap.addTarget { [unowned self] g in self.tapped(at: g.location(in: self.body)) }
        body.addGestureRecognizer(tap)
    }

    override func layoutSubviews() {
        card.frame = cardRect
        let inset = 20.0, w = cardRect.width - 2 * inset
        heading.frame = Rect(x: inset, y: 16, width: w, height: 26)
        subheading.frame = Rect(x: inset, y: heading.frame.maxY, width: w, height: 18)
        separator.frame = Rect(x: inset, y: subheading.frame.maxY + 10, width: w, height: 1)
        footer.frame = Rect(x: inset, y: cardRect.height - 30, width: w, height: 16)
        body.frame = Rect(x: 0, y: separator.frame.maxY + 6, width: cardRect.width, height: max(0, footer.frame.minY - separator.frame.maxY - 12))
        empty.frame = body.frame.insetBy(dx: inset, dy: 0)
        var y = 0.0
        for label in lineLabels {
            let h = label.sizeThatFits(Size(width: w, height: .greatestFiniteMagnitude)).height
            label.frame = Rect(x: inset, y: y, width: w, height: h)
            y += h + LyricsCardView.lineSpacing
        }
        // Room above the first line and below the last so either can be centred.
        let pad = max(0, body.bounds.height / 2 - (lineLabels.first?.frame.height ?? 0) / 2)
        body.contentInset = EdgeInsets(top: pad, left: 0, bottom: pad, right: 0)
        body.contentSize = Size(width: body.bounds.width, height: max(0, y - LyricsCardView.lineSpacing))
    }

    /// Shows a track's lyrics (or that there are none) on the cover's colour.
    func show(_ lyrics: Lyrics?, track: Track, color: Color) {
        self.lyrics = lyrics
        card.backgroundColor = color
        subheading.text = "\(track.title) — \(track.artist)"
        for l in lineLabels { l.removeFromSuperview() }
        lineLabels = (lyrics?.lines ?? []).enumerated().map { i, line in
            let label = Label(text: line.text.isEmpty ? "♪" : line.text, font: Font(size: 17, weight: .semibold),
                              color: Color(white: 1, alpha: lyrics?.isSynced == true ? 0.5 : 0.9))
            label.identifier = "lyrics.line.\(i)"
            label.textAlignment = .left
            label.numberOfLines = LyricsCardView.maximumLinesPerLyric
            label.isUserInteractionEnabled = false
            body.addSubview(label)
            return label
        }
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
        if let old = current, lineLabels.indices.contains(old) { lineLabels[old].textColor = Color(white: 1, alpha: 0.5) }
        current = index
        currentMarker.index = index
        guard let index, lineLabels.indices.contains(index) else { return }
        lineLabels[index].textColor = .white
        guard !body.isDragging else { return }
        let y = lineLabels[index].frame.midY - body.bounds.height / 2
        body.setContentOffset(Point(x: 0, y: y), animated: animated)
    }

    private func tapped(at point: Point) {
        guard let i = lineLabels.firstIndex(where: { $0.frame.minY <= point.y && point.y < $0.frame.maxY + LyricsCardView.lineSpacing }),
              let lyrics, lyrics.lines.indices.contains(i), let t = lyrics.lines[i].time else { return }
        onSeek?(t)
    }
}
