import FoundationEssentials
import Glibc

/// A 2-D affine transform with UIKit's CGAffineTransform layout and semantics:
/// a point maps to (a·x + c·y + tx, b·x + d·y + ty), and `t1.concatenating(t2)` applies t1 first, then t2.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    /// A rotation by `angle` radians; positive turns clockwise on screen (y points down), as in UIKit.
    public init(rotationAngle angle: Double) {
        let cs = cos(angle), sn = sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }

    /// Self first, then `other` (UIKit's order).
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// A scale applied before this transform (UIKit's scaledBy).
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A translation applied before this transform (UIKit's translatedBy).
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A rotation applied before this transform (UIKit's rotated(by:)).
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or the transform unchanged when it cannot be inverted (as CGAffineTransform does).
    public func inverted() -> AffineTransform {
        let det = determinant
        guard abs(det) > 1e-12 else { return self }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The axis-aligned bounding box of the transformed rectangle.
    public func apply(to r: Rect) -> Rect {
        // The corners one by one, not as arrays (`r.corners.map`): this runs for every view of every frame.
        Rect.bounding(apply(to: Point(x: r.minX, y: r.minY)), apply(to: Point(x: r.maxX, y: r.minY)),
                      apply(to: Point(x: r.maxX, y: r.maxY)), apply(to: Point(x: r.minX, y: r.maxY)))
    }

    /// Component-wise interpolation, used by animations.
    public func interpolated(to other: AffineTransform, fraction f: Double) -> AffineTransform {
        AffineTransform(
            a: a + (other.a - a) * f, b: b + (other.b - b) * f, c: c + (other.c - c) * f,
            d: d + (other.d - d) * f, tx: tx + (other.tx - tx) * f, ty: ty + (other.ty - ty) * f)
    }
}
