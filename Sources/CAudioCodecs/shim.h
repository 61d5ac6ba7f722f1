/* The decoders SDL_mixer itself links (mpg123, libvorbisfile, libopusfile, libFLAC; libsndfile through
 * fluidsynth) and the resampler SDL links (libsamplerate), so decoding through them maps no library the
 * process does not have already. */
#define OV_EXCLUDE_STATIC_CALLBACKS
#include <mpg123.h>
#include <vorbis/vorbisfile.h>
#include <opusfile.h>
#include <FLAC/stream_decoder.h>
#include <sndfile.h>
#include <samplerate.h>
