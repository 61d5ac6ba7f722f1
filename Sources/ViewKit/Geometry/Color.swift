import FoundationEssentials

/// An sRGB colour with straight (non-premultiplied) alpha, components in 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// A colour from 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let gray = Color(white: 0.5)

    public func withAlphaComponent(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    public var isOpaque: Bool { alpha >= 1 }

    /// 8-bit components, rounded and clamped.
    public var rgba8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (c(red), c(green), c(blue), c(alpha))
    }

    public var description: String {
        let c = rgba8
        return "rgba(\(c.r), \(c.g), \(c.b), \((alpha * 1000).rounded() / 1000))"
    }

    /// Component-wise interpolation, used by animations.
    public func interpolated(to o: Color, fraction f: Double) -> Color {
        Color(red: red + (o.red - red) * f, green: green + (o.green - green) * f,
              blue: blue + (o.blue - blue) * f, alpha: alpha + (o.alpha - alpha) * f)
    }
}
