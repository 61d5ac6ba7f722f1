#!/usr/bin/env bash
# Fuzzes the parsers of text the app reads from files it did not write (LRC lyrics, M3U playlists, the saved
# session) with libFuzzer and AddressSanitizer: `scripts/fuzz.sh [SECONDS] [TARGET…]` (default 60 s each, all
# three). Starts from the seeds in Fuzz/Corpus/TARGET; what the fuzzer adds is kept in .build-fuzz/corpus, a crash
# in .build-fuzz/findings (replay it with `.build/debug/nowplaying-fuzz TARGET FILE`). Fails on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(lyrics playlist state)
# --sanitize=fuzzer links libFuzzer's main; -sanitize=fuzzer,address for the Swift code (SwiftPM would pass two
# -sanitize flags, of which swiftc keeps only the last). -DFUZZING leaves out the replaying main.
swift build --product nowplaying-fuzz --build-path .build-fuzz --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 | grep -v "Cannot export local symbol" | tail -1
mkdir -p .build-fuzz/findings
status=0
for target in "${targets[@]}"; do
    corpus=".build-fuzz/corpus/$target"
    mkdir -p "$corpus"
    log=".build-fuzz/fuzz-$target.log"
    # -max_len: a lyrics file or playlist line is small; 64 KiB still reaches every path. -timeout: one input
    # taking over 10 s is a hang. -rss_limit_mb: ASan's quarantine alone keeps ~256 MB.
    if NOWPLAYING_FUZZ_TARGET="$target" .build-fuzz/debug/nowplaying-fuzz "$corpus" "Fuzz/Corpus/$target" \
        -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix=".build-fuzz/findings/$target-" > "$log" 2>&1; then
        echo "fuzz $target: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') inputs in ${seconds} s, $(ls "$corpus" | wc -l) in the corpus, no finding"
    else
        status=1
        echo "fuzz $target: FOUND a fault (see $log and .build-fuzz/findings):"
        grep -E "ERROR|Precondition|Fatal|SUMMARY|Test unit written" "$log" | head -20
    fi
done
exit "$status"
