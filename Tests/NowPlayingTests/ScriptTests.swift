import Foundation
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
        await /tmp/go
        settle
        finish

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
            .await("/tmp/go"),
            .settle,
            .finish,
            .quit,
        ])
        #expect(s.commands.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17])
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

    /// `settle` waits until the fling, its snap and the track change are over: what it dumps stays so.
    @Test @MainActor func settleWaitsUntilNothingMoves() throws {
        let dumps = try runScript("""
        drag 300 250 150 250 80
        settle
        dump
        wait 3000
        dump
        """, size: Size(width: 375, height: 667))
        #expect(dumps.count == 2)
        let unchanged = dumps[0] == dumps[1]
        #expect(unchanged, "nothing moved after settle")
    }

    /// `await` lets frames go on until the file appears, made here by another thread while the script waits.
    @Test @MainActor func awaitWaitsForTheFile() throws {
        let go = FileManager.default.temporaryDirectory.appendingPathComponent("np-await-\(UUID().uuidString)").path
        let maker = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            FileManager.default.createFile(atPath: go, contents: nil)
        }
        maker.start()
        defer { try? FileManager.default.removeItem(atPath: go) }
        let dumps = try runScript("await \(go)\ndump", size: Size(width: 375, height: 667))
        #expect(FileManager.default.fileExists(atPath: go), "the dump came after the file")
        #expect(dumps.count == 1)
    }
}
