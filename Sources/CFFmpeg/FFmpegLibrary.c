#include "CFFmpeg.h"
#include <dlfcn.h>
#include <stdio.h>

#define NP_STRING(x) #x
#define NP_VERSION(x) NP_STRING(x)

/* Opens `soname` (under `directory` when given); NULL with the reason in `error`. */
static void *np_open(const char *directory, const char *soname, char *error, size_t size) {
    char path[4096];
    if (directory) snprintf(path, sizeof path, "%s/%s", directory, soname);
    else snprintf(path, sizeof path, "%s", soname);
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) snprintf(error, size, "%s", dlerror());
    return handle;
}

int np_ffmpeg_load(const char *directory, np_ffmpeg *table, char *error, size_t size) {
    /* In dependency order; a handle stays open for the process's life (the table points into it). */
    void *avutil = np_open(directory, "libavutil.so." NP_VERSION(LIBAVUTIL_VERSION_MAJOR), error, size);
    void *swresample = avutil ? np_open(directory, "libswresample.so." NP_VERSION(LIBSWRESAMPLE_VERSION_MAJOR), error, size) : NULL;
    void *avcodec = swresample ? np_open(directory, "libavcodec.so." NP_VERSION(LIBAVCODEC_VERSION_MAJOR), error, size) : NULL;
    void *avformat = avcodec ? np_open(directory, "libavformat.so." NP_VERSION(LIBAVFORMAT_VERSION_MAJOR), error, size) : NULL;
    if (!avformat) return 0;
#define NP_FFMPEG_RESOLVE(library, name) \
    if (!(table->name = (__typeof__(name) *)dlsym(library, #name))) { \
        snprintf(error, size, "lib%s has no %s", #library, #name); \
        return 0; \
    }
    NP_FFMPEG_FUNCTIONS(NP_FFMPEG_RESOLVE)
#undef NP_FFMPEG_RESOLVE
    return 1;
}
