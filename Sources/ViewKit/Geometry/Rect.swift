/// An origin and a size, in points (UIKit's CGRect). Sizes are expected to be non-negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    /// Whether every coordinate is a finite number (no NaN, no infinity): only such a rectangle can be drawn.
    public var isFinite: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }

    /// Whether the point lies inside (minimum edges inclusive, maximum edges exclusive, as in UIKit).
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether `other` lies wholly inside this rectangle (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The overlap of two rectangles, or a zero-size rect at the origin when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle shrunk by the insets (grown for negative insets), never below zero size.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        inset(by: EdgeInsets(top: dy, left: dx, bottom: dy, right: dx))
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// Every coordinate multiplied, e.g. from points to pixels.
    public func scaled(by factor: Double) -> Rect {
        Rect(x: minX * factor, y: minY * factor, width: width * factor, height: height * factor)
    }

    /// The four corners, clockwise from the top left.
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// The bounding box of four points (a rectangle's corners, transformed), as `bounding([p0, p1, p2, p3])`.
    public static func bounding(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Rect {
        let x0 = min(min(min(p0.x, p1.x), p2.x), p3.x), x1 = max(max(max(p0.x, p1.x), p2.x), p3.x)
        let y0 = min(min(min(p0.y, p1.y), p2.y), p3.y), y1 = max(max(max(p0.y, p1.y), p2.y), p3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The bounding box of a set of points.
    public static func bounding(_ points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in points.dropFirst() {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Rect {
    /// Whether every edge is within a thousandth of a point of `other`'s (two frames animated alike).
    func isClose(to other: Rect) -> Bool {
        abs(minX - other.minX) < 1e-3 && abs(minY - other.minY) < 1e-3 && abs(maxX - other.maxX) < 1e-3 && abs(maxY - other.maxY) < 1e-3
    }
}
