import ViewKit

/// The banner that reports problems and the volume in a line or two (`message`, `message.text`). It lives in
/// the window's root above everything, at a fixed place over the card's header (or the library's heading, when
/// it appears over the library), so neither the card rising or falling nor the cover flying with it moves or
/// hides it; it lets touches through.
final class MessageBanner: View {
    let label = Label(text: "", font: Font(size: 13, weight: .medium), color: .white)
    static let height = 52.0, top = 6.0, sideMargin = 16.0

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
        label.textAlignment = .center
        addSubview(label)
    }

    override func layoutSubviews() {
        label.frame = bounds.insetBy(dx: 12, dy: 6)
    }

    /// Where the banner goes in a window of `size`, as wide as the card's header: `overCard`, on the header,
    /// hiding its two lines whole (the card's content is centred in a tall window, its header lower than the
    /// window's top), never less than `top` from the window's top; over the library, `top` from the window's
    /// top, over its heading rather than its rows.
    static func frame(in size: Size, overCard: Bool) -> Rect {
        let header = CardLayout(size: size).header
        let width = header.width - 2 * sideMargin
        let y = overCard ? max(top, (header.midY - height / 2).rounded()) : top
        return Rect(x: header.midX - width / 2, y: y, width: width, height: height)
    }

    /// Fades the banner in with `text`, or out when nil.
    func show(_ text: String?) {
        if let text { label.text = text }
        View.animate(withDuration: 0.25, animations: { self.alpha = text == nil ? 0 : 1 })
    }
}
