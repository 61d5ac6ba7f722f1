#ifndef NOWPLAYING_CSDL2_SHIM_H
#define NOWPLAYING_CSDL2_SHIM_H
#include <SDL.h>
/* SDL_image for its declarations: the library is loaded when first needed (ViewKit's ImageLibrary), not linked. */
#include <SDL_image.h>
#include <SDL_ttf.h>
/* SDL_mixer for its types: the library is loaded when first needed (Playback's MixerLibrary), not linked. */
#include <SDL_mixer.h>
#endif
