import FoundationEssentials
import ViewKit

/// The song card over the library (SPEC M1–M7, after the Apple Music transition): a snapshot of the screen
/// underneath that shrinks and dims, a container that rises from the mini player and rounds its top corners,
/// the cover flying from the thumbnail to the carousel, the lower module rising, the mini bar sliding away.
/// Dismissing (chevron, Esc, a swipe down) plays it backwards. Either can interrupt the other without a jump.
final class CardView: View {
    static let primaryDuration = 0.5
    static let backingEdgeInset = 15.0
    static let cardCornerRadius = 10.0

    let backing = ImageView()
    let dimmer = View()
    let miniBarGhost = ImageView()
    let container = View()
    let scroll = CardScrollView()
    let nowPlaying: NowPlayingView
    let lowerModule = LowerModuleView()
    let chevron = Button()
    let coverImage = ImageView()
    let swipe = PanGestureRecognizer()

    // The layout constants the transition animates.
    private var backingProgress = 0.0
    private var containerTop = 0.0
    private var lowerOffset = 0.0
    private var coverFrame = Rect.zero
    private var ghostFrame = Rect.zero
    private var ghostOffset = 0.0
    /// Which transition is current: completions of interrupted ones do nothing.
    private var generation = 0
    private(set) var isPresented = false
    /// Called when the card has been dismissed and removed.
    var onDismissed: (() -> Void)?

    init(nowPlaying: NowPlayingView, chevronImage: Image) {
        self.nowPlaying = nowPlaying
        super.init()
        identifier = "card"
        backing.identifier = "card.backing"
        backing.clipsToBounds = true
        backing.contentMode = .scaleToFill
        dimmer.identifier = "card.dimmer"
        dimmer.backgroundColor = .black
        dimmer.alpha = 0
        backing.addSubview(dimmer)
        miniBarGhost.identifier = "card.miniBar"
        miniBarGhost.contentMode = .scaleToFill
        container.identifier = "card.container"
        container.clipsToBounds = true
        container.maskedCorners = .top
        container.backgroundColor = .white
        scroll.identifier = "card.scroll"
        // The card is dark all the way down, however far it scrolls (or rubber-bands): the container's
        // white (SPEC M4) never shows through under the lower module.
        scroll.backgroundColor = Theme.background
        scroll.addSubview(nowPlaying)
        scroll.addSubview(lowerModule)
        container.addSubview(scroll)
        chevron.identifier = "card.chevron"
        chevron.setImage(chevronImage, for: .normal)
        chevron.imageEdgeInsets = EdgeInsets(all: 8)
        chevron.imageView.contentMode = .scaleAspectFit
        chevron.zPosition = 2
        container.addSubview(chevron)
        coverImage.identifier = "card.coverImage"
        coverImage.contentMode = .scaleAspectFill
        coverImage.clipsToBounds = true
        coverImage.alpha = 0
        coverImage.isUserInteractionEnabled = false
        for v: View in [backing, miniBarGhost, container, coverImage] { addSubview(v) }
        swipe.shouldBegin = { [unowned self] in isSwipeDown(swipe.translation(in: nil)) }
        swipe.addTarget { [unowned self] pan in handleSwipe(pan) }
        container.addGestureRecognizer(swipe)
    }

    /// A swipe down is the card's only when it starts downward with the card scrolled to the top.
    private func isSwipeDown(_ t: Point) -> Bool {
        t.y > abs(t.x) && scroll.contentOffset.y <= scroll.minimumContentOffset.y + 0.5
    }

    // MARK: Layout

    private var layout: CardLayout { CardLayout(size: bounds.size) }

    /// Where the carousel's centred cover is on the card (SPEC M5: the cover lands exactly there).
    var centredCoverFrame: Rect {
        let l = layout
        return Rect(x: (bounds.width - l.carousel.height) / 2, y: l.carousel.minY, width: l.carousel.height, height: l.carousel.height)
    }

