#ifndef NOWPLAYING_CSYSTEMD_H
#define NOWPLAYING_CSYSTEMD_H
// sd-bus (libsystemd) for Swift: the library's plain functions, plus what Swift cannot write itself — the
// object tables (C macros) and the variadic calls — for NowPlaying's MPRIS 2 object.
#include <systemd/sd-bus.h>
#include <sys/eventfd.h>  // the bus thread's wake-up

/// Calls from the bus into the app, made on the thread that processes the bus, each with `context`. Each
/// returns an sd-bus result (>= 0 success, negative errno).
typedef struct np_mpris_handlers {
    void *context;
    /// A method call: the handler reads its arguments from `call` and replies (np_reply_empty / np_reply_error).
    int (*method)(void *context, const char *interface, const char *member, sd_bus_message *call);
    /// Appends the property's value (of its signature) to `reply`.
    int (*get)(void *context, const char *interface, const char *property, sd_bus_message *reply);
    /// Reads the new value of a writable property from `value`.
    int (*set)(void *context, const char *interface, const char *property, sd_bus_message *value);
} np_mpris_handlers;

/// The object path of every MPRIS player.
#define NP_MPRIS_PATH "/org/mpris/MediaPlayer2"
#define NP_MPRIS_ROOT "org.mpris.MediaPlayer2"
#define NP_MPRIS_PLAYER "org.mpris.MediaPlayer2.Player"
/// NowPlaying's own interface on the same object: Open(as paths) hands a second instance's paths to this one.
#define NP_INSTANCE_INTERFACE "nowplaying.Instance"

/// Publishes the MPRIS root and Player interfaces and nowplaying.Instance at NP_MPRIS_PATH. `handlers` (and
/// its context) must outlive the bus. Returns an sd-bus result.
int np_mpris_add(sd_bus *bus, const np_mpris_handlers *handlers);

/// Replies to a method call with no values.
int np_reply_empty(sd_bus_message *call);
/// Replies to a method call with a D-Bus error.
int np_reply_error(sd_bus_message *call, const char *name, const char *message);

#endif
