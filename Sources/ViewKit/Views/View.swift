/// Which corners of a view `cornerRadius` rounds (CALayer's maskedCorners).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let topLeft = CornerMask(rawValue: 1)
    public static let topRight = CornerMask(rawValue: 2)
    public static let bottomRight = CornerMask(rawValue: 4)
    public static let bottomLeft = CornerMask(rawValue: 8)
    public static let top: CornerMask = [.topLeft, .topRight]
    public static let all: CornerMask = [.topLeft, .topRight, .bottomRight, .bottomLeft]
}

/// A rectangular area of the screen that draws itself and its subviews and receives touches,
/// with UIView's geometry: `bounds` in its own space, `center` and `transform` in the superview's.
@MainActor
open class View {
    /// A stable name for automation and tests (UIKit's accessibilityIdentifier).
    public var identifier: String?
    /// What the view stands for, in a word or two ("Play", "Pause"): for automation, tests and the view dump
    /// (UIKit's accessibilityLabel).
    public var accessibilityLabel: String?

    /// The view this one is a subview of (UIView's superview).
    public var superview: View? { superviewLink }
    /// Not owning it: the superview owns its subviews, and clears this in its deinit. Unowned rather than weak: a weak
    /// reference gives the view it points to a side table, through which every retain and release of it then goes
    /// (the frame walks retain each view they pass). A subclass's deinit runs before that clearing: it must not ask
    /// its subviews for their superview (reading a link to a view being deinitialised traps).
    /// nonisolated(unsafe): written outside the main actor only by a superview's deinit, on the thread that let the
    /// superview go; views are made, used and let go on the main actor, so that thread is the main one in practice, and
    /// a deinit elsewhere would race only with a use of the subview on the main thread at that very moment.
    nonisolated(unsafe) private unowned(safe) var superviewLink: View?
    // The stored properties every frame's tree walks read (subviews, geometry, alpha, visibility, animations,
    // the last drawn place) are `@exclusivity(unchecked)`: Swift's dynamic check of each access (SE-0176) was a
    // sixth of the playing frames' main-thread instructions. A view is used on the main actor only, and none of
    // these is passed `inout` to code that reads it again meanwhile, so no two accesses overlap.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []

    public init() {}

    deinit {
        for s in subviews { s.superviewLink = nil }
    }

    public convenience init(frame: Rect) {
        self.init()
        self.frame = frame
    }

    // MARK: Geometry

    /// The view's own coordinate space; a non-zero origin shifts the content (scrolling).
    @exclusivity(unchecked) public var bounds: Rect = .zero {
        didSet {
            guard bounds != oldValue else { return }
            propertyDidChange(.bounds, from: .rect(oldValue), to: .rect(bounds))
            if bounds.size != oldValue.size { setNeedsLayout() }
            boundsDidChange(from: oldValue)
            setNeedsDisplay()
        }
    }

    /// The centre of the view in its superview's space; the transform applies about it.
    @exclusivity(unchecked) public var center: Point = .zero {
        didSet { if center != oldValue { propertyDidChange(.center, from: .point(oldValue), to: .point(center)) } }
    }

    /// Applied about the centre; does not change `bounds`.
    @exclusivity(unchecked) public var transform: AffineTransform = .identity {
        didSet { if transform != oldValue { propertyDidChange(.transform, from: .transform(oldValue), to: .transform(transform)) } }
    }

    /// The bounding box in the superview's space. Setting it sets `center` to its centre and `bounds.size`
    /// to the size that `transform` maps onto it: the frame's box taken through the inverse of the
    /// transform's linear part (exact for scales, flips and quarter turns, so the frame reads back as set;
    /// under other rotations the box of the rotated bounds is larger). UIKit calls the frame of a transformed
    /// view undefined; this is what Core Animation's layer does with it.
    public var frame: Rect {
        get {
            let local = Rect(origin: .zero, size: bounds.size)
                .offsetBy(dx: -bounds.width / 2, dy: -bounds.height / 2)
            return transform.apply(to: local).offsetBy(dx: center.x, dy: center.y)
        }
        set {
            let linear = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
            let local = Rect(x: -newValue.width / 2, y: -newValue.height / 2, width: newValue.width, height: newValue.height)
            let invertible = abs(transform.a * transform.d - transform.b * transform.c) > 1e-12
            bounds.size = transform == .identity || !invertible ? newValue.size : linear.inverted().apply(to: local).size
            center = newValue.center
        }
    }

