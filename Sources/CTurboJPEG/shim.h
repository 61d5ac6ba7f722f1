#ifndef NOWPLAYING_CTURBOJPEG_SHIM_H
#define NOWPLAYING_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
