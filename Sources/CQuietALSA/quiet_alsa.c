#define _GNU_SOURCE
#include "CQuietALSA.h"
#include <dlfcn.h>
#include <stddef.h>

/* ALSA's snd_lib_error_handler_t: a printf-like function (C alone defines a variadic function). */
typedef void (*np_alsa_error_handler)(const char *file, int line, const char *function, int err, const char *format, ...);

static void np_alsa_silent(const char *file, int line, const char *function, int err, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)format;
}

int np_alsa_quiet(void) {
    int (*set)(np_alsa_error_handler) = (int (*)(np_alsa_error_handler))dlsym(RTLD_DEFAULT, "snd_lib_error_set_handler");
    return set != NULL && set(np_alsa_silent) == 0;
}
