import CSDL2

/// What a view draws with: its bounds-to-pixels transform, the alpha it inherits, and the renderer.
/// All geometry is in the view's bounds coordinates.
@MainActor
public struct DrawContext {
    public let renderer: Renderer
    /// Maps the view's bounds space to pixels of the current render target.
    public let transform: AffineTransform
    /// The product of the alphas of the view and its ancestors (outside any composited group).
    public let alpha: Double
    /// The view's bounds as on screen (mid-animation they differ from the model's).
    public let bounds: Rect
    /// What every colour drawn is multiplied by, 0…1: below 1 when the renderer folds a dimming view laid over
    /// the content into it (see `Renderer.dimmer(over:)`).
    var shade = 1.0

    init(renderer: Renderer, transform: AffineTransform, alpha: Double, bounds: Rect, shade: Double = 1) {
        self.renderer = renderer; self.transform = transform; self.alpha = alpha; self.bounds = bounds; self.shade = shade
    }

    /// A colour as drawn here: faded by the context's alpha and darkened by its shade.
    private func drawn(_ color: Color) -> SDL_Color {
        guard shade < 1 else { return Mesh.color(color, alpha: alpha) }
        return Mesh.color(Color(red: color.red * shade, green: color.green * shade, blue: color.blue * shade, alpha: color.alpha),
                          alpha: alpha)
    }

    /// The colour `f` of the way from `top` to `bottom` (0…1), as drawn.
    private func drawn(between top: Color, and bottom: Color, at f: Double) -> SDL_Color {
        drawn(Color(red: top.red + (bottom.red - top.red) * f, green: top.green + (bottom.green - top.green) * f,
                    blue: top.blue + (bottom.blue - top.blue) * f, alpha: top.alpha + (bottom.alpha - top.alpha) * f))
    }

    /// The on-screen scale of one point: the pixel scale times the transform's own scaling.
    public var pixelsPerPoint: Double { abs(transform.determinant).squareRoot() }

    /// Whether the transform only scales and translates (no rotation or shear, no mirroring).
    private var isAxisAligned: Bool { transform.b == 0 && transform.c == 0 && transform.a > 0 && transform.d > 0 }

    /// Fills a (rounded) rectangle.
    public func fill(_ rect: Rect, color: Color, radii: CornerRadii = .zero) {
        guard color.alpha * alpha > 0, !rect.isEmpty, canDraw(rect, radii: radii) else { return }
        if isAxisAligned {
            fillAxisAligned(transform.apply(to: rect), radii: radii.scaled(by: transform.a, transform.d),
                            color: drawn(color))
            return
        }
        var mesh = Mesh()
        mesh.addConvexFill(outline(rect, radii), color: drawn(color))
        renderer.draw(mesh, texture: nil)
    }

    /// Strokes a (rounded) rectangle's edge inward by `width`, as CALayer borders do.
    public func stroke(_ rect: Rect, width: Double, color: Color, radii: CornerRadii = .zero) {
        guard width > 0, color.alpha * alpha > 0, !rect.isEmpty, width.isFinite, canDraw(rect, radii: radii) else { return }
        if radii.isZero && isAxisAligned {
            let w = min(width, rect.width / 2, rect.height / 2)
            for edge in [Rect(x: rect.minX, y: rect.minY, width: rect.width, height: w),
                         Rect(x: rect.minX, y: rect.maxY - w, width: rect.width, height: w),
                         Rect(x: rect.minX, y: rect.minY + w, width: w, height: rect.height - 2 * w),
                         Rect(x: rect.maxX - w, y: rect.minY + w, width: w, height: rect.height - 2 * w)] {
                renderer.fill(transform.apply(to: edge), color: drawn(color))
            }
            return
        }
        let segments = segmentCount(radii)
        let outer = ShapeOutline.roundedRect(rect, radii: radii, segments: segments).map(transform.apply)
        let innerRect = rect.insetBy(dx: width, dy: width)
        let inner = ShapeOutline.roundedRect(innerRect, radii: radii.inset(by: width), segments: segments).map(transform.apply)
        var mesh = Mesh()
        mesh.addRing(outer: outer, inner: inner, color: drawn(color))
        renderer.draw(mesh, texture: nil)
    }

