#!/usr/bin/env python3
"""Soak: random input in a real window under Xvfb over a generated 50-track library, watching the app's memory.

    scripts/soak.py [--seconds 120] [--seed N] [--binary .build/debug/nowplaying]

Drags, flings, taps on every control the app shows, keys, the lyrics card and its flip, the library and the
mini player, wheel notches and window resizes (xdotool), chosen by a seeded random generator (the seed is
printed: `--seed N` replays a run). The app writes its view tree when asked (a script of `await` / `dump`
pairs), so every tap lands on a control that is on screen at that moment.

Every 5 s it reads the app's resident memory, threads and open files from /proc. After a warm-up (the first
fifth of the run, at most 60 s: covers decoded, caches filled) the figures must stay flat: the last sample and
the largest within the bounds below of the first. It fails on a crash, a hang (a dump not written within 60 s),
an exit other than 0 on `q`, or growth past a bound.
"""
import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEMO = os.path.join(ROOT, "Assets", "Demo")

# Growth allowed from the first sample after the warm-up. Resident memory: the cover and text caches are
# bounded, and glibc keeps some freed pages; 64 MiB is far below what one leaked cover per action would add
# (a 1000-pixel cover is 4 MB, thousands of actions). Threads and files: the decoder and cover threads come and
# go, a few at a time.
RSS_GROWTH_MIB = 64
THREAD_GROWTH = 4
FILE_GROWTH = 8

KEYS = ["space", "Left", "Right", "shift+Left", "shift+Right", "l", "Escape", "Return", "Up", "Down", "s", "r"]
TAPPABLE = {"Button", "Slider", "LibraryCell", "UpNextRow", "CoverCell", "MiniPlayerView", "Label"}


def make_library(folder, count=50, per_album=10):
    """`count` short tracks in albums of `per_album`: copies of the demo album's tracks (20 s, every format it
    has) with tags of their own, a cover beside each album and the demo's lyrics beside the tracks that have them."""
    sources = sorted(f for f in os.listdir(DEMO) if f.rsplit(".", 1)[-1] in ("ogg", "mp3", "flac", "opus"))
    covers = sorted(os.path.join(DEMO, "covers", f) for f in os.listdir(os.path.join(DEMO, "covers")))
    for i in range(count):
        album, number = i // per_album + 1, i % per_album + 1
        folder_i = os.path.join(folder, "Album %02d" % album)
        os.makedirs(folder_i, exist_ok=True)
        if number == 1:
            shutil.copy(covers[album % len(covers)], os.path.join(folder_i, "cover.jpg"))
        source = sources[i % len(sources)]
        stem, ext = source.rsplit(".", 1)
        out = os.path.join(folder_i, "%02d Soak track %d.%s" % (number, i + 1, ext))
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", os.path.join(DEMO, source), "-t", "20", "-map", "0:a",
                        "-c", "copy", "-map_metadata", "-1",
                        "-metadata", "title=Soak track %d" % (i + 1), "-metadata", "artist=Soak Artist %d" % (album % 3 + 1),
                        "-metadata", "album=Soak Album %d" % album, "-metadata", "track=%d" % number, out], check=True)
        lrc = os.path.join(DEMO, stem + ".lrc")
        if os.path.exists(lrc):
            shutil.copy(lrc, out.rsplit(".", 1)[0] + ".lrc")


