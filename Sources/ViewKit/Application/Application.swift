import CSDL2
import CX11ScreenSaver
import CX11Window
import Dispatch
import FoundationEssentials
import Glibc
import Locking

/// Owns the SDL window, its renderer, the root view and the clock, and runs the event loop:
/// events → ticks → layout → render (only when something changed) → wait (blocking when idle).
@MainActor
public final class Application {
    /// What the application opens: the window's title and size, headless or on screen, the fonts.
    public struct Configuration {
        public var title: String
        /// The window's size in points.
        public var size: Size
        public var minimumSize: Size
        /// No real display: SDL's dummy video driver and the software renderer; nothing needs a screen.
        public var headless: Bool
        /// Forces a pixel scale (e.g. 2 to render a hi-DPI frame headless); nil derives it from the output size.
        public var pixelScale: Double?
        public var fonts: FontLibrary
        public var fullscreen: Bool
        /// How much larger than 1 pt per window unit to draw for a window of the given size (in
        /// SDL's window units) on a display of the given DPI (nil where SDL reports none). Points are window units
        /// divided by it, so a big window or kiosk shows the interface larger instead of more empty room.
        /// Asked again on every resize; ignored when `pixelScale` is forced.
        public var contentScale: ((_ windowSize: Size, _ displayDPI: Double?) -> Double)?
        /// The window's class (X11 WM_CLASS), which desktops match to the app's .desktop entry; nil: SDL's default.
        public var windowClass: String?
        /// A picture file for the window's icon.
        public var iconPath: String?
        /// What the desktop is told keeps its screen saver off while `inhibitsScreenSaver` holds (nil: SDL's
        /// "Playing a game").
        public var screenSaverReason: String?

        public init(title: String, size: Size, minimumSize: Size = Size(width: 280, height: 440),
                    headless: Bool = false, pixelScale: Double? = nil, fonts: FontLibrary, fullscreen: Bool = false,
                    contentScale: ((_ windowSize: Size, _ displayDPI: Double?) -> Double)? = nil,
                    windowClass: String? = nil, iconPath: String? = nil, screenSaverReason: String? = nil) {
            self.title = title; self.size = size; self.minimumSize = minimumSize
            self.headless = headless; self.pixelScale = pixelScale; self.fonts = fonts; self.fullscreen = fullscreen
            self.contentScale = contentScale
            self.windowClass = windowClass; self.iconPath = iconPath; self.screenSaverReason = screenSaverReason
        }
    }

    public let window: Window
    /// Points scrolled per wheel notch.
    public static let wheelStep = 40.0
    public let renderer: Renderer
    public let clock: Clock
    public let configuration: Configuration
    /// Called for every key press the views did not consume.
    public var onKey: ((KeyPress) -> Void)?
    /// Called when files are dropped on the window (one call per drop, however many files), with their paths
    /// and where the pointer was in the window, in points (nil when the system does not say).
    public var onDropFiles: ((_ paths: [String], _ point: Point?) -> Void)?
    /// The paths of the drop in progress (between SDL_DROPBEGIN and SDL_DROPCOMPLETE).
    private var droppedPaths: [String]?
    /// Called with the type of every application-registered SDL event (SDL_RegisterEvents), on the main loop.
    public var onUserEvent: ((UInt32) -> Void)?
    public private(set) var isRunning = false
    /// Whether something asked the app to quit (`quit()`, the window closed, SIGTERM): loops that drive the
    /// app themselves (scripts) stop on it too.
    public private(set) var quitRequested = false
    /// Hands work to this loop from other threads.
    public let mainLoop: MainLoopQueue

