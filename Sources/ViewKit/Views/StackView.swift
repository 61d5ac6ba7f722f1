/// Lays out its arranged subviews in a row or a column (UIStackView). Hidden arranged views take no space.
open class StackView: View {
    /// The direction the arranged views are laid out in.
    public enum Axis: Sendable { case horizontal, vertical }
    /// How the arranged views share the length along the axis (UIStackView.Distribution).
    public enum Distribution: Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    /// How the arranged views are placed across the axis (UIStackView.Alignment).
    public enum Alignment: Sendable { case fill, leading, center, trailing }

    public var axis: Axis = .horizontal { didSet { setNeedsLayout() } }
    public var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
    public var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    public var spacing: Double = 0 { didSet { setNeedsLayout() } }
    public private(set) var arrangedSubviews: [View] = []

    public convenience init(arrangedSubviews views: [View]) {
        self.init()
        for v in views { addArrangedSubview(v) }
    }

    public func addArrangedSubview(_ view: View) {
        arrangedSubviews.append(view)
        addSubview(view)
    }

    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        let views = arrangedSubviews.filter { !$0.isHidden }
        let horizontal = axis == .horizontal
        let length = horizontal ? bounds.width : bounds.height
        let cross = horizontal ? bounds.height : bounds.width
        let mainSizes = views.map { v -> Double? in v.intrinsicContentSize.map { horizontal ? $0.width : $0.height } }
        let frames = StackView.distribute(sizes: mainSizes, hugging: views.map(\.contentHuggingPriority),
                                          length: length, spacing: spacing, distribution: distribution)
        for (i, v) in views.enumerated() {
            let intrinsicCross = v.intrinsicContentSize.map { horizontal ? $0.height : $0.width }
                ?? (horizontal ? v.bounds.height : v.bounds.width)
            let size = alignment == .fill ? cross : min(cross, intrinsicCross)
            let offset: Double
            switch alignment {
            case .fill, .leading: offset = 0
            case .center: offset = (cross - size) / 2
            case .trailing: offset = cross - size
            }
            let (start, extent) = frames[i]
            v.frame = horizontal
                ? Rect(x: bounds.minX + start, y: bounds.minY + offset, width: extent, height: size)
                : Rect(x: bounds.minX + offset, y: bounds.minY + start, width: size, height: extent)
        }
    }

    /// Positions along the axis: (start, length) for each view, from intrinsic sizes (nil = none).
    public static func distribute(sizes: [Double?], hugging: [Double], length: Double, spacing: Double,
                                  distribution: Distribution) -> [(Double, Double)] {
        let n = sizes.count
        guard n > 0 else { return [] }
        let gaps = spacing * Double(n - 1)
        var extents: [Double]
        var gap = spacing
        switch distribution {
        case .fillEqually:
            extents = Array(repeating: max(0, (length - gaps) / Double(n)), count: n)
        case .fillProportionally:
            let known = sizes.map { $0 ?? 0 }
            let total = known.reduce(0, +)
            extents = total > 0 ? known.map { max(0, length - gaps) * $0 / total }
                                : Array(repeating: max(0, (length - gaps) / Double(n)), count: n)
        case .fill:
            extents = fill(sizes: sizes, hugging: hugging, available: length - gaps)
        case .equalSpacing, .equalCentering:
            extents = sizes.map { $0 ?? 0 }
            let used = extents.reduce(0, +)
            if used + gaps > length {
                extents = fill(sizes: sizes, hugging: hugging, available: length - gaps)
            } else if distribution == .equalSpacing {
                gap = n > 1 ? (length - used) / Double(n - 1) : 0
            }
        }
        var result: [(Double, Double)] = []
        if distribution == .equalCentering && n > 1 && extents.reduce(0, +) + gaps <= length {
            // Centres evenly spaced between the first view's centre at the start and the last one's at the end.
            let first = extents[0] / 2, last = length - extents[n - 1] / 2
            let step = (last - first) / Double(n - 1)
            for i in 0..<n { result.append((first + step * Double(i) - extents[i] / 2, extents[i])) }
            return result
        }
        var pos = 0.0
        for e in extents {
            result.append((pos, e))
            pos += e + gap
        }
        return result
    }

    /// Intrinsic sizes, with the space left over (or missing) taken by the views that hug least:
    /// views without an intrinsic size first, then the lowest hugging priority (the last of equals).
    private static func fill(sizes: [Double?], hugging: [Double], available: Double) -> [Double] {
        var extents = sizes.map { $0 ?? 0 }
        let extra = available - extents.reduce(0, +)
        let flexible = sizes.indices.filter { sizes[$0] == nil }
        if !flexible.isEmpty {
            for i in flexible { extents[i] = max(0, extra / Double(flexible.count)) }
            if extra < 0 { shrink(&extents, by: -extra) }
            return extents
        }
        if extra >= 0 {
            let lowest = hugging.min() ?? 250
            if let i = hugging.lastIndex(of: lowest) { extents[i] += extra }
        } else {
            shrink(&extents, by: -extra)
        }
        return extents
    }

    /// Takes `amount` away from the extents in proportion to their sizes.
    private static func shrink(_ extents: inout [Double], by amount: Double) {
        let total = extents.reduce(0, +)
        guard total > 0 else { return }
        let factor = max(0, (total - amount) / total)
        extents = extents.map { $0 * factor }
    }
}
