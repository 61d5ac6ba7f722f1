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
    void *symbol = dlsym(RTLD_DEFAULT, "snd_lib_error_set_handler");
    if (symbol == NULL) {
        /* An SDL that loads ALSA only when it tries it (upstream's default build) has not yet: it is loaded here,
           and SDL's own dlopen of it later gets this same copy, the handler set. The handle stays open. */
        void *alsa = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL);
        if (alsa != NULL) symbol = dlsym(alsa, "snd_lib_error_set_handler");
    }
    if (symbol == NULL) return 0;
    int (*set)(np_alsa_error_handler) = (int (*)(np_alsa_error_handler))symbol;
    return set(np_alsa_silent) == 0;
}
