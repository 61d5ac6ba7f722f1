import FoundationEssentials
import Glibc
import Playback
import ViewKit

/// The running app: one window with the Now Playing card, playing the user's music (or the demo album).
@MainActor
public final class NowPlayingApp {
    public struct Options: Sendable {
        /// Files, folders and playlists to play; empty restores the saved session, else the demo album.
        public var paths: [String] = []
        public var size = Size(width: 414, height: 736)
        public var headless = false
        public var pixelScale: Double?
        public var fullscreen = false
        /// Fullscreen without a cursor, quitting only with Ctrl+Q (`--kiosk`, see KioskMode).
        public var kiosk = false
        /// Open paused instead of playing at once.
        public var startPaused = false
        /// Open on the library screen instead of the song card.
        public var startOnLibrary = false
        /// Show frame time and frames per second in a corner (`--fps`).
        public var showFPS = false
        /// Where the session is saved; nil means $XDG_STATE_HOME/nowplaying.
        public var stateDirectory: String?
        public var screenshotPath: String?
        public var dumpPath: String?
        /// Input to play after the first frame (`--script`).
        public var script: Script?
        /// The session bus connection that owns the player's name (media controls), if any.
        var mediaBus: MediaBus?
        /// Where to write the run's frame costs and peak memory at exit (`--stats`, for the benchmark).
        public var statisticsPath: String?
        /// Whether ReplayGain tags are applied (`--replay-gain`).
        public var replayGain: ReplayGainMode = .automatic
        /// How files named after start-up are read (tests slow it down); nil: `Library.load`.
        var libraryLoader: BackgroundLibrary.Loader?
        /// Whether covers are decoded on a worker ahead of need (tests of the worker set it); nil: unless headless.
        var decodesCoversAhead: Bool?
        /// Where small copies of large covers are kept between runs (the command line's: `$XDG_CACHE_HOME`); nil: none.
        public var pictureCache: PictureCache?
        public init() {}
    }

    public let application: Application
    let session: PlaybackSession
    let controller: NowPlayingController
    let view: NowPlayingView
    let root: RootView
    let library: LibraryController
    let options: Options
    private let stateDirectory: String
    /// Whether this instance may save the session (another one may be using it).
    private let sessionLock: SessionLock
    /// Writes the session (when this instance holds the lock).
    private let saver: SessionSaver?
    /// The card over the library.
    private(set) var cards: CardPresenter!
    private var clock: PlaybackClock!
    /// What the banner shows, and for how long.
    private let messages: MessageSchedule
    private var statistics: RunStatistics?
    /// The volume before the mute key, while muted.
    private var volumeBeforeMute: Double?
    /// The lines written on stderr so far: a problem met again (a cover asked for again) is shown again but written once.
    private var writtenLines: Set<String> = []

