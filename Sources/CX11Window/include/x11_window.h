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

#endif
