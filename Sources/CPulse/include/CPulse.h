#ifndef NOWPLAYING_CPULSE_H
#define NOWPLAYING_CPULSE_H
// A PulseAudio playback stream of the player's own (libpulse, threaded main loop): large buffers that the
// player can drop at once (seek, another track), cork (pause), name after the song and set the volume of,
// none of which SDL 2's PulseAudio driver offers. Works with PipeWire's PulseAudio server too.
#include <stddef.h>

/// Fills up to `bytes` bytes of 16-bit stereo samples at `data` and returns how many it filled (fewer, or
/// none, while it has nothing to play: `np_pulse_wake` tells the stream when it has); called on the stream's
/// own thread, or on the thread that calls `np_pulse_wake`.
typedef size_t (*np_pulse_fill)(void *context, void *data, size_t bytes);

typedef struct np_pulse np_pulse;

/// Connects to the sound server as `app_name` (with `icon_name`) and opens a music stream named `stream_name`
/// that asks `fill` for samples, keeping about `buffer_ms` of them ahead of what is heard. Returns NULL when
/// no server answers (then `error` says why, and `timed_out` is 1 when a server took the connection and did not
/// answer within 3 s: hung rather than absent). `start_corked`: the stream is held until `np_pulse_cork(p, 0)`.
np_pulse *np_pulse_open(const char *app_name, const char *icon_name, const char *stream_name, unsigned rate,
                        unsigned buffer_ms, int start_corked, np_pulse_fill fill, void *context, char *error,
                        size_t error_size, int *timed_out);
/// Disconnects the stream and the server (what was written and not yet heard is dropped).
void np_pulse_close(np_pulse *pulse);
/// Holds the stream (what it has written stays for when it goes on) or lets it go on (and asks for samples).
void np_pulse_cork(np_pulse *pulse, int corked);
/// Samples are there again (a track opened, a seek done): fills what the stream has room for.
void np_pulse_wake(np_pulse *pulse);
/// Drops what was written and not yet heard; the stream asks for new samples at once.
void np_pulse_flush(np_pulse *pulse);
/// Renames the stream (media.name), as the sound server's mixers show it.
void np_pulse_set_name(np_pulse *pulse, const char *name);
/// The stream's volume on the server, as an amplitude factor (0…1): heard at once, unlike scaled samples
/// already written.
void np_pulse_set_volume(np_pulse *pulse, double amplitude);
/// Whether the server or the stream went away since the stream opened (a server restart, a crash).
int np_pulse_lost(np_pulse *pulse);
/// Frames written and not yet heard (the stream's latency, interpolated between the server's reports).
long np_pulse_latency_frames(np_pulse *pulse);

#endif
