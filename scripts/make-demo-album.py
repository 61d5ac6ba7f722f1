#!/usr/bin/env python3
"""Composes and renders NowPlaying's demo album "Night Lines" by The Quiet Frequencies.

Each track is written here as music: a chord progression voiced as pads, a bass line on the roots,
a drum pattern (kick, snare, hats) and a lead melody drawn from the key's scale over the chords, with
simple envelopes, a touch of delay and a fade-out. Tracks are rendered with numpy, encoded to mixed formats
(Ogg Vorbis, MP3, FLAC, Opus) with Debian's encoders, tagged with mutagen, given cover art (embedded in most,
sidecar pictures for the rest) and, for some, synced .lrc lyrics written for them.

Needs: python3 with numpy and mutagen; vorbis-tools, lame, flac, opus-tools. Output: Assets/Demo/.
The results are committed; run this again only to change the album.
"""
import base64
import os
import shutil
import subprocess
import sys
import tempfile
import wave

import numpy as np
from mutagen.flac import FLAC, Picture
from mutagen.id3 import APIC, ID3, TALB, TIT2, TPE1, TRCK
from mutagen.oggopus import OggOpus
from mutagen.oggvorbis import OggVorbis

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Assets", "Demo")
COVERS = os.path.join(OUT, "covers")
ALBUM, ARTIST = "Night Lines", "The Quiet Frequencies"
RATE = 44100

MAJOR = [0, 2, 4, 5, 7, 9, 11]
MINOR = [0, 2, 3, 5, 7, 8, 10]

# title, file stem, format, key (MIDI root), mode, tempo, progression (scale degrees), bars, seed, art, lyrics
TRACKS = [
    ("Neon Harbor", "01-neon-harbor", "ogg", 57, MINOR, 96, [0, 5, 2, 6], 16, 11, "embedded", True),
    ("Paper Satellites", "02-paper-satellites", "mp3", 60, MAJOR, 112, [0, 4, 5, 3], 18, 23, "embedded", True),
    ("Glass Orchard", "03-glass-orchard", "flac", 62, MAJOR, 88, [0, 3, 4, 3], 12, 37, "embedded", False),
    ("Slow Comet", "04-slow-comet", "opus", 55, MINOR, 78, [0, 6, 5, 4], 12, 41, "embedded", True),
    ("Midnight Tram", "05-midnight-tram", "ogg", 58, MINOR, 120, [0, 3, 6, 4], 20, 53, "embedded", False),
    ("Velvet Static", "06-velvet-static", "mp3", 53, MINOR, 104, [0, 5, 3, 4], 16, 67, "embedded", False),
    ("Lantern Bay", "07-lantern-bay", "opus", 64, MAJOR, 92, [0, 5, 3, 4], 14, 71, "sidecar", False),
    ("Northbound", "08-northbound", "ogg", 59, MAJOR, 124, [0, 4, 5, 3], 22, 89, "sidecar", False),
]

LYRICS = {
    "01-neon-harbor": [
        "Lights come on along the water",
        "Every window keeps a name",
        "Boats are humming in the harbor",
        "Slow and bright and not the same",
        "Hold the rope and hold the quiet",
        "Let the neon do the talking",
        "Night lines drawn across the tide",
        "We were only ever walking",
    ],
    "02-paper-satellites": [
        "Folded rockets on the table",
        "Paper moons on silver thread",
        "Every orbit that we made up",
        "Circles back to something said",
        "Throw them high above the rooftops",
        "Watch them spin and catch the light",
        "Little signals, paper satellites",
        "Keep on calling through the night",
    ],
    "04-slow-comet": [
        "There's a light that takes its time",
        "Crossing over, one more mile",
        "Every year it passes by",
        "And it stays a little while",
        "Slow comet, don't you hurry",
        "We have nowhere else to be",
        "Leave a tail of dust and wonder",
        "Pulling gently out to sea",
    ],
}


def freq(midi):
    return 440.0 * 2 ** ((midi - 69) / 12)


def env(n, attack, release, sustain=1.0):
    e = np.full(n, sustain)
    a, r = min(n, int(attack * RATE)), min(n, int(release * RATE))
    if a:
        e[:a] = np.linspace(0, sustain, a)
    if r:
        e[-r:] *= np.linspace(1, 0, r)
    return e


