import CSDL2

/// A key pressed in the window: SDL's key name in lower case ("space", "left", "q" …) and the modifiers held.
public struct KeyPress: Hashable, Sendable {
    public var name: String
    public var shift: Bool
    public var control: Bool
    public var alt: Bool

    public init(name: String, shift: Bool = false, control: Bool = false, alt: Bool = false) {
        self.name = name.lowercased(); self.shift = shift; self.control = control; self.alt = alt
    }

    /// Parses "shift+right", "ctrl+q", "space".
    public init(parsing text: String) {
        let parts = text.lowercased().split(separator: "+").map(String.init)
        self.init(name: parts.last ?? "", shift: parts.contains("shift"),
                  control: parts.contains("ctrl") || parts.contains("control"), alt: parts.contains("alt"))
    }

    init(sdl key: SDL_Keysym) {
        let raw = String(cString: SDL_GetKeyName(key.sym)).lowercased()
        let mod = UInt32(key.mod)
        self.init(name: raw,
                  shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0,
                  control: mod & UInt32(KMOD_CTRL.rawValue) != 0,
                  alt: mod & UInt32(KMOD_ALT.rawValue) != 0)
    }
}
