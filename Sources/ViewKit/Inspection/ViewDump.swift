import FoundationEssentials

/// A snapshot of a view tree for automation and tests: what each view is, where it is on screen,
/// how transparent and transformed, and what it says. Encoded as JSON by `--dump-views`.
public struct ViewDump: Codable, Equatable, Sendable {
    public var identifier: String?
    public var type: String
    /// In the superview's space: [x, y, width, height].
    public var frame: [Double]
    /// The on-screen bounding box in window points after every transform: [x, y, width, height].
    public var windowRect: [Double]
    public var alpha: Double
    /// The product of the alphas from the root down to this view.
    public var effectiveAlpha: Double
    /// [a, b, c, d, tx, ty]
    public var transform: [Double]
    public var zPosition: Double
    public var hidden: Bool
    public var cornerRadius: Double?
    public var borderWidth: Double?
    public var backgroundColor: [Double]?
    public var text: String?
    /// The view's accessibilityLabel, when it has one.
    public var label: String?
    /// The view's `inspectionValue` (a slider's value …).
    public var value: Double?
    public var selected: Bool?
    public var highlighted: Bool?
    public var children: [ViewDump]

    /// Captures `view` and its subtree (subviews in drawing order) as it is on screen: presentation values
    /// while animations run.
    @MainActor
    public init(_ view: View, parentAlpha: Double = 1) {
        identifier = view.identifier
        type = String(describing: Swift.type(of: view))
        let f = view.presentationFrame
        frame = [f.minX, f.minY, f.width, f.height]
        let toRoot = view.presentationTransformToRoot
        let w = Rect.bounding(view.presentationBounds.corners.map { toRoot.apply(to: $0) })
        windowRect = [w.minX, w.minY, w.width, w.height]
        alpha = view.presentationAlpha
        effectiveAlpha = parentAlpha * (view.isHidden ? 0 : alpha)
        let t = view.presentationTransform
        transform = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        zPosition = view.zPosition
        hidden = view.isHidden
        cornerRadius = view.presentationCornerRadius != 0 ? view.presentationCornerRadius : nil
        borderWidth = view.presentationBorderWidth != 0 ? view.presentationBorderWidth : nil
        backgroundColor = view.presentationBackgroundColor.map { [$0.red, $0.green, $0.blue, $0.alpha] }
        if let label = view as? Label { text = label.text }
        label = view.accessibilityLabel
        value = view.inspectionValue
        if let control = view as? Control, !(view is Slider) {
            selected = control.isSelected
            highlighted = control.isHighlighted
        }
        let a = effectiveAlpha
        children = view.subviewsInDrawingOrder.map { ViewDump($0, parentAlpha: a) }
    }

    /// The first node (depth first) with the identifier.
    public func find(_ id: String) -> ViewDump? {
        if identifier == id { return self }
        for c in children { if let f = c.find(id) { return f } }
        return nil
    }

    /// Pretty JSON with sorted keys, stable from run to run.
    public func jsonData() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self)
    }
}
