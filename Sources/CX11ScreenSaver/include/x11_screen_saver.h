#ifndef NOWPLAYING_X11_SCREEN_SAVER_H
#define NOWPLAYING_X11_SCREEN_SAVER_H

/* Lets the X server's own screen saver run again for `window` (an SDL_Window *) after SDL_EnableScreenSaver.
 * SDL 2.26 suspends it (MIT-SCREEN-SAVER's XScreenSaverSuspend) when no desktop screen saver answers on D-Bus,
 * but never resumes it: its D-Bus uninhibit reports success when it had nothing to release, and returns before
 * the X call. Does nothing on another video driver, or where libXss is not loaded (SDL never suspended). */
void np_x11_resume_screen_saver(void *window);

#endif
