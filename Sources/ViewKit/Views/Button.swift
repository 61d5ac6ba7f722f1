/// A control showing an image per state, inset by `imageEdgeInsets` (UIButton with an image).
/// It is highlighted while a touch is down inside it and fires `touchUpInside` on release inside.
open class Button: Control {
    /// The view that shows the current state's image; set its content mode for aspect-fit icons.
    public let imageView = ImageView()
    /// Space between the button's edges and its image.
    public var imageEdgeInsets: EdgeInsets = .zero { didSet { setNeedsLayout() } }
    /// Dims the image while highlighted when no highlighted image is set (UIKit's adjustsImageWhenHighlighted).
    public var adjustsImageWhenHighlighted = true { didSet { updateImage() } }

    private var images: [State: Image] = [:]
    private var tints: [State: Color] = [:]

    public override init() {
        super.init()
        imageView.isUserInteractionEnabled = false
        addSubview(imageView)
    }

    public func setImage(_ image: Image?, for state: State) {
        images[state] = image
        updateImage()
    }

    /// The image set for exactly this state, else for the state without highlighted / disabled, else for normal.
    public func image(for state: State) -> Image? {
        images[state] ?? images[state.subtracting([.highlighted, .disabled])] ?? images[.normal]
    }

    public func setTintColor(_ color: Color?, for state: State) {
        tints[state] = color
        updateImage()
    }

    public func tintColor(for state: State) -> Color {
        tints[state] ?? tints[state.subtracting([.highlighted, .disabled])] ?? tints[.normal] ?? .white
    }

    /// Where the image view sits: the bounds less the image insets.
    public var imageRect: Rect { bounds.inset(by: imageEdgeInsets) }

    open override func layoutSubviews() {
        imageView.frame = imageRect
    }

    open override func stateDidChange() {
        super.stateDidChange()
        updateImage()
    }

    private func updateImage() {
        let s = state
        imageView.image = image(for: s)
        imageView.tintColor = tintColor(for: s)
        let dimmed = (s.contains(.highlighted) && adjustsImageWhenHighlighted && images[s] == nil) || s.contains(.disabled)
        imageView.alpha = dimmed ? 0.45 : 1
    }

    open override func beginTracking(_ touch: Touch) -> Bool {
        isHighlighted = true
        return true
    }

    open override func continueTracking(_ touch: Touch) {
        isHighlighted = point(inside: touch.location(in: self))
    }

    open override func endTracking(_ touch: Touch) { isHighlighted = false }
    open override func cancelTracking() { isHighlighted = false }
}
