#!/usr/bin/env bash
# Writes Sources/nowplaying/hot-functions.order: the functions of the app's binary that run in a typical session
# (scripts/order-functions.session, on the software and on the default renderer), hottest first, as Valgrind's
# callgrind counts them. Release builds hand the list to lld (Package.swift), which places those functions side by
# side: the code the app runs then fills ~1.5 MB of pages instead of being spread over most of the 13 MB of code the
# Swift runtime, Foundation and our modules link statically (README, Performance). Run it after large changes; a
# stale list costs memory, never correctness (a name that no longer exists is skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
if ! command -v valgrind > /dev/null; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update && $sudo apt-get install -y valgrind
fi
swift build -c release --static-swift-stdlib --product nowplaying
work="$(mktemp -d)"
cleanup() { kill $(jobs -p) 2> /dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
# Valgrind cannot read the DWARF 5 the toolchain writes; the symbol table is all it needs here.
strip --strip-debug -o "$work/nowplaying" "$(swift build -c release --show-bin-path)/nowplaying"
if [ -z "${DISPLAY:-}" ]; then
    Xvfb :97 -screen 0 1280x1024x24 -nolisten tcp & export DISPLAY=:97
fi
# The sound goes through a private PulseAudio with a null sink, the way it goes on a desktop.
mkdir -p "$work/pulse"
HOME="$work/pulse" XDG_RUNTIME_DIR="$work/pulse" pulseaudio --daemonize=no -n --exit-idle-time=-1 \
    --load="module-null-sink sink_name=null" --load="module-native-protocol-unix socket=$work/pulse/native auth-anonymous=1" > "$work/pulse/log" 2>&1 &
sleep 2
for renderer in software opengl; do
    PULSE_SERVER="unix:$work/pulse/native" SDL_RENDER_DRIVER="$renderer" NOWPLAYING_DATA="$PWD" \
        valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$renderer.%p.out" \
        "$work/nowplaying" --new-instance --state-dir "$work/state-$renderer" --size 480x800 \
        --script scripts/order-functions.session 2> "$work/$renderer.log" \
        || { cat "$work/$renderer.log"; exit 1; }
done
# Each function of the binary (object names end in /nowplaying) with its own instruction count, summed over runs.
# In callgrind's format "ob=(id) name" / "fn=(id) name" name an id once and repeat the bare id later ("cob", "cfn"
# name callees the same way), and the cost line after "calls=" is the callee's, not the function's own. Callgrind's
# names for recursion levels ("f'2"), code without a symbol ("0x…") and "(below main)" name no symbol: left out.
awk '
    function name(table, line,    id, rest) {
        id = line; sub(/^\(/, "", id); sub(/\).*/, "", id)
        rest = line; sub(/^\([0-9]+\) ?/, "", rest)
        if (rest != "") table[FILENAME, id] = rest
        return table[FILENAME, id]
    }
    /^ob=/  { mine = name(objects, substr($0, 4)) ~ /\/nowplaying$/; next }
    /^cob=/ { name(objects, substr($0, 5)); next }
    /^fn=/  { fn = mine ? name(functions, substr($0, 4)) : ""; if (fn != "") cost[fn] += 0; next }
    /^cfn=/ { name(functions, substr($0, 5)); next }
    /^calls=/ { skip = 1; next }
    /^[0-9+*-]/ { if (skip) { skip = 0; next } if (fn != "") cost[fn] += $2 }
    END { for (f in cost) if (f !~ /\047[0-9]+$/ && f !~ /^0x/ && f !~ /^\(/) print cost[f], f }
' "$work"/*.out | sort -k1,1nr -k2 | cut -d' ' -f2- > Sources/nowplaying/hot-functions.order
# SwiftPM does not know the list is an input of the link: the binary is removed so the next build links it anew.
rm -f "$(swift build -c release --show-bin-path)/nowplaying"
echo "$(wc -l < Sources/nowplaying/hot-functions.order) functions in Sources/nowplaying/hot-functions.order"
