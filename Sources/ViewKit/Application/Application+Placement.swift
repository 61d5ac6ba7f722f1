import CSDL2
import CX11Window

extension Application {
    /// Where a window of `width` × `height` pixels goes when it is larger than `screen` (the display's usable
    /// part): scaled down to fit, its shape kept (never below `minimum`), centred on it. Nil when it fits.
    static func fitted(width: Int32, height: Int32, within screen: SDL_Rect, minimum: (Int32, Int32)) -> SDL_Rect? {
        guard width > screen.w || height > screen.h, width > 0, height > 0 else { return nil }
        let shrink = min(Double(screen.w) / Double(width), Double(screen.h) / Double(height))
        let w = max(minimum.0, Int32((Double(width) * shrink).rounded())), h = max(minimum.1, Int32((Double(height) * shrink).rounded()))
        return SDL_Rect(x: screen.x + max(0, (screen.w - w) / 2), y: screen.y + max(0, (screen.h - h) / 2), w: w, h: h)
    }

    /// How near the usable part's edges a window must come for its window manager's decorations to matter: more
    /// than any title bar and borders take.
    static let decorationAllowance: Int32 = 160

    /// Whether a window of `asked` pixels comes near enough the edges of the screen's usable part for a window
    /// manager's frame to push it off (`placedForDecorations` then asks for the frame).
    static func mayNeedFraming(asked: (w: Int32, h: Int32), usable: SDL_Rect) -> Bool {
        asked.w + decorationAllowance > usable.w || asked.h + decorationAllowance > usable.h
    }

    /// A window manager frames a window with a title bar and borders, which the screen must hold too: a window
    /// asked for (`asked` pixels) that comes near the edges of the screen's usable part is fitted, with its shape,
    /// so that its frame lies on it (under Openbox a window asked 1080 × 1920 on a 1200-row screen lost its bottom
    /// 25 rows below it). The decorations are asked of the window manager before the hidden window `window` is shown,
    /// and (`moving`) the window is given its new size and place; returned are the window's own rectangle (where SDL
    /// places a shown window: later moves give it) and how far the frame reaches left of and above it. Nil when no
    /// window manager runs, none says its decorations in time, or the window does not come near the edges.
    static func placedForDecorations(_ window: OpaquePointer, asked: (w: Int32, h: Int32), usable: SDL_Rect,
                                     minimum: (Int32, Int32), moving: Bool = true) -> (place: SDL_Rect, frame: FrameOffset)? {
        guard mayNeedFraming(asked: asked, usable: usable) else { return nil }
        var e = [Int32](repeating: 0, count: 4)
        guard np_x11_frame_extents(UnsafeMutableRawPointer(window), 100, &e) == 1 else { return nil }
        let (left, right, top, bottom) = (e[0], e[1], e[2], e[3])
        let room = SDL_Rect(x: usable.x + left, y: usable.y + top, w: usable.w - left - right, h: usable.h - top - bottom)
        guard room.w > 0, room.h > 0 else { return nil }
        // Fitted to the room, or, when it fits, centred in it (SDL centres on the whole display: the frame, which the
        // window manager puts where the window was asked to go, would reach past the bottom by its own height).
        let fit = fitted(width: asked.w, height: asked.h, within: room, minimum: minimum)
            ?? SDL_Rect(x: room.x + (room.w - asked.w) / 2, y: room.y + (room.h - asked.h) / 2, w: asked.w, h: asked.h)
        let frame = FrameOffset(left: left, top: top)
        if moving {
            SDL_SetWindowSize(window, fit.w, fit.h)
            move(window, to: fit, frame: frame)
        }
        return (fit, frame)
    }

    /// Moves `window` so that its own rectangle is at `place`'s corner. Where SDL knows no borders (a window not shown
    /// yet, or leaving fullscreen, where its frame was none) it moves the window itself, and the window manager puts
    /// the frame there (ICCCM's default gravity): the frame's corner is asked for. Where it knows them, it allows for
    /// them itself.
    static func move(_ window: OpaquePointer, to place: SDL_Rect, frame: FrameOffset) {
        var top: Int32 = 0, left: Int32 = 0
        let known = SDL_GetWindowBordersSize(window, &top, &left, nil, nil) == 0 && (top != 0 || left != 0)
        SDL_SetWindowPosition(window, place.x - (known ? 0 : frame.left), place.y - (known ? 0 : frame.top))
    }

    /// How far a window manager's frame reaches left of and above the window it frames.
    struct FrameOffset: Sendable {
        var left: Int32 = 0, top: Int32 = 0
    }
}
