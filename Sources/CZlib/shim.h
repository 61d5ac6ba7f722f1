#ifndef NOWPLAYING_CZLIB_SHIM_H
#define NOWPLAYING_CZLIB_SHIM_H
#include <zlib.h>
#endif
