import Playback
import ViewKit

/// The Now Playing card: backdrop, header, cover carousel, title and artist, progress slider with times,
/// and the five transport buttons, laid out by `CardLayout`.
final class NowPlayingView: View {
    let backdrop = GradientView()
    let caption = Label(text: "PLAYING FROM ALBUM", font: Theme.captionFont, color: Theme.secondaryText)
    let albumLabel = Label(text: "", font: Theme.headerFont, color: Theme.primaryText)
    let carousel = CoverCarousel()
    let lyricsCard = LyricsCardView()
    /// The artwork: the carousel in front, the lyrics card behind; a vertical drag (or `l`) flips them (SPEC L1–L4).
    let lyricsFlip: PerspectiveView
    /// The artwork's room, from the header down, where the view behind peeks out (SPEC L1). It clips: a card
    /// dragged up slides under the header's edge rather than over its text.
    let artwork = View()
    /// What the carousel's covers fade toward and what shows between them while it is in front (SPEC C5):
    /// the card's own background, so the lyrics card behind never shows through.
    let carouselBackdrop = View()
    /// The backdrop's gradient, laid where the card's is: at rest the carousel covers it seamlessly.
    let carouselGradient = GradientView()
    let titleLabel = Label(text: "", font: Theme.titleFont, color: Theme.primaryText)
    let artistLabel = Label(text: "", font: Theme.artistFont, color: Theme.secondaryText)
    let progress = Slider()
    let elapsedLabel = Label(text: "0:00", font: Theme.timeFont, color: Theme.tertiaryText)
    let remainingLabel = Label(text: "", font: Theme.timeFont, color: Theme.tertiaryText)
    let playPauseButton = Button()
    let shuffleButton = Button()
    let previousButton = Button()
    let nextButton = Button()
    let repeatButton = Button()
    let leftStack: StackView
    let rightStack: StackView
    let icons: Icons
    /// The item the carousel keeps centred when the layout changes (the current track).
    var centeredItem: () -> Int = { 0 }
    /// How far the card has scrolled: side by side, this view stays in place (the artwork does not scroll) and
    /// only the controls column moves with the card's content.
    var scrolledBy = 0.0 { didSet { if scrolledBy != oldValue { setNeedsLayout() } } }

    init(icons: Icons) {
        self.icons = icons
        let side = CardLayout.sideButtonSide
        leftStack = StackView(arrangedSubviews: [ButtonSlot(button: shuffleButton, side: side),
                                                 ButtonSlot(button: previousButton, side: side)])
        rightStack = StackView(arrangedSubviews: [ButtonSlot(button: nextButton, side: side),
                                                  ButtonSlot(button: repeatButton, side: side)])
        lyricsFlip = PerspectiveView(front: carousel, behind: lyricsCard)
        super.init()
        lyricsFlip.identifier = "lyricsFlip"
        lyricsFlip.behindTransform = CardLayout.lyricsBehindTransform
        lyricsFlip.fadeOffset = 20                                  // SPEC L2: alpha 1 − (|t| − 20) / 100
        lyricsFlip.fadeDistance = 100
        lyricsFlip.flipOffset = 80                                  // SPEC L4
        lyricsFlip.flipDuration = 0.33
        lyricsFlip.springBack = Spring(duration: 0.33, dampingRatio: 0.7, initialVelocity: 0.7)  // SPEC L3
        identifier = "nowPlaying"
        backgroundColor = Theme.background
        backdrop.bottomColor = Theme.background
        backdrop.isUserInteractionEnabled = false
        for v: View in [backdrop, caption, albumLabel, artwork, titleLabel, artistLabel, progress,
                        elapsedLabel, remainingLabel, leftStack, playPauseButton, rightStack] { addSubview(v) }
        artwork.clipsToBounds = true
        artwork.addSubview(lyricsFlip)
        carouselBackdrop.backgroundColor = Theme.background
        carouselBackdrop.clipsToBounds = true
        carouselBackdrop.isUserInteractionEnabled = false
        carouselGradient.bottomColor = Theme.background
        carouselBackdrop.addSubview(carouselGradient)
        carousel.backgroundView = carouselBackdrop
        // Behind the lyrics card the carousel needs no backdrop (only the card's background is behind it), and only
        // its centred cover peeks above the card.
        lyricsFlip.animationsAlongsideFlip = { [unowned self] front in
            carouselBackdrop.alpha = front === carousel ? 1 : 0
            carousel.showsNeighbours = front === carousel
        }

        caption.textAlignment = .center
        albumLabel.textAlignment = .center
        caption.identifier = "caption"
        albumLabel.identifier = "albumName"
        titleLabel.identifier = "title"
        artistLabel.identifier = "artist"
        elapsedLabel.identifier = "elapsed"
        remainingLabel.identifier = "remaining"
        elapsedLabel.textAlignment = .left
        remainingLabel.textAlignment = .right

        progress.identifier = "progress"
        progress.minimumTrackTintColor = .white
        progress.maximumTrackTintColor = Theme.trackRemaining
        progress.setThumbImage(icons.sliderThumb, for: .normal)
        progress.setThumbImage(icons.sliderThumbHighlighted, for: .highlighted)

        // SPEC T3: the circled play button.
        playPauseButton.identifier = "playPause"
        playPauseButton.cornerRadius = CardLayout.playButtonSide / 2
        playPauseButton.borderWidth = 2
        playPauseButton.borderColor = .white
        playPauseButton.imageEdgeInsets = EdgeInsets(all: CardLayout.playButtonImageInset)
        playPauseButton.imageView.contentMode = .scaleAspectFit

        // SPEC T4/T5: the side buttons, aspect-fit, in fill-equally stacks.
        for (button, id, image) in [(shuffleButton, "shuffle", icons.shuffle), (previousButton, "previous", icons.previous),
                                    (nextButton, "next", icons.next), (repeatButton, "repeat", icons.repeatAll)] {
            button.identifier = id
            button.setImage(image, for: .normal)
            button.imageEdgeInsets = EdgeInsets(all: CardLayout.sideButtonImageInset)
            button.imageView.contentMode = .scaleAspectFit
            button.setTintColor(Theme.secondaryText, for: .normal)
            button.setTintColor(Theme.accent, for: .selected)
        }
        previousButton.setTintColor(.white, for: .normal)
        nextButton.setTintColor(.white, for: .normal)
        for stack in [leftStack, rightStack] {
            stack.axis = .horizontal
            stack.distribution = .fillEqually
            stack.alignment = .fill
        }
        leftStack.identifier = "leftStack"
        rightStack.identifier = "rightStack"
        setPlaying(false)
    }

