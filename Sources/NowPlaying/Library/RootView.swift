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

    override func layoutSubviews() {
        library.frame = bounds
        card.frame = bounds
        message.frame = MessageBanner.frame(in: bounds.size)
    }
}
