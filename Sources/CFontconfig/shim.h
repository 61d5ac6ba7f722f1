#ifndef NOWPLAYING_CFONTCONFIG_SHIM_H
#define NOWPLAYING_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
