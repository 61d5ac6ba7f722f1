import ViewKit

/// The banner that reports problems and the volume in a line or two (`message`, `message.text`). It lives in
/// the window's root above everything, at a fixed place over the card's header (or the library's heading, when
/// it appears over the library), so neither the card rising or falling nor the cover flying with it moves or
/// hides it; once the card has settled, it glides to the place of the screen that is up. It lets touches through.
final class MessageBanner: View {
    let label = Label(text: "", font: Font(size: 13, weight: .medium), color: .white)
    static let height = 52.0, top = 6.0, sideMargin = 16.0
    /// Seconds the banner takes to glide to the other screen's place once the card has settled under it.
    static let moveDuration = 0.25
    /// The least height that holds two lines of the label (13 pt, inset 6 above and below).
    static let minimumHeight = 44.0

    override init() {
        super.init()
        identifier = "message"
        // Opaque: the header and the chevron under it never show through the words.
        backgroundColor = Color(white: 0.22, alpha: 1)
        cornerRadius = 10
        alpha = 0
        isUserInteractionEnabled = false
        label.identifier = "message.text"
        label.numberOfLines = 2
        // A message naming a long path keeps its end (what is wrong) in view, the path cut in its middle.
        label.lineBreakMode = .byTruncatingMiddle
        label.textAlignment = .center
        addSubview(label)
    }

    override func layoutSubviews() {
        label.frame = bounds.insetBy(dx: 12, dy: 6)
    }

    /// Where the banner goes in a window of `size`. `overCard`: on the card's header, as wide and as tall,
    /// hiding its two lines whole and nothing below it (side by side the artwork, header and all, is centred
    /// in the window's height, the header then lower than the window's top), never less than `top` from the window's top nor lower than two
    /// lines need. Side by side, where the header heads only the artwork and the band beside it above the
    /// controls is empty, the banner starts at the header's margin and is at least as wide as a portrait one at
    /// its widest (`widest`) where the card has the room: past a narrower header it reaches on into that band
    /// (268 pt wide, it cut a message's two lines mid-word). Over the library: `top` from the
    /// window's top, across its column, over its heading rather than its rows.
    static func frame(in size: Size, overCard: Bool) -> Rect {
        let layout = CardLayout(size: size)
        let column = overCard ? layout.header : layout.libraryColumn
        var width = column.width - 2 * sideMargin
        var x = column.midX - width / 2
        if overCard && layout.isLandscape {
            x = column.minX + sideMargin
            width = max(width, min(widest, layout.controls.maxX - sideMargin - x))
        }
        let y = overCard ? max(top, layout.header.minY) : top
        let bottom = overCard ? max(layout.header.maxY, y + minimumHeight) : top + height
        return Rect(x: x, y: y, width: width, height: bottom - y)
    }

    /// The widest banner in portrait: across the widest column, less its margins.
    static let widest = CardLayout.maximumColumnWidth - 2 * sideMargin

    /// What the banner shows of a message written in full on stderr: a file's path as its folder and name
    /// ("…/Album/03 Song.flac": the label cuts a long line in its middle, which took the name of a file deep in a
    /// library), and without the technical detail the app's own messages give in parentheses after what went
    /// wrong — the decoders tried, SDL_mixer's or ALSA's own words (a tester read "…(not MP3, Ogg Vorbis,
    /// Opus,…g cannot open it). Skipped.", cut in its middle). Only that detail goes: parentheses in a file's or a
    /// folder's name stay ("03 Orchard (live).flac").
    static func onScreen(_ message: String) -> String {
        let path = #/(^|[\s("'])(/[^:;\n]*?\.[A-Za-z0-9]{1,5})(?=$|[\s:;,)"']|\.(?:$|\s))/#
        let detail = #/(?<said>damaged or not audio|could be opened|cannot be read|could not be used|is cut short) \((?:[^()]|\([^()]*\))*\)/#
        return message.replacing(path) { match in
            let parts = match.output.2.split(separator: "/")
            return match.output.1 + (parts.count > 2 ? "…/" + parts.suffix(2).joined(separator: "/") : match.output.2)
        }
        .replacing(detail) { $0.output.said }
        .replacing(#/ \(SDL_mixer: .*\)/#, with: "")
    }

    /// Fades the banner in with `text`, or out when nil.
    func show(_ text: String?) {
        if let text { label.text = text }
        View.animate(withDuration: 0.25, animations: { self.alpha = text == nil ? 0 : 1 })
    }
}