    let sdlWindow: OpaquePointer
    private let sdlRenderer: OpaquePointer
    /// Where the window goes when it does not fill the screen: the size asked for (fitted to the screen, and to the
    /// room a window manager's frame leaves when it says its frame), centred; the window's own rectangle, its frame's
    /// not included.
    let windowedPlace: SDL_Rect
    /// How far the window manager's frame reaches around the window at `windowedPlace`, when it said so.
    let windowedFrame: FrameOffset
    /// Where the window was, or would be, before it was made as large as the screen by hand: by `setFullscreen`
    /// without a window manager, or at a fullscreen start.
    var placeBeforeFullscreen: SDL_Rect?
    /// Made fullscreen at its start, as large as the screen, and not left since.
    lazy var fillsScreenFromStart = configuration.fullscreen && !configuration.headless
    /// Points per SDL window unit's inverse: window coordinates are divided by it (the forced pixel scale, or
    /// the content scale of the window's current size).
    private(set) var inputScale = 1.0
    private var timers: [(id: Int, deadline: Double, action: () -> Void)] = []
    private var nextTimerID = 0

    /// Opens the window and its renderer. `meanwhile` runs once the process is set up for SDL (its environment,
    /// which must not change while other threads run) and before SDL opens the display: work begun there on
    /// other threads (reading files, say) overlaps the window's making; it may hand results to the main loop
    /// and ask the window's expected geometry (`Opening`).
    public init(configuration: Configuration, clock: Clock? = nil, whileOpening meanwhile: (Opening) -> Void = { _ in }) throws {
        self.configuration = configuration
        let mainLoop = MainLoopQueue()
        self.mainLoop = mainLoop
        let asked = Application.windowSize(configuration)
        let likely = configuration.fullscreen ? nil
            : Application.geometry(windowSize: asked, outputSize: (Int(asked.w), Int(asked.h)), dpi: nil, configuration: configuration)
        let opening = Opening(mainLoop: mainLoop, likelyGeometry: likely.map { Geometry(points: $0.points, pixelScale: $0.pixelScale) })
        // Whatever happens below, nobody waits for ever for the geometry.
        defer { opening.settle(nil) }
        if configuration.headless {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            setenv("SDL_RENDER_DRIVER", "software", 1)
        }
        // SDL's X11 backend converts window titles through the C library's character set: make it UTF-8
        // (the user's, else C.UTF-8) or titles with "—" or accents reach the window manager garbled.
        if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        // SDL backs a software renderer's window with an OpenGL texture unless told not to: that loads Mesa
        // (llvmpipe: ~60 MB and a GPU upload per frame on machines without a GPU). X11's shared-memory image is cheaper.
        if SDL_GetHint(SDL_HINT_RENDER_DRIVER).map({ String(cString: $0) }) == "software" {
            SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT)
        }
        // The app's name where the system shows one (sound server, screen-saver inhibitor); the screen saver is
        // the desktop's to run unless the app asks otherwise (`inhibitsScreenSaver`).
        SDL_SetHint(SDL_HINT_APP_NAME, configuration.title)
        if let reason = configuration.screenSaverReason { SDL_SetHint(SDL_HINT_SCREENSAVER_INHIBIT_ACTIVITY_NAME, reason) }
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        if let windowClass = configuration.windowClass { setenv("SDL_VIDEO_X11_WMCLASS", windowClass, 0) }
        // ViewKit has no text entry: keys reach it as keys. SDL's X11 backend still opens an input method, for
        // which libX11 parses the locale's compose table (thousands of sequences) at every start, a sixth of the
        // time to the first frame; an empty one leaves every key as it is. A compose file the user chose is kept.
        setenv("XCOMPOSEFILE", "/dev/null", 0)
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // The fonts are opened on a worker while SDL opens the display and the window: begun once the environment and
        // the locale are set (FreeType and HarfBuzz read the environment; setenv under a reader is a crash).
        let openedFaces = OpenedFaces(library: configuration.fonts)
        // So is the window's icon: decoding its PNG was a millisecond of the interface thread's start.
        let icon = configuration.iconPath.map { path in Pending { Application.windowIcon(path).map(SealedSurface.init(sealing:)) } }
        meanwhile(opening)
        // What the display libraries SDL tries print on the way is said only if a display was found after all.
        let probing = configuration.headless ? nil : StandardErrorCapture()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            probing?.finish(replaying: true)
            throw SDLError("Starting SDL video")
        }
        // Without a display SDL picks its off-screen driver: a window nobody sees. Unless asked for by name
        // (SDL_VIDEODRIVER), that is no display.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        let noDisplay = !configuration.headless && getenv("SDL_VIDEODRIVER") == nil && (driver == "offscreen" || driver == "dummy")
        probing?.finish(replaying: !noDisplay)
        if noDisplay {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw NoDisplayError()
        }
        for type in [SDL_DROPBEGIN, SDL_DROPFILE, SDL_DROPCOMPLETE] { SDL_EventState(type.rawValue, SDL_ENABLE) }
        let forced = configuration.pixelScale ?? 1
        var minimum = (Int32(configuration.minimumSize.width * forced), Int32(configuration.minimumSize.height * forced))
        var display = SDL_Rect()
        if !configuration.headless, SDL_GetDisplayBounds(0, &display) == 0, display.w > 0, display.h > 0 {
            // A minimum larger than the screen (a 480 × 320 kiosk screen) made the window larger than it, its bottom
            // off the screen: no smaller than the screen is the most asked then.
            minimum = (min(minimum.0, display.w), min(minimum.1, display.h))
        }
        // Shown with its first frame (`present`): the desktop never sees an iconless, replaced or empty window.
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_HIDDEN.rawValue
        // Off screen, SDL's driver gives a fullscreen window its size when it is made.
        if configuration.fullscreen && configuration.headless { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let centered = Int32(SDL_WINDOWPOS_CENTERED_MASK)
        var windowed = SDL_Rect(x: centered, y: centered, w: asked.w, h: asked.h)
        var usable = SDL_Rect()
        if !configuration.headless, SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            // A window asked larger than the screen would be centred off it (without a window manager, its top
            // above the screen): it keeps the shape asked for, as large as the screen's usable part holds.
            windowed = Application.fitted(width: windowed.w, height: windowed.h, within: usable, minimum: minimum) ?? windowed
        }
        // Fullscreen is a request to a window manager, and a kiosk often has none (an X server started with the
        // player alone): the window is made as large as the screen, where it is, so it fills it either way.
        var place = windowed
        var screen = SDL_Rect()
        if configuration.fullscreen, !configuration.headless, SDL_GetDisplayBounds(0, &screen) == 0, screen.w > 0, screen.h > 0 {
            place = screen
        }
        var placeDPI: Float = 0
        let dpi = SDL_GetDisplayDPI(0, &placeDPI, nil, nil) == 0 && placeDPI > 0 ? Double(placeDPI) : nil
        func settle(_ size: (w: Int32, h: Int32)) {
            let expected = Application.geometry(windowSize: size, outputSize: (Int(size.w), Int(size.h)), dpi: dpi, configuration: configuration)
            opening.settle(Geometry(points: expected.points, pixelScale: expected.pixelScale))
        }
        // A window that may be fitted again for its window manager's frame (made first, to ask for it) settles its
        // geometry once placed: work begun for the size first expected would be thrown away.
        let framing = !configuration.headless && driver == "x11" && usable.w > 0 && Application.mayNeedFraming(asked: asked, usable: usable)
        let framed = framing && !configuration.fullscreen
        if !framed { settle((place.w, place.h)) }
        // A window made without OpenGL is destroyed and made again when the OpenGL renderer (SDL's default)
        // is created for it: the desktop would see a window flash and hold a dead window id. Made with OpenGL
        // from the start when that renderer is coming; without, when OpenGL is not there (no GLX visual).
        let openGL = !configuration.headless && Application.rendererWillUseOpenGL
        func makeWindow(openGL: Bool) -> OpaquePointer? {
            SDL_CreateWindow(configuration.title, place.x, place.y, place.w, place.h, flags | (openGL ? SDL_WINDOW_OPENGL.rawValue : 0))
        }
        guard var w = (openGL ? makeWindow(openGL: true) : nil) ?? makeWindow(openGL: false) else {
            throw SDLError("Opening a window")
        }
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        var created = SDL_CreateRenderer(w, -1, configuration.headless ? SDL_RENDERER_SOFTWARE.rawValue : accelerated)
        if created == nil {
            // No accelerated renderer: SDL's software one, on a plain window rather than the OpenGL one made for
            // the renderer that failed (whose framebuffer would try OpenGL again).
            if SDL_GetWindowFlags(w) & SDL_WINDOW_OPENGL.rawValue != 0 {
                SDL_DestroyWindow(w)
                guard let plain = makeWindow(openGL: false) else { throw SDLError("Opening a window") }
                w = plain
            }
            created = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let r = created else {
            SDL_DestroyWindow(w)
            throw SDLError("Creating a renderer")
        }
        sdlWindow = w
        // Started fullscreen, it is only told where it goes when it leaves (asked before it is marked fullscreen,
        // whose frame is none).
        let placed = framing ? Application.placedForDecorations(w, asked: asked, usable: usable, minimum: minimum,
                                                                moving: !configuration.fullscreen) : nil
        windowedPlace = placed?.place ?? windowed
        windowedFrame = placed?.frame ?? FrameOffset()
        if framed { settle((windowedPlace.w, windowedPlace.h)) }
        if configuration.fullscreen && !configuration.headless {
            // SDL asks a window manager for fullscreen once the window is shown, and waits for the answer: the
            // window stood on the screen decorated and black for a tenth of a second, and without a window manager
            // (a kiosk's X server) nobody answers at all. The window made as large as the screen is marked
            // fullscreen before it is shown instead, which a window manager honours as it maps it (and one started
            // later finds), and is left as `setFullscreen` leaves what it made so by hand. Elsewhere than on X11
            // (Wayland, KMSDRM) SDL's own request is the way.
            if driver == "x11" {
                placeBeforeFullscreen = windowedPlace
                np_x11_set_fullscreen_state(UnsafeMutableRawPointer(w), 1)
            } else {
                SDL_SetWindowFullscreen(w, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            }
        }
        if let icon = icon?.wait() { SDL_SetWindowIcon(w, icon.surface.pointer) }
        SDL_SetWindowMinimumSize(w, minimum.0, minimum.1)
        sdlRenderer = r
        renderer = Renderer(handle: r, pixelScale: forced, fonts: configuration.fonts, openedFaces: openedFaces)
        if renderer.isSoftware, let surface = SDL_GetWindowSurface(w) { Application.prefault(surface.pointee) }
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(w, &mode) == 0, mode.refresh_rate >= 30 { frameInterval = 1 / Double(mode.refresh_rate) }
        self.clock = clock ?? SystemClock()
        window = Window(clock: self.clock)
        updateGeometry()
    }

    /// The window's size in points.
    public var pointSize: Size { window.bounds.size }

    public var title: String {
        get { String(cString: SDL_GetWindowTitle(sdlWindow)) }
        set { SDL_SetWindowTitle(sdlWindow, newValue) }
    }

    /// Whether the mouse cursor shows over the window (off for a touchscreen kiosk).
    public var isCursorVisible: Bool {
        get { SDL_ShowCursor(SDL_QUERY) == SDL_ENABLE }
        set { SDL_ShowCursor(newValue ? SDL_ENABLE : SDL_DISABLE) }
    }

    /// Shows the window and asks the window manager to bring it to the front (another program asked for it).
    /// Before its first frame the window is not shown yet, and comes up in front with it: nothing is done.
    public func raise() {
        guard isShown else { return }
        SDL_ShowWindow(sdlWindow)
        SDL_RaiseWindow(sdlWindow)
    }

    /// Keeps the screen saver (and screen blanking) off while true, as a video player does while it plays.
    public var inhibitsScreenSaver: Bool {
        get { SDL_IsScreenSaverEnabled() == SDL_FALSE }
        set {
            if newValue {
                SDL_DisableScreenSaver()
            } else if inhibitsScreenSaver {
                SDL_EnableScreenSaver()
                // Without a desktop screen saver on D-Bus, SDL suspended the X server's own and never resumes it.
                np_x11_resume_screen_saver(UnsafeMutableRawPointer(sdlWindow))
            }
        }
    }

    /// Re-reads the window and output sizes: the root view takes the size in points, the renderer the pixel scale.
    private func updateGeometry() {
        var ww: Int32 = 0, wh: Int32 = 0
        SDL_GetWindowSize(sdlWindow, &ww, &wh)
        let g = Application.geometry(windowSize: (ww, wh), outputSize: renderer.outputSize, dpi: displayDPI,
                                     configuration: configuration)
        inputScale = g.inputScale
        renderer.pixelScale = g.pixelScale
        window.textMeasurer = (renderer.text, g.pixelScale)
        window.frame = Rect(origin: .zero, size: g.points)
        window.setNeedsDisplay()
    }

    /// Has a worker fault in the pixels of the window's surface, which the software renderer draws into (on X11 a
    /// shared-memory image): the first frame wrote every 4 KB page of them for the first time, each a page fault on
    /// the interface thread (375 at 480 × 800). Should the surface be replaced first (the window fitted to its
    /// frame, or resized as it is shown), the pages faulted are another mapping's or none: MADV_POPULATE_WRITE never
    /// changes what memory holds, so nothing but the work is lost.
    private static func prefault(_ surface: SDL_Surface) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = Int(bitPattern: surface.pixels) & ~(page - 1)
        let end = (Int(bitPattern: surface.pixels) + Int(surface.pitch) * Int(surface.h) + page - 1) & ~(page - 1)
        guard surface.pixels != nil, end > start else { return }
        // Faults the pages in as writes would, without writing (Linux 5.14; older kernels refuse it).
        let populateWrite: Int32 = 23  // MADV_POPULATE_WRITE in <sys/mman.h>, which Swift's Glibc module lacks
        DispatchQueue.global(qos: .userInitiated).async {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, populateWrite)
        }
    }

    /// The window's icon, a PNG, JPEG or WebP file decoded by ViewKit's own decoders (SDL_image is not loaded
    /// for it); nil when it cannot be read.
    private nonisolated static func windowIcon(_ path: String) -> Surface? {
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init),
              let header = PictureDecoder.header(of: bytes), header.refusal == nil else { return nil }
        if case .other = header.format { return nil }
        return try? PictureDecoder.decode(bytes, width: header.width, height: header.height)
    }

    /// The window's size in SDL's units as configured (its points times a forced pixel scale), before any fitting.
    private static func windowSize(_ configuration: Configuration) -> (w: Int32, h: Int32) {
        let forced = configuration.pixelScale ?? 1
        return (Int32((configuration.size.width * forced).rounded()), Int32((configuration.size.height * forced).rounded()))
    }

    /// The size in points, pixel scale and input scale of a window of `windowSize` SDL units whose output has
    /// `outputSize` pixels, on a display of `dpi`.
    private static func geometry(windowSize: (w: Int32, h: Int32), outputSize: (width: Int, height: Int), dpi: Double?,
                                 configuration: Configuration) -> (points: Size, pixelScale: Double, inputScale: Double) {
        let (ww, wh) = (Double(windowSize.w), Double(windowSize.h))
        if let forced = configuration.pixelScale {
            return (Size(width: Double(outputSize.width) / forced, height: Double(outputSize.height) / forced), forced, forced)
        }
        let content = max(0.5, configuration.contentScale?(Size(width: ww, height: wh), dpi) ?? 1)
        let scale = (ww > 0 ? max(1, Double(outputSize.width) / ww) : 1) * content
        return (Size(width: ww / content, height: wh / content), scale, content)
    }

    /// Window coordinates (SDL's) to points.
    private func points(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x) / inputScale, y: Double(y) / inputScale)
    }

    /// The diagonal DPI SDL reports for the window's display, or nil (the dummy driver and many X servers report none).
    private var displayDPI: Double? {
        var d: Float = 0
        let display = SDL_GetWindowDisplayIndex(sdlWindow)
        guard display >= 0, SDL_GetDisplayDPI(display, &d, nil, nil) == 0, d > 0 else { return nil }
        return Double(d)
    }

    // MARK: Timers

    /// Runs `action` once the clock passes `delay` seconds from now; the loop wakes for it even when idle.
    /// Returns a token for `cancelTimer`.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> Int {
        nextTimerID += 1
        timers.append((nextTimerID, clock.now + delay, action))
        return nextTimerID
    }

    public func cancelTimer(_ id: Int) { timers.removeAll { $0.id == id } }

    private func fireTimers() {
        let now = clock.now
        let due = timers.filter { $0.deadline <= now }
        timers.removeAll { $0.deadline <= now }
        for t in due { t.action() }
    }

    // MARK: The loop

    /// Runs until `quit()` or the window closes.
    public func run() {
        isRunning = !quitRequested
        while isRunning { turn(blocking: true) }
    }

    public func quit() {
        isRunning = false
        quitRequested = true
    }

    /// The shortest time between two frames: the display's refresh interval (60 Hz when it does not say).
    /// Animations and drags draw at most this often, however fast events arrive.
    public private(set) var frameInterval = 1.0 / 60
    /// When the interactive loop may draw its next frame.
    private var nextFrameTime = -Double.infinity

    /// One turn of the loop: events, ticks, layout, and a frame if anything changed.
    /// When `blocking`, waits for the next event, timer or frame time, and draws at most once per
    /// `frameInterval`; otherwise (scripts, tests) handles what is queued and draws at once.
    public func turn(blocking: Bool) {
        var event = SDL_Event()
        var timeoutMs: Int32 = 0
        // Work whose wake-up SDL refused runs now rather than after a sleep nothing would end.
        if mainLoop.hasUnannouncedWork { mainLoop.drain() }
        if blocking {
            if window.animator.isActive || window.needsDisplay || window.needsLayoutPass || needsPresent {
                timeoutMs = milliseconds(until: nextFrameTime)
            } else if !idleWork.isEmpty {
                timeoutMs = 0
            } else if let next = timers.map(\.deadline).min() {
                timeoutMs = min(60_000, milliseconds(until: next))
            } else {
                timeoutMs = -1
            }
        }
        let got = timeoutMs < 0 ? SDL_WaitEvent(&event) : (timeoutMs > 0 ? SDL_WaitEventTimeout(&event, timeoutMs) : SDL_PollEvent(&event))
        turnStart = (CPUTime.thread(), CPUTime.threadPageFaults())
        if got != 0 {
            handle(event)
            while SDL_PollEvent(&event) != 0 { handle(event) }
        }
        fireTimers()
        let frameStart = clock.now
        guard !blocking || frameStart >= nextFrameTime else { return }
        window.animator.tick()
        if drawIfNeeded() {
            if blocking { nextFrameTime = frameStart + frameInterval }
        } else if needsPresent {
            needsPresent = false
            present()
        } else if !window.animator.isActive && !idleWork.isEmpty {
            idleWork.removeFirst()()
        }
    }

    /// Set when the window must show its last frame again without anything having changed (an expose).
    private var needsPresent = false

    /// Whether the window is on the screen: it is shown with its first frame, not when made, so the desktop
    /// never shows it empty (black, or what was under it) while that frame is prepared.
    private(set) var isShown = false

    /// Shows the frame drawn last, and the window with its first.
    private func present() {
        if !isShown {
            renderer.finishDrawing()
            SDL_ShowWindow(sdlWindow)
            isShown = true
        }
        // A frame the window did not take (it changed size meanwhile) is drawn again, whole.
        if !renderer.present() { window.setNeedsDisplay() }
    }

    private var idleWork: [() -> Void] = []

    /// Runs `work` on a later turn of the loop that draws no frame and has nothing moving (one piece of work
    /// a turn): for preparing things ahead of need without delaying a frame.
    public func performWhenIdle(_ work: @escaping () -> Void) {
        idleWork.append(work)
    }

    private func milliseconds(until time: Double) -> Int32 {
        Int32(max(0, min(60_000, ((time - clock.now) * 1000).rounded(.up))))
    }

    /// The main thread's CPU time and page faults when the current turn started working (after its wait).
    private var turnStart: (cpu: Double, pageFaults: Int)?

    /// Sleeps until the clock reaches `time` (paces loops that must not spin, such as a scripted run).
    public func wait(until time: Double) {
        let ms = (time - clock.now) * 1000
        if ms >= 1 { SDL_Delay(UInt32(ms)) }
    }

    /// Lays out and draws a frame if the tree changed; returns whether one was drawn.
    @discardableResult
    public func drawIfNeeded() -> Bool {
        let layoutStart = CPUTime.thread()
        window.layoutTreeIfNeeded()
        guard window.needsDisplay else { turnStart = nil; return false }
        let start = turnStart ?? (layoutStart, CPUTime.threadPageFaults())
        turnStart = nil
        var cost = FrameCost()
        cost.events = layoutStart - start.cpu
        // Changes made here join this frame instead of asking for another (an FPS readout, say).
        onWillDrawFrame?()
        window.layoutTreeIfNeeded()
        let renderStart = CPUTime.thread()
        cost.layout = renderStart - layoutStart
        let started = SDL_GetPerformanceCounter(), drawsBefore = renderer.drawCalls
        renderer.render(window, background: window.clearColor, changed: window.takeDirtyViews())
        cost.draws = renderer.drawCalls - drawsBefore
        let presentStart = CPUTime.thread()
        cost.render = presentStart - renderStart
        present()
        needsPresent = false
        cost.present = CPUTime.thread() - presentStart
        cost.drawingTime = Double(SDL_GetPerformanceCounter() - started) / Double(SDL_GetPerformanceFrequency())
        cost.pageFaults = CPUTime.threadPageFaults() - start.pageFaults
        lastFrame = cost
        onDidDrawFrame?()
        return true
    }

    /// Called when a frame is about to be drawn (only then); what it changes is drawn in that frame.
    public var onWillDrawFrame: (() -> Void)?
    /// Called after each frame is presented (`lastFrame` describes it).
    public var onDidDrawFrame: (() -> Void)?
    /// What the last frame cost the main thread: its events, timers, animations, layout, drawing and presenting.
    public private(set) var lastFrame = FrameCost()

    /// Handles one SDL event: window changes, input as touches and keys, quit.
    public func handle(_ event: SDL_Event) {
        let now = eventTime(event)
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            quit()
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_DISPLAY_CHANGED: updateGeometry()
            case SDL_WINDOWEVENT_FOCUS_LOST: window.cancelAllTouches()
            // The window's pixels were lost or hidden (another window over it, minimised): the last frame is
            // kept (in the window surface, or the frame target on GPU renderers) and shown again, not redrawn.
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED:
                needsPresent = true
                renderer.windowPixelsLost()
            default: break
            }
        case SDL_DISPLAYEVENT:
            updateGeometry()
        case SDL_RENDER_TARGETS_RESET:
            // Render targets lost their pixels (textures loaded from pictures kept theirs): draw everything anew.
            renderer.targetsWereReset()
            window.setNeedsDisplay()
        case SDL_RENDER_DEVICE_RESET:
            renderer.releaseTextures()
            window.setNeedsDisplay()
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != UInt32.max:
            window.touchDown(id: 0, at: points(event.button.x, event.button.y), time: now, isFinger: false)
        case SDL_MOUSEMOTION where event.motion.which != UInt32.max:
            window.touchMoved(id: 0, to: points(event.motion.x, event.motion.y), time: now)
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != UInt32.max:
            window.touchUp(id: 0, at: points(event.button.x, event.button.y), time: now)
        case SDL_FINGERDOWN:
            window.touchDown(id: fingerID(event.tfinger), at: fingerPoint(event.tfinger), time: now, isFinger: true)
        case SDL_FINGERMOTION:
            window.touchMoved(id: fingerID(event.tfinger), to: fingerPoint(event.tfinger), time: now)
        case SDL_FINGERUP:
            window.touchUp(id: fingerID(event.tfinger), at: fingerPoint(event.tfinger), time: now)
        case SDL_MOUSEWHEEL where event.wheel.which != UInt32.max:
            let flip: Double = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let delta = Point(x: -Double(event.wheel.preciseX) * Application.wheelStep * flip,
                              y: Double(event.wheel.preciseY) * Application.wheelStep * flip)
            window.scrollWheel(at: points(event.wheel.mouseX, event.wheel.mouseY), delta: delta)
        case SDL_KEYDOWN:
            onKey?(KeyPress(sdl: event.key.keysym))
        case SDL_DROPBEGIN:
            droppedPaths = []
        case SDL_DROPFILE, SDL_DROPTEXT:
            guard let file = event.drop.file else { return }
            defer { SDL_free(file) }
            guard SDL_EventType(event.type) == SDL_DROPFILE else { return }
            // Without SDL_DROPBEGIN (older SDL) each file is a drop of its own.
            if droppedPaths == nil { onDropFiles?([String(cString: file)], pointerInWindow()) } else { droppedPaths?.append(String(cString: file)) }
        case SDL_DROPCOMPLETE:
            if let paths = droppedPaths, !paths.isEmpty { onDropFiles?(paths, pointerInWindow()) }
            droppedPaths = nil
        default:
            if event.type == mainLoop.eventType { mainLoop.drain(); return }
            if event.type >= SDL_USEREVENT.rawValue && event.type < SDL_LASTEVENT.rawValue { onUserEvent?(event.type) }
        }
    }

    /// When the event happened on the clock: events queued during a slow frame keep their own times, so a
    /// drag's velocity is not computed from when the loop got round to them. A manual clock (scripts, tests)
    /// is the only time there is.
    private func eventTime(_ event: SDL_Event) -> Double {
        let now = clock.now
        guard !(clock is ManualClock) else { return now }
        let age = Double(SDL_GetTicks() &- event.common.timestamp) / 1000
        return age > 0 && age < 10 ? now - age : now
    }

    /// Where the pointer is in the window, in points: asked of the system, since no motion events arrive
    /// while another program drags over the window. Nil when it is outside.
    private func pointerInWindow() -> Point? {
        var gx: Int32 = 0, gy: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        SDL_GetGlobalMouseState(&gx, &gy)
        SDL_GetWindowPosition(sdlWindow, &wx, &wy)
        let p = points(gx - wx, gy - wy)
        return window.bounds.contains(p) ? p : nil
    }

    private func fingerID(_ f: SDL_TouchFingerEvent) -> Int { 1 + Int(truncatingIfNeeded: f.fingerId & 0xFFFF_FFFF) }

    private func fingerPoint(_ f: SDL_TouchFingerEvent) -> Point {
        Point(x: Double(f.x) * pointSize.width, y: Double(f.y) * pointSize.height)
    }

    // MARK: Output

    /// Draws the current state now and returns its pixels (then presents it).
    public func captureFrame() throws -> Surface {
        window.layoutTreeIfNeeded()
        _ = window.takeDirtyViews()
        renderer.render(window, background: window.clearColor)
        guard let surface = renderer.readPixels() else { throw SDLError("Reading the frame's pixels") }
        present()
        return surface
    }

    /// Writes the window as it is now as a PNG.
    public func saveScreenshot(to path: String) throws {
        try ImageLibrary.savePNG(try captureFrame(), to: path)
    }

    isolated deinit {
        renderer.releaseTextures()
        renderer.destroyTexturesHeldOutside()
        SDL_DestroyRenderer(sdlRenderer)
        SDL_DestroyWindow(sdlWindow)
    }
}
