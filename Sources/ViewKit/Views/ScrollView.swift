/// Told when a scroll view moves.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
}

public extension ScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: ScrollView) {}
}

/// A view whose content is larger than its bounds: `contentOffset` is the bounds origin, so subviews placed
/// in content coordinates move as it changes (UIScrollView). Clips to its bounds.
open class ScrollView: View {
    public weak var delegate: ScrollViewDelegate?

    /// The size of the content, in content coordinates.
    public var contentSize: Size = .zero { didSet { if contentSize != oldValue { setNeedsLayout() } } }
    /// Extra scrollable space around the content (e.g. so the first and last items can be centred).
    public var contentInset: EdgeInsets = .zero { didSet { if contentInset != oldValue { setNeedsLayout() } } }

    /// The point of the content at the bounds' top-left corner.
    public var contentOffset: Point {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    public override init() {
        super.init()
        clipsToBounds = true
    }

    /// The smallest and largest offsets that show content (inset included).
    public var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }
    public var maximumContentOffset: Point {
        Point(x: max(-contentInset.left, contentSize.width + contentInset.right - bounds.width),
              y: max(-contentInset.top, contentSize.height + contentInset.bottom - bounds.height))
    }

    /// Moves the content; the offset is not clamped (rubber-banding may pass the edges).
    public func setContentOffset(_ offset: Point) {
        contentOffset = offset
    }

    open override func boundsDidChange(from old: Rect) {
        if bounds.origin != old.origin {
            setNeedsLayout()
            delegate?.scrollViewDidScroll(self)
        }
    }
}
