#ifndef NOWPLAYING_CLIBWEBP_SHIM_H
#define NOWPLAYING_CLIBWEBP_SHIM_H
#include <webp/decode.h>
#endif
