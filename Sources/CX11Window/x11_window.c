#include "x11_window.h"

#include <dlfcn.h>
#include <SDL.h>
#include <SDL_syswm.h>
#include <X11/Xatom.h>

typedef Atom (*intern_atom_fn)(Display *, const char *, Bool);
typedef Window (*default_root_fn)(Display *);
typedef int (*get_property_fn)(Display *, Window, Atom, long, long, Bool, Atom, Atom *, int *, unsigned long *,
                               unsigned long *, unsigned char **);
typedef int (*free_fn)(void *);
typedef int (*sync_fn)(Display *, Bool);
typedef XErrorHandler (*set_handler_fn)(XErrorHandler);

/* Errors while the check window is read are expected (a window manager that went away leaves the root naming
   its destroyed window): they are ignored, not handed to the default handler, which ends the process. */
static int ignore_error(Display *display, XErrorEvent *event) {
    (void)display;
    (void)event;
    return 0;
}

/* The window named by `property` on `window` (0 when it has none). */
static Window named_window(Display *display, Window window, Atom property, get_property_fn get, free_fn release) {
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    Window named = 0;
    if (get(display, window, property, 0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data) == Success &&
        type == XA_WINDOW && format == 32 && count == 1 && data) {
        named = *(Window *)data;
    }
    if (data) release(data);
    return named;
}

int np_x11_has_window_manager(void *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    /* The library SDL loaded for its own calls (RTLD_NOLOAD: nothing is loaded here if SDL did not). */
    void *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD);
    if (!x11) return -1;
    intern_atom_fn intern = (intern_atom_fn)dlsym(x11, "XInternAtom");
    default_root_fn root = (default_root_fn)dlsym(x11, "XDefaultRootWindow");
    get_property_fn get = (get_property_fn)dlsym(x11, "XGetWindowProperty");
    free_fn release = (free_fn)dlsym(x11, "XFree");
    sync_fn sync = (sync_fn)dlsym(x11, "XSync");
    set_handler_fn set_handler = (set_handler_fn)dlsym(x11, "XSetErrorHandler");
    int result = -1;
    if (intern && root && get && release && sync && set_handler) {
        Display *display = info.info.x11.display;
        Atom check = intern(display, "_NET_SUPPORTING_WM_CHECK", True);
        /* As SDL checks for a window manager: earlier errors are had first, this check's ignored. */
        sync(display, False);
        XErrorHandler previous = set_handler(ignore_error);
        /* The check window names itself: a stale property left by a window manager that has gone does not. */
        Window named = check == None ? 0 : named_window(display, root(display), check, get, release);
        result = named != 0 && named_window(display, named, check, get, release) == named;
        sync(display, False);
        set_handler(previous);
    }
    dlclose(x11);
    return result;
}
