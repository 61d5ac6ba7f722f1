#!/usr/bin/env python3
"""Writes a corpus of hostile files into a folder, for trying NowPlaying on what real libraries and downloads hold.

    scripts/make-hostile-corpus.py OUT_DIR [PART ...]

PART is any of damaged, headers, covers, special, lyrics (default: all of them).

Needs Python 3 (standard library only) and the `ffmpeg` command (scripts/install-deps.sh installs it). Nothing
here is committed as a binary: every file is made from a sine tone, or written byte by byte.

OUT_DIR gets one folder per kind of trouble, each with good tracks around the bad ones (names sort in album
order), and a manifest, `corpus.tsv`: one line per file, `folder/name<TAB>kind<TAB>what the app must do`, where
"report" means one line on stderr naming the file, "play" means it plays, and "either" means it may play what
it can decode or be reported (a truncated file keeps its first frames, random bytes may sync by chance).
"""
import os
import random
import socket
import struct
import subprocess
import sys
import tempfile
import zlib

SECONDS = 2
FORMATS = {
    "mp3": ["-c:a", "libmp3lame", "-b:a", "96k"],
    "ogg": ["-c:a", "libvorbis", "-q:a", "2"],
    "opus": ["-c:a", "libopus", "-b:a", "48k"],
    "flac": ["-c:a", "flac"],
    "wav": ["-c:a", "pcm_s16le"],
    "m4a": ["-c:a", "aac", "-b:a", "96k"],
    "alac": ["-c:a", "alac", "-f", "ipod"],
    "aiff": ["-c:a", "pcm_s16be"],
    "wma": ["-c:a", "wmav2", "-b:a", "96k"],
    "wv": ["-c:a", "wavpack"],
    "aac": ["-c:a", "aac", "-b:a", "96k", "-f", "adts"],
}
# Formats the library takes that ffmpeg cannot write: made by hand (MIDI, a ProTracker module), or only as
# bytes with the extension (zeroed, random, empty) where no encoder is at hand (Monkey's Audio, FastTracker 2,
# Impulse Tracker, Scream Tracker 3).
BY_HAND = ["mid", "mod"]
# Formats that carry no title tag.
UNTAGGED = ["aac"]
NAME_ONLY = ["ape", "xm", "it", "s3m"]
# Formats whose files carry another extension (ALAC lives in .m4a files, as AAC does).
EXTENSIONS = {"alac": "m4a"}


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", *args], check=True)


def tone(path, ext, freq=440, seconds=SECONDS, extra=()):
    """A sine tone encoded as `ext`, without tags (the corpus writes its own where it needs them)."""
    ffmpeg("-f", "lavfi", "-i", f"sine=frequency={freq}:sample_rate=44100:duration={seconds}",
           "-ac", "2", *FORMATS[ext], "-map_metadata", "-1", *extra, path)


def midi_note(seconds=SECONDS):
    """A standard MIDI file of one organ note held `seconds` at 120 bpm (96 ticks a quarter, two quarters a
    second: 192 ticks a second)."""
    ticks = 192 * seconds
    groups = []  # the delta time as a variable-length quantity: 7 bits a byte, most significant first
    while True:
        groups.insert(0, ticks & 0x7F)
        ticks >>= 7
        if not ticks:
            break
    delta = bytes([g | 0x80 for g in groups[:-1]] + groups[-1:])
    events = (bytes([0x00, 0xC0, 19, 0x00, 0x90, 60, 100]) + delta + bytes([0x80, 60, 0])
              + bytes([0x00, 0xFF, 0x2F, 0x00]))
    return b"MThd" + struct.pack(">IHHH", 6, 0, 1, 96) + b"MTrk" + struct.pack(">I", len(events)) + events


