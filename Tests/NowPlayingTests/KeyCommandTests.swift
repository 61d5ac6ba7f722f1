import CSDL2
import Testing
import ViewKit
@testable import NowPlaying

/// The key map as a table (SPEC I2): each row is a key as SDL names it, the screen, and what it must do.
struct KeyCommandTests {
    typealias Row = (key: String, screen: KeyCommand.Screen, does: KeyCommand?)
    static let rows: [Row] = [
        ("space", .card, .togglePlay), ("space", .library, .togglePlay),
        ("escape", .card, .dismissCard), ("escape", .library, nil),
        ("return", .library, .presentCard), ("return", .card, nil),
        ("up", .library, .presentCard), ("up", .card, .volume(by: 0.1)),
        ("down", .card, .volume(by: -0.1)), ("down", .library, .volume(by: -0.1)),
        ("left", .card, .previous), ("right", .card, .next),
        ("shift+left", .card, .seek(by: -10)), ("shift+right", .library, .seek(by: 10)),
        ("s", .card, .toggleShuffle), ("r", .card, .cycleRepeat), ("l", .card, .flipLyrics),
        ("f", .card, .toggleFullscreen), ("q", .library, .quit), ("x", .card, nil),
        // Media keys, by the names SDL gives SDLK_AUDIOPLAY … SDLK_VOLUMEDOWN.
        ("audioplay", .card, .togglePlay), ("audiostop", .library, .stop),
        ("audionext", .card, .next), ("audioprev", .card, .previous), ("audiomute", .card, .toggleMute),
        ("volumeup", .library, .volume(by: 0.1)), ("volumedown", .card, .volume(by: -0.1)),
    ]

    @Test(arguments: rows.indices)
    func theKeyDoesWhatTheTableSays(_ i: Int) {
        let row = KeyCommandTests.rows[i]
        #expect(KeyCommand(key: KeyPress(parsing: row.key), on: row.screen) == row.does, "\(row.key) on \(row.screen)")
    }

    /// The table's media-key names are the ones SDL gives the media keycodes.
    @Test func mediaKeyNamesAreSDLs() {
        let keys: [(SDL_KeyCode, String)] = [(SDLK_AUDIOPLAY, "audioplay"), (SDLK_AUDIOSTOP, "audiostop"),
            (SDLK_AUDIONEXT, "audionext"), (SDLK_AUDIOPREV, "audioprev"), (SDLK_AUDIOMUTE, "audiomute"),
            (SDLK_VOLUMEUP, "volumeup"), (SDLK_VOLUMEDOWN, "volumedown")]
        for (code, name) in keys {
            #expect(String(cString: SDL_GetKeyName(SDL_Keycode(code.rawValue))).lowercased() == name)
        }
    }
}
