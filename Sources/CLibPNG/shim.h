#ifndef NOWPLAYING_CLIBPNG_SHIM_H
#define NOWPLAYING_CLIBPNG_SHIM_H
#include <png.h>
#endif
