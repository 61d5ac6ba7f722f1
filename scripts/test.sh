#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what is missing, then builds and runs every test.
# Render and layout tests run headless (SDL's dummy video driver, software renderer); window tests start their own
# Xvfb (with Openbox) and run the real app on the software and the default (OpenGL, Mesa) renderer.
# Then ViewKit's DocC documentation is built. Last, the benchmark runs in its quick mode, only to prove it still works (a debug build's numbers mean nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export SDL_AUDIODRIVER=dummy
swift build --build-tests
swift test --skip-build "$@"
if [ "$#" -eq 0 ]; then
    # ViewKit's documentation must build, its links resolved (a broken one fails the run).
    swift package generate-documentation --target ViewKit --warnings-as-errors > .build/docc.txt \
        || { cat .build/docc.txt; exit 1; }
    .build/debug/nowplaying-bench --quick --size 375x667 > .build/bench-quick.txt
    sed -n '/^NowPlaying benchmark/,/^{/p' .build/bench-quick.txt | sed '$d'

fi
