import Playback
import ViewKit

/// The part of the song card below the transport (SPEC M6): volume, the song / artist / album, and what plays next.
final class LowerModuleView: View {
    let volume = Slider()
    let volumeCaption = Label(text: "Volume", font: Theme.captionFont, color: Theme.tertiaryText)
    let song = Label(text: "", font: Font(size: 17, weight: .bold), color: Theme.primaryText)
    let details = Label(text: "", font: Font(size: 14), color: Theme.secondaryText)
    let upNextHeading = Label(text: "Up next", font: Font(size: 17, weight: .bold), color: Theme.primaryText)
    let upNext = View()
    private(set) var rows: [UpNextRow] = []
    /// A row was tapped: the album index to play.
    var onSelect: ((Int) -> Void)?
    static let rowHeight = 52.0
    /// How many upcoming tracks are listed.
    static let upNextCount = 8

    /// One upcoming track: tap to play it.
    final class UpNextRow: Control {
        let title = Label(text: "", font: Font(size: 15, weight: .semibold), color: Theme.primaryText)
        let artist = Label(text: "", font: Font(size: 13), color: Theme.secondaryText)
        var index = 0
        override init() {
            super.init()
            for l in [title, artist] { l.isUserInteractionEnabled = false; addSubview(l) }
        }
        override func layoutSubviews() {
            title.frame = Rect(x: 0, y: 6, width: bounds.width, height: 22)
            artist.frame = Rect(x: 0, y: 28, width: bounds.width, height: 18)
        }
        override func stateDidChange() {
            super.stateDidChange()
            alpha = isHighlighted ? 0.5 : 1
        }
    }

    private func newRow(number: Int) -> UpNextRow {
        let row = UpNextRow()
        row.identifier = "upNext.item.\(number)"
        row.addAction(for: .touchUpInside) { [unowned self] row in self.onSelect?(row.index) }
        upNext.addSubview(row)
        return row
    }

    override init() {
        super.init()
        identifier = "card.lowerModule"
        volume.identifier = "volume"
        volume.minimumTrackTintColor = .white
        volume.maximumTrackTintColor = Theme.trackRemaining
        upNext.identifier = "upNext"
        for l in [volumeCaption, upNextHeading] { l.textAlignment = .left }
        for v: View in [volumeCaption, volume, song, details, upNextHeading, upNext] { addSubview(v) }
    }

    /// The height the module needs.
    var contentHeight: Double { 36 + 28 + 24 + 26 + 22 + 40 + Double(rows.count) * LowerModuleView.rowHeight + 16 }

    override func layoutSubviews() {
        let w = bounds.width
        volumeCaption.frame = Rect(x: 0, y: 0, width: w, height: 16)
        volume.frame = Rect(x: 0, y: 16, width: w, height: 28)
        song.frame = Rect(x: 0, y: 64, width: w, height: 24)
        details.frame = Rect(x: 0, y: 88, width: w, height: 20)
        upNextHeading.frame = Rect(x: 0, y: 128, width: w, height: 24)
        upNext.frame = Rect(x: 0, y: 156, width: w, height: Double(rows.count) * LowerModuleView.rowHeight)
        for (i, row) in rows.enumerated() {
            row.frame = Rect(x: 0, y: Double(i) * LowerModuleView.rowHeight, width: w, height: LowerModuleView.rowHeight)
        }
    }

    /// Shows the current track and the ones after it in play order. The rows are kept and refilled (only
    /// their count changes), so a finger on a row keeps its tap across a refresh.
    func show(current: Track, upcoming: [(index: Int, track: Track)]) {
        song.text = current.title
        details.setByline("\(current.artist) — \(current.album)", under: current.title)
        let items = upcoming.prefix(LowerModuleView.upNextCount)
        for r in rows.dropFirst(items.count) { r.removeFromSuperview() }
        rows = items.enumerated().map { i, item in
            let row = rows.indices.contains(i) ? rows[i] : newRow(number: i)
            // A finger on a row that now names another track: its tap is cancelled, not given to that track.
            if row.isTracking && row.index != item.index { row.touchesCancelled([]) }
            row.index = item.index
            row.title.text = item.track.title
            row.artist.setByline(item.track.artist, under: item.track.title)
            return row
        }
        setNeedsLayout()
    }
}
