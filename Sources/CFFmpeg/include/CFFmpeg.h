/* FFmpeg's demuxing, decoding and resampling libraries, loaded at run time (dlopen) the first time a file needs
 * them: a session that plays only what the native decoders take never maps libavcodec and what it drags in.
 * The headers give the types; every function is called through the table `np_ffmpeg_load` fills. */
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <errno.h>
#include <stddef.h>

/* The functions the decoder calls, each with the library that exports it. */
#define NP_FFMPEG_FUNCTIONS(X) \
    X(avutil, av_log_set_level) \
    X(avutil, av_channel_layout_default) \
    X(avutil, av_dict_get) \
    X(avutil, av_frame_alloc) \
    X(avutil, av_frame_free) \
    X(avutil, av_frame_unref) \
    X(avutil, av_rescale_q) \
    X(avcodec, av_packet_alloc) \
    X(avcodec, av_packet_free) \
    X(avcodec, av_packet_unref) \
    X(avcodec, avcodec_alloc_context3) \
    X(avcodec, avcodec_parameters_to_context) \
    X(avcodec, avcodec_open2) \
    X(avcodec, avcodec_free_context) \
    X(avcodec, avcodec_flush_buffers) \
    X(avcodec, avcodec_send_packet) \
    X(avcodec, avcodec_receive_frame) \
    X(avformat, avformat_open_input) \
    X(avformat, avformat_close_input) \
    X(avformat, avformat_find_stream_info) \
    X(avformat, av_find_best_stream) \
    X(avformat, av_read_frame) \
    X(avformat, av_seek_frame) \
    X(swresample, swr_alloc_set_opts2) \
    X(swresample, swr_init) \
    X(swresample, swr_free) \
    X(swresample, swr_set_matrix) \
    X(swresample, swr_convert) \
    X(swresample, swr_get_out_samples)

/* FFmpeg's functions, resolved from the loaded libraries (each field is named after its function). */
typedef struct np_ffmpeg {
#define NP_FFMPEG_FIELD(library, name) __typeof__(name) *_Nonnull name;
    NP_FFMPEG_FUNCTIONS(NP_FFMPEG_FIELD)
#undef NP_FFMPEG_FIELD
} np_ffmpeg;

/* Loads libavutil, libswresample, libavcodec and libavformat by the sonames of the major versions these headers
 * describe (libavcodec.so.59 …), from `directory` (NULL: the dynamic linker's search path), and fills `table`.
 * Returns 0 and writes the reason (dlerror's words) into `error` when a library or a function is missing. */
int np_ffmpeg_load(const char *_Nullable directory, np_ffmpeg *_Nonnull table, char *_Nonnull error, size_t size);

static inline int np_averror_eof(void) { return AVERROR_EOF; }
static inline int np_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t np_av_nopts_value(void) { return AV_NOPTS_VALUE; }
