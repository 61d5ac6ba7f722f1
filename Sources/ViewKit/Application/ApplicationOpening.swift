import Dispatch
import Locking

extension Application {
    /// A window's size in points and the pixels drawn per point.
    public struct Geometry: Hashable, Sendable {
        public var points: Size
        public var pixelScale: Double

        public init(points: Size, pixelScale: Double) {
            self.points = points
            self.pixelScale = pixelScale
        }
    }

    /// What an application being opened tells the work begun while it opens (`init(configuration:clock:whileOpening:)`):
    /// the main loop to hand results to, and, once SDL has the display, the geometry the window is expected to
    /// have — so work that depends on it (a picture decoded at the size it is drawn at) need not wait for the
    /// window itself.
    public final class Opening: Sendable {
        /// Runs work on the application's main loop once it runs.
        public let mainLoop: MainLoopQueue
        /// The geometry a window of the configured size has on a display that holds it at the reference DPI
        /// (no hi-DPI scale of its own), known before SDL opens the display: work that would rather begin at
        /// once than wait for `expectedGeometry()` guesses with it, and checks the guess against that. Nil for a
        /// fullscreen window (the display's size decides).
        public let likelyGeometry: Geometry?
        private let expected = Locked<(settled: Bool, geometry: Geometry?)>((false, nil))
        private let settling = DispatchGroup()

        init(mainLoop: MainLoopQueue, likelyGeometry: Geometry?) {
            self.mainLoop = mainLoop
            self.likelyGeometry = likelyGeometry
            settling.enter()
        }

        /// The geometry the window is expected to open with: the configured size (the display's, fullscreen) at
        /// the display's scale, as the application will lay it out — unless a window manager gives the window
        /// another size or the output has more pixels than window units (hi-DPI), which show only once it is
        /// open. Nil when SDL could not open the display. Waits until SDL has the display: ask from a thread begun
        /// in `meanwhile`, not from `meanwhile` itself (the application goes on only once it returns).
        public func expectedGeometry() -> Geometry? {
            settling.wait()
            return expected.withLock { $0.geometry }
        }

        /// Gives the expected geometry to whoever waits for it; only the first call counts.
        func settle(_ geometry: Geometry?) {
            let first = expected.withLock { e in
                defer { e = (true, e.settled ? e.geometry : geometry) }
                return !e.settled
            }
            if first { settling.leave() }
        }
    }
}
