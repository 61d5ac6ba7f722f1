/// A horizontal track with a thumb that picks a value between a minimum and a maximum (UISlider).
/// The part of the track before the thumb has `minimumTrackTintColor`, the rest `maximumTrackTintColor`;
/// the thumb image may differ while held (`.highlighted`). A touch anywhere on the slider grabs the thumb.
open class Slider: Control {
    /// A bound or value that is not a finite number (a NaN from a broken file's length) is ignored: the
    /// slider keeps the last finite one, so its geometry never sees NaN or infinity.
    public var minimumValue: Double = 0 {
        didSet { if !minimumValue.isFinite { minimumValue = oldValue } else if minimumValue != oldValue { rangeDidChange() } }
    }
    public var maximumValue: Double = 1 {
        didSet { if !maximumValue.isFinite { maximumValue = oldValue } else if maximumValue != oldValue { rangeDidChange() } }
    }
    /// Always within minimum…maximum.
    public var value: Double {
        get { storedValue }
        set {
            guard newValue.isFinite else { return }
            let v = clamp(newValue)
            guard v != storedValue else { return }
            let old = storedValue
            storedValue = v
            setNeedsDisplay(rectToRedraw(forValueChangeFrom: old, to: v))
        }
    }
    public var minimumTrackTintColor: Color = .white { didSet { if minimumTrackTintColor != oldValue { setNeedsDisplay() } } }
    public var maximumTrackTintColor = Color(white: 1, alpha: 0.3) { didSet { if maximumTrackTintColor != oldValue { setNeedsDisplay() } } }
    public var trackHeight: Double = 4 { didSet { if trackHeight != oldValue { setNeedsDisplay() } } }
    /// When false, `valueChanged` is sent once, on release, instead of while dragging.
    public var isContinuous = true

    private var storedValue: Double = 0
    private var thumbImages: [State: Image] = [:]
    private var grabOffset: Double = 0
    private static let defaultThumb = Size(width: 14, height: 14)

    public func setThumbImage(_ image: Image?, for state: State) {
        thumbImages[state] = image
        setNeedsDisplay()
    }

    public func thumbImage(for state: State) -> Image? {
        thumbImages[state] ?? (state.contains(.highlighted) ? thumbImages[.normal] : nil) ?? thumbImages[.normal]
    }

    public var currentThumbImage: Image? { thumbImage(for: state) }

    private func clamp(_ v: Double) -> Double { max(minimumValue, min(maximumValue, v)) }

    /// The value stays in the new range, and the thumb moves with the range.
    private func rangeDidChange() {
        storedValue = clamp(storedValue)
        setNeedsDisplay()
    }

    /// The value as a fraction 0…1 of the range.
    public var fraction: Double {
        maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0
    }

    /// The track, full width, centred vertically.
    public func trackRect(forBounds bounds: Rect) -> Rect {
        Rect(x: bounds.minX, y: bounds.midY - trackHeight / 2, width: bounds.width, height: trackHeight)
    }

    /// Where the thumb's centre runs: inset by half the normal thumb so it never leaves the track.
    /// The travel is fixed by the normal thumb, so the highlighted (larger) thumb grows in place.
    public func thumbTravel(forBounds bounds: Rect) -> (start: Double, end: Double) {
        let track = trackRect(forBounds: bounds)
        let half = (thumbImage(for: .normal)?.size ?? Slider.defaultThumb).width / 2
        return (track.minX + half, track.maxX - half)
    }

    /// The thumb's frame for a value, sized by the thumb image of the current state (UISlider's thumbRect).
    public func thumbRect(forBounds bounds: Rect, value: Double) -> Rect {
        let size = currentThumbImage?.size ?? Slider.defaultThumb
        let (start, end) = thumbTravel(forBounds: bounds)
        let f = maximumValue > minimumValue ? (clamp(value) - minimumValue) / (maximumValue - minimumValue) : 0
        let cx = start + f * (end - start)
        return Rect(x: cx - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The value whose thumb centre is at x (bounds space).
    public func value(atThumbCenterX x: Double) -> Double {
        let (start, end) = thumbTravel(forBounds: bounds)
        guard end > start else { return minimumValue }
        return clamp(minimumValue + (x - start) / (end - start) * (maximumValue - minimumValue))
    }

    /// What a change of value redraws (bounds space): the thumb where it was and where it is, and the track
    /// between them with the filled part's rounded end (from the track's start while that end is near it, where
    /// the filled part's rounding shrinks). A subclass whose `draw(in:)` shows more that follows the value
    /// widens it (the bounds: all of it).
    open func rectToRedraw(forValueChangeFrom old: Double, to new: Double) -> Rect {
        let was = thumbRect(forBounds: bounds, value: old), now = thumbRect(forBounds: bounds, value: new)
        let track = trackRect(forBounds: bounds)
        var start = min(was.midX, now.midX) - trackHeight, end = max(was.midX, now.midX) + trackHeight
        if start - track.minX < trackHeight { start = track.minX }
        end = min(end, track.maxX)
        let filled = Rect(x: start, y: track.minY, width: max(0, end - start), height: track.height)
        return was.union(now).union(filled)
    }

    /// The bounds, and the thumb at both ends of its travel: a thumb larger than the normal one (held) reaches
    /// beyond them, and its place is redrawn when it moves or goes.
    override var drawnContentBounds: Rect {
        let b = presentationBounds
        return b.union(thumbRect(forBounds: b, value: minimumValue)).union(thumbRect(forBounds: b, value: maximumValue))
    }

    open override var hasContent: Bool { true }
    open override var inspectionValue: Double? { value }

    open override func draw(in context: DrawContext) {
        let bounds = context.bounds
        let track = trackRect(forBounds: bounds)
        let thumb = thumbRect(forBounds: bounds, value: value)
        let radii = CornerRadii(radius: trackHeight / 2, corners: .all, in: track.size)
        context.fill(track, color: maximumTrackTintColor, radii: radii)
        let filled = Rect(x: track.minX, y: track.minY, width: max(0, thumb.midX - track.minX), height: track.height)
        context.fill(filled, color: minimumTrackTintColor, radii: CornerRadii(radius: trackHeight / 2, corners: .all, in: filled.size))
        if let image = currentThumbImage {
            context.draw(image, in: thumb)
        } else {
            context.fill(thumb, color: .white, radii: CornerRadii(radius: thumb.height / 2, corners: .all, in: thumb.size))
        }
    }

    open override func beginTracking(_ touch: Touch) -> Bool {
        let p = touch.location(in: self)
        let thumb = thumbRect(forBounds: bounds, value: value)
        // Grabbing the thumb keeps its offset from the finger; touching the track jumps the thumb there.
        grabOffset = abs(p.x - thumb.midX) <= max(thumb.width / 2, 12) ? p.x - thumb.midX : 0
        isHighlighted = true
        update(with: p)
        return true
    }

    open override func continueTracking(_ touch: Touch) { update(with: touch.location(in: self)) }

    open override func endTracking(_ touch: Touch) {
        isHighlighted = false
        if !isContinuous { sendActions(for: .valueChanged) }
        sendActions(for: .editingDidEnd)
    }

    open override func cancelTracking() {
        isHighlighted = false
        sendActions(for: .editingDidEnd)
    }

    private func update(with p: Point) {
        let old = value
        value = value(atThumbCenterX: p.x - grabOffset)
        if isContinuous && value != old { sendActions(for: .valueChanged) }
    }
}
