import ViewKit

/// What a key does (SPEC I2): the app's key map is this table, read top to bottom, so that it can be read and
/// tested as one. Media keys (the ones SDL names `AudioPlay`, `VolumeUp` …) sit beside the keyboard's.
enum KeyCommand: Equatable, Sendable {
    case togglePlay, play, pause, stop, previous, next
    /// Seek by this many seconds (negative: back).
    case seek(by: Double)
    /// Change the volume by this much (of 0…1).
    case volume(by: Double)
    case toggleMute, toggleShuffle, cycleRepeat, flipLyrics, toggleFullscreen, quit
    /// Send the card back to the mini player, or bring it up.
    case dismissCard, presentCard

    /// The screen a key is pressed on: some keys mean one thing on the card and another on the library.
    enum Screen: Sendable { case card, library }

    /// Seconds the step keys seek, and the volume step of ↑ / ↓ and the volume keys.
    static let seekStep = 10.0, volumeStep = 0.1

    /// One row of the table: a key name (SDL's, lower case), whether shift must be held (nil: either way), the
    /// screen it applies on (nil: both), and what it does.
    struct Binding: Sendable {
        let key: String
        var shift: Bool? = nil
        var screen: Screen? = nil
        let command: KeyCommand
    }

    static let table: [Binding] = [
        Binding(key: "escape", screen: .card, command: .dismissCard),
        Binding(key: "return", screen: .library, command: .presentCard),
        Binding(key: "up", screen: .library, command: .presentCard),
        Binding(key: "space", command: .togglePlay),
        Binding(key: "left", shift: false, command: .previous),
        Binding(key: "right", shift: false, command: .next),
        Binding(key: "left", shift: true, command: .seek(by: -seekStep)),
        Binding(key: "right", shift: true, command: .seek(by: seekStep)),
        Binding(key: "up", command: .volume(by: volumeStep)),
        Binding(key: "down", command: .volume(by: -volumeStep)),
        Binding(key: "s", command: .toggleShuffle),
        Binding(key: "r", command: .cycleRepeat),
        Binding(key: "l", command: .flipLyrics),
        Binding(key: "f", command: .toggleFullscreen),
        Binding(key: "q", command: .quit),
        Binding(key: "audioplay", command: .togglePlay),
        Binding(key: "audiostop", command: .stop),
        Binding(key: "audionext", command: .next),
        Binding(key: "audioprev", command: .previous),
        Binding(key: "audiomute", command: .toggleMute),
        Binding(key: "volumeup", command: .volume(by: volumeStep)),
        Binding(key: "volumedown", command: .volume(by: -volumeStep)),
    ]

    /// The first row of `table` that `key` on `screen` matches, if any.
    init?(key: KeyPress, on screen: Screen) {
        guard let row = KeyCommand.table.first(where: {
            $0.key == key.name && ($0.shift == nil || $0.shift == key.shift) && ($0.screen == nil || $0.screen == screen)
        }) else { return nil }
        self = row.command
    }
}
