import Testing
import ViewKit
@testable import NowPlaying

/// `--kiosk`: a passer-by's key does not leave fullscreen or quit; Ctrl+Q does, and the player's keys still work.
@MainActor
struct KioskModeTests {
    @Test func onlyCtrlQQuits() throws {
        #expect(!KioskMode.allows(KeyPress(name: "q")) && KioskMode.allows(KeyPress(name: "q", control: true)))
        #expect(!KioskMode.allows(KeyPress(name: "f")))
        #expect(KioskMode.allows(KeyPress(name: "space")) && KioskMode.allows(KeyPress(name: "right")))
        #expect(try NowPlayingCommand.parse(["--kiosk"]).kiosk)
    }

    @Test func theKioskHidesTheCursor() throws {
        var options = headlessOptions(size: Size(width: 800, height: 480))
        options.kiosk = true
        let a = try NowPlayingApp(options: options)
        #expect(!a.application.isCursorVisible)
        a.application.isCursorVisible = true
    }
}
