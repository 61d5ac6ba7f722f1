import ViewKit

/// The window's content: the library screen, the song card over it while presented, and the message
/// banner above both.
final class RootView: View {
    let library = LibraryView()
    let card: CardView
    let message = MessageBanner()

    init(card: CardView) {
        self.card = card
        super.init()
        backgroundColor = .black
        addSubview(library)
        addSubview(card)
        card.isHidden = true
        addSubview(message)
    }

    /// Whether the banner is over the card's header (else over the library's heading): chosen as a message
    /// appears, so that it stays put while the card rises or falls under it.
    private var messageOverCard = false

    override func layoutSubviews() {
        library.frame = bounds
        card.frame = bounds
        message.frame = MessageBanner.frame(in: bounds.size, overCard: messageOverCard)
    }

    /// Shows `text` in the banner (nil fades it out), over whichever screen is up when it appears.
    func showMessage(_ text: String?) {
        if text != nil && message.alpha == 0 {
            messageOverCard = card.isPresented
            message.frame = MessageBanner.frame(in: bounds.size, overCard: messageOverCard)
        }
        message.show(text)
    }
}
