import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// A track whose header lies about its length (an MP3 whose Xing header claims 31,165 hours, in a file of
/// 25 KB) has an unknown length (issue 17): the card shows `--:--` for the time left, the slider rests at
/// its start and cannot be dragged, and the track plays. Before, it showed "−31165:17:45".
@MainActor
struct UnknownLengthCardTests {
    @Test func timeLeftIsUnknownWithoutALength() {
        for length in [0, Double.nan, .infinity, -5] {
            #expect(TimeFormat.remaining(position: 3, duration: length) == "--:--", "length \(length)")
        }
        #expect(TimeFormat.remaining(position: 3, duration: 64) == "\u{2212}1:01")
    }

    @Test func theCardShowsAnUnknownLengthAndPlays() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("np-unknown-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try HostileCorpus.make(in: root, parts: ["headers"])
        var options = headlessOptions(size: Size(width: 375, height: 667))
        options.paths = [root.appendingPathComponent("headers/04-xing-31165-hours.mp3").path]
        options.startPaused = false
        let app = try NowPlayingApp(options: options)
        app.application.drawIfNeeded()
        let view = app.controller.view
        #expect(app.session.isPlaying)
        #expect(view.remainingLabel.text == "--:--")
        #expect(view.progress.value == 0 && !view.progress.isEnabled)
    }
}
