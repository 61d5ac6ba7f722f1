#ifndef NOWPLAYING_CSDL2_SHIM_H
#define NOWPLAYING_CSDL2_SHIM_H
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <SDL_mixer.h>
#endif
