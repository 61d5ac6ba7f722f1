import Testing
import ViewKit
@testable import NowPlaying

struct ScriptTests {
    @Test func parsesEveryCommand() throws {
        let s = try Script(parsing: """
        # a comment
        down 10 20
        move 30 40 100   # trailing comment
        up
        tap 5 6
        drag 1 2 3 4 250
        finger drag 1 2 3 4 50
        wheel 0 -1
        key shift+right
        wait 500
        screenshot /tmp/a.png
        dump /tmp/a.json

        quit
        """)
        let commands = s.commands.map(\.command)
        #expect(commands == [
            .down(Point(x: 10, y: 20), finger: false),
            .move(Point(x: 30, y: 40), milliseconds: 100, finger: false),
            .up(finger: false),
            .tap(Point(x: 5, y: 6), finger: false),
            .drag(from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), milliseconds: 250, finger: false),
            .drag(from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), milliseconds: 50, finger: true),
            .wheel(Point(x: 0, y: -1)),
            .key(KeyPress(name: "right", shift: true)),
            .wait(milliseconds: 500),
            .screenshot("/tmp/a.png"),
            .dump("/tmp/a.json"),
            .quit,
        ])
        #expect(s.commands.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14])
    }

    @Test func unknownCommandStopsWithItsLineNumber() {
        do {
            _ = try Script(parsing: "down 1 2\n\njump 3 4\n", file: "x.txt")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "x.txt:3: unknown command 'jump'")
        }
    }

    @Test func badArgumentsAreReported() {
        #expect(throws: Script.ParseError.self) { try Script(parsing: "move 1 2") }
        #expect(throws: Script.ParseError.self) { try Script(parsing: "tap a b") }
        #expect(throws: Script.ParseError.self) { try Script(parsing: "finger wheel 1 1") }
    }

    @Test @MainActor func movesSendOneEventAFrame() throws {
        let runner = ScriptRunner(script: try Script(parsing: "down 0 0\nmove 100 0 100\nup"))
        // 100 ms at 60 Hz: 6 moves, evenly spaced, between the press and the release.
        #expect(runner.steps.count == 8)
        if case .input(.mouseMove(let p)) = runner.steps[1] { #expect(abs(p.x - 100.0 / 6) < 1e-9) } else { Issue.record("move") }
        if case .input(.mouseUp(let p)) = runner.steps[7] { #expect(p == Point(x: 100, y: 0)) } else { Issue.record("up") }
    }
}