    public init(options: Options) throws {
        self.options = options
        LibraryChatter.silence()
        let resources = try AppResources.locate()
        stateDirectory = options.stateDirectory ?? PlaybackState.defaultDirectory()
        sessionLock = SessionLock(directory: stateDirectory)
        saver = sessionLock.isOwner ? SessionSaver(directory: stateDirectory) : nil
        // The environment is set before the library's reader starts (`Application` sets its part before `meanwhile`).
        Player.describeProcess(iconName: MediaBus.desktopEntry)
        let arrivals = Arrivals()
        let folders = FolderListings(), earlyCover = EarlyCover(pictures: options.pictureCache)
        var reading: StartingQueue.Reading?
        var coverLoader: CoverLoader?
        var earlyOutput: Player.EarlyOutput?
        var iconDecoding: Icons.Decoding?
        let stateDirectory = stateDirectory, isOwner = sessionLock.isOwner
        // Headless runs use a virtual 60 Hz clock, so a script gives the same frames on every run. What to play
        // is read while the window opens.
        let icons: Icons
        do {
            application = try Application(configuration: .init(
                title: "NowPlaying", size: options.size, headless: options.headless, pixelScale: options.pixelScale,
                fonts: resources.fontLibrary, fullscreen: options.fullscreen || options.kiosk, contentScale: InterfaceScale.forWindow,
                windowClass: MediaBus.desktopEntry, iconPath: resources.appIcon, screenSaverReason: "Playing music"),
                clock: options.headless ? ManualClock() : nil) { opening in
                    // Covers come from a worker ahead of need, except in headless runs (decoded on the spot, the
                    // same frames every run).
                    coverLoader = options.decodesCoversAhead ?? !options.headless
                        ? CoverLoader(mainLoop: opening.mainLoop, folders: folders, pictures: options.pictureCache) : nil
                    reading = StartingQueue.Reading(paths: options.paths, stateDirectory: stateDirectory, mayKeepAside: isOwner,
                                                    demo: resources.demoAlbum, opening: opening, cover: earlyCover,
                                                    coverLoader: coverLoader, onLibrary: options.startOnLibrary, folders: folders) {
                        arrivals.handle($0)
                    }
                    // The sound server's stream is connected (for a start that plays), and the icons rasterised, on
                    // workers meanwhile too.
                    if reading?.startsPlaying == true && !options.startPaused {
                        earlyOutput = Player.EarlyOutput(stream: StreamDescription(name: "NowPlaying", iconName: MediaBus.desktopEntry))
                    }
                    iconDecoding = Icons.decode(resources: resources, cache: options.pictureCache)
                }
            icons = try Icons(iconDecoding ?? Icons.decode(resources: resources, cache: options.pictureCache))
        } catch {
            // No window (or no icons): the reader is let finish its first part (it then only waits), the icons their
            // decoding and the sound server's stream its connecting (then closed), before the error ends the process.
            if let reading { StartingQueue.settle(reading) }
            _ = iconDecoding?.wait()
            earlyOutput?.discard()
            throw error
        }
        if options.kiosk { application.isCursorVisible = false }
        application.window.clearColor = Theme.background

        let start = StartingQueue(reading!)
        let first = start.tracks.indices.contains(start.index) ? start.tracks[start.index] : nil
        let plays = start.playing && !options.startPaused
        // A paused start opens no audio output until play: the first frame never waits for a sound server.
        let player = try Player(stream: StreamDescription(name: first.map { "\($0.title) — \($0.artist)" } ?? "NowPlaying",
                                                          iconName: MediaBus.desktopEntry), early: earlyOutput,
                                opensOutput: plays)
        let problems = (player.openProblem.map { [$0] } ?? []) + start.problems
        session = PlaybackSession(tracks: start.tracks, player: player, folders: folders)
        session.expectsMoreTracks = start.readers.contains { $0.hasMore }
        session.setShuffle(start.shuffle, repeatMode: start.repeatMode)
        if let v = start.volume { player.volume = v }
        session.replayGain = options.replayGain

        view = NowPlayingView(icons: icons)
        root = RootView(card: CardView(nowPlaying: view, chevronImage: icons.chevronDown))
        application.window.contentView = root
        messages = MessageSchedule(application: application) { [root] in root.showMessage($0) }
        controller = NowPlayingController(view: view, session: session, icons: icons) { _ in }
        controller.renderer = application.renderer
        controller.earlyCover = earlyCover
        controller.pictures = options.pictureCache
        controller.coverLoader = coverLoader
        if !options.headless { controller.lyrics.mainLoop = application.mainLoop }
        let controller = self.controller
        let renderer = application.renderer
        library = LibraryController(view: root.library, session: session, icons: icons) {
            let side = LibraryCell.thumbnailSide * renderer.pixelScale
            return controller.cover(for: $0, preparingFor: Size(width: side, height: side))
        }
        controller.report = { [unowned self] in self.report($0) }
        controller.onCoverArrived = { [unowned self] in library.coverArrived($0) }
        let application = self.application
        controller.onTrackChange = { [unowned self] track in
            application.title = "\(track.title) — \(track.artist)"
            session.player.stream.name = application.title
            // A crash or a power cut loses at most the position within this track.
            saveSessionSoon()
        }
        clock = PlaybackClock(application: application, session: session) { [unowned self] in
            controller.refreshProgress()
            library.refreshProgress()
        }
        controller.onPlayingChange = { [unowned self] playing in clock.playingChanged(playing) }
        controller.onChange = { [unowned self] in
            // A volume set since the mute key (the slider, the desktop) ends the mute: it is the user's now.
            if session.volume > 0 { volumeBeforeMute = nil }
            refreshAround()
            publishMediaState()
            keepScreenAwakeIfWatched()
        }
        cards = CardPresenter(root: root, application: application, library: library, controller: controller, session: session)
        wireLowerModule()
        if options.showFPS { installFPSReadout() }
        if let path = options.statisticsPath {
            statistics = RunStatistics(path: path, application: application, tracks: session.tracks.count)
        }
        application.onKey = { [unowned self] key in self.handle(key) }
        // The card covers the whole window when it is up, so where a drop lands is which screen shows:
        // on the card the first dropped file plays now; on the library the files join the end of the queue.
        application.onDropFiles = { [unowned self] paths, _ in open(paths, playFirst: cards.isPresented) }
        application.onUserEvent = { [unowned self] type in
            if type == musicFinishedEventType { self.session.handleMusicFinished() }
            if type == trackOpenedEventType { self.session.handleTrackOpened() }
        }
        // What the output cannot use is said when it opens (at the start, or at the first play after a paused one).
        session.player.onOutputProblem = { [weak self] in self?.report($0) }
        session.start(at: start.index, position: start.position, playing: plays)
        // A one-shot picture shows the first track open (or the damaged ones skipped), not the moment before.
        if options.dumpPath != nil || options.screenshotPath != nil { session.finishLoading() }
        application.window.layoutTreeIfNeeded()
        if !options.startOnLibrary && !session.tracks.isEmpty { cards.present(animated: false) } else { library.showCovers() }
        for p in problems { report(p) }
        if let problem = sessionLock.problem {
            report("\(problem) This run's queue will not be kept.")
        } else if !sessionLock.isOwner {
            report("Another NowPlaying is using the saved session: this one will not save its queue.")
        }
        arrivals.handle = { [unowned self] in append($0) }
        if let bus = options.mediaBus { startMediaControls(on: bus) }
        // The first turn of the loop comes after the first frame: only then does the rest of the library load.
        application.schedule(after: 0) { for reader in start.readers { reader.readOn() } }
        // Drawing the library once while nothing else happens makes its thumbnails' textures, so the first
        // dismissal's still of it does not wait for pictures to be decoded.
        application.performWhenIdle { [weak self] in _ = self?.cards.libraryStills() }
    }

