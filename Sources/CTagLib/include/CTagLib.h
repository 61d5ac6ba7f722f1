#ifndef NOWPLAYING_CTAGLIB_H
#define NOWPLAYING_CTAGLIB_H
/* A small read-only C interface over TagLib's C++ API, for Swift: the text tags, the audio length,
   the front cover picture (ID3 APIC, FLAC and Vorbis/Opus pictures, MP4 covr) and embedded lyrics.
   Files are opened for reading only; nothing is ever written back. */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct np_tags {
    char *title;            /* UTF-8, NULL when absent */
    char *artist;
    char *album;
    char *album_artist;     /* the album's artist (TPE2, ALBUMARTIST, aART), NULL when absent */
    char *lyrics;           /* embedded lyrics (USLT, LYRICS, ©lyr), NULL when absent */
    int track;              /* 0 when absent */
    int disc;               /* 0 when absent */
    double duration;        /* seconds, 0 when unknown */
    unsigned char *picture; /* the front cover (or the first picture), NULL when none */
    size_t picture_size;
    /* ReplayGain in dB and peaks (fractions of full scale), NAN when absent; Opus R128 gains are converted
       to ReplayGain's reference (R128 Q7.8 dB against -23 LUFS, + 5 dB). */
    double track_gain, track_peak, album_gain, album_peak;
    /* The bytes read from the file (a read without the picture steps over an ID3v2 tag's pictures). */
    unsigned long bytes_read;
    /* 1 when TagLib read the file as MPEG audio (MP3, MP2) and found its audio properties: `duration` is then whole
       frames, the encoder's delay and padding in. */
    int mpeg;
} np_tags;

/* What np_read_tags fills in: the text tags (with duration and ReplayGain), the picture, the lyrics. */
enum { NP_FIELD_TEXT = 1, NP_FIELD_PICTURE = 2, NP_FIELD_LYRICS = 4 };

/* Reads the `fields` (NP_FIELD_* or-ed) of an audio file's tags. Returns 0 on success, -1 when TagLib
   cannot read the file as audio. */
int np_read_tags(const char *path, np_tags *out, int fields);

/* What the file holds, in words: "AAC in an M4A file", "WMA 2 in a WMA file" (codec, then the container
   named by the file's extension); NULL when TagLib does not know the codec. Free with free(). */
char *np_audio_format(const char *path);

/* Frees what np_read_tags allocated (the struct itself is the caller's). */
void np_free_tags(np_tags *tags);

/* Sends TagLib's debug messages ("Invalid ID3 frame" …) nowhere instead of to stderr. */
void np_silence_taglib(void);

#ifdef __cplusplus
}
#endif
#endif
