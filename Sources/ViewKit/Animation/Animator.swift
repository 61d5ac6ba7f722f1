/// Runs a window's animations and display links on its clock: every frame, each running property
/// animation moves to the clock's time, display links fire, and each animated view is marked for redraw.
@MainActor
public final class Animator {
    public var clock: Clock
    private var animating: [ObjectIdentifier: View] = [:]
    private var links: [DisplayLink] = []

    init(clock: Clock) {
        self.clock = clock
    }

    /// Whether anything moves: animations running or display links active. While true the loop keeps drawing.
    public var isActive: Bool { !animating.isEmpty || links.contains { $0.isValid && !$0.isPaused } }

    /// Calls `callback` every frame until the returned link is invalidated.
    public func addDisplayLink(_ callback: @escaping (Double) -> Void) -> DisplayLink {
        let link = DisplayLink(callback)
        links.append(link)
        return link
    }

    func register(_ view: View) { animating[ObjectIdentifier(view)] = view }

    /// Advances everything to the clock's current time.
    public func tick() {
        let now = clock.now
        links.removeAll { !$0.isValid }
        for link in links where !link.isPaused && link.isValid { link.callback(now) }
        guard !animating.isEmpty else { return }
        var finished: [PropertyAnimation] = []
        for (id, view) in animating {
            finished += view.advanceAnimations(to: now)
            view.setNeedsDisplay()
            if !view.hasAnimations { animating[id] = nil }
        }
        for a in finished { a.group.end(finished: true) }
    }
}