    /// Forwards batches read in the background to the app once it exists (they arrive on the main loop,
    /// which runs only after `init`).
    @MainActor private final class Arrivals {
        var handle: (Library.Result?) -> Void = { _ in }
    }

    // MARK: FPS readout

    /// A corner label with the last frame's cost and the frame rate over the last second of drawn frames.
    /// It updates only when a frame is drawn anyway, so it never keeps an idle window busy.
    private func installFPSReadout() {
        let label = Label(text: "", font: Font(size: 11, weight: .semibold), color: Theme.accent)
        label.identifier = "fps"
        label.backgroundColor = Color(white: 0, alpha: 0.6)
        label.textAlignment = .center
        label.zPosition = 100
        label.isUserInteractionEnabled = false
        root.addSubview(label)
        var frames: [Double] = []
        application.onWillDrawFrame = { [unowned self] in
            let now = application.clock.now
            frames.append(now)
            frames.removeAll { now - $0 > 1 }
            label.frame = Rect(x: root.bounds.width - 124, y: 4, width: 120, height: 18)
            label.text = FrameStats.readout(frameCost: application.lastFrame.drawingTime, frameTimes: frames)
        }
    }

    /// The lower module's rows play what they name; its slider sets the volume.
    private func wireLowerModule() {
        let card = root.card
        card.lowerModule.onSelect = { [unowned self] index in
            session.select(index)
            session.play()
        }
        card.lowerModule.volume.addAction(for: .valueChanged) { [unowned self] c in session.volume = c.value }
    }

