import ViewKit

/// `--kiosk`: a touchscreen jukebox. Fullscreen, no cursor, every function by touch (README: "Kiosk"), and the
/// keys a passer-by could press by accident do nothing: `f` does not leave fullscreen and only Ctrl+Q quits.
enum KioskMode {
    /// Whether a key press is handled in kiosk mode.
    static func allows(_ key: KeyPress) -> Bool {
        switch key.name {
        case "f": return false
        case "q": return key.control
        default: return true
        }
    }
}
