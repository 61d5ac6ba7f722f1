#include "x11_screen_saver.h"

#include <dlfcn.h>
#include <SDL.h>
#include <SDL_syswm.h>

void np_x11_resume_screen_saver(void *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_X11) return;
    /* The libraries SDL loaded for its own calls (RTLD_NOLOAD: nothing is loaded here if SDL did not). */
    void *xss = dlopen("libXss.so.1", RTLD_NOW | RTLD_NOLOAD);
    void *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD);
    void (*suspend)(Display *, Bool) = xss ? (void (*)(Display *, Bool))dlsym(xss, "XScreenSaverSuspend") : NULL;
    int (*flush)(Display *) = x11 ? (int (*)(Display *))dlsym(x11, "XFlush") : NULL;
    /* The suspension belongs to SDL's connection (the server counts it per client): resumed on the same one. */
    if (suspend && flush) {
        suspend(info.info.x11.display, False);
        flush(info.info.x11.display);
    }
    if (xss) dlclose(xss);
    if (x11) dlclose(x11);
}