def start_xvfb():
    for n in range(420, 520):
        if not os.path.exists("/tmp/.X%d-lock" % n) and not os.path.exists("/tmp/.X11-unix/X%d" % n):
            server = subprocess.Popen(["Xvfb", ":%d" % n, "-screen", "0", "1280x1100x24", "-nolisten", "tcp",
                                       "+extension", "GLX", "-noreset"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(400):
                if os.path.exists("/tmp/.X11-unix/X%d" % n):
                    return server, ":%d" % n
                time.sleep(0.05)
            server.kill()
    sys.exit("soak: Xvfb did not start")


def sample(pid):
    """(resident MiB, threads, open files) of `pid`, from /proc."""
    rss = threads = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    return rss, threads, len(os.listdir("/proc/%d/fd" % pid))


def targets(dump):
    """Every control on screen: (identifier, type, centre x, centre y, width, height) in window points."""
    found = []
    size = dump["windowRect"]

    def walk(view):
        if view.get("hidden") or view.get("effectiveAlpha", 1) < 0.05:
            return
        x, y, w, h = view["windowRect"]
        if view["type"] in TAPPABLE and w > 4 and h > 4:
            cx, cy = x + w / 2, y + h / 2
            if 0 < cx < size[2] and 0 < cy < size[3]:
                found.append((view.get("identifier"), view["type"], cx, cy, w, h))
        for child in view.get("children", []):
            walk(child)

    walk(dump)
    return found


class Soak:
    def __init__(self, args):
        self.args = args
        self.random = random.Random(args.seed)
        self.dir = tempfile.mkdtemp(prefix="np-soak-")
        self.dumps = 0
        self.actions = {}

    def xdotool(self, *words):
        subprocess.run(["xdotool"] + [str(w) for w in words], env=self.env, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def dump(self):
        """The app's view tree now (the app writes it on its next frame)."""
        self.dumps += 1
        path = os.path.join(self.dir, "dump.%d.json" % self.dumps)
        open(os.path.join(self.dir, "go.%d" % self.dumps), "w").close()
        deadline = time.time() + 60
        while not os.path.exists(path):
            if self.app.poll() is not None:
                self.fail("the app ended (exit %s) during the run" % self.app.returncode)
            if time.time() > deadline:
                self.fail("the app wrote no view tree within 60 s: it hangs")
            time.sleep(0.02)
        time.sleep(0.02)  # written whole: the app writes and closes it in one go
        with open(path) as f:
            tree = json.load(f)
        os.remove(path)
        os.remove(os.path.join(self.dir, "go.%d" % self.dumps))
        return tree

    def pointer_path(self, x1, y1, x2, y2, steps, pause):
        self.xdotool("mousemove", "--window", self.window, int(x1), int(y1), "mousedown", 1)
        for i in range(1, steps + 1):
            t = i / steps
            self.xdotool("mousemove", "--window", self.window, int(x1 + (x2 - x1) * t), int(y1 + (y2 - y1) * t))
            time.sleep(pause)
        self.xdotool("mouseup", 1)

    def act(self, tree):
        r = self.random
        scale = 1.0  # Xvfb at 96 dpi: one point is one pixel
        width, height = tree["windowRect"][2], tree["windowRect"][3]
        controls = targets(tree)
        carousel = next((c for c in controls if c[0] and c[0].startswith("cover.")), None)
        kinds = {"tap": 40, "drag": 8, "fling": 8, "flip": 4, "scroll": 6, "key": 24, "wheel": 5, "resize": 5}
        chosen = [k for k in kinds if not self.args.only or k in self.args.only]
        kind = r.choices(chosen, weights=[kinds[k] for k in chosen])[0]
        self.actions[kind] = self.actions.get(kind, 0) + 1
        if kind == "tap" and controls:
            _, _, x, y, _, _ = r.choice(controls)
            self.xdotool("mousemove", "--window", self.window, int(x * scale), int(y * scale), "click", 1)
        elif kind in ("drag", "fling") and carousel:
            y = carousel[3]
            x1 = r.uniform(0.2, 0.8) * width
            x2 = min(max(x1 + r.choice([-1, 1]) * r.uniform(60, 260), 2), width - 2)
            self.pointer_path(x1, y, x2, y, steps=12 if kind == "drag" else 3, pause=0.03 if kind == "drag" else 0.008)
        elif kind == "flip" and carousel:
            x, y = carousel[2], carousel[3]
            self.pointer_path(x, y, x, y + r.choice([-1, 1]) * r.uniform(120, 220), steps=6, pause=0.02)
        elif kind == "scroll":
            x = r.uniform(0.3, 0.7) * width
            y1 = r.uniform(0.3, 0.9) * height
            self.pointer_path(x, y1, x, min(max(y1 + r.uniform(-300, 300), 2), height - 2), steps=5, pause=0.015)
        elif kind == "key":
            self.xdotool("key", "--window", self.window, r.choice(KEYS))
        elif kind == "wheel":
            self.xdotool("mousemove", "--window", self.window, int(r.uniform(0.1, 0.9) * width), int(r.uniform(0.1, 0.9) * height),
                         "click", "--repeat", r.randint(1, 4), r.choice([4, 5, 6, 7]))
        elif kind == "resize":
            self.xdotool("windowsize", self.window, r.randint(280, 900), r.randint(440, 1000))
        time.sleep(r.uniform(0.05, 0.4))

    def fail(self, message):
        print("soak: FAILED (seed %d): %s" % (self.args.seed, message))
        self.stop()
        sys.exit(1)

    def stop(self):
        for p in (getattr(self, "app", None), getattr(self, "server", None)):
            if p and p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()

    def run(self):
        args = self.args
        print("soak: seed %d, %d s, library of 50 tracks, in %s" % (args.seed, args.seconds, self.dir), flush=True)
        library = os.path.join(self.dir, "library")
        make_library(library)
        script = os.path.join(self.dir, "script")
        with open(script, "w") as f:
            f.write("".join("await %s/go.%d\ndump %s/dump.%d.json\n" % (self.dir, n, self.dir, n) for n in range(1, int(args.seconds * 20) + 1000)))
        self.server, display = start_xvfb()
        print("soak: on display %s" % display, flush=True)
        self.env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", LC_ALL="C.UTF-8",
                        DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent/nowplaying-soak-has-no-session-bus")
        self.env.pop("SDL_RENDER_DRIVER", None)
        if self.args.renderer == "software":
            self.env["SDL_RENDER_DRIVER"] = "software"
        errors = open(os.path.join(self.dir, "stderr.txt"), "w")
        self.app = subprocess.Popen([args.binary, "--new-instance", "--state-dir", os.path.join(self.dir, "state"),
                                     "--script", script, library], env=self.env, stdout=subprocess.DEVNULL, stderr=errors)
        deadline = time.time() + 120
        self.window = ""
        while not self.window:
            out = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "nowplaying"], env=self.env,
                                 capture_output=True, text=True).stdout.split()
            self.window = out[0] if out else ""
            if time.time() > deadline or self.app.poll() is not None:
                self.fail("the window did not appear")
            time.sleep(0.1)
        start = time.time()
        warm_up = min(args.seconds / 5, 60)
        samples = []  # (seconds since start, rss MiB, threads, files)
        next_sample = 0.0
        while time.time() - start < args.seconds:
            tree = self.dump()
            now = time.time() - start
            if now >= next_sample:
                samples.append((now,) + sample(self.app.pid))
                next_sample = now + 5
            self.act(tree)
        self.dump()
        samples.append((time.time() - start,) + sample(self.app.pid))
        self.xdotool("key", "--window", self.window, "q")
        try:
            code = self.app.wait(60)
        except subprocess.TimeoutExpired:
            self.fail("the app did not quit on q within 60 s")
        if code != 0:
            self.fail("the app quit with %d" % code)
        with open(os.path.join(self.dir, "state", "state.json")) as f:
            json.load(f)
        self.stop()
        self.report(samples, warm_up)

    def report(self, samples, warm_up):
        settled = [s for s in samples if s[0] >= warm_up] or samples[-1:]
        first, middle, last = settled[0], settled[len(settled) // 2], settled[-1]
        peak = tuple(max(s[i] for s in settled) for i in range(4))
        print("soak: %d actions (%s), %d view trees" % (sum(self.actions.values()),
              ", ".join("%s %d" % kv for kv in sorted(self.actions.items())), self.dumps))
        print("soak:          at s   RSS MiB  threads  files")
        for name, s in (("start", samples[0]), ("first", first), ("middle", middle), ("last", last), ("max", peak)):
            print("soak: %-7s %6.0f %9.1f %8d %6d" % (name, s[0] if name != "max" else last[0], s[1], s[2], s[3]))
        problems = []
        if last[1] - first[1] > RSS_GROWTH_MIB or peak[1] - first[1] > 2 * RSS_GROWTH_MIB:
            problems.append("resident memory grew from %.0f to %.0f MiB (max %.0f; bound +%d, max +%d)"
                            % (first[1], last[1], peak[1], RSS_GROWTH_MIB, 2 * RSS_GROWTH_MIB))
        if last[2] - first[2] > THREAD_GROWTH:
            problems.append("threads grew from %d to %d (bound +%d)" % (first[2], last[2], THREAD_GROWTH))
        if last[3] - first[3] > FILE_GROWTH:
            problems.append("open files grew from %d to %d (bound +%d)" % (first[3], last[3], FILE_GROWTH))
        if problems:
            self.fail("; ".join(problems))
        print("soak: passed (seed %d): no crash, no hang, memory, threads and files flat" % self.args.seed)
        shutil.rmtree(self.dir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--only", nargs="*", help="only these kinds of input (to find which one a growth follows)")
    parser.add_argument("--renderer", choices=["default", "software"], default="default",
                        help="SDL's default renderer (OpenGL on Mesa here) or its software renderer")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "nowplaying"))
    args = parser.parse_args()
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1 << 32)
    soak = Soak(args)
    signal.signal(signal.SIGTERM, lambda *_: soak.fail("stopped by SIGTERM"))
    try:
        soak.run()
    finally:
        soak.stop()


if __name__ == "__main__":
    main()
