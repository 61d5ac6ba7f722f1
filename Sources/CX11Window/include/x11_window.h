#ifndef NOWPLAYING_X11_WINDOW_H
#define NOWPLAYING_X11_WINDOW_H

/* Whether a window manager runs on the X server of `window` (an SDL_Window *): one compliant with EWMH names
 * its check window in the root window's _NET_SUPPORTING_WM_CHECK. 1: one runs; 0: none (an X server started
 * with the player alone, as kiosks are); -1: not known (another video driver: a Wayland compositor always is
 * one, or libX11 not loaded). Fullscreen is a request to a window manager: without one nobody grants it. */
int np_x11_has_window_manager(void *window);

/* Marks `window` (an SDL_Window *) as filling the screen, or no longer (`on`), in its _NET_WM_STATE: asked of the
 * window manager when one runs and the window is shown, else written on the window itself, where a window manager
 * started later (an .xinitrc starting one beside the player) finds it. SDL's own request waits for an answer;
 * this does not. Nothing on another video driver. */
void np_x11_set_fullscreen_state(void *window, int on);

/* The decorations a window manager puts around `window` (an SDL_Window *, shown or not yet), in pixels: left, right,
 * top, bottom into `extents`. Asked of the window manager before the window is shown (EWMH's
 * _NET_REQUEST_FRAME_EXTENTS), so the window can be sized for its frame to fit the screen; waits up to `timeout_ms`
 * for the answer. 1 when known; 0 without a window manager that offers it, on another video driver, or in time. */
int np_x11_frame_extents(void *window, int timeout_ms, int extents[4]);

/* What copies part of an OpenGL window's back buffer to the X window: made once for the window, used at each
 * present. */
typedef struct np_gl_copier np_gl_copier;

/* A copier for `window` (an SDL_Window *, its renderer's context current on this thread) when that context
 * rasterises on the CPU (Mesa's llvmpipe, softpipe or swrast: no GPU) and can copy part of its back buffer to the X
 * window (GLX_MESA_copy_sub_buffer); NULL on a GPU, another video driver, or without the extension. Such a driver
 * puts the whole back buffer to the X server at every swap; a copy of the changed rectangles leaves the back buffer
 * as it was, so the next frame can be drawn over it. Not used once the window is gone (freeing it may follow). */
np_gl_copier *np_gl_copier_make(void *window);

/* Copies `count` rectangles (x, y, width, height each: window pixels from the top left) of the back buffer to the
 * window, after the GL commands queued so far, then waits for the X server once (XSync) to learn whether it took
 * them (the driver may wait too: Mesa's drisw syncs after each shared-memory put). 1, or 0 when the X server refused
 * one (the window changed size after the frame was drawn: the back buffer is no longer that size); the error is
 * not fatal then, and the frame should be shown whole by a swap and drawn again. Main thread only. */
int np_gl_copier_copy(np_gl_copier *copier, const int *rects, int count);

/* Releases what `np_gl_copier_make` kept (its hold on libX11); nothing for NULL. */
void np_gl_copier_free(np_gl_copier *copier);

#endif