    override func layoutSubviews() {
        let w = bounds.width, h = bounds.height, p = backingProgress
        let inset = CardView.backingEdgeInset
        backing.frame = Rect(x: inset * p, y: inset * (h / max(w, 1)) * p,
                             width: w - 2 * inset * p, height: h - 2 * inset * (h / max(w, 1)) * p)
        dimmer.frame = backing.bounds
        miniBarGhost.frame = ghostFrame.offsetBy(dx: 0, dy: ghostOffset)
        container.frame = Rect(x: 0, y: containerTop, width: w, height: h)
        scroll.frame = container.bounds
        nowPlaying.frame = Rect(x: 0, y: 0, width: w, height: h)
        let l = layout
        let moduleTop = l.playPause.maxY + 30
        lowerModule.frame = Rect(x: l.column.minX + CardLayout.coverMargin, y: moduleTop + lowerOffset,
                                 width: l.column.width - 2 * CardLayout.coverMargin, height: lowerModule.contentHeight)
        scroll.contentSize = Size(width: w, height: max(h, moduleTop + lowerModule.contentHeight + 24))
        chevron.frame = Rect(x: l.header.minX + 6, y: l.header.minY + 4, width: 40, height: 40)
        coverImage.frame = coverFrame
    }

    // MARK: Present and dismiss

    /// Shows the card over `backdrop` (a still of the screen underneath), rising from the mini player whose
    /// frame (and thumbnail's) are given in this view's space.
    func present(backdrop: Image?, miniBar: Image?, miniFrame: Rect, thumbnailFrame: Rect, cover: Image?, animated: Bool) {
        generation += 1
        let current = generation
        isPresented = true
        let h = bounds.height, w = bounds.width
        let startTop = miniFrame.minY - CardView.backingEdgeInset
        if isHidden || !animated {
            // From rest: the starting picture, set without animation.
            View.performWithoutAnimation {
                backing.image = backdrop
                miniBarGhost.image = miniBar
                ghostFrame = miniFrame
                ghostOffset = 0
                backingProgress = 0
                backing.cornerRadius = 0
                dimmer.alpha = 0
                containerTop = startTop
                container.cornerRadius = 0
                container.backgroundColor = Color(white: 1, alpha: 0.3)
                chevron.alpha = 0
                lowerOffset = h - w
                coverFrame = thumbnailFrame
                coverImage.image = cover
                coverImage.alpha = 1
                nowPlaying.lyricsFlip.alpha = 0
                scroll.contentOffset = scroll.minimumContentOffset
                isHidden = false
                setNeedsLayout()
                layoutIfNeeded()
            }
        }
        let d = animated ? CardView.primaryDuration : 0
        // SPEC M3: the backing shrinks to the 15 pt inset, rounds to 10 and dims to 0.3.
        View.animate(withDuration: d, animations: {
            self.backingProgress = 1
            self.relayout()
            self.backing.cornerRadius = CardView.cardCornerRadius
            self.dimmer.alpha = 0.3
        })
        // SPEC M4: the container turns opaque in a quarter of the time; rises, rounds its top corners, shows the chevron.
        View.animate(withDuration: d / 4, options: .curveEaseIn, animations: { self.container.backgroundColor = .white })
        View.animate(withDuration: d, options: .curveEaseIn, animations: {
            self.containerTop = 0
            self.relayout()
            self.container.cornerRadius = CardView.cardCornerRadius
            self.chevron.alpha = 1
        })
        // SPEC M6: the lower module rises; SPEC M7: the mini bar slides away in half the time.
        View.animate(withDuration: d, options: .curveEaseIn, animations: {
            self.lowerOffset = 0
            self.relayout()
        })
        View.animate(withDuration: d / 2, animations: {
            self.ghostOffset = self.ghostFrame.height + CardView.backingEdgeInset
            self.relayout()
        })
        // SPEC M5: the cover grows into the carousel's centred cover, where the carousel takes over.
        View.animate(withDuration: d, options: .curveEaseOut, animations: {
            self.coverFrame = self.centredCoverFrame
            self.relayout()
        }, completion: { _ in
            guard current == self.generation else { return }
            View.performWithoutAnimation {
                self.nowPlaying.lyricsFlip.alpha = 1
                self.coverImage.alpha = 0
                self.releaseStills()
            }
        })
    }

    /// At rest the stills are not needed (a dismissal or a swipe takes new ones): their pixels go.
    private func releaseStills() {
        backing.image = nil
        miniBarGhost.image = nil
    }

