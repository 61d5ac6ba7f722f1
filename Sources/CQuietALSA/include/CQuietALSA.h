#ifndef NOWPLAYING_CQUIETALSA_H
#define NOWPLAYING_CQUIETALSA_H

/* Keeps ALSA's library from printing its own failures on stderr ("ALSA lib confmisc.c:855:(parse_card) cannot find
   card '0'", eight lines on a machine without a sound card): the player says in its own words, once, that it plays
   silently. ALSA is not linked for this: its handler is set in the copy SDL loaded, or in one loaded here that SDL
   will use. Returns 1 if set, 0 if ALSA is not installed. */
int np_alsa_quiet(void);

#endif
