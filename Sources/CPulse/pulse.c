#include "CPulse.h"

#include <pulse/pulseaudio.h>
#include <pulse/rtclock.h>
#include <pulse/timeval.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct np_pulse {
    pa_threaded_mainloop *loop;
    pa_context *context;
    pa_stream *stream;
    np_pulse_fill fill;
    void *fill_context;
    unsigned rate;
    /* The latency the server last reported (frames) and when (CLOCK_MONOTONIC, µs): the interface reads them
       without the main loop's lock, which the stream's thread holds while it decodes. */
    _Atomic long latency;
    _Atomic long long latency_at;
    _Atomic int corked;
    /* Set on the loop's thread when the context or the stream fails or ends. */
    _Atomic int lost;
};

static long long now_usec(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static void signal_loop(np_pulse *p) { pa_threaded_mainloop_signal(p->loop, 0); }
static void context_state(pa_context *c, void *userdata) {
    np_pulse *p = userdata;
    pa_context_state_t state = pa_context_get_state(c);
    if (state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED) atomic_store(&p->lost, 1);
    signal_loop(p);
}

static void stream_state(pa_stream *s, void *userdata) {
    np_pulse *p = userdata;
    pa_stream_state_t state = pa_stream_get_state(s);
    if (state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED) atomic_store(&p->lost, 1);
    signal_loop(p);
}

static void note_latency(np_pulse *p) {
    pa_usec_t usec = 0;
    int negative = 0;
    if (pa_stream_get_latency(p->stream, &usec, &negative) < 0) return;
    atomic_store(&p->latency, negative ? 0 : (long)(usec * p->rate / 1000000));
    atomic_store(&p->latency_at, now_usec());
}

/* The server wants `bytes` more: filled in place in the stream's own buffer, whole frames at a time, with
   sound only (nothing while there is none: the stream then waits, and `np_pulse_wake` fills it later). */
static void stream_write(pa_stream *s, size_t bytes, void *userdata) {
    np_pulse *p = userdata;
    while (bytes >= 4) {
        void *data = NULL;
        size_t n = bytes;
        if (pa_stream_begin_write(s, &data, &n) < 0 || !data) break;
        n = (n < bytes ? n : bytes) & ~(size_t)3;
        size_t filled = n ? p->fill(p->fill_context, data, n) & ~(size_t)3 : 0;
        if (filled == 0) { pa_stream_cancel_write(s); break; }
        if (pa_stream_write(s, data, filled, NULL, 0, PA_SEEK_RELATIVE) < 0 || filled < n) break;
        bytes -= filled;
    }
    note_latency(p);
}

static void timing_updated(pa_stream *s, void *userdata) { (void)s; note_latency(userdata); }

/* How long a server may take to answer before the player gives up on it (a hung server must not hold the
   window): a timer on the loop wakes the wait. */
#define NP_CONNECT_TIMEOUT_USEC (3 * PA_USEC_PER_SEC)

static void timed_out(pa_mainloop_api *api, pa_time_event *e, const struct timeval *tv, void *userdata) {
    (void)api; (void)e; (void)tv;
    signal_loop(userdata);
}

/* Waits (holding the loop's lock) until `ready` says the object is ready (1) or failed (-1), or the timeout
   passes (0). */
static int wait_until(np_pulse *p, int (*ready)(np_pulse *)) {
    pa_mainloop_api *api = pa_threaded_mainloop_get_api(p->loop);
    pa_usec_t deadline = pa_rtclock_now() + NP_CONNECT_TIMEOUT_USEC;
    struct timeval when;
    pa_gettimeofday(&when);
    pa_timeval_add(&when, NP_CONNECT_TIMEOUT_USEC);
    pa_time_event *timer = api->time_new(api, &when, timed_out, p);
    int r;
    while ((r = ready(p)) == 0 && pa_rtclock_now() < deadline) pa_threaded_mainloop_wait(p->loop);
    if (timer) api->time_free(timer);
    return r;
}

static int context_ready(np_pulse *p) {
    pa_context_state_t s = pa_context_get_state(p->context);
    return s == PA_CONTEXT_READY ? 1 : PA_CONTEXT_IS_GOOD(s) ? 0 : -1;
}

static int stream_ready(np_pulse *p) {
    pa_stream_state_t s = pa_stream_get_state(p->stream);
    return s == PA_STREAM_READY ? 1 : PA_STREAM_IS_GOOD(s) ? 0 : -1;
}

/* Why connecting failed, in `error`: the server's silence, or libpulse's words. */
static void say_failure(np_pulse *p, int timed_out, char *error, size_t error_size) {
    if (timed_out) snprintf(error, error_size, "no answer in %d s", (int)(NP_CONNECT_TIMEOUT_USEC / PA_USEC_PER_SEC));
    else snprintf(error, error_size, "%s", pa_strerror(pa_context_errno(p->context)));
}

np_pulse *np_pulse_open(const char *app_name, const char *icon_name, const char *stream_name, unsigned rate,
                        unsigned buffer_ms, int start_corked, np_pulse_fill fill, void *context, char *error,
                        size_t error_size, int *timed_out) {
    *timed_out = 0;
    np_pulse *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    atomic_store(&p->corked, start_corked);
    p->fill = fill;
    p->fill_context = context;
    p->rate = rate;
    p->loop = pa_threaded_mainloop_new();
    if (!p->loop) { free(p); snprintf(error, error_size, "no PulseAudio main loop"); return NULL; }
    pa_proplist *client = pa_proplist_new();
    pa_proplist_sets(client, PA_PROP_APPLICATION_NAME, app_name);
    pa_proplist_sets(client, PA_PROP_APPLICATION_ICON_NAME, icon_name);
    p->context = pa_context_new_with_proplist(pa_threaded_mainloop_get_api(p->loop), app_name, client);
    pa_proplist_free(client);
    if (!p->context) {
        snprintf(error, error_size, "no PulseAudio context");
        np_pulse_close(p);
        return NULL;
    }
    pa_context_set_state_callback(p->context, context_state, p);
    pa_threaded_mainloop_lock(p->loop);
    int connected = -1;
    int ok = pa_context_connect(p->context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) >= 0
             && pa_threaded_mainloop_start(p->loop) >= 0 && (connected = wait_until(p, context_ready)) == 1;
    if (!ok) {
        *timed_out = connected == 0;
        say_failure(p, *timed_out, error, error_size);
        pa_threaded_mainloop_unlock(p->loop);
        np_pulse_close(p);
        return NULL;
    }
    pa_sample_spec spec = { .format = PA_SAMPLE_S16NE, .rate = rate, .channels = 2 };
    pa_proplist *props = pa_proplist_new();
    pa_proplist_sets(props, PA_PROP_MEDIA_NAME, stream_name);
    pa_proplist_sets(props, PA_PROP_MEDIA_ROLE, "music");
    pa_proplist_sets(props, PA_PROP_MEDIA_ICON_NAME, icon_name);
    p->stream = pa_stream_new_with_proplist(p->context, stream_name, &spec, NULL, props);
    pa_proplist_free(props);
    if (p->stream) {
        pa_stream_set_state_callback(p->stream, stream_state, p);
        pa_stream_set_write_callback(p->stream, stream_write, p);
        pa_stream_set_latency_update_callback(p->stream, timing_updated, p);
        uint32_t target = (uint32_t)pa_usec_to_bytes((pa_usec_t)buffer_ms * 1000, &spec);
        pa_buffer_attr attr = { .maxlength = (uint32_t)-1, .tlength = target, .prebuf = (uint32_t)-1,
                                .minreq = target / 4, .fragsize = (uint32_t)-1 };
        pa_stream_flags_t flags = PA_STREAM_INTERPOLATE_TIMING | PA_STREAM_AUTO_TIMING_UPDATE | PA_STREAM_ADJUST_LATENCY
                                  | (start_corked ? PA_STREAM_START_CORKED : 0);
        int made = -1;
        ok = pa_stream_connect_playback(p->stream, NULL, &attr, flags, NULL, NULL) >= 0
             && (made = wait_until(p, stream_ready)) == 1;
        *timed_out = !ok && made == 0;
    } else {
        ok = 0;
    }
    if (!ok) say_failure(p, *timed_out, error, error_size);
    pa_threaded_mainloop_unlock(p->loop);
    if (!ok) { np_pulse_close(p); return NULL; }
    return p;
}

void np_pulse_close(np_pulse *p) {
    if (!p) return;
    if (p->loop) pa_threaded_mainloop_lock(p->loop);
    if (p->stream) {
        pa_stream_set_write_callback(p->stream, NULL, NULL);
        pa_stream_disconnect(p->stream);
        pa_stream_unref(p->stream);
    }
    if (p->context) {
        pa_context_disconnect(p->context);
        pa_context_unref(p->context);
    }
    if (p->loop) {
        pa_threaded_mainloop_unlock(p->loop);
        pa_threaded_mainloop_stop(p->loop);
        pa_threaded_mainloop_free(p->loop);
    }
    free(p);
}

/* Runs an operation under the loop's lock and lets it go (nobody waits for its result). */
#define NP_OPERATION(p, call)                              \
    do {                                                   \
        pa_threaded_mainloop_lock((p)->loop);              \
        pa_operation *op = (call);                         \
        if (op) pa_operation_unref(op);                    \
        pa_threaded_mainloop_unlock((p)->loop);            \
    } while (0)

void np_pulse_cork(np_pulse *p, int corked) {
    /* What is left to hear stays as it is while held, and counts down again from when it goes on. */
    atomic_store(&p->latency, np_pulse_latency_frames(p));
    atomic_store(&p->latency_at, now_usec());
    atomic_store(&p->corked, corked);
    NP_OPERATION(p, pa_stream_cork(p->stream, corked, NULL, NULL));
    if (!corked) np_pulse_wake(p);
}

void np_pulse_wake(np_pulse *p) {
    pa_threaded_mainloop_lock(p->loop);
    size_t room = pa_stream_writable_size(p->stream);
    if (room != (size_t)-1 && room > 0) stream_write(p->stream, room, p);
    pa_threaded_mainloop_unlock(p->loop);
}

void np_pulse_flush(np_pulse *p) {
    atomic_store(&p->latency, 0);
    NP_OPERATION(p, pa_stream_flush(p->stream, NULL, NULL));
}

void np_pulse_set_name(np_pulse *p, const char *name) {
    NP_OPERATION(p, pa_stream_set_name(p->stream, name, NULL, NULL));
}

void np_pulse_set_volume(np_pulse *p, double amplitude) {
    pa_cvolume volume;
    pa_cvolume_set(&volume, 2, pa_sw_volume_from_linear(amplitude < 0 ? 0 : amplitude > 1 ? 1 : amplitude));
    NP_OPERATION(p, pa_context_set_sink_input_volume(p->context, pa_stream_get_index(p->stream), &volume, NULL, NULL));
}

long np_pulse_latency_frames(np_pulse *p) {
    long latency = atomic_load(&p->latency);
    if (atomic_load(&p->corked)) return latency;
    long long elapsed = now_usec() - atomic_load(&p->latency_at);
    long left = latency - (long)(elapsed * p->rate / 1000000);
    return left > 0 ? left : 0;
}

int np_pulse_lost(np_pulse *p) { return atomic_load(&p->lost); }
