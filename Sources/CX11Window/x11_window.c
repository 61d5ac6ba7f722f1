#include "x11_window.h"

#include <dlfcn.h>
#include <SDL.h>
#include <SDL_syswm.h>
#include <X11/Xatom.h>
#include <stdlib.h>
#include <string.h>

/* libX11 as SDL loaded it for its own calls (RTLD_NOLOAD: nothing is loaded here if SDL did not), the functions
   used here, and the display and X window of the SDL window it was opened for. */
struct x11 {
    void *library;
    Display *display;
    Window window;
    Atom (*intern)(Display *, const char *, Bool);
    Window (*root)(Display *);
    int (*get)(Display *, Window, Atom, long, long, Bool, Atom, Atom *, int *, unsigned long *, unsigned long *,
               unsigned char **);
    int (*release)(void *);
    int (*sync)(Display *, Bool);
    XErrorHandler (*set_handler)(XErrorHandler);
    int (*change)(Display *, Window, Atom, Atom, int, int, const unsigned char *, int);
    Status (*attributes)(Display *, Window, XWindowAttributes *);
    Status (*send)(Display *, Window, Bool, long, XEvent *);
    int (*flush)(Display *);
};

/* Fills `x` for `window` (an SDL_Window *): 1, or 0 on another video driver or without every function (nothing
   to close then). Close with `close_x11`. */
static int open_x11(void *window, struct x11 *x) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    x->library = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD);
    if (!x->library) return 0;
    x->display = info.info.x11.display;
    x->window = info.info.x11.window;
    *(void **)&x->intern = dlsym(x->library, "XInternAtom");
    *(void **)&x->root = dlsym(x->library, "XDefaultRootWindow");
    *(void **)&x->get = dlsym(x->library, "XGetWindowProperty");
    *(void **)&x->release = dlsym(x->library, "XFree");
    *(void **)&x->sync = dlsym(x->library, "XSync");
    *(void **)&x->set_handler = dlsym(x->library, "XSetErrorHandler");
    *(void **)&x->change = dlsym(x->library, "XChangeProperty");
    *(void **)&x->attributes = dlsym(x->library, "XGetWindowAttributes");
    *(void **)&x->send = dlsym(x->library, "XSendEvent");
    *(void **)&x->flush = dlsym(x->library, "XFlush");
    if (x->intern && x->root && x->get && x->release && x->sync && x->set_handler && x->change && x->attributes &&
        x->send && x->flush) {
        return 1;
    }
    dlclose(x->library);
    return 0;
}

static void close_x11(struct x11 *x) { dlclose(x->library); }

/* Errors while the check window is read are expected (a window manager that went away leaves the root naming
   its destroyed window): they are ignored, not handed to the default handler, which ends the process. */
static int ignore_error(Display *display, XErrorEvent *event) {
    (void)display;
    (void)event;
    return 0;
}

/* The window named by `property` on `window` (0 when it has none). */
static Window named_window(const struct x11 *x, Window window, Atom property) {
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    Window named = 0;
    if (x->get(x->display, window, property, 0, 1, False, XA_WINDOW, &type, &format, &count, &after, &data) == Success &&
        type == XA_WINDOW && format == 32 && count == 1 && data) {
        named = *(Window *)data;
    }
    if (data) x->release(data);
    return named;
}

/* Whether a window manager runs on the X server of `x` (see np_x11_has_window_manager). */
static int window_manager_runs(const struct x11 *x) {
    Atom check = x->intern(x->display, "_NET_SUPPORTING_WM_CHECK", True);
    /* As SDL checks for a window manager: earlier errors are had first, this check's ignored. */
    x->sync(x->display, False);
    XErrorHandler previous = x->set_handler(ignore_error);
    /* The check window names itself: a stale property left by a window manager that has gone does not. */
    Window named = check == None ? 0 : named_window(x, x->root(x->display), check);
    int runs = named != 0 && named_window(x, named, check) == named;
    x->sync(x->display, False);
    x->set_handler(previous);
    return runs;
}

