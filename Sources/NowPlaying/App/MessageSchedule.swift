import ViewKit

/// What the message banner shows, and for how long. A line shows for `showTime`; problems that come meanwhile
/// wait and show in turn, each once the line before has shown for `minimumTime` (a tester: of a missing file and
/// a damaged one named together, only the second was ever seen). At most `maximumWaiting` wait: of those that
/// come beyond, a last line says how many there were (every problem is on stderr). A status (the volume) shows
/// at once in place of whatever shows, and the problems waiting follow it, the one it cut short first (one more
/// than `maximumWaiting` may then wait). A problem showing or waiting already is not queued again.
@MainActor
final class MessageSchedule {
    /// Seconds a line stays in the banner when nothing waits.
    static let showTime = 4.0
    /// Seconds a line stays at least, when others wait.
    static let minimumTime = 2.0
    /// Problems that wait for the banner at most.
    static let maximumWaiting = 3

    private let application: Application
    private let banner: (String?) -> Void
    private var timer: Int?
    private var showing: String?
    /// Whether the line showing is a status.
    private var showingStatus = false
    /// Whether the line showing has had its minimum time (the next one waiting may take its place at once).
    private var hasHadMinimum = false
    private var waiting: [String] = []
    /// Problems that came while `maximumWaiting` waited, not shown.
    private var dropped = 0

    /// `banner` shows a line (nil: fades the banner out); `application` times it.
    init(application: Application, banner: @escaping (String?) -> Void) {
        self.application = application
        self.banner = banner
    }

    /// A problem's line: now if the banner is free (or its line has had its minimum time), else after those before it.
    func problem(_ line: String) {
        guard showing != nil else { return show(line) }
        guard line != showing, !waiting.contains(line) else { return }
        if waiting.count < MessageSchedule.maximumWaiting { waiting.append(line) } else { dropped += 1 }
        if hasHadMinimum { next() }
    }

    /// A status line, now, in place of what shows; a problem it cuts short shows again after it.
    func status(_ line: String) {
        if let cut = showing, !showingStatus, !waiting.contains(cut) { waiting.insert(cut, at: 0) }
        show(line, isStatus: true)
    }

    private func show(_ line: String, isStatus: Bool = false) {
        showing = line
        showingStatus = isStatus
        hasHadMinimum = false
        banner(line)
        wait(MessageSchedule.minimumTime) { [weak self] in
            guard let self else { return }
            hasHadMinimum = true
            if waiting.isEmpty && dropped == 0 {
                wait(MessageSchedule.showTime - MessageSchedule.minimumTime) { [weak self] in self?.next() }
            } else {
                next()
            }
        }
    }

    private func wait(_ seconds: Double, then action: @escaping () -> Void) {
        if let timer { application.cancelTimer(timer) }
        timer = application.schedule(after: seconds) { [weak self] in
            self?.timer = nil
            action()
        }
    }

    /// The next line waiting, else the count of those not shown, else nothing.
    private func next() {
        if !waiting.isEmpty {
            show(waiting.removeFirst())
        } else if dropped > 0 {
            show("And \(dropped) more \(dropped == 1 ? "problem" : "problems").")
            dropped = 0
        } else {
            if let timer { application.cancelTimer(timer) }
            timer = nil
            showing = nil
            banner(nil)
        }
    }
}