    /// Fills a pixel rectangle: straight edges as plain fills, each rounded corner as a copy of a cached,
    /// anti-aliased quarter disc (no triangles to rasterise: the software renderer's slowest path).
    private func fillAxisAligned(_ r: Rect, radii: CornerRadii, color: SDL_Color) {
        let k = Int(min(radii.maximum, r.width / 2, r.height / 2).rounded())
        guard k >= 1, let mask = renderer.cornerMask(radius: k) else {
            renderer.fillExposed(r, color: color)
            return
        }
        let d = Double(k)
        let tl = radii.topLeft > 0, tr = radii.topRight > 0, br = radii.bottomRight > 0, bl = radii.bottomLeft > 0
        renderer.fill(Rect(x: r.minX + d, y: r.minY, width: r.width - 2 * d, height: r.height).snappedToPixels, color: color)
        let leftTop = tl ? d : 0, leftBottom = bl ? d : 0, rightTop = tr ? d : 0, rightBottom = br ? d : 0
        renderer.fill(Rect(x: r.minX, y: r.minY + leftTop, width: d, height: r.height - leftTop - leftBottom).snappedToPixels, color: color)
        renderer.fill(Rect(x: r.maxX - d, y: r.minY + rightTop, width: d, height: r.height - rightTop - rightBottom).snappedToPixels, color: color)
        let corners = [(tl, r.minX, r.minY, false, false), (tr, r.maxX - d, r.minY, true, false),
                       (br, r.maxX - d, r.maxY - d, true, true), (bl, r.minX, r.maxY - d, false, true)]
        for (rounded, x, y, fx, fy) in corners where rounded {
            renderer.copyCorner(mask, to: Rect(x: x, y: y, width: d, height: d).snappedToPixels, flipX: fx, flipY: fy, color: color)
        }
    }

    /// A vertical gradient from `top` to `bottom` across the rectangle.
    public func fillGradient(_ rect: Rect, top: Color, bottom: Color) {
        guard canDraw(rect) else { return }
        if isAxisAligned {
            let pixels = transform.apply(to: rect)
            // A GPU renderer interpolates the colours of one quad at each row's centre: one draw instead of a
            // fill per colour (llvmpipe prepares and shades each draw's tiles anew: the card's backdrop drawn as
            // some ninety strips was an eighth of a carousel drag's CPU).
            guard renderer.isSoftware else {
                return renderer.fillGradientExposed(pixels) { f in drawn(between: top, and: bottom, at: f) }
            }
            // Each pixel row in its exact colour (only the rows inside the clip), rows of one colour in one fill:
            // the same pixels whether the frame is drawn whole or in part, no triangles for the software
            // rasteriser, and a few dozen fills for a gradient a thousand rows tall.
            let clip = renderer.clip
            let first = max(Int(pixels.minY.rounded(.down)), clip.y), last = min(Int(pixels.maxY.rounded(.up)), clip.y + clip.height)
            guard first < last else { return }
            func color(ofRow row: Int) -> SDL_Color {
                let y0 = max(Double(row), pixels.minY), y1 = min(Double(row + 1), pixels.maxY)
                return drawn(between: top, and: bottom, at: pixels.height > 0 ? ((y0 + y1) / 2 - pixels.minY) / pixels.height : 0)
            }
            // Whole rows of one colour make one fill; a partly covered row (the first or the last) is its own,
            // as the software renderer paints a fill's first row from its truncated origin.
            var run: (start: Int, end: Int, color: SDL_Color)?
            func fill(_ y0: Double, _ y1: Double, _ c: SDL_Color) {
                renderer.fillExposed(Rect(x: pixels.minX, y: y0, width: pixels.width, height: y1 - y0), color: c)
            }
            func flush() {
                if let r = run { fill(Double(r.start), Double(r.end), r.color) }
                run = nil
            }
            for row in first..<last {
                let c = color(ofRow: row)
                let y0 = max(Double(row), pixels.minY), y1 = min(Double(row + 1), pixels.maxY)
                guard y0 == Double(row), y1 == Double(row + 1) else {
                    flush()
                    fill(y0, y1, c)
                    continue
                }
                if let r = run, r.end == row, r.color.r == c.r, r.color.g == c.g, r.color.b == c.b, r.color.a == c.a {
                    run?.end = row + 1
                } else {
                    flush()
                    run = (row, row + 1, c)
                }
            }
            flush()
            return
        }
        var mesh = Mesh()
        let t = drawn(top), b = drawn(bottom)
        mesh.addQuad(rect.corners.map(transform.apply), colors: [t, t, b, b], uvs: Array(repeating: .zero, count: 4))
        renderer.draw(mesh, texture: nil)
    }

