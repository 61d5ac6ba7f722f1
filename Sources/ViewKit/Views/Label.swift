/// Horizontal placement of text (NSTextAlignment).
public enum TextAlignment: Sendable {
    /// Left for a left-to-right paragraph, right for a right-to-left one (see `Label.baseWritingDirection`).
    case natural, left, center, right
}

/// One or more lines of read-only text, shaped by SDL_ttf, wrapped at `numberOfLines` and truncated with
/// an ellipsis when it does not fit; vertically centred in its bounds, as UILabel does.
open class Label: View {
    public var text: String = "" { didSet { if text != oldValue { invalidate() } } }
    public var font = Font(size: 17) { didSet { if font != oldValue { invalidate() } } }
    public var textColor: Color = .white { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    public var textAlignment: TextAlignment = .natural { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }
    /// The paragraph's direction: `.natural` takes it from the text (its first strong character). Set it to
    /// align a line with another, as an artist line with its right-to-left title.
    public var baseWritingDirection = WritingDirection.natural { didSet { if baseWritingDirection != oldValue { setNeedsDisplay() } } }
    /// The most lines to show; 0 means as many as the text needs.
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { invalidate() } } }
    /// Where text that does not fit is cut: at its end (UILabel's default) or in the middle of the last line.
    public var lineBreakMode = LineBreakMode.byTruncatingTail { didSet { if lineBreakMode != oldValue { invalidate() } } }

    public convenience init(text: String, font: Font, color: Color = .white) {
        self.init()
        self.text = text; self.font = font; self.textColor = color
    }

    /// The lines as last laid out, ellipsis included (for inspection and tests).
    public private(set) var displayedLines: [String] = []
    private var laidOutFor: (width: Double, scale: Double)?

    open override var hasContent: Bool { !text.isEmpty }

    /// Line height estimate in points used for intrinsic sizes before a renderer has measured.
    public var lineHeight: Double { (font.size * 1.21).rounded(.up) }

    /// The text's own size, whatever the label's bounds (UILabel's): its widest line, unwrapped, by its lines'
    /// height, measured with the window's text renderer. Outside a window nothing can measure the text: the
    /// width is then an estimate (half the font size per character) and the height the font's line height.
    open override var intrinsicContentSize: Size? {
        if window?.textMeasurer != nil { return sizeThatFits(Size(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)) }
        let shown = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = numberOfLines == 0 ? shown.count : min(numberOfLines, shown.count)
        let longest = shown.map(\.count).max() ?? 0
        return Size(width: (Double(longest) * font.size / 2).rounded(.up), height: lineHeight * Double(max(1, lines)))
    }

    /// The size the text needs within `size.width`: wrapped (up to `numberOfLines`) and measured with the
    /// window's text renderer; an estimate from the font size when the label is not in a window yet.
    open override func sizeThatFits(_ size: Size) -> Size {
        guard let measurer = window?.textMeasurer else {
            return intrinsicContentSize ?? size
        }
        return Label.size(of: text, font: font, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, width: size.width,
                          measuredBy: measurer)
    }

    /// What `sizeThatFits` gives a label of `text` in `font` (wrapped within `width`, up to `numberOfLines`),
    /// without a label: a list that makes labels only for the rows on screen measures the others with it.
    public static func size(of text: String, font: Font, numberOfLines: Int, lineBreakMode: LineBreakMode = .byTruncatingTail,
                            width: Double, measuredBy measurer: (renderer: TextRenderer, scale: Double)) -> Size {
        let (renderer, scale) = measurer
        let lines = TextLayout.lines(text, width: width, maxLines: numberOfLines, lineBreakMode: lineBreakMode) {
            renderer.width(of: $0, font: font, scale: scale)
        }
        let widest = lines.map { renderer.width(of: $0, font: font, scale: scale) }.max() ?? 0
        return Size(width: min(width, widest.rounded(.up)), height: renderer.lineHeight(font, scale: scale) * Double(max(1, lines.count)))
    }

    open override func boundsDidChange(from old: Rect) {
        if old.width != bounds.width { laidOutFor = nil }
    }

    private func invalidate() {
        laidOutFor = nil
        setNeedsDisplay()
        superview?.setNeedsLayout()
    }

    /// Breaks the text into lines for the current width with the renderer's measurements.
    public func layoutLines(with text: TextRenderer, scale: Double) -> [String] {
        if let l = laidOutFor, l.width == bounds.width, l.scale == scale { return displayedLines }
        let t = self.text, f = font
        displayedLines = TextLayout.lines(t, width: bounds.width, maxLines: numberOfLines, lineBreakMode: lineBreakMode) {
            text.width(of: $0, font: f, scale: scale)
        }
        laidOutFor = (bounds.width, scale)
        return displayedLines
    }

    open override func draw(in context: DrawContext) {
        guard !text.isEmpty else { return }
        let bounds = context.bounds
        let scale = context.renderer.pixelScale
        let renderer = context.renderer.text
        let lines = layoutLines(with: renderer, scale: scale)
        let lh = renderer.lineHeight(font, scale: scale)
        var y = bounds.midY - lh * Double(lines.count) / 2
        let direction = baseWritingDirection == .natural ? WritingDirection.of(text) : baseWritingDirection
        for line in lines {
            if let drawn = renderer.textures(for: line, font: font, scale: scale, direction: direction) {
                let w = Double(drawn.width) / scale, h = Double(drawn.height) / scale
                let x: Double
                switch textAlignment {
                case .left: x = bounds.minX
                case .right: x = bounds.maxX - w
                case .center: x = bounds.midX - w / 2
                case .natural: x = direction == .rightToLeft ? bounds.maxX - w : bounds.minX
                }
                func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
                let rect = Rect(x: snap(x), y: snap(y + (lh - h) / 2), width: w, height: h)
                if let glyphs = drawn.glyphs { context.draw(glyphs, in: rect, tint: textColor) }
                if let colour = drawn.colour { context.draw(colour, in: rect, tint: Color(white: 1, alpha: textColor.alpha)) }
            }
            y += lh
        }
    }
}
