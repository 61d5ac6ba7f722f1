/// How a view fits content of one size into bounds of another (UIView.ContentMode).
public enum ContentMode: Sendable {
    /// Stretch to fill the bounds exactly.
    case scaleToFill
    /// Scale uniformly to fit inside, letterboxed.
    case scaleAspectFit
    /// Scale uniformly to cover the bounds, cropped to them.
    case scaleAspectFill
    /// Natural size, centred.
    case center

    /// Where content of `size` lands inside `bounds`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return bounds }
        switch self {
        case .scaleToFill:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = size.width * s, h = size.height * s
            return Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        case .center:
            return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                        width: size.width, height: size.height)
        }
    }
}

/// Shows an image in its bounds according to `contentMode`; rounded by `cornerRadius` when it clips to bounds.
/// As in UIKit, a picture larger than the bounds (aspect fill, centre) spills over them unless `clipsToBounds`.
open class ImageView: View {
    public var image: Image? { didSet { if image !== oldValue { setNeedsDisplay() } } }
    public var contentMode: ContentMode = .scaleToFill { didSet { if contentMode != oldValue { setNeedsDisplay() } } }
    /// Multiplies the image's colours: white shows it as it is; single-colour icons take the tint.
    public var tintColor: Color = .white { didSet { if tintColor != oldValue { setNeedsDisplay() } } }

    public convenience init(image: Image?) {
        self.init()
        self.image = image
        if let image { bounds.size = image.size }
    }

    open override var intrinsicContentSize: Size? { image?.size }
    open override var hasContent: Bool { image != nil }

    /// An opaque picture stretched or cropped to fill square-cornered bounds hides whatever is beneath.
    open override var drawsOpaqueContent: Bool {
        fillsBoundsOpaquely && (!clipsToBounds || presentationCornerRadius == 0)
    }

    /// An opaque picture stretched or cropped to fill the bounds covers the background, rounded corners and all
    /// (clipped to bounds, it is rounded as the background is; unclipped, its square corners cover more).
    open override var contentCoversBackground: Bool { fillsBoundsOpaquely }

    private var fillsBoundsOpaquely: Bool {
        guard let image, image.isOpaque, tintColor == .white else { return false }
        return contentMode == .scaleToFill || contentMode == .scaleAspectFill
    }

    override var drawnContentBounds: Rect {
        guard let image, !clipsToBounds else { return presentationBounds }
        return presentationBounds.union(contentMode.rect(for: image.size, in: presentationBounds))
    }

    /// Where the picture lands in bounds space.
    public var imageRect: Rect { contentMode.rect(for: image?.size ?? bounds.size, in: bounds) }

    open override func draw(in context: DrawContext) {
        guard let image else { return }
        let b = context.bounds
        let clip = clipsToBounds ? b : nil
        let radii = clipsToBounds ? CornerRadii(radius: presentationCornerRadius, corners: maskedCorners, in: b.size) : .zero
        context.draw(image, in: contentMode.rect(for: image.size, in: b), clippedTo: clip, radii: radii, tint: tintColor)
    }
}