    /// Draws `image` stretched over `destination`, showing only the part inside `shape`
    /// (rounded by `radii`), tinted by `tint` (white leaves the colours as they are).
    public func draw(_ image: Image, in destination: Rect, clippedTo shape: Rect? = nil,
                     radii: CornerRadii = .zero, tint: Color = .white) {
        guard canDraw(destination, radii: radii), shape.map({ canDraw($0) }) ?? true else { return }
        let pixelSize = destination.size.scaled(by: renderer.pixelScale)
        guard let texture = renderer.texture(for: image, pixelSize: pixelSize) else { return }
        if !radii.isZero && isAxisAligned && (shape == nil || shape == destination) {
            drawRounded(image, texture: texture, in: transform.apply(to: destination),
                        radii: radii.scaled(by: transform.a, transform.d), tint: tint)
            return
        }
        draw(texture, in: destination, clippedTo: shape, radii: radii, tint: tint)
    }

    /// A picture with rounded corners under an axis-aligned transform, without triangles: the straight parts
    /// are copies of the cached texture, each corner a small cached piece of it with the corner's
    /// anti-aliased edge in its alpha. (A radius animating with the view costs only new corner pieces.)
    private func drawRounded(_ image: Image, texture: Texture, in d: Rect, radii: CornerRadii, tint: Color) {
        guard tint.alpha * alpha > 0, !d.isEmpty else { return }
        let color = drawn(tint)
        let sx = Double(texture.width) / d.width, sy = Double(texture.height) / d.height
        let radius = min(radii.maximum, d.width / 2, d.height / 2)
        // The corner square in whole texture pixels, and what it covers on screen.
        let kt = Int((radius * sx).rounded())
        guard kt >= 1 else {
            renderer.copy(texture, from: Rect(x: 0, y: 0, width: Double(texture.width), height: Double(texture.height)), to: d, color: color)
            return
        }
        let kx = Double(kt) / sx, ky = Double(kt) / sy, k = Double(kt)
        let tw = Double(texture.width), th = Double(texture.height)
        let rounded = [radii.topLeft > 0, radii.topRight > 0, radii.bottomRight > 0, radii.bottomLeft > 0]
        func piece(_ src: Rect, _ dst: Rect) {
            guard src.width > 0, src.height > 0 else { return }
            renderer.copy(texture, from: src, to: dst.snappedToPixels, color: color)
        }
        piece(Rect(x: k, y: 0, width: tw - 2 * k, height: th), Rect(x: d.minX + kx, y: d.minY, width: d.width - 2 * kx, height: d.height))
        let leftTop = rounded[0] ? 1.0 : 0, leftBottom = rounded[3] ? 1.0 : 0, rightTop = rounded[1] ? 1.0 : 0, rightBottom = rounded[2] ? 1.0 : 0
        piece(Rect(x: 0, y: k * leftTop, width: k, height: th - k * (leftTop + leftBottom)),
              Rect(x: d.minX, y: d.minY + ky * leftTop, width: kx, height: d.height - ky * (leftTop + leftBottom)))
        piece(Rect(x: tw - k, y: k * rightTop, width: k, height: th - k * (rightTop + rightBottom)),
              Rect(x: d.maxX - kx, y: d.minY + ky * rightTop, width: kx, height: d.height - ky * (rightTop + rightBottom)))
        let origins = [(d.minX, d.minY), (d.maxX - kx, d.minY), (d.maxX - kx, d.maxY - ky), (d.minX, d.maxY - ky)]
        for corner in 0..<4 where rounded[corner] {
            guard let t = renderer.cornerPiece(of: image, texture: texture, corner: corner, size: kt) else { continue }
            renderer.copy(t, from: Rect(x: 0, y: 0, width: k, height: k),
                          to: Rect(x: origins[corner].0, y: origins[corner].1, width: kx, height: ky).snappedToPixels, color: color)
        }
    }

