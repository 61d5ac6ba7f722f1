/// The view properties `View.animate` can animate.
public enum AnimatableProperty: Hashable, Sendable, CaseIterable {
    case bounds, center, transform, alpha, backgroundColor, cornerRadius, borderWidth, borderColor
}

/// A value of an animatable property, interpolated component-wise.
public enum AnimatableValue: Equatable, Sendable {
    case rect(Rect)
    case point(Point)
    case transform(AffineTransform)
    case number(Double)
    case color(Color?)

    /// The value `f` of the way to `other` (f may pass 1 for springs that overshoot).
    public func interpolated(to other: AnimatableValue, fraction f: Double) -> AnimatableValue {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        switch (self, other) {
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: lerp(a.minX, b.minX), y: lerp(a.minY, b.minY),
                              width: lerp(a.width, b.width), height: lerp(a.height, b.height)))
        case let (.point(a), .point(b)):
            return .point(Point(x: lerp(a.x, b.x), y: lerp(a.y, b.y)))
        case let (.transform(a), .transform(b)):
            return .transform(a.interpolated(to: b, fraction: f))
        case let (.number(a), .number(b)):
            return .number(lerp(a, b))
        case let (.color(a), .color(b)):
            // A missing colour animates as the other colour made clear.
            let from = a ?? b?.withAlphaComponent(0) ?? .clear, to = b ?? a?.withAlphaComponent(0) ?? .clear
            let c = from.interpolated(to: to, fraction: max(0, min(1, f)))
            return .color(f >= 1 && b == nil ? nil : c)
        default:
            return f < 1 ? self : other
        }
    }

    var rect: Rect? { if case .rect(let r) = self { return r }; return nil }
    var point: Point? { if case .point(let p) = self { return p }; return nil }
    var affine: AffineTransform? { if case .transform(let t) = self { return t }; return nil }
    var number: Double? { if case .number(let n) = self { return n }; return nil }
    var color: Color?? { if case .color(let c) = self { return .some(c) }; return nil }
}
