/// An integer rectangle in pixels of a render target.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    /// The smallest pixel rectangle holding `r` (empty for a rectangle that is not finite: a programming error
    /// `DrawContext` stops in debug builds, that must not trap a release build before it gets there).
    public init(enclosing r: Rect) {
        guard r.isFinite else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        let x0 = PixelRect.pixel(r.minX.rounded(.down)), y0 = PixelRect.pixel(r.minY.rounded(.down))
        self.init(x: x0, y: y0, width: max(0, PixelRect.pixel(r.maxX.rounded(.up)) - x0),
                  height: max(0, PixelRect.pixel(r.maxY.rounded(.up)) - y0))
    }

    /// A whole coordinate as an Int, held within ±2⁵⁰ (far beyond any target, and room to add two).
    static func pixel(_ v: Double) -> Int { Int(Swift.max(-0x1p50, Swift.min(0x1p50, v))) }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// How many pixels it holds.
    public var area: Int { isEmpty ? 0 : width * height }

    /// Whether every pixel of `o` is in this rectangle.
    public func contains(_ o: PixelRect) -> Bool {
        o.x >= x && o.y >= y && o.x + o.width <= x + width && o.y + o.height <= y + height
    }

    /// The same pixels as a `Rect`.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(x + width, o.x + o.width) - x0, height: max(y + height, o.y + o.height) - y0)
    }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width), y1 = min(y + height, o.y + o.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
