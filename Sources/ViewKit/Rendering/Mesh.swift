import CSDL2

/// Triangles for SDL_RenderGeometry, built in pixel space with a half-pixel alpha fringe on every
/// outer edge, so shapes come out anti-aliased on any renderer (the software one included).
struct Mesh {
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []

    static func color(_ c: Color, alpha: Double) -> SDL_Color {
        let v = c.withAlphaComponent(c.alpha * alpha).rgba8
        return SDL_Color(r: v.r, g: v.g, b: v.b, a: v.a)
    }

    private mutating func add(_ p: Point, _ c: SDL_Color, _ uv: Point = .zero) -> Int32 {
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: c,
                                   tex_coord: SDL_FPoint(x: Float(uv.x), y: Float(uv.y))))
        return Int32(vertices.count - 1)
    }

    /// A filled convex polygon (pixel space). `uvs`, when given, maps each outline point into the texture.
    mutating func addConvexFill(_ outline: [Point], color: SDL_Color, uvs: [Point]? = nil) {
        guard outline.count >= 3 else { return }
        let normals = ShapeOutline.outwardNormals(outline)
        var clear = color
        clear.a = 0
        let n = outline.count
        var inner: [Int32] = [], outer: [Int32] = []
        inner.reserveCapacity(n); outer.reserveCapacity(n)
        var cx = 0.0, cy = 0.0, cu = 0.0, cv = 0.0
        for i in 0..<n {
            let p = outline[i], nm = normals[i], uv = uvs?[i] ?? .zero
            inner.append(add(Point(x: p.x - nm.x * 0.5, y: p.y - nm.y * 0.5), color, uv))
            outer.append(add(Point(x: p.x + nm.x * 0.5, y: p.y + nm.y * 0.5), clear, uv))
            cx += p.x; cy += p.y; cu += uv.x; cv += uv.y
        }
        let centre = add(Point(x: cx / Double(n), y: cy / Double(n)), color, Point(x: cu / Double(n), y: cv / Double(n)))
        for i in 0..<n {
            let j = (i + 1) % n
            indices += [centre, inner[i], inner[j]]
            indices += [inner[i], outer[i], outer[j], inner[i], outer[j], inner[j]]
        }
    }

    /// The ring between an outline and its inset (same point count): a border, fringed on both edges.
    mutating func addRing(outer o: [Point], inner i: [Point], color: SDL_Color) {
        guard o.count == i.count, o.count >= 3 else { return }
        let no = ShapeOutline.outwardNormals(o), ni = ShapeOutline.outwardNormals(i)
        var clear = color
        clear.a = 0
        let n = o.count
        var rings: [[Int32]] = [[], [], [], []]
        for k in 0..<n {
            rings[0].append(add(Point(x: o[k].x + no[k].x * 0.5, y: o[k].y + no[k].y * 0.5), clear))
            rings[1].append(add(Point(x: o[k].x - no[k].x * 0.5, y: o[k].y - no[k].y * 0.5), color))
            rings[2].append(add(Point(x: i[k].x + ni[k].x * 0.5, y: i[k].y + ni[k].y * 0.5), color))
            rings[3].append(add(Point(x: i[k].x - ni[k].x * 0.5, y: i[k].y - ni[k].y * 0.5), clear))
        }
        for r in 0..<3 {
            let a = rings[r], b = rings[r + 1]
            for k in 0..<n {
                let j = (k + 1) % n
                indices += [a[k], b[k], b[j], a[k], b[j], a[j]]
            }
        }
    }

    /// An axis-aligned or transformed quad with per-corner colours and texture coordinates, no fringe.
    mutating func addQuad(_ corners: [Point], colors: [SDL_Color], uvs: [Point]) {
        let idx = (0..<4).map { add(corners[$0], colors[$0], uvs[$0]) }
        indices += [idx[0], idx[1], idx[2], idx[0], idx[2], idx[3]]
    }
}
