import CSDL2
import CX11Window

extension Application {
    /// Fills the screen, or leaves it. Fullscreen is a request to a window manager, and a kiosk often has none
    /// (an X server started with the player alone): there the window itself is made as large as its screen, at
    /// its corner, and given back its place and size after (a window started fullscreen gets its windowed place).
    public func setFullscreen(_ on: Bool) {
        guard on != isFullscreen else { return }
        // Made so by hand, it is given back by hand, whatever runs now.
        if !on, let place = placeBeforeFullscreen {
            placeBeforeFullscreen = nil
            fillsScreenFromStart = false
            np_x11_set_fullscreen_state(UnsafeMutableRawPointer(sdlWindow), 0)
            SDL_SetWindowSize(sdlWindow, place.w, place.h)
            Application.move(sdlWindow, to: place, frame: windowedFrame)
            return
        }
        // A window started fullscreen was made as large as the screen (see `init`): SDL would give it that size
        // back when it leaves; it gets its windowed place instead.
        let fromStart = !on && fillsScreenFromStart
        if !on { fillsScreenFromStart = false }
        guard np_x11_has_window_manager(UnsafeMutableRawPointer(sdlWindow)) == 0 else {
            SDL_SetWindowFullscreen(sdlWindow, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
            if fromStart {
                SDL_SetWindowSize(sdlWindow, windowedPlace.w, windowedPlace.h)
                SDL_SetWindowPosition(sdlWindow, windowedPlace.x, windowedPlace.y)
            }
            return
        }
        if on {
            var screen = SDL_Rect()
            let display = SDL_GetWindowDisplayIndex(sdlWindow)
            guard display >= 0, SDL_GetDisplayBounds(display, &screen) == 0 else { return }
            var place = SDL_Rect()
            SDL_GetWindowPosition(sdlWindow, &place.x, &place.y)
            SDL_GetWindowSize(sdlWindow, &place.w, &place.h)
            placeBeforeFullscreen = place
            np_x11_set_fullscreen_state(UnsafeMutableRawPointer(sdlWindow), 1)
            SDL_SetWindowPosition(sdlWindow, screen.x, screen.y)
            SDL_SetWindowSize(sdlWindow, screen.w, screen.h)
        } else {
            // Made fullscreen by a window manager that has gone since: SDL leaves it, and it gets its windowed place.
            SDL_SetWindowFullscreen(sdlWindow, 0)
            SDL_SetWindowSize(sdlWindow, windowedPlace.w, windowedPlace.h)
            SDL_SetWindowPosition(sdlWindow, windowedPlace.x, windowedPlace.y)
        }
    }

    /// Whether the window fills the screen (asked of a window manager, or made so without one).
    public var isFullscreen: Bool {
        placeBeforeFullscreen != nil || SDL_GetWindowFlags(sdlWindow) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
    }
}
