import CSDL2

extension Application {
    /// Whether `SDL_CreateRenderer` with SDL's own choice will give the desktop OpenGL renderer: the driver
    /// named by `SDL_RENDER_DRIVER`, else the first driver SDL lists (OpenGL on an X11 desktop). Not OpenGL ES
    /// (`opengles2`), which wants a window of its own profile and makes one itself.
    static var rendererWillUseOpenGL: Bool {
        if let hint = SDL_GetHint(SDL_HINT_RENDER_DRIVER), hint.pointee != 0 {
            return String(cString: hint).lowercased() == "opengl"
        }
        var info = SDL_RendererInfo()
        guard SDL_GetNumRenderDrivers() > 0, SDL_GetRenderDriverInfo(0, &info) == 0, let name = info.name else { return false }
        return String(cString: name) == "opengl"
    }
}
