import ViewKit

/// Plays a script into an application, one step per frame: presses, moves (one event a frame),
/// releases, keys, waits, screenshots and dumps. Input is posted as SDL events, the same path as real input.
@MainActor
final class ScriptRunner {
    enum Step {
        case input(SyntheticInput)
        case idle
        case screenshot(String)
        case dump(String)
        case await(String)
        case settle
        case finish
        case quit
    }

    /// Frames per second the script's durations are measured in.
    static let frameRate = 60.0

    private(set) var steps: [Step] = []
    private var index = 0

    init(script: Script) {
        var pointer = Point.zero
        var fingerDown = false
        func frames(_ ms: Double) -> Int { max(1, Int((ms / 1000 * ScriptRunner.frameRate).rounded())) }
        func press(_ p: Point, _ finger: Bool) -> Step { pointer = p; fingerDown = finger; return .input(finger ? .fingerDown(p) : .mouseDown(p)) }
        func release(_ finger: Bool) -> Step { .input(finger ? .fingerUp(pointer) : .mouseUp(pointer)) }
        func moves(to p: Point, _ ms: Double, _ finger: Bool) -> [Step] {
            let from = pointer, n = frames(ms)
            pointer = p
            return (1...n).map { i in
                let f = Double(i) / Double(n)
                let q = Point(x: from.x + (p.x - from.x) * f, y: from.y + (p.y - from.y) * f)
                return .input(finger ? .fingerMove(q) : .mouseMove(q))
            }
        }
        for (_, command) in script.commands {
            switch command {
            case let .down(p, finger): steps.append(press(p, finger))
            case let .move(p, ms, finger): steps += moves(to: p, ms, finger)
            case let .up(finger): steps.append(release(finger || fingerDown))
            case let .tap(p, finger): steps += [press(p, finger), release(finger)]
            case let .drag(a, b, ms, finger): steps += [press(a, finger)] + moves(to: b, ms, finger) + [release(finger)]
            case let .wheel(d): steps.append(.input(.wheel(d, at: pointer)))
            case let .key(k): steps.append(.input(.key(k)))
            case let .wait(ms): steps += Array(repeating: .idle, count: frames(ms))
            case let .screenshot(path): steps.append(.screenshot(path))
            case let .dump(path): steps.append(.dump(path))
            case let .await(path): steps.append(.await(path))
            case .settle: steps.append(.settle)
            case .finish: steps.append(.finish)
            case .quit: steps.append(.quit)
            }
        }
    }

    /// The next step, or nil at the end.
    func next() -> Step? {
        guard index < steps.count else { return nil }
        defer { index += 1 }
        return steps[index]
    }
}