    /// The library, the mini player and the card's lower module follow the session.
    private func refreshAround() {
        library.refresh()
        guard let track = session.currentTrack else { return }
        let order = session.queue.order, cursor = session.queue.cursor
        let upcoming = order[min(order.count, cursor + 1)...].prefix(LowerModuleView.upNextCount)
            .map { (index: $0, track: session.tracks[$0]) }
        root.card.lowerModule.show(current: track, upcoming: Array(upcoming))
        root.card.lowerModule.volume.value = session.volume
    }

    /// Tracks read in the background join the queue, the carousel and the library (nil: the reading is done).
    private func append(_ batch: Library.Result?) {
        guard let batch else {
            session.expectsMoreTracks = false
            session.tracksRead()
            return
        }
        for p in batch.problems { report(p) }
        guard !batch.tracks.isEmpty else { return }
        session.append(batch.tracks)
        controller.tracksAppended()
        library.tracksAppended()
        refreshAround()
    }

    /// Files, folders and playlists named after start-up (a second instance, a drop, OpenUri) join the queue,
    /// read like the command line's (the first album, then the rest in the background), off the interface
    /// thread: the window turns while a large folder or a slow disk is read. With `playFirst` the first of them
    /// plays as soon as it is read.
    func open(_ paths: [String], playFirst: Bool) {
        let reader = BackgroundLibrary(paths, mainLoop: application.mainLoop, isEnough: { !$0.isEmpty },
                                       more: { [weak self] in self?.append($0) },
                                       load: options.libraryLoader ?? { Library.load($0, firstFiles: $1, onBatch: $2) })
        let request = OpenRequest(paths: paths, playFirst: playFirst, reader: reader)
        opening.append(request)
        reader.firstPart { [weak self] first in
            request.first = first
            self?.openInOrder()
        }
    }

    /// Queues what was named, oldest first, as far as it has been read.
    private func openInOrder() {
        while let request = opening.first, let first = request.first {
            opening.removeFirst()
            opened(first, of: request.paths, playFirst: request.playFirst)
            request.reader.readOn()
        }
    }

    /// The first part of what `open` read: its problems said, its tracks queued (the first playing with
    /// `playFirst`), or that nothing in `paths` plays.
    private func opened(_ first: Library.Result, of paths: [String], playFirst: Bool) {
        for p in first.problems { report(p) }
        guard !first.tracks.isEmpty else {
            report("Nothing playable in \(paths.joined(separator: ", ")).")
            return
        }
        let index = session.tracks.count
        var batch = Library.Result()
        batch.tracks = first.tracks
        append(batch)
        if playFirst {
            session.select(index)
            session.play()
        }
    }

    /// One plain line: in full on stderr, and briefly on screen without the library's technical detail.
    func report(_ message: String) {
        if writtenLines.insert(message).inserted { printError(message) }
        show(message)
    }

    /// A problem briefly on screen (already on stderr), in turn with others.
    private func show(_ message: String) {
        messages.problem(MessageBanner.onScreen(message))
    }

    /// Draws the first frame, writes the requested screenshot / dump, plays the script, and then runs
    /// interactively unless a screenshot, a dump, a headless script or `quit` ended it. Saves the session at the end.
    public func run() throws {
        defer {
            // An instance started while this one leaves the bus waits for the save below (SessionLock).
            sessionLock.markQuitting()
            options.mediaBus?.stop()
            saveSession()
            do { try statistics?.write() } catch { printError("\(error)") }
        }
        application.drawIfNeeded()
        controller.isFirstFrameShown = true
        if let path = options.dumpPath { try writeDump(to: path) }
        if let path = options.screenshotPath { try application.saveScreenshot(to: path) }
        if let script = options.script {
            guard try play(ScriptRunner(script: script)) else { return }
            if options.headless { return }
        } else if options.dumpPath != nil || options.screenshotPath != nil {
            return
        }
        application.run()
    }

