import CSDL2

/// Input made by a program (scripts, tests), posted as SDL events so it takes the same path as real input.
public enum SyntheticInput: Equatable, Sendable {
    case mouseDown(Point), mouseMove(Point), mouseUp(Point)
    case fingerDown(Point), fingerMove(Point), fingerUp(Point)
    /// A wheel movement in notches (positive y scrolls up, positive x right) with the pointer at a point.
    case wheel(Point, at: Point)
    case key(KeyPress)
}

extension Application {
    /// Queues the input as an SDL event; it is handled on the next turn of the loop.
    public func post(_ input: SyntheticInput) {
        var e = SDL_Event()
        let scale = inputScale
        let windowID = SDL_GetWindowID(sdlWindow)
        func mouse(_ type: SDL_EventType, _ p: Point, pressed: Bool) {
            e.type = type.rawValue
            e.button.windowID = windowID
            e.button.which = 0
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.state = UInt8(pressed ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = 1
            e.button.x = Int32((p.x * scale).rounded())
            e.button.y = Int32((p.y * scale).rounded())
        }
        func finger(_ type: SDL_EventType, _ p: Point) {
            e.type = type.rawValue
            e.tfinger.touchId = 1
            e.tfinger.fingerId = 1
            e.tfinger.x = Float(p.x / pointSize.width)
            e.tfinger.y = Float(p.y / pointSize.height)
            e.tfinger.pressure = 1
            e.tfinger.windowID = windowID
        }
        switch input {
        case .mouseDown(let p): mouse(SDL_MOUSEBUTTONDOWN, p, pressed: true)
        case .mouseUp(let p): mouse(SDL_MOUSEBUTTONUP, p, pressed: false)
        case .mouseMove(let p):
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.windowID = windowID
            e.motion.which = 0
            e.motion.x = Int32((p.x * scale).rounded())
            e.motion.y = Int32((p.y * scale).rounded())
        case .fingerDown(let p): finger(SDL_FINGERDOWN, p)
        case .fingerMove(let p): finger(SDL_FINGERMOTION, p)
        case .fingerUp(let p): finger(SDL_FINGERUP, p)
        case let .wheel(d, at):
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.windowID = windowID
            e.wheel.which = 0
            e.wheel.x = Int32(d.x.rounded()); e.wheel.y = Int32(d.y.rounded())
            e.wheel.preciseX = Float(d.x); e.wheel.preciseY = Float(d.y)
            e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            e.wheel.mouseX = Int32((at.x * scale).rounded()); e.wheel.mouseY = Int32((at.y * scale).rounded())
        case .key(let k):
            e.type = SDL_KEYDOWN.rawValue
            e.key.windowID = windowID
            e.key.state = UInt8(SDL_PRESSED)
            e.key.keysym.sym = SDL_GetKeyFromName(k.name)
            e.key.keysym.scancode = SDL_GetScancodeFromKey(e.key.keysym.sym)
            var mod: UInt32 = 0
            if k.shift { mod |= UInt32(KMOD_LSHIFT.rawValue) }
            if k.control { mod |= UInt32(KMOD_LCTRL.rawValue) }
            if k.alt { mod |= UInt32(KMOD_LALT.rawValue) }
            e.key.keysym.mod = UInt16(mod)
        }
        SDL_PushEvent(&e)
    }
}
