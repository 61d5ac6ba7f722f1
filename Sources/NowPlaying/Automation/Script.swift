import ViewKit

/// An input script (`--script FILE`): one command a line, run in order, each starting when the previous ends.
/// Coordinates are window points, durations milliseconds. `#` starts a comment.
public struct Script: Equatable, Sendable {
    public enum Command: Equatable, Sendable {
        case down(Point, finger: Bool)
        case move(Point, milliseconds: Double, finger: Bool)
        case up(finger: Bool)
        case tap(Point, finger: Bool)
        case drag(from: Point, to: Point, milliseconds: Double, finger: Bool)
        case wheel(Point)
        case key(KeyPress)
        case wait(milliseconds: Double)
        case screenshot(String)
        case dump(String)
        /// Wait, drawing as usual, until the file exists: lets a tool outside the app (a test reading the
        /// screen, a kiosk's controller) take turns with the script.
        case await(String)
        /// Wait, drawing as usual, until nothing moves (animations, momentum, springs), at most 10 s.
        case settle
        /// Wait, drawing as usual, until the queue has played to its end (or nothing in it can be played).
        case finish
        case quit
    }

    /// A line that is not a command, with where it is.
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public let file: String
        public let line: Int
        public let reason: String
        public var description: String { "\(file):\(line): \(reason)" }
    }

    public let commands: [(line: Int, command: Command)]

    public static func == (a: Script, b: Script) -> Bool {
        a.commands.map(\.line) == b.commands.map(\.line) && a.commands.map(\.command) == b.commands.map(\.command)
    }

    /// Parses a whole script; the first bad line stops it with its line number.
    public init(parsing text: String, file: String = "script") throws {
        var commands: [(Int, Command)] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            func fail(_ reason: String) -> ParseError { ParseError(file: file, line: i + 1, reason: reason) }
            var finger = false
            if words[0] == "finger" {
                finger = true
                words.removeFirst()
                guard let w = words.first, ["down", "move", "up", "tap", "drag"].contains(w) else {
                    throw fail("'finger' must be followed by down, move, up, tap or drag")
                }
            }
            let name = words[0], args = Array(words.dropFirst())
            func numbers(_ n: Int) throws -> [Double] {
                let values = args.compactMap(Double.init)
                guard args.count == n, values.count == n else {
                    throw fail("'\(name)' takes \(n) number\(n == 1 ? "" : "s"), got '\(args.joined(separator: " "))'")
                }
                return values
            }
            func path() throws -> String {
                guard args.count == 1 else { throw fail("'\(name)' takes one file path") }
                return args[0]
            }
            let command: Command
            switch name {
            case "down": let v = try numbers(2); command = .down(Point(x: v[0], y: v[1]), finger: finger)
            case "move": let v = try numbers(3); command = .move(Point(x: v[0], y: v[1]), milliseconds: v[2], finger: finger)
            case "up": _ = try numbers(0); command = .up(finger: finger)
            case "tap": let v = try numbers(2); command = .tap(Point(x: v[0], y: v[1]), finger: finger)
            case "drag":
                let v = try numbers(5)
                command = .drag(from: Point(x: v[0], y: v[1]), to: Point(x: v[2], y: v[3]), milliseconds: v[4], finger: finger)
            case "wheel": let v = try numbers(2); command = .wheel(Point(x: v[0], y: v[1]))
            case "key":
                guard args.count == 1 else { throw fail("'key' takes one key name, such as space or shift+right") }
                command = .key(KeyPress(parsing: args[0]))
            case "wait": let v = try numbers(1); command = .wait(milliseconds: v[0])
            case "screenshot": command = .screenshot(try path())
            case "dump": command = .dump(try path())
            case "await": command = .await(try path())
            case "settle": _ = try numbers(0); command = .settle
            case "finish": _ = try numbers(0); command = .finish
            case "quit": _ = try numbers(0); command = .quit
            default: throw fail("unknown command '\(name)'")
            }
            commands.append((i + 1, command))
        }
        self.commands = commands
    }
}
