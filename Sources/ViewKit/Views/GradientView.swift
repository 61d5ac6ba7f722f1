/// A vertical two-colour gradient filling the bounds (a CAGradientLayer with two stops, top to bottom).
open class GradientView: View {
    public var topColor: Color = .clear { didSet { if topColor != oldValue { setNeedsDisplay() } } }
    public var bottomColor: Color = .clear { didSet { if bottomColor != oldValue { setNeedsDisplay() } } }

    open override var hasContent: Bool { topColor.alpha > 0 || bottomColor.alpha > 0 }
    open override var drawsOpaqueContent: Bool { topColor.alpha >= 1 && bottomColor.alpha >= 1 }

    open override func draw(in context: DrawContext) {
        context.fillGradient(context.bounds, top: topColor, bottom: bottomColor)
    }
}
