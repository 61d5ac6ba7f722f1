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

    /// Where the transition's pieces are now (the model values; the screen follows the animations).
    private var state = CardState.mini(miniFrame: .zero, thumbnailFrame: .zero, lowerRise: 0)
    /// The frame the mini bar's still was taken at.
    private var ghostFrame = Rect.zero
    /// Which transition is current: completions of interrupted ones do nothing.
    private var generation = 0
    /// Whether a presentation or a dismissal is under way (until it has settled).
    private var isMoving = false
    /// The size the card was last laid out at.
    private var laidOutSize = Size.zero
    private(set) var isPresented = false
    /// Runs when a presentation or a dismissal has ended (not one interrupted by the next).
    var onSettled: (() -> Void)?

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
        chevron.imageEdgeInsets = EdgeInsets(all: 10)
        chevron.imageView.contentMode = .scaleAspectFit
        chevron.zPosition = 2
        // In the header it heads (in the tutorial, inside the cover's container in the scroll view): it scrolls
        // with it rather than floating over whatever scrolls under it.
        scroll.addSubview(chevron)
        coverImage.identifier = "card.coverImage"
        coverImage.contentMode = .scaleAspectFill
        coverImage.clipsToBounds = true
        coverImage.alpha = 0
        coverImage.isUserInteractionEnabled = false
        for v: View in [backing, miniBarGhost, container, coverImage] { addSubview(v) }
        swipe.shouldBegin = { [unowned self] in isSwipeDown(swipe.translation(in: nil)) }
        swipe.addTarget { [unowned self] pan in handleSwipe(pan) }
        container.addGestureRecognizer(swipe)
        scroll.onScroll = { [unowned self] in if layout.isLandscape { setNeedsLayout() } }
        nowPlaying.lyricsFlip.onFlipWillBegin = { [unowned self] _ in endHandOverForFlip() }
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
        return Rect(x: l.carousel.midX - l.carousel.height / 2, y: l.carousel.minY, width: l.carousel.height, height: l.carousel.height)
    }

    override func layoutSubviews() {
        if bounds.size != laidOutSize {
            if isMoving && laidOutSize != .zero { settleAtOnce() }
            laidOutSize = bounds.size
        }
        let w = bounds.width, h = bounds.height, p = state.backingProgress
        let inset = CardView.backingEdgeInset
        backing.frame = Rect(x: inset * p, y: inset * (h / max(w, 1)) * p,
                             width: w - 2 * inset * p, height: h - 2 * inset * (h / max(w, 1)) * p)
        dimmer.frame = backing.bounds
        miniBarGhost.frame = ghostFrame.offsetBy(dx: 0, dy: state.miniBarOffset)
        container.frame = Rect(x: 0, y: state.containerTop, width: w, height: h)
        scroll.frame = container.bounds
        let l = layout
        // Side by side the artwork stays while the controls column scrolls (see NowPlayingView.scrolledBy).
        let scrolled = l.isLandscape ? scroll.contentOffset.y : 0
        nowPlaying.frame = Rect(x: 0, y: scrolled, width: w, height: h)
        nowPlaying.scrolledBy = scrolled
        let moduleTop = l.playPause.maxY + 30
        // Under the title, as wide.
        lowerModule.frame = Rect(x: l.title.minX, y: moduleTop + state.lowerOffset, width: l.title.width, height: lowerModule.contentHeight)
        scroll.contentSize = Size(width: w, height: max(h, moduleTop + lowerModule.contentHeight + 24))
        chevron.frame = Rect(x: l.header.minX + 4, y: l.header.minY + 2 + scrolled, width: 44, height: 44)
        coverImage.frame = state.coverFrame
    }

    // MARK: Present and dismiss

    /// The card down at the mini player (whose frame and thumbnail's are given in this view's space).
    private func miniState(miniFrame: Rect, thumbnailFrame: Rect) -> CardState {
        .mini(miniFrame: miniFrame, thumbnailFrame: thumbnailFrame, lowerRise: layout.lowerModuleRise)
    }

    /// Shows the card over `backdrop` (a still of the screen underneath), rising from the mini player whose
    /// frame (and thumbnail's) are given in this view's space.
    func present(backdrop: Image?, miniBar: Image?, miniFrame: Rect, thumbnailFrame: Rect, cover: Image?, animated: Bool) {
        // A size change not laid out yet settles the move under way now, not this one (`settleAtOnce`).
        layoutIfNeeded()
        generation += 1
        let current = generation
        isPresented = true
        isMoving = true
        if isHidden || !animated {
            // From rest: the starting picture, set without animation.
            View.performWithoutAnimation {
                backing.image = backdrop
                miniBarGhost.image = miniBar
                ghostFrame = miniFrame
                show(miniState(miniFrame: miniFrame, thumbnailFrame: thumbnailFrame), pieces: CardState.Piece.allCases)
                coverImage.image = cover
                coverImage.alpha = 1
                nowPlaying.lyricsFlip.alpha = 0
                scroll.contentOffset = scroll.minimumContentOffset
                isHidden = false
            }
        }
        move(to: .presented(miniFrame: miniFrame, coverFrame: centredCoverFrame), .present, animated: animated) {
            guard current == self.generation else { return }
            self.handOver(animated: animated, generation: current)
        }
    }

    /// How long the carousel's side covers and the lyrics card's peek take to fade in once the flying cover has
    /// landed (a quarter of SPEC M2's primaryDuration, as the container's fill takes in M4).
    static let handOverDuration = primaryDuration / 4

    /// SPEC M5: the carousel takes over from the flying cover. The cover has landed on the centred cover's place and
    /// stays over it while the rest of the carousel and the lyrics card's peek fade in around it (they were hidden
    /// during the flight: the centred cover's place would have shown the lyrics card behind it), then goes — at once
    /// over the carousel's same cover, fading over a quarter of primaryDuration more over the lyrics card in front.
    private func handOver(animated: Bool, generation current: Int) {
        handOverGeneration = current
        defer {
            // A flip asked for during the flight happens now, seen (it ends the hand-over at once).
            if flipOnLanding == current {
                flipOnLanding = nil
                nowPlaying.lyricsFlip.flip()
            }
        }
        let finish = {
            guard current == self.generation else { return }
            self.handOverGeneration = nil
            self.isMoving = false
            View.performWithoutAnimation {
                self.coverImage.alpha = 0
                // A swipe caught the card meanwhile: its stills show beneath it.
                if !self.isSwiping { self.releaseStills() }
            }
            self.onSettled?()
        }
        guard animated else {
            View.performWithoutAnimation { nowPlaying.lyricsFlip.alpha = 1 }
            return finish()
        }
        View.animate(withDuration: CardView.handOverDuration, options: .curveEaseOut,
                     animations: { self.nowPlaying.lyricsFlip.alpha = 1 }, completion: { _ in
            // Unless the carousel is in front at rest, the landed cover is not what takes over (the lyrics card is
            // in front, or the two are changing places): it fades away over them rather than going in one frame.
            guard !self.carouselIsInFront, current == self.generation else { return finish() }
            View.animate(withDuration: CardView.handOverDuration, options: .curveEaseOut,
                         animations: { self.coverImage.alpha = 0 }, completion: { _ in finish() })
        })
    }

    /// The presentation whose landing a lyrics flip asked for while the card rose waits for.
    private var flipOnLanding: Int?

    /// Flips between the cover and the lyrics (the `l` key). While the card rises the carousel is hidden under the
    /// flying cover, and a flip then went unseen — the lyrics were simply there once it had landed, the cover
    /// fading over them (a tester): it waits for the landing, and a second press takes the first back.
    func flipLyrics() {
        if isMoving && isPresented && handOverGeneration != generation {
            flipOnLanding = flipOnLanding == generation ? nil : generation
        } else {
            nowPlaying.lyricsFlip.flip()
        }
    }

    /// The presentation whose landed cover stands in for the carousel's centred cover while the rest fades in
    /// (`handOver`); a later transition is another generation.
    private var handOverGeneration: Int?

    /// A flip begun as the landed cover stands in for the carousel's centred cover (`l` just as the card lands, a
    /// tester): the carousel is about to move behind, and the landed cover would stay where it was, fading over
    /// the flip for a quarter of primaryDuration. The hand-over ends at once instead — the two are the same picture
    /// at the same place; the side covers and the lyrics card's peek come in whole — and the flip moves the carousel.
    private func endHandOverForFlip() {
        guard handOverGeneration == generation, carouselIsInFront else { return }
        // The carousel's fade-in (to alpha 1, its value) ends where it was going.
        nowPlaying.lyricsFlip.removeAllAnimations()
        View.performWithoutAnimation { coverImage.alpha = 0 }
    }

    /// Whether the carousel is in front of the lyrics card and not changing places with it: its centred cover is
    /// then what the flying cover looks like, and one can stand for the other from one frame to the next.
    private var carouselIsInFront: Bool { !nowPlaying.lyricsFlip.isFlipping && nowPlaying.lyricsFlip.frontView === nowPlaying.carousel }

    /// At rest the stills are not needed (a dismissal or a swipe takes new ones): their pixels go.
    private func releaseStills() {
        backing.image = nil
        miniBarGhost.image = nil
    }

    /// Plays the presentation backwards (ease-out) and removes the card at the end.
    func dismiss(miniFrame: Rect, thumbnailFrame: Rect, cover: Image?, animated: Bool) {
        guard isPresented else { return }
        layoutIfNeeded()
        if animated { refreshStills() }
        generation += 1
        let current = generation
        isPresented = false
        isMoving = true
        // The lyrics card in front (or the two changing places), handed over (the cover gone from over them): they
        // do not look like the cover that flies back, which fades in over them as it leaves while they fade out.
        let crossFade = coverImage.alpha == 0 && !carouselIsInFront
        View.performWithoutAnimation {
            if coverImage.alpha == 0 {
                // The carousel hands the cover back to the flying image.
                scroll.contentOffset = scroll.minimumContentOffset
                coverImage.image = cover
                show(state.taking(.cover, from: .presented(miniFrame: miniFrame, coverFrame: centredCoverFrame)), pieces: [.cover])
                coverImage.alpha = crossFade ? 0 : 1
            }
            // The carousel goes with the flying cover's first frame (and a hand-over still fading in stops).
            if !crossFade { nowPlaying.lyricsFlip.alpha = 0 }
            ghostFrame = miniFrame
        }
        if crossFade && animated {
            View.animate(withDuration: CardView.handOverDuration, options: .curveEaseOut, animations: {
                self.coverImage.alpha = 1
                self.nowPlaying.lyricsFlip.alpha = 0
            })
        }
        move(to: miniState(miniFrame: miniFrame, thumbnailFrame: thumbnailFrame), .dismiss, animated: animated) {
            guard current == self.generation else { return }
            self.isMoving = false
            View.performWithoutAnimation {
                self.isHidden = true
                self.nowPlaying.lyricsFlip.alpha = 1
                self.coverImage.alpha = 0
                self.releaseStills()
            }
            self.onSettled?()
        }
    }

    /// Animates every piece from where it is to `target` with the move's timing (over SPEC M2's primaryDuration,
    /// or at once); `completion` runs when the longest piece ends.
    private func move(to target: CardState, _ timing: CardMove, animated: Bool, completion: @escaping () -> Void) {
        let d = animated ? CardView.primaryDuration : 0
        let last = CardState.Piece.allCases.max { timing.segment($0).start + timing.segment($0).length
            < timing.segment($1).start + timing.segment($1).length }
        for piece in CardState.Piece.allCases {
            let seg = timing.segment(piece)
            View.animate(withDuration: d * seg.length, delay: d * seg.start, options: seg.curve, animations: {
                self.show(self.state.taking(piece, from: target), pieces: [piece])
            }, completion: piece == last ? { _ in completion() } : nil)
        }
    }

    /// The window resized while the card moves: the stills (of the library at the old size) and the places the
    /// card moves between no longer hold, and the backing showed the old still stretched to the new size for the
    /// rest of the move. The move ends at once where it was going, laid out for the new size (the pass under way).
    private func settleAtOnce() {
        generation += 1
        isMoving = false
        View.performWithoutAnimation {
            if isPresented {
                apply(.presented(miniFrame: ghostFrame, coverFrame: centredCoverFrame), pieces: CardState.Piece.allCases)
            } else {
                isHidden = true
            }
            nowPlaying.lyricsFlip.alpha = 1
            coverImage.alpha = 0
            releaseStills()
        }
        for v: View in [backing, dimmer, miniBarGhost, container, chevron, coverImage, lowerModule, nowPlaying.lyricsFlip] {
            v.removeAllAnimations()
        }
        onSettled?()
    }

    /// Makes `state` current and sets the given pieces' views from it, laid out.
    private func show(_ new: CardState, pieces: [CardState.Piece]) {
        apply(new, pieces: pieces)
        relayout()
    }

    /// Makes `state` current and sets the given pieces' views from it (their frames follow at the next layout).
    private func apply(_ new: CardState, pieces: [CardState.Piece]) {
        state = new
        for piece in pieces {
            switch piece {
            case .backing:
                backing.cornerRadius = new.backingCornerRadius
                dimmer.alpha = new.dimmerAlpha
            case .containerFill: container.backgroundColor = Color(white: 1, alpha: new.containerFillAlpha)
            case .container:
                container.cornerRadius = new.containerCornerRadius
                chevron.alpha = new.chevronAlpha
            case .lowerModule, .miniBar, .cover: break
            }
        }
    }

    private func relayout() {
        setNeedsLayout()
        layoutIfNeeded()
    }

    // MARK: Swipe down

    private var swipeStart = 0.0
    private var isSwiping: Bool { swipe.state == .began || swipe.state == .changed }

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
            state.containerTop = y >= 0 ? y : -ScrollMotion.rubberBand(-y, dimension: bounds.height)
            relayout()
        case .ended, .cancelled:
            let v = pan.velocity(in: nil)
            if pan.state == .ended && (t.y > bounds.height / 4 || v.y > CardView.dismissVelocity) {
                requestDismiss?()
            } else {
                View.animate(withDuration: 0.4, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, animations: {
                    self.state.containerTop = 0
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
    /// Called when the content scrolls.
    var onScroll: (() -> Void)?

    override func boundsDidChange(from old: Rect) {
        super.boundsDidChange(from: old)
        if bounds.origin != old.origin { onScroll?() }
    }

    override func shouldBeginDragging(translation t: Point) -> Bool {
        if t.y > 0 && contentOffset.y <= minimumContentOffset.y + 0.5 && abs(t.y) > abs(t.x) { return false }
        return super.shouldBeginDragging(translation: t)
    }
}
