#include "CSystemd.h"

static int np_method(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    const np_mpris_handlers *h = userdata;
    return h->method(h->context, sd_bus_message_get_interface(m), sd_bus_message_get_member(m), m);
}

static int np_get(sd_bus *bus, const char *path, const char *interface, const char *property,
                  sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)error;
    const np_mpris_handlers *h = userdata;
    return h->get(h->context, interface, property, reply);
}

static int np_set(sd_bus *bus, const char *path, const char *interface, const char *property,
                  sd_bus_message *value, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)error;
    const np_mpris_handlers *h = userdata;
    return h->set(h->context, interface, property, value);
}

#define CONST_PROPERTY(name, sig) SD_BUS_PROPERTY(name, sig, np_get, 0, SD_BUS_VTABLE_PROPERTY_CONST)
#define CHANGING_PROPERTY(name, sig) SD_BUS_PROPERTY(name, sig, np_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE)
#define WRITABLE_PROPERTY(name, sig) \
    SD_BUS_WRITABLE_PROPERTY(name, sig, np_get, np_set, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE)

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Raise", "", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Quit", "", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    CONST_PROPERTY("CanQuit", "b"),
    CONST_PROPERTY("CanRaise", "b"),
    CONST_PROPERTY("CanSetFullscreen", "b"),
    WRITABLE_PROPERTY("Fullscreen", "b"),
    CONST_PROPERTY("HasTrackList", "b"),
    CONST_PROPERTY("Identity", "s"),
    CONST_PROPERTY("DesktopEntry", "s"),
    CONST_PROPERTY("SupportedUriSchemes", "as"),
    CONST_PROPERTY("SupportedMimeTypes", "as"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Next", "", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Previous", "", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Pause", "", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("PlayPause", "", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Stop", "", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Play", "", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Seek", "x", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("SetPosition", "ox", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("OpenUri", "s", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("Seeked", "x", 0),
    CHANGING_PROPERTY("PlaybackStatus", "s"),
    WRITABLE_PROPERTY("LoopStatus", "s"),
    WRITABLE_PROPERTY("Rate", "d"),
    WRITABLE_PROPERTY("Shuffle", "b"),
    CHANGING_PROPERTY("Metadata", "a{sv}"),
    WRITABLE_PROPERTY("Volume", "d"),
    // MPRIS: Position changes all the time and is never announced (clients follow Seeked).
    SD_BUS_PROPERTY("Position", "x", np_get, 0, 0),
    CONST_PROPERTY("MinimumRate", "d"),
    CONST_PROPERTY("MaximumRate", "d"),
    CHANGING_PROPERTY("CanGoNext", "b"),
    CHANGING_PROPERTY("CanGoPrevious", "b"),
    CHANGING_PROPERTY("CanPlay", "b"),
    CHANGING_PROPERTY("CanPause", "b"),
    CHANGING_PROPERTY("CanSeek", "b"),
    CONST_PROPERTY("CanControl", "b"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable instance_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Open", "as", "", np_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_VTABLE_END
};

int np_mpris_add(sd_bus *bus, const np_mpris_handlers *handlers) {
    // sd-bus keeps `handlers` as every callback's userdata; the vtables are static.
    void *userdata = (void *)handlers;
    int r = sd_bus_add_object_vtable(bus, NULL, NP_MPRIS_PATH, NP_MPRIS_ROOT, root_vtable, userdata);
    if (r >= 0) r = sd_bus_add_object_vtable(bus, NULL, NP_MPRIS_PATH, NP_MPRIS_PLAYER, player_vtable, userdata);
    if (r >= 0) r = sd_bus_add_object_vtable(bus, NULL, NP_MPRIS_PATH, NP_INSTANCE_INTERFACE, instance_vtable, userdata);
    return r;
}

int np_reply_empty(sd_bus_message *call) { return sd_bus_reply_method_return(call, NULL); }

int np_reply_error(sd_bus_message *call, const char *name, const char *message) {
    return sd_bus_reply_method_errorf(call, name, "%s", message);
}
