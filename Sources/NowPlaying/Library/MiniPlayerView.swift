import ViewKit

/// The bar at the bottom of the library (SPEC M1): thumbnail, title, artist, play/pause and a thin progress line.
/// Tapping it (not its button) presents the song card.
final class MiniPlayerView: View {
    static let height = 64.0
    let cover = ImageView()
    let title = Label(text: "", font: Font(size: 14, weight: .semibold), color: Theme.primaryText)
    let artist = Label(text: "", font: Font(size: 12), color: Theme.secondaryText)
    let playPause = Button()
    let progressTrack = View()
    let progressFill = View()
    private(set) var fraction = 0.0
    let tap = TapGestureRecognizer()

    override init() {
        super.init()
        identifier = "miniPlayer"
        backgroundColor = Color(hex: 0x282828)
        cover.identifier = "miniPlayer.cover"
        cover.contentMode = .scaleAspectFill
        cover.clipsToBounds = true
        cover.cornerRadius = 4
        cover.backgroundColor = Color(white: 0.2)
        title.identifier = "miniPlayer.title"
        artist.identifier = "miniPlayer.artist"
        playPause.identifier = "miniPlayer.playPause"
        playPause.imageEdgeInsets = EdgeInsets(all: 10)
        playPause.imageView.contentMode = .scaleAspectFit
        progressTrack.backgroundColor = Color(white: 1, alpha: 0.15)
        progressFill.backgroundColor = .white
        for v: View in [cover, title, artist, playPause, progressTrack, progressFill] { addSubview(v) }
        for v: View in [cover, title, artist, progressTrack, progressFill] { v.isUserInteractionEnabled = false }
        addGestureRecognizer(tap)
    }

    override func layoutSubviews() {
        let b = bounds
        cover.frame = Rect(x: 8, y: 8, width: 48, height: 48)
        playPause.frame = Rect(x: b.width - 8 - 44, y: 10, width: 44, height: 44)
        let x = cover.frame.maxX + 12, w = max(0, playPause.frame.minX - 8 - x)
        title.frame = Rect(x: x, y: 12, width: w, height: 20)
        artist.frame = Rect(x: x, y: 32, width: w, height: 18)
        progressTrack.frame = Rect(x: 0, y: 0, width: b.width, height: 2)
        progressFill.frame = Rect(x: 0, y: 0, width: b.width * fraction, height: 2)
    }

    /// The played fraction of the current track, drawn as the thin line along the top.
    func setProgress(_ f: Double) {
        let clamped = min(max(f, 0), 1)
        // Redraw only for a visible change (a point along the bar).
        guard abs(clamped - fraction) * bounds.width >= 0.5 || clamped == 0 else { return }
        fraction = clamped
        setNeedsLayout()
    }
}
