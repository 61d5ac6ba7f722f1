import Playback
import ViewKit

/// Moves the song card over the library and back (SPEC M1, M4): the card rises from the mini player over a
/// still of the library, and shrinks back into it.
@MainActor
final class CardPresenter {
    private let root: RootView
    private let application: Application
    private let library: LibraryController
    private let controller: NowPlayingController
    private let session: PlaybackSession

    /// The stills of the library and of the mini player, kept from one transition to the next while the library
    /// shows the same: a transition then starts without drawing the whole library into its first frame.
    private let backdropStill: KeptSnapshot
    private let miniBarStill: KeptSnapshot

    init(root: RootView, application: Application, library: LibraryController, controller: NowPlayingController,
         session: PlaybackSession) {
        self.root = root; self.application = application; self.library = library
        self.controller = controller; self.session = session
        backdropStill = KeptSnapshot(of: root.library, background: Theme.background, excluding: [root.library.miniPlayer])
        miniBarStill = KeptSnapshot(of: root.library.miniPlayer)
        let card = root.card
        card.chevron.addAction(for: .touchUpInside) { [unowned self] _ in dismiss() }
        card.requestDismiss = { [unowned self] in dismiss() }
        card.takeStills = { [unowned self] in libraryStills() }
        root.library.miniPlayer.tap.addTarget { [unowned self] _ in present(animated: true) }
    }

    var isPresented: Bool { root.card.isPresented }

    /// The mini player's frame and its thumbnail's, in the card's space.
    private var miniFrames: (bar: Rect, thumbnail: Rect) {
        let mini = root.library.miniPlayer
        return (mini.convert(mini.bounds, to: root.card), mini.cover.convert(mini.cover.bounds, to: root.card))
    }

    /// SPEC M1: the card rises from the mini player over a still of the library (opened without animation,
    /// as at start-up, it takes the stills only when it is dismissed or swiped).
    func present(animated: Bool) {
        root.layoutIfNeeded()
        let stills = animated ? libraryStills() : (backdrop: nil, miniBar: nil)
        let frames = miniFrames
        root.card.present(backdrop: stills.backdrop, miniBar: stills.miniBar, miniFrame: frames.bar,
                          thumbnailFrame: frames.thumbnail, cover: currentCover, animated: animated)
    }

    /// The current track's cover for the moving card: from the cache, else the one the mini player shows (a
    /// cover evicted from the cache, or not back from the worker yet, still flies with the card).
    private var currentCover: Image? {
        controller.cover(for: session.current) ?? root.library.miniPlayer.cover.image
    }

    /// SPEC M4: back into the mini player.
    func dismiss(animated: Bool = true) {
        let frames = miniFrames
        root.card.dismiss(miniFrame: frames.bar, thumbnailFrame: frames.thumbnail,
                          cover: currentCover, animated: animated)
    }

    /// The library without its mini player, and the mini player, as they are now. Where the renderer holds the
    /// memory of a still that large between transitions anyway (a GPU's, or the software renderer's for a window
    /// of a million pixels or more) they are kept for the next transition: drawing the library into a new still
    /// cost a portrait kiosk's transition 3.5 ms of its first frame. Elsewhere a still costs about a millisecond
    /// and goes with its transition.
    func libraryStills() -> (backdrop: Image?, miniBar: Image?) {
        library.showCovers()
        root.layoutIfNeeded()
        let renderer = application.renderer
        let stills = (backdrop: backdropStill.image(from: renderer), miniBar: miniBarStill.image(from: renderer))
        if !renderer.holdsStillMemory(width: renderer.outputSize.width, height: renderer.outputSize.height) {
            backdropStill.discard()
            miniBarStill.discard()
        }
        return stills
    }
}
