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

/* libX11 as SDL loaded it for its own calls (RTLD_NOLOAD: nothing is loaded here if SDL did not), with `window`'s
   (an SDL_Window *) display and X window in `info`; NULL on another video driver. Close it with dlclose. */
static void *x11_library(void *window, SDL_SysWMinfo *info) {
    SDL_VERSION(&info->version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, info) || info->subsystem != SDL_SYSWM_X11) return NULL;
    return dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD);
}

int np_x11_has_window_manager(void *window) {
    SDL_SysWMinfo info;
    void *x11 = x11_library(window, &info);
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

typedef int (*change_property_fn)(Display *, Window, Atom, Atom, int, int, const unsigned char *, int);
typedef Status (*get_attributes_fn)(Display *, Window, XWindowAttributes *);
typedef Status (*send_event_fn)(Display *, Window, Bool, long, XEvent *);
typedef int (*flush_fn)(Display *);

void np_x11_set_fullscreen_state(void *window, int on) {
    int managed = np_x11_has_window_manager(window) == 1;
    SDL_SysWMinfo info;
    void *x11 = x11_library(window, &info);
    if (!x11) return;
    intern_atom_fn intern = (intern_atom_fn)dlsym(x11, "XInternAtom");
    default_root_fn root = (default_root_fn)dlsym(x11, "XDefaultRootWindow");
    change_property_fn change = (change_property_fn)dlsym(x11, "XChangeProperty");
    get_attributes_fn attributes = (get_attributes_fn)dlsym(x11, "XGetWindowAttributes");
    send_event_fn send = (send_event_fn)dlsym(x11, "XSendEvent");
    flush_fn flush = (flush_fn)dlsym(x11, "XFlush");
    if (intern && root && change && attributes && send && flush) {
        Display *display = info.info.x11.display;
        Window xwindow = info.info.x11.window;
        Atom state = intern(display, "_NET_WM_STATE", False);
        Atom fullscreen = intern(display, "_NET_WM_STATE_FULLSCREEN", False);
        XWindowAttributes a;
        int mapped = attributes(display, xwindow, &a) && a.map_state != IsUnmapped;
        if (managed && mapped) {
            /* A shown window's state is the window manager's: asked of it (EWMH), from a normal application. */
            XEvent e = {0};
            e.xclient.type = ClientMessage;
            e.xclient.window = xwindow;
            e.xclient.message_type = state;
            e.xclient.format = 32;
            e.xclient.data.l[0] = on ? 1 : 0;
            e.xclient.data.l[1] = (long)fullscreen;
            e.xclient.data.l[3] = 1;
            send(display, root(display), False, SubstructureRedirectMask | SubstructureNotifyMask, &e);
        } else {
            change(display, xwindow, state, XA_ATOM, 32, PropModeReplace, (const unsigned char *)&fullscreen, on ? 1 : 0);
        }
        flush(display);
    }
    dlclose(x11);
}