def tone(f, dur, shape="saw", attack=0.01, release=0.1, detune=0.0):
    n = int(dur * RATE)
    t = np.arange(n) / RATE
    out = np.zeros(n)
    for d in ([0.0] if detune == 0 else [-detune, detune]):
        ph = 2 * np.pi * f * (1 + d) * t
        if shape == "sine":
            w = np.sin(ph)
        elif shape == "tri":
            w = 2 / np.pi * np.arcsin(np.sin(ph))
        elif shape == "square":
            w = np.tanh(4 * np.sin(ph))
        else:  # soft saw: a few harmonics
            w = sum(np.sin(k * ph) / k for k in range(1, 7))
        out += w
    return out * env(n, attack, release)


def drums(rng, n_bars, beat, style):
    bar = 4 * beat
    n = int(n_bars * bar * RATE)
    out = np.zeros(n)
    kick_len = int(0.25 * RATE)
    tk = np.arange(kick_len) / RATE
    kick = np.sin(2 * np.pi * (50 + 90 * np.exp(-tk * 30)) * tk) * np.exp(-tk * 12)
    snare_len = int(0.18 * RATE)
    snare = rng.standard_normal(snare_len) * np.exp(-np.arange(snare_len) / RATE * 22) * 0.5
    snare += np.sin(2 * np.pi * 190 * np.arange(snare_len) / RATE) * np.exp(-np.arange(snare_len) / RATE * 30) * 0.4
    hat_len = int(0.05 * RATE)
    hat = np.diff(rng.standard_normal(hat_len + 1)) * np.exp(-np.arange(hat_len) / RATE * 90) * 0.15

    def put(sample, at):
        i = int(at * RATE)
        j = min(n, i + len(sample))
        out[i:j] += sample[: j - i]

    for b in range(n_bars):
        t0 = b * bar
        kicks = [0, 2] if style == 0 else [0, 1.5, 2.5]
        for k in kicks:
            put(kick, t0 + k * beat)
        for s in [1, 3]:
            put(snare, t0 + s * beat)
        for h in range(8):
            put(hat * (1.0 if h % 2 == 0 else 0.6), t0 + h * beat / 2)
    return out


