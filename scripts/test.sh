#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what is missing, then builds and runs every test.
# Render and layout tests run headless (SDL's dummy video driver, software renderer); nothing needs a display.
# Last, the benchmark runs in its quick mode, only to prove it still works (a debug build's numbers mean nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export SDL_AUDIODRIVER=dummy
swift build --build-tests
swift test --skip-build "$@"
if [ "$#" -eq 0 ]; then
    .build/debug/nowplaying-bench --quick --size 375x667 > .build/bench-quick.txt
    sed -n '/^NowPlaying benchmark/,/^{/p' .build/bench-quick.txt | sed '$d'

fi