    /// Called after `bounds` changes; scroll views use it to lay out their content.
    open func boundsDidChange(from old: Rect) {}

    // MARK: Appearance

    @exclusivity(unchecked) public var alpha: Double = 1 { didSet { if alpha != oldValue { propertyDidChange(.alpha, from: .number(oldValue), to: .number(alpha)) } } }
    @exclusivity(unchecked) public var isHidden = false { didSet { if isHidden != oldValue { setNeedsDisplay(); superview?.setNeedsLayout() } } }
    public var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { propertyDidChange(.backgroundColor, from: .color(oldValue), to: .color(backgroundColor)) } }
    }
    public var cornerRadius: Double = 0 {
        didSet { if cornerRadius != oldValue { propertyDidChange(.cornerRadius, from: .number(oldValue), to: .number(cornerRadius)) } }
    }
    public var maskedCorners: CornerMask = .all { didSet { if maskedCorners != oldValue { setNeedsDisplay() } } }
    public var borderWidth: Double = 0 {
        didSet { if borderWidth != oldValue { propertyDidChange(.borderWidth, from: .number(oldValue), to: .number(borderWidth)) } }
    }
    public var borderColor: Color = .black {
        didSet { if borderColor != oldValue { propertyDidChange(.borderColor, from: .color(oldValue), to: .color(borderColor)) } }
    }
    /// Clip subviews (and image content) to the bounds, rounded by `cornerRadius`.
    @exclusivity(unchecked) public var clipsToBounds = false { didSet { if clipsToBounds != oldValue { setNeedsDisplay() } } }
    /// Siblings draw in ascending zPosition, then in subview order.
    @exclusivity(unchecked) public var zPosition: Double = 0 { didSet { if zPosition != oldValue { setNeedsDisplay() } } }
    /// When the alpha is below 1, draw the subtree into a layer first so overlapping children do not show through each other.
    public var allowsGroupOpacity = true { didSet { if allowsGroupOpacity != oldValue { setNeedsDisplay() } } }
    public var isUserInteractionEnabled = true

    // MARK: Subviews

    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) {
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            subviews.insert(view, at: min(index, subviews.count))
        } else {
            view.removeFromSuperview()
            subviews.insert(view, at: min(index, subviews.count))
            view.superviewLink = self
            view.superviewChanges &+= 1
            view.clearDisplayMark()
            view.didMoveToSuperview()
            // A view marked before it joined (a new view is) is laid out at the tree's next pass.
            if view.needsLayout || view.subviewNeedsLayout { view.markLayoutBranch() }
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.setNeedsDisplay()
        parent.subviews.removeAll { $0 === self }
        superviewLink = nil
        superviewChanges &+= 1
        parent.setNeedsLayout()
        didMoveToSuperview()
    }

    /// Called after the view joins or leaves a superview.
    open func didMoveToSuperview() {}

    /// The first view in this subtree (depth first, self included) with the identifier.
    public func viewWithIdentifier(_ id: String) -> View? {
        if identifier == id { return self }
        for s in subviews { if let found = s.viewWithIdentifier(id) { return found } }
        return nil
    }

    /// Subviews in drawing order: ascending zPosition, then insertion order.
    public var subviewsInDrawingOrder: [View] {
        // Most views never set zPosition: no sort (this runs for every view, every frame).
        guard let z = subviews.first?.zPosition, subviews.contains(where: { $0.zPosition != z }) else { return subviews }
        return subviews.enumerated().sorted { l, r in
            l.element.zPosition != r.element.zPosition ? l.element.zPosition < r.element.zPosition : l.offset < r.offset
        }.map(\.element)
    }

    /// The window this view is in, or nil while it is not in one (UIView's window).
    public var window: Window? { rootView as? Window }

    /// Whether this view is `view` or lies in its subtree (UIView's isDescendant(of:)).
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let x = v {
            if x === view { return true }
            v = x.superview
        }
        return false
    }

    /// The root of this view's tree.
    public var rootView: View {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    // MARK: Layout

    /// Whether the view is marked to lay out its subviews at the next layout pass.
    public private(set) var needsLayout = true
    /// Whether a view below this one is marked: a layout pass goes down only such branches, so its cost follows
    /// what changed, not the size of the tree (a time label's new text lays out its row, not the library).
    private var subviewNeedsLayout = false

    /// Marks the view to lay out its subviews at the next layout pass (UIView's setNeedsLayout).
    public func setNeedsLayout() {
        guard !needsLayout else { return }
        needsLayout = true
        markLayoutBranch()
    }

    /// Marks the branch from this view up to the root as holding a view to lay out, and tells the root.
    private func markLayoutBranch() {
        var v = self
        while let s = v.superview {
            s.subviewNeedsLayout = true
            v = s
        }
        v.subtreeNeedsLayout()
    }

    /// Lays out this view if it is marked, then the marked views below it, top-down (UIView's layoutIfNeeded).
    public func layoutIfNeeded() { layOutMarked() }

    /// `layoutIfNeeded`, returning how many views it looked at (the pass's cost, for tests).
    @discardableResult
    func layOutMarked() -> Int {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        guard subviewNeedsLayout else { return 1 }
        subviewNeedsLayout = false
        return subviews.reduce(1) { $0 + $1.layOutMarked() }
    }

    /// Override to place subviews from `bounds`; never call directly (use setNeedsLayout / layoutIfNeeded).
    open func layoutSubviews() {}

    /// The size the view would like for its content, or nil when it has none (UIKit's noIntrinsicMetric).
    open var intrinsicContentSize: Size? { nil }

    /// The size that fits the content within `size`; defaults to the intrinsic size or the current size.
    open func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize ?? bounds.size }

    /// Resizes the view to `sizeThatFits` its current size.
    public func sizeToFit() {
        let s = sizeThatFits(Size(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        frame = Rect(origin: frame.origin, size: s)
    }

    /// How strongly the view resists growing beyond its intrinsic size in a stack view (UIKit's content hugging).
    public var contentHuggingPriority: Double = 250

    // MARK: Drawing

    /// Marks the view for a redraw on the next turn of the loop: the window redraws where the view's
    /// subtree was and where it is now (the whole window when the view is the window).
    public func setNeedsDisplay() {
        displayMark = .whole
        markForDisplay()
    }

    /// Marks only `rect` (bounds space) of the view's own drawing as changed (UIView's setNeedsDisplay(_:)): a
    /// slider whose thumb moved a pixel redraws around the thumb, not its whole track. The whole view is redrawn
    /// when it also asked for that, or moved or changed size meanwhile.
    public func setNeedsDisplay(_ rect: Rect) {
        switch displayMark {
        case .none: displayMark = .part(rect)
        case .part(let marked): displayMark = .part(marked.union(rect))
        case .whole: break
        }
        markForDisplay()
    }

    /// What of the view's own drawing changed since the renderer last took it.
    enum DisplayMark { case none, part(Rect), whole }
    private var displayMark = DisplayMark.none

    /// The part of the view's own drawing that changed (bounds space), or nil for all of it; the mark is cleared.
    func takeInvalidRect() -> Rect? {
        defer { displayMark = .none }
        if case .part(let rect) = displayMark { return rect }
        return nil
    }

    /// Forgets what the view marked: a redraw of a place holding all of it is on its way (the whole window's, or
    /// its new superview's).
    func clearDisplayMark() { displayMark = .none }

    private func markForDisplay() {
        var v = self
        v.displayGeneration &+= 1
        while let s = v.superview {
            v = s
            v.displayGeneration &+= 1
        }
        v.subtreeNeedsDisplay(self)
    }

    /// How many times this view or one in its subtree asked to be redrawn: unchanged, the subtree looks as it
    /// did (what `KeptSnapshot` relies on to use a still again).
    private(set) var displayGeneration = 0
    /// How many times this view was put in a superview or taken out of one (`KeptSnapshot` checks that the views
    /// it leaves out stayed where they were).
    private(set) var superviewChanges = 0

    /// Hooks for the root (the window's root view) to learn that its tree changed.
    open func subtreeNeedsDisplay(_ view: View) {}
    open func subtreeNeedsLayout() {}

    /// Where this subtree was last drawn, in window pixels (the renderer's record, for partial redraws).
    @exclusivity(unchecked) var lastDrawnRect: PixelRect?
    /// Already in the window's list of views to redraw.
    var isPendingDisplay = false

    /// Where the view's own drawing reaches, in bounds space: the bounds, or more for content that spills
    /// over them (an unclipped aspect-fill picture), so redraws cover all of it.
    var drawnContentBounds: Rect { presentationBounds }

    /// Draws the view's own content between its background and its subviews, in bounds coordinates. It may be
    /// called more than once in a frame, each time under another clip (the pieces of a large view left exposed
    /// around an opaque one drawn later), so it draws the same whatever the clip and changes nothing.
    open func draw(in context: DrawContext) {}

    /// A number this view shows, for inspection (a slider's value, a list's current row); nil when none.
    open var inspectionValue: Double? { nil }

    /// Whether `draw(in:)` puts anything on screen (lets the renderer skip group compositing when it need not).
    open var hasContent: Bool { false }

    /// Whether `draw(in:)` paints every pixel of the bounds with full alpha (UIKit's isOpaque): the renderer
    /// then skips whatever lies beneath.
    open var drawsOpaqueContent: Bool { false }

    /// Whether `draw(in:)` paints, with full alpha, every pixel the background fills (the bounds, rounded as the
    /// background is): the renderer then leaves the background out, as a layer composited whole would show it.
    open var contentCoversBackground: Bool { drawsOpaqueContent }

    // MARK: Animation (model vs presentation)

    @exclusivity(unchecked) private var animations: [AnimatableProperty: PropertyAnimation] = [:]

    /// Starts an animation when inside an `animate` block (from what is on screen now, so an interrupted
    /// animation continues without a jump); outside one, a new value ends any running animation of the property.
    private func propertyDidChange(_ property: AnimatableProperty, from old: AnimatableValue, to new: AnimatableValue) {
        setNeedsDisplay()
        let running = animations[property]
        if let context = AnimationTransaction.current, context.duration > 0,
           let animator = window?.animator {
            let now = animator.clock.now
            let start = running?.value(at: now) ?? old
            animations[property] = nil
            running?.group.end(finished: false)
            let animation = PropertyAnimation(from: start, to: new, begin: now + context.delay,
                                              duration: context.duration, timing: context.timing, group: context.group)
            _ = animation.update(now: now)
            animations[property] = animation
            animator.register(self)
        } else if let running {
            animations[property] = nil
            running.group.end(finished: false)
        }
    }

    var hasAnimations: Bool { !animations.isEmpty }

    /// Ends every running animation of this view's properties: the model values show at once, and the `animate`
    /// blocks that started them complete with `finished` false (UIKit's `layer.removeAllAnimations()`).
    public func removeAllAnimations() {
        guard !animations.isEmpty else { return }
        let running = Array(animations.values)
        animations.removeAll()
        for animation in running { animation.group.end(finished: false) }
        setNeedsDisplay()
    }

    /// Moves this view's animations to `now`; returns those that reached their end (now removed).
    func advanceAnimations(to now: Double) -> [PropertyAnimation] {
        var done: [PropertyAnimation] = []
        for (property, animation) in animations where !animation.update(now: now) {
            animations[property] = nil
            done.append(animation)
        }
        return done
    }

    // The values on screen: the animated value when a property is animating, else the model value.
    // (Most views animate nothing: the empty check spares a hashed lookup each, on every walk of every frame.)
    public var presentationBounds: Rect { animations.isEmpty ? bounds : animations[.bounds]?.current.rect ?? bounds }
    public var presentationCenter: Point { animations.isEmpty ? center : animations[.center]?.current.point ?? center }
    public var presentationTransform: AffineTransform {
        animations.isEmpty ? transform : animations[.transform]?.current.affine ?? transform
    }
    public var presentationAlpha: Double { animations.isEmpty ? alpha : animations[.alpha]?.current.number ?? alpha }
    public var presentationBackgroundColor: Color? {
        animations.isEmpty ? backgroundColor : animations[.backgroundColor]?.current.color ?? backgroundColor
    }
    public var presentationCornerRadius: Double {
        animations.isEmpty ? cornerRadius : animations[.cornerRadius]?.current.number ?? cornerRadius
    }
    public var presentationBorderWidth: Double {
        animations.isEmpty ? borderWidth : animations[.borderWidth]?.current.number ?? borderWidth
    }
    public var presentationBorderColor: Color {
        animations.isEmpty ? borderColor : (animations[.borderColor]?.current.color ?? borderColor) ?? borderColor
    }

    /// The frame as on screen.
    public var presentationFrame: Rect {
        let b = presentationBounds, c = presentationCenter
        let local = Rect(x: -b.width / 2, y: -b.height / 2, width: b.width, height: b.height)
        return presentationTransform.apply(to: local).offsetBy(dx: c.x, dy: c.y)
    }

    /// The on-screen transform from this view's bounds space to its superview's.
    public var presentationTransformToSuperview: AffineTransform {
        View.placement(bounds: presentationBounds, center: presentationCenter, transform: presentationTransform)
    }

    /// The on-screen transform from this view's bounds space to the root's.
    public var presentationTransformToRoot: AffineTransform { chainToRoot(\.presentationTransformToSuperview) }

    // MARK: Coordinates

    /// The transform from this view's bounds space to its superview's bounds space.
    public var transformToSuperview: AffineTransform {
        View.placement(bounds: bounds, center: center, transform: transform)
    }

    /// The transform from this view's bounds space to the root's space.
    public var transformToRoot: AffineTransform { chainToRoot(\.transformToSuperview) }

    /// Bounds space to superview space: the bounds' centre goes to `center`, with `transform` about it.
    static func placement(bounds b: Rect, center c: Point, transform t: AffineTransform) -> AffineTransform {
        // Most views are not turned nor scaled: a translation alone (the product below gives the same numbers
        // for finite geometry, but for the sign of a zero).
        if t.isIdentity { return AffineTransform(translationX: c.x - b.midX, y: c.y - b.midY) }
        return AffineTransform(translationX: -b.midX, y: -b.midY)
            .concatenating(t)
            .concatenating(AffineTransform(translationX: c.x, y: c.y))
    }

    /// The per-view transforms from this view up to the root (the root's own is not applied: its space is the root space).
    private func chainToRoot(_ step: (View) -> AffineTransform) -> AffineTransform {
        guard superview != nil else { return .identity }
        var t = step(self)
        var v = superview
        while let s = v, s.superview != nil {
            t = t.concatenating(step(s))
            v = s.superview
        }
        return t
    }

    /// Converts a point from this view's space to `view`'s (or to the root's when nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        let p = isRoot ? point : transformToRoot.apply(to: point)
        guard let view, !view.isRoot else { return p }
        return view.transformToRoot.inverted().apply(to: p)
    }

    /// Converts a point from `view`'s space (or the root's when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        (view ?? rootView).convert(point, to: self)
    }

    /// Converts a rectangle to `view`'s space; the result bounds the transformed corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect.bounding(rect.corners.map { convert($0, to: view) })
    }

    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect.bounding(rect.corners.map { convert($0, from: view) })
    }

    private var isRoot: Bool { superview == nil }

    // MARK: Hit testing

    /// Whether a point in bounds space is inside the view.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// The deepest visible, interactive descendant containing the point (in bounds space), or nil.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, self.point(inside: point) else { return nil }
        for s in subviewsInDrawingOrder.reversed() {
            let local = s.transformToSuperview.inverted().apply(to: point)
            if let hit = s.hitTest(local) { return hit }
        }
        return self
    }

    // MARK: Gesture recognizers

    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    /// Whether a recognizer (of this view or an ancestor) may begin for a touch that started on this view.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    // MARK: Touches (the responder chain: unhandled touches go to the superview)

    open func touchesBegan(_ touches: [Touch]) { superview?.touchesBegan(touches) }
    open func touchesMoved(_ touches: [Touch]) { superview?.touchesMoved(touches) }
    open func touchesEnded(_ touches: [Touch]) { superview?.touchesEnded(touches) }
    open func touchesCancelled(_ touches: [Touch]) { superview?.touchesCancelled(touches) }
}