    /// Saves the session now, at the end of the run (`q`, the window closed, SIGTERM, SIGINT).
    private func saveSession() {
        guard !session.tracks.isEmpty, let saver else { return }
        if let message = saver.saveNow(stateToSave) { printError(message) }
    }

    /// The session as saved: while muted, with the volume the user had set (muting silences this run only).
    private var stateToSave: PlaybackState {
        var state = session.state
        if let before = mutedVolume { state.volume = before }
        return state
    }

    /// The volume before the mute key, while it still silences (a volume set since ends the mute).
    private var mutedVolume: Double? { session.volume == 0 ? volumeBeforeMute : nil }

    /// Files named while the window runs, in the order they were named: each joins the queue when it and
    /// those named before it are read, so a small file dropped after a large folder comes after it.
    private var opening: [OpenRequest] = []

    /// Saves the session in the background (after a track change).
    private func saveSessionSoon() {
        guard !session.tracks.isEmpty, let saver else { return }
        let mainLoop = application.mainLoop
        // On stderr at once (the run may end before the loop turns again), on screen from the loop.
        saver.save(stateToSave) { message in
            printError(message)
            mainLoop.async { [weak self] in self?.show(message) }
        }
    }

    /// Writes the view tree as JSON (`--dump-views`).
    public func writeDump(to path: String) throws {
        let data = try ViewDump(application.window).jsonData()
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// SPEC I2: what a key does is looked up in `KeyCommand.table`.
    private func handle(_ key: KeyPress) {
        guard !options.kiosk || KioskMode.allows(key) else { return }
        guard let command = KeyCommand(key: key, on: cards.isPresented ? .card : .library) else { return }
        perform(command)
    }

    /// Does what a key (or another remote) asks.
    func perform(_ command: KeyCommand) {
        switch command {
        case .dismissCard: cards.dismiss()
        case .presentCard: cards.present(animated: true)
        case .togglePlay: session.togglePlay()
        case .play: session.play()
        case .pause: session.pause()
        case .stop:
            session.pause()
            session.seek(to: 0)
        case .previous: session.previous()
        case .next: session.next()
        case .seek(let seconds): session.seek(by: seconds)
        case .volume(let step):
            volumeBeforeMute = nil
            session.volume = (session.volume + step).clamped(to: 0...1)
            messages.status("Volume \(Int((session.volume * 100).rounded())) %")
        case .toggleMute:
            if let before = mutedVolume {
                volumeBeforeMute = nil
                session.volume = before
                messages.status("Volume \(Int((session.volume * 100).rounded())) %")
            } else {
                volumeBeforeMute = session.volume
                session.volume = 0
                messages.status("Muted")
            }
        case .toggleShuffle: session.toggleShuffle()
        case .cycleRepeat: session.cycleRepeat()
        case .flipLyrics: root.card.flipLyrics()
        case .toggleFullscreen:
            application.setFullscreen(!application.isFullscreen)
            publishMediaState()
        case .quit: application.quit()
        }
    }
}

/// One line on stderr, after the program's name.
func printError(_ message: String) {
    let line = Array("nowplaying: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

extension Double {
    func clamped(to r: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}

/// Files named while the window runs, waiting for their first part to be read (`NowPlayingApp.open`).
@MainActor
private final class OpenRequest {
    let paths: [String]
    let playFirst: Bool
    let reader: BackgroundLibrary
    var first: Library.Result?
    init(paths: [String], playFirst: Bool, reader: BackgroundLibrary) {
        self.paths = paths; self.playFirst = playFirst; self.reader = reader
    }
}