    /// Draws a texture stretched over `destination`, clipped and tinted as `draw(_:in:…)` for images.
    public func draw(_ texture: Texture, in destination: Rect, clippedTo shape: Rect? = nil,
                     radii: CornerRadii = .zero, tint: Color = .white) {
        guard !destination.isEmpty, tint.alpha * alpha > 0, canDraw(destination, radii: radii),
              shape.map({ canDraw($0) }) ?? true else { return }
        let visible = shape.map { $0.intersection(destination) } ?? destination
        guard !visible.isEmpty else { return }
        // Corners are rounded only where the visible part still reaches the clipping shape's corners.
        let r = (shape == nil || visible == shape) ? radii : .zero
        let color = drawn(tint)
        if r.isZero && isAxisAligned {
            // Axis-aligned and square-cornered: a plain copy, exact on every renderer.
            let sx = Double(texture.width) / destination.width, sy = Double(texture.height) / destination.height
            let source = Rect(x: (visible.minX - destination.minX) * sx, y: (visible.minY - destination.minY) * sy,
                              width: visible.width * sx, height: visible.height * sy)
            renderer.copy(texture, from: source, to: transform.apply(to: visible), color: color)
            return
        }
        let local = ShapeOutline.roundedRect(visible, radii: r, segments: segmentCount(r))
        // Texture coordinates stay on texel centres: SDL's software rasteriser reads past the row at exactly 1.
        let du = 0.5 / Double(texture.width), dv = 0.5 / Double(texture.height)
        let extent = texture.coordinateExtent
        let uvs = local.map {
            Point(x: min(max(($0.x - destination.minX) / destination.width, du), 1 - du) * extent.u,
                  y: min(max(($0.y - destination.minY) / destination.height, dv), 1 - dv) * extent.v)
        }
        var mesh = Mesh()
        mesh.addConvexFill(local.map(transform.apply), color: color, uvs: uvs)
        renderer.draw(mesh, texture: texture)
    }

    /// Whether `rect` (with `radii`) has finite coordinates here and on screen. Geometry with a NaN or an
    /// infinity is a programming error (a number from a file that was not validated where it entered):
    /// debug builds stop on it, so a test finds it; a release build draws nothing for it rather than trap.
    private func canDraw(_ rect: Rect, radii: CornerRadii = .zero) -> Bool {
        let finite = rect.isFinite && transform.apply(to: rect).isFinite && radii.maximum.isFinite
        assert(finite, "non-finite geometry drawn: \(rect), radii \(radii.maximum), transform \(transform)")
        return finite
    }

    private func segmentCount(_ radii: CornerRadii) -> Int {
        ShapeOutline.segments(forRadiusInPixels: radii.maximum * pixelsPerPoint)
    }

    private func outline(_ rect: Rect, _ radii: CornerRadii) -> [Point] {
        ShapeOutline.roundedRect(rect, radii: radii, segments: segmentCount(radii)).map(transform.apply)
    }
}

extension Rect {
    /// The rectangle with each edge rounded to the nearest pixel: pieces of one shape that share an edge
    /// share its pixel column, with no gap or overlap (SDL rounds a rectangle's position and size separately).
    var snappedToPixels: Rect {
        let x0 = minX.rounded(), y0 = minY.rounded()
        return Rect(x: x0, y: y0, width: maxX.rounded() - x0, height: maxY.rounded() - y0)
    }
}