int np_x11_has_window_manager(void *window) {
    struct x11 x;
    if (!open_x11(window, &x)) return -1;
    int runs = window_manager_runs(&x);
    close_x11(&x);
    return runs;
}

/* Whether the root window's _NET_SUPPORTED lists `atom`: what the window manager says it does. */
static int window_manager_supports(const struct x11 *x, Atom atom) {
    Atom supported = x->intern(x->display, "_NET_SUPPORTED", True), type = None;
    int format = 0, found = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    if (supported != None &&
        x->get(x->display, x->root(x->display), supported, 0, 4096, False, XA_ATOM, &type, &format, &count, &after, &data) == Success &&
        type == XA_ATOM && format == 32 && data) {
        for (unsigned long i = 0; i < count && !found; i++) found = ((Atom *)data)[i] == atom;
    }
    if (data) x->release(data);
    return found;
}

/* The window's _NET_FRAME_EXTENTS into `extents` (left, right, top, bottom): 1 when the window manager has set it. */
static int read_frame_extents(const struct x11 *x, Atom property, int extents[4]) {
    Atom type = None;
    int format = 0, found = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    if (x->get(x->display, x->window, property, 0, 4, False, XA_CARDINAL, &type, &format, &count, &after, &data) == Success &&
        type == XA_CARDINAL && format == 32 && count == 4 && data) {
        for (int i = 0; i < 4; i++) extents[i] = (int)((long *)data)[i];
        found = 1;
    }
    if (data) x->release(data);
    return found;
}

int np_x11_frame_extents(void *window, int timeout_ms, int extents[4]) {
    struct x11 x;
    if (!open_x11(window, &x)) return 0;
    Atom request = x.intern(x.display, "_NET_REQUEST_FRAME_EXTENTS", False);
    Atom property = x.intern(x.display, "_NET_FRAME_EXTENTS", False);
    int found = 0;
    if (window_manager_runs(&x) && window_manager_supports(&x, request)) {
        found = read_frame_extents(&x, property, extents);
        if (!found) {
            XEvent e = {0};
            e.xclient.type = ClientMessage;
            e.xclient.window = x.window;
            e.xclient.message_type = request;
            e.xclient.format = 32;
            x.send(x.display, x.root(x.display), False, SubstructureRedirectMask | SubstructureNotifyMask, &e);
            /* Each read is a round trip; the window manager answers within a few. Events stay SDL's: the property
               is read, not waited for in the event queue. */
            Uint64 deadline = SDL_GetTicks64() + (Uint64)timeout_ms;
            while (!(found = read_frame_extents(&x, property, extents)) && SDL_GetTicks64() < deadline) SDL_Delay(1);
        }
    }
    close_x11(&x);
    return found;
}

void np_x11_set_fullscreen_state(void *window, int on) {
    struct x11 x;
    if (!open_x11(window, &x)) return;
    Atom state = x.intern(x.display, "_NET_WM_STATE", False);
    Atom fullscreen = x.intern(x.display, "_NET_WM_STATE_FULLSCREEN", False);
    XWindowAttributes a;
    int mapped = x.attributes(x.display, x.window, &a) && a.map_state != IsUnmapped;
    if (mapped && window_manager_runs(&x)) {
        /* A shown window's state is the window manager's: asked of it (EWMH), from a normal application. */
        XEvent e = {0};
        e.xclient.type = ClientMessage;
        e.xclient.window = x.window;
        e.xclient.message_type = state;
        e.xclient.format = 32;
        e.xclient.data.l[0] = on ? 1 : 0;
        e.xclient.data.l[1] = (long)fullscreen;
        e.xclient.data.l[3] = 1;
        x.send(x.display, x.root(x.display), False, SubstructureRedirectMask | SubstructureNotifyMask, &e);
    } else {
        x.change(x.display, x.window, state, XA_ATOM, 32, PropModeReplace, (const unsigned char *)&fullscreen, on ? 1 : 0);
    }
    x.flush(x.display);
    close_x11(&x);
}

