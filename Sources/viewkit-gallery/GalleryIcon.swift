import ViewKit

/// The gallery's two icons, drawn as SVG at run time.
@MainActor
enum GalleryIcon {
    /// A circular arrow: the spin button.
    static func spin() throws -> Image {
        try svg("""
        <svg xmlns="http://www.w3.org/2000/svg" width="44" height="44" viewBox="0 0 44 44">\
        <circle cx="22" cy="22" r="21" fill="#FFFFFF" fill-opacity="0.12"/>\
        <path d="M30 14 A11 11 0 1 0 33 22" fill="none" stroke="#FFFFFF" stroke-width="3" stroke-linecap="round"/>\
        <path d="M27 9 L33 14 L26 17 Z" fill="#FFFFFF"/></svg>
        """, name: "spin.svg")
    }

    /// A white dot: the slider's thumb.
    static func thumb() throws -> Image {
        try svg("""
        <svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 22 22">\
        <circle cx="11" cy="11" r="10" fill="#FFFFFF"/></svg>
        """, name: "thumb.svg")
    }

    private static func svg(_ text: String, name: String) throws -> Image {
        try Image(data: Array(text.utf8), name: name)
    }
}