def protracker_module(seconds=SECONDS):
    """A 4-channel ProTracker module ("M.K."): one looping square-wave sample played as C-3 on channel 1, for
    `seconds` at the default speed (6 ticks a row at 125 bpm: 0.12 s a row), then a pattern break ends the song."""
    rows = round(seconds / 0.12)
    wave = bytes([0x40] * 16 + [0xC0] * 16) * 8  # 256 bytes of signed 8-bit square wave
    header = b"hostile corpus".ljust(20, b"\0")
    header += b"square".ljust(22, b"\0") + struct.pack(">HBBHH", len(wave) // 2, 0, 64, 0, len(wave) // 2)
    header += (b"\0" * 22 + struct.pack(">HBBHH", 0, 0, 0, 0, 1)) * 30
    header += bytes([1, 127]) + bytes(128) + b"M.K."
    pattern = bytearray(64 * 4 * 4)
    pattern[0:4] = bytes([0x01, 0xAC, 0x10, 0x00])  # sample 1, period 428 (C-3), no effect
    at = (rows - 1) * 16
    pattern[at + 2:at + 4] = bytes([0x0D, 0x00])  # Dxx on the last row: the song ends after it
    return header + bytes(pattern) + wave


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


class Manifest:
    def __init__(self, root):
        self.root = root
        self.rows = []

    def add(self, rel, kind, expect):
        self.rows.append((rel, kind, expect))

    def save(self):
        with open(os.path.join(self.root, "corpus.tsv"), "w") as f:
            for row in self.rows:
                f.write("\t".join(row) + "\n")


# ID3v2.3, written by hand so a tag can hold what no tagger would (a picture of any bytes, megabytes of lyrics).

def id3_frame(frame_id, body):
    return frame_id.encode() + struct.pack(">I", len(body)) + b"\0\0" + body


def id3_text(frame_id, text):
    return id3_frame(frame_id, b"\x03" + text.encode("utf-8"))  # 3: UTF-8 (read by TagLib in v2.3 too)


def id3_picture(mime, data):
    return id3_frame("APIC", b"\x00" + mime.encode() + b"\0" + b"\x03" + b"cover\0" + data)  # 3: front cover


def id3_lyrics(text):
    return id3_frame("USLT", b"\x03eng\0" + text.encode("utf-8"))


def id3_comment(text):
    return id3_frame("COMM", b"\x03eng\0" + text.encode("utf-8"))


def id3_tag(frames):
    body = b"".join(frames)
    size = len(body)
    syncsafe = bytes([(size >> 21) & 0x7F, (size >> 14) & 0x7F, (size >> 7) & 0x7F, size & 0x7F])
    return b"ID3\x03\x00\x00" + syncsafe + body


def tagged_mp3(path, title, frames, freq=440):
    """An MP3 tone with our own ID3v2.3 tag in front (title, artist, album and `frames`)."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "raw.mp3")
        tone(raw, "mp3", freq, extra=["-id3v2_version", "0", "-write_id3v1", "0"])
        audio = read(raw)
    tag = id3_tag([id3_text("TIT2", title), id3_text("TPE1", "Hostile Corpus"), id3_text("TALB", "Hostile"), *frames])
    write(path, tag + audio)


# Pictures.

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bomb(side):
    """A `side` × `side` RGB PNG of black: a few MB on disk, side² × 3 bytes decoded. The zlib stream repeats one
    fully flushed block of zero rows (each block stands alone), so it is made in a moment."""
    row = side * 3 + 1
    rows_per_block = max(1, (1 << 24) // row)
    packer = zlib.compressobj(9)
    block = packer.compress(bytes(row * rows_per_block)) + packer.flush(zlib.Z_FULL_FLUSH)
    whole, rest = divmod(side, rows_per_block)
    stream = bytearray(block[:2])  # the zlib header, once
    body = block[2:]
    stream += body * whole
    # The rest of the rows, then the end: a raw deflate of the remaining zeros, and Adler-32 of all-zero data.
    rest_deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    stream += rest_deflate.compress(bytes(row * rest)) + rest_deflate.flush()
    total = row * side
    stream += struct.pack(">I", ((total % 65521) << 16) | 1)
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", bytes(stream)) + png_chunk(b"IEND", b"")


def png_claiming(side):
    """A PNG whose header claims `side` × `side` pixels and whose data ends after a few rows."""
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)
    data = zlib.compress(bytes((side * 4 + 1) * 4))
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", data) + png_chunk(b"IEND", b"")


def big_jpeg(path, side):
    ffmpeg("-f", "lavfi", "-i", f"color=c=0x3366aa:s={side}x{side}", "-frames:v", "1", "-q:v", "8", path)


def svg_canvas(side):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">'
            f'<rect width="{side}" height="{side}" fill="#884422"/>'
            f'<circle cx="{side // 2}" cy="{side // 2}" r="{side // 3}" fill="#ffcc00"/></svg>\n').encode()


def flac_with_picture(path, mime, data):
    """Inserts a PICTURE metadata block (front cover) after a FLAC's STREAMINFO, as taggers write it."""
    flac = bytearray(read(path))
    assert flac[:4] == b"fLaC" and flac[4] & 0x7F == 0
    info_end = 8 + int.from_bytes(flac[5:8], "big")
    flac[4] &= 0x7F  # STREAMINFO is no longer the last block
    last = 0x80 if info_end == len(flac) else 0
    mime_bytes = mime.encode()
    body = (struct.pack(">II", 3, len(mime_bytes)) + mime_bytes + struct.pack(">I", 0)
            + struct.pack(">IIIII", 0, 0, 0, 0, len(data)) + data)
    block = bytes([last | 6]) + len(body).to_bytes(3, "big") + body
    write(path, bytes(flac[:info_end]) + block + bytes(flac[info_end:]))


# Audio with lying headers.

def flac_streaminfo(path, sample_rate=None, total_samples=None):
    """Rewrites a FLAC's STREAMINFO: its 20-bit sample rate and/or 36-bit total sample count."""
    data = bytearray(read(path))
    assert data[:4] == b"fLaC" and data[4] & 0x7F == 0
    info = 8  # STREAMINFO body: min/max block (2+2), min/max frame (3+3), then rate(20) ch(3) bps(5) total(36)
    bits = int.from_bytes(data[info + 10:info + 18], "big")
    rate, rest = bits >> 44, bits & ((1 << 44) - 1)
    if sample_rate is not None:
        rate = sample_rate
    if total_samples is not None:
        rest = (rest & ~((1 << 36) - 1)) | total_samples
    data[info + 10:info + 18] = ((rate << 44) | rest).to_bytes(8, "big")
    write(path, bytes(data))


def xing_frames(path, frames):
    """Sets the frame count of an MP3's Xing/Info header (the length players believe)."""
    data = bytearray(read(path))
    at = max(data.find(b"Xing"), data.find(b"Info"))
    assert at > 0, "no Xing header"
    flags = struct.unpack(">I", data[at + 4:at + 8])[0]
    assert flags & 1, "Xing header without a frame count"
    data[at + 8:at + 12] = struct.pack(">I", frames)
    write(path, bytes(data))


PARTS = ["damaged", "headers", "covers", "special", "lyrics"]


def make(root, parts=PARTS):
    os.makedirs(root, exist_ok=True)
    rng = random.Random(17)
    m = Manifest(root)

    def good(folder, name, freq=440):
        """A good track, titled with its file name (so a test sees from the title which one plays)."""
        ext = name.rsplit(".", 1)[1]
        fmt = next((f for f, e in EXTENSIONS.items() if e == ext and f"-{f}." in name), ext)
        tone(os.path.join(root, folder, name), fmt, freq, extra=["-metadata", f"title={name}"])
        # AAC in ADTS has no tags: it plays under a title made from its file name.
        m.add(f"{folder}/{name}", "good" if fmt not in UNTAGGED else f"good {fmt} untagged", "play")

    for part in parts:
        globals()["make_" + part](root, m, rng, good)
    m.save()


def make_damaged(root, m, rng, good):
    # 1. Damaged files of every format: truncated, zeroed, random bytes, a good track after each format
    # (MP3, Ogg Vorbis, Opus, FLAC, WAV, AAC and ALAC in M4A, AIFF, WMA, WavPack, AAC in ADTS; MIDI and a
    # ProTracker module made by hand; Monkey's Audio and the other trackers' extensions on bytes alone).
    folder = "damaged"
    os.makedirs(os.path.join(root, folder))
    n = 1
    good(folder, f"{n:02d}-good.ogg"); n += 1
    for fmt in FORMATS:
        ext = EXTENSIONS.get(fmt, fmt)
        tag = f"-{fmt}" if fmt in EXTENSIONS else ""
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "src." + ext)
            tone(src, fmt, 330)
            whole = read(src)
        variants = [
            ("truncated", whole[:len(whole) // 3], "either"),
            ("header-only", whole[:min(len(whole), 64)], "either"),
            ("zeroed", bytes(len(whole)), "report"),
            ("random", bytes(rng.getrandbits(8) for _ in range(len(whole))), "either"),
            ("empty", b"", "report"),
        ]
        for kind, data, expect in variants:
            name = f"{n:02d}-{kind}{tag}.{ext}"
            write(os.path.join(root, folder, name), data)
            m.add(f"{folder}/{name}", f"{kind} {fmt}", expect)
            n += 1
        good(folder, f"{n:02d}-good{tag}.{ext}", 550); n += 1
    for ext in BY_HAND + NAME_ONLY:
        whole = midi_note() if ext == "mid" else protracker_module() if ext == "mod" else bytes(rng.getrandbits(8) for _ in range(20_000))
        variants = [("zeroed", bytes(len(whole)), "report"),
                    ("random", bytes(rng.getrandbits(8) for _ in range(len(whole))), "either"),
                    ("empty", b"", "report")]
        if ext in BY_HAND:
            variants = [("truncated", whole[:len(whole) // 3], "either"),
                        ("header-only", whole[:min(len(whole), 22)], "either")] + variants
        for kind, data, expect in variants:
            name = f"{n:02d}-{kind}.{ext}"
            write(os.path.join(root, folder, name), data)
            m.add(f"{folder}/{name}", f"{kind} {ext}", expect)
            n += 1
        if ext in BY_HAND:
            # Played, but not titled with its name as the tones are (a MIDI file has no title tag): "by hand".
            name = f"{n:02d}-good.{ext}"
            write(os.path.join(root, folder, name), whole)
            m.add(f"{folder}/{name}", f"good {ext} by hand", "play")
            n += 1
    good(folder, f"{n:02d}-good.ogg")


def make_headers(root, m, rng, good):
    # 2. Headers that lie: FLAC sample rate 0, a FLAC claiming 432 hours, an MP3 whose Xing header claims 31,165,
    #    track and disc numbers no album has.
    folder = "headers"
    os.makedirs(os.path.join(root, folder))
    good(folder, "01-good.flac")
    path = os.path.join(root, folder, "02-rate-zero.flac")
    tone(path, "flac")
    flac_streaminfo(path, sample_rate=0)
    m.add(f"{folder}/02-rate-zero.flac", "FLAC sample rate 0", "either")
    path = os.path.join(root, folder, "03-432-hours.flac")
    tone(path, "flac")
    flac_streaminfo(path, total_samples=432 * 3600 * 44100)
    m.add(f"{folder}/03-432-hours.flac", "FLAC claiming 432 hours", "play")
    path = os.path.join(root, folder, "04-xing-31165-hours.mp3")
    tone(path, "mp3", extra=["-write_xing", "1"])
    xing_frames(path, 0xFFFFFFFF)  # 4,294,967,295 frames of 1,152 samples at 44.1 kHz: 31,165 hours
    m.add(f"{folder}/04-xing-31165-hours.mp3", "MP3 Xing header claiming 31,165 hours", "play")
    good(folder, "05-good.ogg")
    tagged_mp3(os.path.join(root, folder, "06-numbers.mp3"), "Track 99999999 of disc 99999999999",
               [id3_text("TRCK", "99999999/4294967296"), id3_text("TPOS", "99999999999")])
    m.add(f"{folder}/06-numbers.mp3", "track and disc numbers out of range", "play")
    good(folder, "07-good.ogg")


def make_covers(root, m, rng, good):
    # 3. Picture bombs, each embedded in a track and as cover.* beside a track (one folder each).
    with tempfile.TemporaryDirectory() as tmp:
        jpeg = os.path.join(tmp, "big.jpg")
        big_jpeg(jpeg, 8000)
        pictures = [
            ("png-bomb", "png", "image/png", png_bomb(30000)),
            ("png-claiming", "png", "image/png", png_claiming(1 << 20)),
            ("jpeg-8000", "jpg", "image/jpeg", read(jpeg)),
            ("svg-canvas", "svg", "image/svg+xml", svg_canvas(100000)),
        ]
    for label, ext, mime, data in pictures:
        folder = f"cover-{label}-embedded"
        os.makedirs(os.path.join(root, folder))
        tagged_mp3(os.path.join(root, folder, "01-embedded.mp3"), f"Embedded {label}", [id3_picture(mime, data)])
        m.add(f"{folder}/01-embedded.mp3", f"{label} embedded", "play")
        flac = os.path.join(root, folder, "02-embedded.flac")
        tone(flac, "flac")
        flac_with_picture(flac, mime, data)
        m.add(f"{folder}/02-embedded.flac", f"{label} embedded in FLAC", "play")
        good(folder, "03-good.ogg")
        folder = f"cover-{label}-beside"
        os.makedirs(os.path.join(root, folder))
        good(folder, "01-good.ogg")
        write(os.path.join(root, folder, f"cover.{ext}"), data)
        m.add(f"{folder}/cover.{ext}", f"{label} beside", "picture")
        good(folder, "02-good.opus")


def make_special(root, m, rng, good):
    # 4. What is no file: a FIFO named like a track and a socket, between good tracks.
    folder = "special"
    os.makedirs(os.path.join(root, folder))
    good(folder, "01-good.ogg")
    os.mkfifo(os.path.join(root, folder, "02-pipe.mp3"))
    m.add(f"{folder}/02-pipe.mp3", "FIFO", "report")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(os.path.join(root, folder, "03-socket.ogg"))
    sock.close()
    m.add(f"{folder}/03-socket.ogg", "socket", "report")
    good(folder, "04-good.mp3")


def make_lyrics(root, m, rng, good):
    # 5. Lyrics: a .lrc of binary garbage, a huge .lrc, megabytes of lyrics and of comment in the tags.
    folder = "lyrics"
    os.makedirs(os.path.join(root, folder))
    good(folder, "01-garbage-lrc.ogg")
    write(os.path.join(root, folder, "01-garbage-lrc.lrc"), bytes(rng.getrandbits(8) for _ in range(200_000)))
    m.add(f"{folder}/01-garbage-lrc.lrc", "binary .lrc", "report")
    good(folder, "02-huge-lrc.ogg")
    lines = "".join(f"[{i // 6000:02d}:{i // 100 % 60:02d}.{i % 100:02d}]line {i} of a lyrics file far too long\n"
                    for i in range(400_000))
    write(os.path.join(root, folder, "02-huge-lrc.lrc"), lines.encode())
    m.add(f"{folder}/02-huge-lrc.lrc", "huge .lrc", "report")
    verse = "la " * 40 + "\n"
    tagged_mp3(os.path.join(root, folder, "03-huge-lyrics-tag.mp3"), "Huge lyrics tag", [id3_lyrics(verse * 60_000)])
    m.add(f"{folder}/03-huge-lyrics-tag.mp3", "7 MB lyrics tag", "report")
    tagged_mp3(os.path.join(root, folder, "04-huge-comment-tag.mp3"), "Huge comment tag",
               [id3_comment("x" * 8_000_000)])
    m.add(f"{folder}/04-huge-comment-tag.mp3", "8 MB comment tag", "play")
    tagged_mp3(os.path.join(root, folder, "05-huge-title.mp3"), "T" * 2_000_000, [])
    m.add(f"{folder}/05-huge-title.mp3", "2 MB title", "play")
    good(folder, "06-good.flac")


def main():
    parts = sys.argv[2:] or PARTS
    if len(sys.argv) < 2 or any(p not in PARTS for p in parts):
        sys.exit(__doc__.strip().splitlines()[2].strip())
    root = sys.argv[1]
    if os.path.exists(root) and os.listdir(root):
        sys.exit(f"{root} is not empty")
    make(root, parts)


if __name__ == "__main__":
    main()
