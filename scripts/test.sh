#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what is missing, then builds and runs every test.
# Render and layout tests run headless (SDL's dummy video driver, software renderer); window tests start their own
# Xvfb (with Openbox) and run the real app on the software and the default (OpenGL, Mesa) renderer.
# Then ViewKit's DocC documentation is built, and the benchmark runs in its quick mode, only to prove it still works
# (a debug build's numbers mean nothing). Then the reliability runs (README, Reliability): the parsers' fuzzers for
# a minute each, a two-minute soak in a real window, and the whole suite again under ThreadSanitizer and
# AddressSanitizer, each in its own build folder. `NOWPLAYING_QUICK=1` stops before them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export SDL_AUDIODRIVER=dummy
# The tests' temporary files and folders go into one of this run's own, removed when the run passes; a failed run
# keeps it (what a failing test or the soak keeps for whoever reads the failure is in it). Kept short: sockets are
# made in it, and a socket's path may not exceed 107 bytes.
TMPDIR="$(mktemp -d "${TMPDIR:-/tmp}/npt.XXXXXX")"
export TMPDIR
trap 'status=$?; if [ "$status" = 0 ]; then rm -rf "$TMPDIR"; else echo "The run failed; its temporary files are kept in $TMPDIR." >&2; fi' EXIT
swift build --build-tests
swift test --skip-build "$@"
if [ "$#" -eq 0 ]; then
    # ViewKit's documentation must build, its links resolved (a broken one fails the run).
    swift package generate-documentation --target ViewKit --warnings-as-errors > .build/docc.txt \
        || { cat .build/docc.txt; exit 1; }
    .build/debug/nowplaying-bench --quick --size 375x667 > .build/bench-quick.txt
    sed -n '/^NowPlaying benchmark/,/^{/p' .build/bench-quick.txt | sed '$d'
    [ "${NOWPLAYING_QUICK:-0}" = 1 ] && exit 0
    # What the fuzzers once found, replayed by the normal build; then a minute of fuzzing each.
    for target in lyrics playlist state; do .build/debug/nowplaying-fuzz "$target" Fuzz/Corpus/"$target"/*; done
    bash scripts/fuzz.sh 60
    # The soak on SDL's software renderer: on the OpenGL one (Mesa llvmpipe) every resize grows Mesa's memory
    # (scripts/repro/gl-target-texture-resize.c), which would hide a growth of ours.
    python3 scripts/soak.py --seconds 120 --renderer software
    # The suite under each sanitizer; a report fails the test that started the process (exit code 66), and a
    # run that hangs is stopped after 40 minutes. llvm-symbolizer names our functions in the reports.
    symbolizer="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-symbolizer"
    # Leaks are not looked for: LeakSanitizer reports the fonts ViewKit's TextRenderer opens (TTF_OpenFont) and
    # keeps for the life of the process by design, and what they hold in HarfBuzz.
    # LargeCoverMemoryTests measures the app's peak memory, which under AddressSanitizer is mostly ASan's own
    # (shadow memory, and freed blocks held in quarantine to catch their use): skipped there.
    for sanitizer in thread address; do
        folder=".build-${sanitizer:0:1}san"
        skip=()
        # Each run sets only its own sanitizer's options: the tests read ASAN_OPTIONS to know they run under ASan.
        options=(TSAN_OPTIONS="exitcode=66 external_symbolizer_path=$symbolizer")
        if [ "$sanitizer" = address ]; then
            skip=(--skip LargeCoverMemoryTests)
            options=(ASAN_OPTIONS="exitcode=66 detect_leaks=0 external_symbolizer_path=$symbolizer")
        fi
        swift build --build-tests --sanitize="$sanitizer" --build-path "$folder" 2>&1 | grep -v "Cannot export local symbol" | tail -1
        env "${options[@]}" timeout 2400 swift test --skip-build --sanitize="$sanitizer" --build-path "$folder" "${skip[@]}"
    done

fi
