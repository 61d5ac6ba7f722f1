import ViewKit

/// Pictures made at run time (no files): a colour field with a pale sun and a hill, as SVG, so the gallery
/// needs nothing but ViewKit and its fonts.
@MainActor
enum GeneratedPicture {
    /// The sky colours of the pictures, in order (RGB); a picture's centre shows its sky.
    static let skies: [UInt32] = [0xE4572E, 0x17BEBB, 0xFFC914, 0x2E282A, 0x76B041, 0x7A4EAB]

    /// The picture at `index` (wrapping round the colours), 640 × 400.
    static func make(_ index: Int) throws -> Image {
        let sky = skies[index % skies.count]
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">\
        <rect width="640" height="400" fill="#\(hex(sky))"/>\
        <circle cx="150" cy="110" r="60" fill="#FFF6E8"/>\
        <path d="M0 400 Q 320 260 640 340 L 640 400 Z" fill="#\(hex(shaded(sky)))"/>\
        </svg>
        """
        return try Image(data: Array(svg.utf8), name: "generated-\(index).svg")
    }

    /// The colour at 65 % brightness (the hill in the sky's shade).
    static func shaded(_ rgb: UInt32) -> UInt32 {
        [16, 8, 0].reduce(0) { sum, shift in sum | (UInt32(Double(rgb >> shift & 0xFF) * 0.65) << shift) }
    }

    /// Six hexadecimal digits.
    static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
