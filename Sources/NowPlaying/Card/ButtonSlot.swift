import ViewKit

/// The tutorial's placeholder view: an equal-width cell of a fill-equally stack view that keeps its
/// button at a fixed size, centred (SPEC T4).
final class ButtonSlot: View {
    let button: Button
    let side: Double

    init(button: Button, side: Double) {
        self.button = button
        self.side = side
        super.init()
        addSubview(button)
    }

    override func layoutSubviews() {
        button.frame = Rect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
    }
}
