import ViewKit

/// The window's content: the library screen, and the song card over it while presented.
final class RootView: View {
    let library = LibraryView()
    let card: CardView

    init(card: CardView) {
        self.card = card
        super.init()
        backgroundColor = .black
        addSubview(library)
        addSubview(card)
        card.isHidden = true
    }

    override func layoutSubviews() {
        library.frame = bounds
        card.frame = bounds
    }
}