    override func layoutSubviews() {
        let l = CardLayout(size: bounds.size)
        backdrop.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height * 0.65)
        let text = l.header.insetBy(dx: CardLayout.headerSideRoom, dy: 0)
        caption.frame = Rect(x: text.minX, y: l.header.minY + 8, width: text.width, height: 15)
        albumLabel.frame = Rect(x: text.minX, y: caption.frame.maxY + 1, width: text.width, height: 18)
        // Side by side the artwork's room is its column; in portrait the window's width (SPEC C1).
        let artworkX = l.isLandscape ? l.column.minX : 0
        artwork.frame = Rect(x: artworkX, y: l.header.maxY, width: l.isLandscape ? l.column.width : bounds.width,
                             height: max(0, bounds.height - l.header.maxY))
        let flipFrame = l.carousel.offsetBy(dx: -artworkX, dy: -l.header.maxY)
        let resized = lyricsFlip.frame != flipFrame
        lyricsFlip.frame = flipFrame
        // In the carousel's space (its backdrop fills it), the card's gradient is where the card has it.
        carouselGradient.frame = backdrop.frame.offsetBy(dx: -l.carousel.minX, dy: -l.carousel.minY)
        // The centred cover's square; in portrait as wide as the title, which reaches past a cover narrowed to fit a
        // short window (its lines would wrap at every word in the cover's 117 pt at 480 × 440).
        let cardWidth = l.isLandscape ? l.carousel.height : max(l.carousel.height, l.title.width)
        lyricsCard.cardRect = Rect(x: ((l.carousel.width - cardWidth) / 2).rounded(), y: 0, width: cardWidth, height: l.carousel.height)
        lyricsFlip.layoutIfNeeded()
        carousel.zoomCenterX = l.column.width / 2
        // SPEC C3: inset so the first and last covers can be centred.
        carousel.contentInset = EdgeInsets(top: 0, left: l.carouselInset, bottom: 0, right: l.carouselInset)
        if resized {
            // A new size: keep the current cover centred.
            carousel.stopMotion()
            carousel.contentOffset = Point(x: carousel.offset(centering: centeredItem()), y: 0)
        }
        let dy = l.isLandscape ? -scrolledBy : 0
        titleLabel.frame = l.title.offsetBy(dx: 0, dy: dy)
        artistLabel.frame = l.artist.offsetBy(dx: 0, dy: dy)
        progress.frame = l.progress.offsetBy(dx: 0, dy: dy)
        elapsedLabel.frame = l.elapsed.offsetBy(dx: 0, dy: dy)
        remainingLabel.frame = l.remaining.offsetBy(dx: 0, dy: dy)
        playPauseButton.frame = l.playPause.offsetBy(dx: 0, dy: dy)
        leftStack.frame = l.leftStack.offsetBy(dx: 0, dy: dy)
        rightStack.frame = l.rightStack.offsetBy(dx: 0, dy: dy)
    }

    /// Shows a track's title, artist and album.
    func show(_ track: Track) {
        titleLabel.text = track.title
        artistLabel.setByline(track.artist, under: track.title)
        albumLabel.text = track.album
    }

    /// The slider and the two time labels for a position within a duration (left alone while the thumb is held).
    /// A track of unknown length (0) plays on with the thumb at the start and the slider off (the keys still
    /// seek, as far as the file decodes), the time left shown as `TimeFormat.unknown`.
    func showProgress(position: Double, duration: Double) {
        guard !progress.isTracking else { return }
        let known = duration > 0 && duration.isFinite
        progress.isEnabled = known
        progress.maximumValue = known ? max(duration, 0.001) : 1
        let thumb = known ? position : 0
        // Redraw only when the thumb moves half a point or more (or jumps back): playing stays cheap.
        let travel = progress.thumbTravel(forBounds: progress.bounds)
        let moved = abs(thumb - progress.value) / progress.maximumValue * max(travel.end - travel.start, 1)
        if moved >= 0.5 || thumb < progress.value || thumb == 0 { progress.value = thumb }
        showTimes(position: position, duration: duration)
    }

    func showTimes(position: Double, duration: Double) {
        elapsedLabel.text = TimeFormat.elapsed(position)
        remainingLabel.text = TimeFormat.remaining(position: position, duration: duration)
    }

    /// SPEC T3: the play button shows pause while playing and play while paused.
    func setPlaying(_ playing: Bool) {
        playPauseButton.setImage(playing ? icons.pause : icons.play, for: .normal)
        playPauseButton.accessibilityLabel = playing ? "Pause" : "Play"
    }

    /// Tints the backdrop from the current cover.
    func setBackdrop(from cover: Color) {
        backdrop.topColor = Theme.backdrop(for: cover)
        carouselGradient.topColor = backdrop.topColor
    }
}