def compose(title, key, mode, tempo, progression, bars, seed):
    rng = np.random.default_rng(seed)
    beat = 60.0 / tempo
    bar = 4 * beat
    total = bars * bar + 2.0
    n = int(total * RATE)
    left, right = np.zeros(n), np.zeros(n)

    def add(signal, at, gain, pan=0.0):
        i = int(at * RATE)
        j = min(n, i + len(signal))
        left[i:j] += signal[: j - i] * gain * (1 - pan) / 2 * 2 ** 0.5
        right[i:j] += signal[: j - i] * gain * (1 + pan) / 2 * 2 ** 0.5

    def scale_note(degree, octave=0):
        return key + mode[degree % 7] + 12 * (degree // 7 + octave)

    for b in range(bars):
        deg = progression[b % len(progression)]
        t0 = b * bar
        # Pad: the triad, voiced around the key, held for the bar.
        chord = [scale_note(deg), scale_note(deg + 2), scale_note(deg + 4)]
        for i, m in enumerate(chord):
            add(tone(freq(m), bar + 0.3, "saw", attack=0.4, release=0.6, detune=0.003), t0, 0.045, pan=(i - 1) * 0.5)
        # Bass: root on the beats, octave on the offbeat of beat 4.
        for k in range(4):
            m = scale_note(deg, -2) if k != 3 else scale_note(deg, -1)
            add(tone(freq(m), beat * 0.9, "tri", attack=0.005, release=0.08), t0 + k * beat, 0.22)
        # Lead: from the fifth bar, a phrase of eighths that moves by step and lands on chord tones.
        if b >= 4 and b < bars - 1:
            pos = rng.choice([0, 2, 4])
            for e in range(8):
                if rng.random() < 0.28 and e % 2:
                    continue
                step = rng.choice([-1, 0, 1, 1, 2, -2])
                pos = int(np.clip(pos + step, -2, 9))
                if e in (0, 4):
                    pos = min([deg, deg + 2, deg + 4, deg + 7], key=lambda c: abs(c - pos))
                length = beat / 2 * (2 if rng.random() < 0.2 else 1)
                add(tone(freq(scale_note(pos, 1)), length, "square", attack=0.01, release=0.12),
                    t0 + e * beat / 2, 0.05, pan=0.2)
    rhythm = drums(rng, bars, beat, seed % 2)
    add(rhythm[: n], 0, 0.5)
    # Delay on the whole mix, then a fade-out over the last two bars.
    d = int(beat * 0.75 * RATE)
    for ch in (left, right):
        ch[d:] += ch[:-d] * 0.22
    mix = np.stack([left, right], axis=1)
    fade = int(min(total, 2 * bar) * RATE)
    mix[-fade:] *= np.linspace(1, 0, fade)[:, None] ** 1.5
    mix[: int(0.02 * RATE)] *= np.linspace(0, 1, int(0.02 * RATE))[:, None]
    mix /= np.max(np.abs(mix)) / 0.85
    return mix, bar


def write_wav(path, mix):
    data = (np.clip(mix, -1, 1) * 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def picture(jpeg):
    p = Picture()
    p.type = 3
    p.mime = "image/jpeg"
    p.desc = "Front cover"
    p.data = jpeg
    return p


def encode_and_tag(wav, stem, fmt, title, number, art):
    dst = os.path.join(OUT, f"{stem}.{fmt}")
    if fmt == "ogg":
        subprocess.run(["oggenc", "-Q", "-q", "3", "-o", dst, wav], check=True)
        f = OggVorbis(dst)
    elif fmt == "opus":
        subprocess.run(["opusenc", "--quiet", "--bitrate", "64", wav, dst], check=True)
        f = OggOpus(dst)
    elif fmt == "flac":
        subprocess.run(["flac", "-s", "-8", "-f", "-o", dst, wav], check=True)
        f = FLAC(dst)
    elif fmt == "mp3":
        subprocess.run(["lame", "--quiet", "-b", "128", wav, dst], check=True)
        tags = ID3()
        tags.add(TIT2(encoding=3, text=title))
        tags.add(TPE1(encoding=3, text=ARTIST))
        tags.add(TALB(encoding=3, text=ALBUM))
        tags.add(TRCK(encoding=3, text=f"{number}/{len(TRACKS)}"))
        if art:
            tags.add(APIC(encoding=3, mime="image/jpeg", type=3, desc="Front cover", data=art))
        tags.save(dst)
        return dst
    f["title"], f["artist"], f["album"], f["tracknumber"] = title, ARTIST, ALBUM, f"{number}/{len(TRACKS)}"
    if art:
        if fmt == "flac":
            f.add_picture(picture(art))
        else:
            f["metadata_block_picture"] = [base64.b64encode(picture(art).write()).decode("ascii")]
    f.save()
    return dst


def lrc(stem, title, bar, bars):
    lines = LYRICS[stem]
    out = [f"[ti:{title}]", f"[ar:{ARTIST}]", f"[al:{ALBUM}]", "[by:NowPlaying demo album]", ""]
    # One line every bar from the fifth bar, two passes of the verse where the song is long enough.
    for i in range(bars - 5):
        t = (4 + i) * bar
        m, s = divmod(t, 60)
        out.append(f"[{int(m):02d}:{s:05.2f}]{lines[i % len(lines)]}")
    return "\n".join(out) + "\n"


def main():
    for tool in ["oggenc", "opusenc", "flac", "lame"]:
        if not shutil.which(tool):
            sys.exit(f"make-demo-album: {tool} is missing (apt-get install vorbis-tools opus-tools flac lame)")
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for number, (title, stem, fmt, key, mode, tempo, prog, bars, seed, art_kind, lyrics) in enumerate(TRACKS, 1):
            mix, bar = compose(title, key, mode, tempo, prog, bars, seed)
            wav = os.path.join(tmp, stem + ".wav")
            write_wav(wav, mix)
            with open(os.path.join(COVERS, stem + ".jpg"), "rb") as fh:
                art = fh.read()
            dst = encode_and_tag(wav, stem, fmt, title, number, art if art_kind == "embedded" else None)
            if art_kind == "sidecar":
                shutil.copy(os.path.join(COVERS, stem + ".jpg"), os.path.join(OUT, stem + ".jpg"))
            if lyrics:
                with open(os.path.join(OUT, stem + ".lrc"), "w", encoding="utf-8") as fh:
                    fh.write(lrc(stem, title, bar, bars))
            print(f"{os.path.basename(dst)}: {len(mix) / RATE:.1f} s")
        shutil.copy(os.path.join(COVERS, "01-neon-harbor.jpg"), os.path.join(OUT, "cover.jpg"))


if __name__ == "__main__":
    main()