    /// Plays the presentation backwards (ease-out) and removes the card at the end.
    func dismiss(miniFrame: Rect, thumbnailFrame: Rect, cover: Image?, animated: Bool) {
        guard isPresented else { return }
        if animated { refreshStills() }
        generation += 1
        let current = generation
        isPresented = false
        let h = bounds.height, w = bounds.width
        View.performWithoutAnimation {
            if coverImage.alpha == 0 {
                // The carousel hands the cover back to the flying image.
                scroll.contentOffset = scroll.minimumContentOffset
                coverImage.image = cover
                coverFrame = centredCoverFrame
                relayout()
                coverImage.alpha = 1
                nowPlaying.lyricsFlip.alpha = 0
            }
            ghostFrame = miniFrame
        }
        let d = animated ? CardView.primaryDuration : 0
        View.animate(withDuration: d, options: .curveEaseOut, animations: {
            self.backingProgress = 0
            self.relayout()
            self.backing.cornerRadius = 0
            self.dimmer.alpha = 0
        })
        View.animate(withDuration: d / 4, delay: d * 3 / 4, options: .curveEaseOut, animations: {
            self.container.backgroundColor = Color(white: 1, alpha: 0.3)
        })
        View.animate(withDuration: d, options: .curveEaseOut, animations: {
            self.containerTop = miniFrame.minY - CardView.backingEdgeInset
            self.relayout()
            self.container.cornerRadius = 0
            self.chevron.alpha = 0
        })
        View.animate(withDuration: d, options: .curveEaseOut, animations: {
            self.lowerOffset = h - w
            self.relayout()
        })
        View.animate(withDuration: d / 2, delay: d / 2, options: .curveEaseOut, animations: {
            self.ghostOffset = 0
            self.relayout()
        })
        View.animate(withDuration: d, options: .curveEaseOut, animations: {
            self.coverFrame = thumbnailFrame
            self.relayout()
        }, completion: { _ in
            guard current == self.generation else { return }
            View.performWithoutAnimation {
                self.isHidden = true
                self.nowPlaying.lyricsFlip.alpha = 1
                self.coverImage.alpha = 0
                self.releaseStills()
            }
            self.onDismissed?()
        })
    }

    private func relayout() {
        setNeedsLayout()
        layoutIfNeeded()
    }

    // MARK: Swipe down

    private var swipeStart = 0.0

    /// Called to dismiss (the app knows where the mini player is).
    var requestDismiss: (() -> Void)?

    /// Takes stills of the library and the mini player as they are now (the backing and the mini bar).
    var takeStills: (() -> (backdrop: Image?, miniBar: Image?))?

    /// Before the card shows what is beneath it (a dismissal, a swipe), the backing and mini bar become stills
    /// of the screen as it is now (a card opened without animation, at start-up, took none).
    private func refreshStills() {
        guard let stills = takeStills?() else { return }
        backing.image = stills.backdrop
        miniBarGhost.image = stills.miniBar
    }

    private func handleSwipe(_ pan: PanGestureRecognizer) {
        let t = pan.translation(in: nil)
        switch pan.state {
        case .began, .changed:
            // The card follows the finger from where it is on screen (a swipe may catch it mid-transition);
            // above its resting place it resists.
            if pan.state == .began {
                swipeStart = container.presentationFrame.minY
                refreshStills()
            }
            let y = swipeStart + t.y
            containerTop = y >= 0 ? y : -ScrollMotion.rubberBand(-y, dimension: bounds.height)
            relayout()
        case .ended, .cancelled:
            let v = pan.velocity(in: nil)
            if pan.state == .ended && (t.y > bounds.height / 4 || v.y > CardView.dismissVelocity) {
                requestDismiss?()
            } else {
                View.animate(withDuration: 0.4, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, animations: {
                    self.containerTop = 0
                    self.relayout()
                })
            }
        default:
            break
        }
    }

    /// A downward fling faster than this (points per second) dismisses whatever the distance.
    static let dismissVelocity = 1000.0
}

/// The card's scroll view: it leaves a downward drag at its top to the card's swipe-to-dismiss.
final class CardScrollView: ScrollView {
    override func shouldBeginDragging(translation t: Point) -> Bool {
        if t.y > 0 && contentOffset.y <= minimumContentOffset.y + 0.5 && abs(t.y) > abs(t.x) { return false }
        return super.shouldBeginDragging(translation: t)
    }
}
