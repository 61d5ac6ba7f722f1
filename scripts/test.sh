#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what is missing, then builds and runs every test.
# Render and layout tests run headless (SDL's dummy video driver, software renderer); nothing needs a display.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export SDL_AUDIODRIVER=dummy
swift build --build-tests
swift test --skip-build "$@"
