/* FFmpeg's demuxing, decoding and resampling libraries, with the error codes Swift cannot import as macros. */
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <errno.h>

static inline int np_averror_eof(void) { return AVERROR_EOF; }
static inline int np_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t np_av_nopts_value(void) { return AV_NOPTS_VALUE; }
