import FoundationEssentials
import Glibc

/// Corner radii of a rounded rectangle, clockwise from the top left.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// `radius` on the masked corners, 0 elsewhere, each clamped to half the shorter side (as Core Animation does).
    public init(radius: Double, corners: CornerMask, in size: Size) {
        let r = max(0, min(radius, min(size.width, size.height) / 2))
        self.init(topLeft: corners.contains(.topLeft) ? r : 0, topRight: corners.contains(.topRight) ? r : 0,
                  bottomRight: corners.contains(.bottomRight) ? r : 0, bottomLeft: corners.contains(.bottomLeft) ? r : 0)
    }

    public static let zero = CornerRadii(topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0)

    public var isZero: Bool { topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0 }
    public var maximum: Double { max(topLeft, topRight, bottomRight, bottomLeft) }

    /// The radii under a scale (the smaller of the two axes', so corners stay round under uneven scaling).
    public func scaled(by sx: Double, _ sy: Double) -> CornerRadii {
        let s = min(abs(sx), abs(sy))
        return CornerRadii(topLeft: topLeft * s, topRight: topRight * s, bottomRight: bottomRight * s, bottomLeft: bottomLeft * s)
    }

    /// Each radius reduced by `d` (never below 0): the inner edge of a border of width d.
    public func inset(by d: Double) -> CornerRadii {
        CornerRadii(topLeft: max(0, topLeft - d), topRight: max(0, topRight - d),
                    bottomRight: max(0, bottomRight - d), bottomLeft: max(0, bottomLeft - d))
    }
}

/// The outline of a rounded rectangle as a clockwise polygon (on screen, y down).
/// Each corner gets the same number of points whatever its radius, so an outline and its inset
/// correspond point for point (a border is the ring between them).
public enum ShapeOutline {
    /// Points per corner arc for a radius of `pixels` on screen: chord error under a quarter pixel.
    public static func segments(forRadiusInPixels pixels: Double) -> Int {
        guard pixels > 0.5 else { return 1 }
        let theta = 2 * acos(max(-1, min(1, 1 - 0.25 / pixels)))
        return max(2, min(32, Int((Double.pi / 2 / theta).rounded(.up))))
    }

    /// The outline of `rect` with the radii; `segments` points per corner (1 gives a sharp corner).
    public static func roundedRect(_ rect: Rect, radii: CornerRadii, segments: Int) -> [Point] {
        let n = max(1, segments)
        var points: [Point] = []
        points.reserveCapacity(4 * (n + 1))
        // Corner centres and start angles, clockwise from top-left (angles on screen: 0 = +x, π/2 = +y).
        let corners: [(Point, Double, Double)] = [
            (Point(x: rect.minX + radii.topLeft, y: rect.minY + radii.topLeft), radii.topLeft, Double.pi),
            (Point(x: rect.maxX - radii.topRight, y: rect.minY + radii.topRight), radii.topRight, 1.5 * Double.pi),
            (Point(x: rect.maxX - radii.bottomRight, y: rect.maxY - radii.bottomRight), radii.bottomRight, 0),
            (Point(x: rect.minX + radii.bottomLeft, y: rect.maxY - radii.bottomLeft), radii.bottomLeft, 0.5 * Double.pi),
        ]
        for (c, r, start) in corners {
            if n == 1 || r == 0 {
                // A sharp corner still contributes n + 1 points so outlines stay in step.
                let a = start + Double.pi / 4
                let p = Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
                for _ in 0...n { points.append(r == 0 ? c : p) }
                continue
            }
            for i in 0...n {
                let a = start + Double(i) / Double(n) * Double.pi / 2
                points.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
            }
        }
        return points
    }

    /// Outward unit-miter normals of a closed polygon, skipping repeated points; the miter is capped at 2.
    public static func outwardNormals(_ pts: [Point]) -> [Point] {
        let n = pts.count
        guard n >= 3 else { return Array(repeating: .zero, count: n) }
        // Orientation: positive signed area is clockwise on a y-down screen.
        var area = 0.0
        for i in 0..<n {
            let p = pts[i], q = pts[(i + 1) % n]
            area += p.x * q.y - q.x * p.y
        }
        let sign: Double = area >= 0 ? 1 : -1
        func distinct(from i: Int, step: Int) -> Point {
            var j = i
            for _ in 0..<n {
                j = (j + step + n) % n
                if pts[j].distance(to: pts[i]) > 1e-6 { return pts[j] }
            }
            return pts[i]
        }
        func edgeNormal(_ a: Point, _ b: Point) -> Point {
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9 else { return .zero }
            return Point(x: sign * dy / len, y: -sign * dx / len)
        }
        var normals: [Point] = []
        normals.reserveCapacity(n)
        for i in 0..<n {
            let p = pts[i]
            let n1 = edgeNormal(distinct(from: i, step: -1), p)
            let n2 = edgeNormal(p, distinct(from: i, step: 1))
            var m = Point(x: n1.x + n2.x, y: n1.y + n2.y)
            let len = (m.x * m.x + m.y * m.y).squareRoot()
            guard len > 1e-9 else { normals.append(n1); continue }
            m = Point(x: m.x / len, y: m.y / len)
            let cosHalf = max(0.5, m.x * n1.x + m.y * n1.y)
            normals.append(Point(x: m.x / cosHalf, y: m.y / cosHalf))
        }
        return normals
    }
}