/* OpenGL drawn on the CPU: presenting the rectangles a frame redrew. Main thread only (SDL's video calls are). */

typedef const unsigned char *(*get_string_fn)(unsigned int);
typedef const char *(*query_extensions_fn)(Display *, int);
typedef void (*copy_sub_buffer_fn)(Display *, XID, int, int, int, int);

#define NP_GL_RENDERER 0x1F01

static int has_word(const char *list, const char *word) {
    size_t n = strlen(word);
    for (const char *p = list; p && (p = strstr(p, word)); p += n) {
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
    }
    return 0;
}

static int starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

struct np_gl_copier {
    void *library;
    Display *display;
    Window window;
    SDL_Window *sdl_window;
    int (*sync)(Display *, Bool);
    XErrorHandler (*set_handler)(XErrorHandler);
    copy_sub_buffer_fn copy;
};

np_gl_copier *np_gl_copier_make(void *window) {
    struct x11 x;
    if (!open_x11(window, &x)) return NULL;
    get_string_fn get_string = (get_string_fn)SDL_GL_GetProcAddress("glGetString");
    query_extensions_fn extensions = (query_extensions_fn)SDL_GL_GetProcAddress("glXQueryExtensionsString");
    copy_sub_buffer_fn copy = (copy_sub_buffer_fn)SDL_GL_GetProcAddress("glXCopySubBufferMESA");
    const char *renderer = get_string && extensions && copy ? (const char *)get_string(NP_GL_RENDERER) : NULL;
    /* Mesa's own rasterisers name themselves first ("llvmpipe (LLVM 15 …)"); zink on lavapipe, which names llvmpipe
       later in its string, is another path whose back buffer is not promised to stay. */
    int cpu = renderer && (starts_with(renderer, "llvmpipe") || starts_with(renderer, "softpipe") ||
                           starts_with(renderer, "Software Rasterizer"));
    np_gl_copier *copier = NULL;
    if (cpu && has_word(extensions(x.display, DefaultScreen(x.display)), "GLX_MESA_copy_sub_buffer") &&
        (copier = malloc(sizeof *copier))) {
        /* The library stays open (its reference is the copier's) for the functions kept. */
        *copier = (np_gl_copier){x.library, x.display, x.window, (SDL_Window *)window, x.sync, x.set_handler, copy};
        return copier;
    }
    close_x11(&x);
    return NULL;
}

void np_gl_copier_free(np_gl_copier *copier) {
    if (!copier) return;
    dlclose(copier->library);
    free(copier);
}

/* The first request of the copies being checked, whether an X error came for one of them, and the handler that
   takes the errors of earlier requests (an X error handler is given no context of the caller's). */
static unsigned long copies_from;
static int copy_refused;
static XErrorHandler earlier_errors;

static int note_error(Display *display, XErrorEvent *event) {
    if (event->serial >= copies_from) {
        copy_refused = 1;
        return 0;
    }
    return earlier_errors ? earlier_errors(display, event) : 0;
}

int np_gl_copier_copy(np_gl_copier *copier, const int *rects, int count) {
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(copier->sdl_window, &w, &h);
    /* Errors of the copies are collected here, not handed to the default handler, which ends the process: the
       copies are made from the back buffer as large as the window was when the frame was drawn. One XSync of our
       own: an error of an earlier request that arrives meanwhile goes to the handler it would have gone to. */
    copies_from = NextRequest(copier->display);
    copy_refused = 0;
    earlier_errors = copier->set_handler(note_error);
    for (int i = 0; i < count; i++) {
        const int *r = rects + 4 * i;
        /* GL's window coordinates start at the bottom left. */
        copier->copy(copier->display, copier->window, r[0], h - (r[1] + r[3]), r[2], r[3]);
    }
    copier->sync(copier->display, False);
    copier->set_handler(earlier_errors);
    earlier_errors = NULL;
    return !copy_refused;
}
