#!/usr/bin/env bash
# Differential test campaign: FUNCTIONS random shuffle functions (default 20000), seeds
# FIRST_SEED.. (default 1), each run under lli before and after
# -passes='shuffle-lib<canon-always;lower-always>' (SHUF_DIFF_PASSES chooses another
# pipeline), then after the default shuffle-lib deciding for each of four targets.
# Uses a release build; a failure is minimized to target/differential/repro-SEED.ll.
# Then tests/x86_differential.rs: narrowing stores in FUNCTIONS / 40 modules of 40
# random functions of truncations stored side by side, table lookups, and the other
# memory shapes (joined groups and reductions in FUNCTIONS / 2000 rounds of their own
# seeds), under lli (x86-64-v3 code, so it needs AVX2 here) and qemu.
#
#   scripts/differential.sh [FUNCTIONS] [FIRST_SEED]
#
# SHUF_PLUGIN=path/libshuf.so tests another build of the plugin.
set -euo pipefail
cd "$(dirname "$0")/.."

functions="${1:-20000}"
first_seed="${2:-1}"
case "$functions$first_seed" in
*[!0-9]*)
    echo "usage: $0 [FUNCTIONS] [FIRST_SEED]  (non-negative integers)" >&2
    exit 2
    ;;
esac

start=$(date +%s)
SHUF_DIFF_FUNCTIONS="$functions" SHUF_DIFF_SEED="$first_seed" \
    cargo test --release --test differential -- --nocapture --exact differential
SHUF_NARROW_SEEDS=$(( (functions + 39) / 40 )) SHUF_MORE_ROUNDS=$(( (functions + 1999) / 2000 )) \
    cargo test --release --test x86_differential -- --nocapture
echo "differential.sh: $functions functions from seed $first_seed in $(($(date +%s) - start)) s"
