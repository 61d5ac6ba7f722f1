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
        card.onSettled = { [unowned self] in placeMessage(animated: true) }
    }

    /// Whether the banner is over the card's header (else over the library's heading): chosen as a message
    /// appears and once the card has settled, so that it stays put while the card rises or falls under it.
    private var messageOverCard = false

    override func layoutSubviews() {
        library.frame = bounds
        card.frame = bounds
        message.frame = MessageBanner.frame(in: bounds.size, overCard: messageOverCard)
    }

    /// Shows `text` in the banner (nil fades it out), over whichever screen is up when it appears.
    func showMessage(_ text: String?) {
        if text != nil && message.alpha == 0 { placeMessage(animated: false) }
        message.show(text)
    }

    /// Puts the banner over the screen that is up; one showing glides there (the card has settled under it).
    private func placeMessage(animated: Bool) {
        messageOverCard = card.isPresented
        let frame = MessageBanner.frame(in: bounds.size, overCard: messageOverCard)
        guard frame != message.frame else { return }
        if animated && message.alpha > 0 {
            View.animate(withDuration: MessageBanner.moveDuration) { self.message.frame = frame }
        } else {
            message.frame = frame
        }
    }
}
