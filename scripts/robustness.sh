#!/usr/bin/env bash
# The long robustness run: MODULES llvm-stress modules (default 5000) from FIRST_SEED
# (default 1), plus every test/ input, through opt -passes=shuffle-lib -verify-each and
# default<O2> with the plugin. The quick version runs inside `cargo test`.
#   scripts/robustness.sh [MODULES] [FIRST_SEED] [SIZE]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
SHUF_STRESS_MODULES=${1:-5000} SHUF_STRESS_SEED=${2:-1} SHUF_STRESS_SIZE=${3:-400} \
  cargo test --release --test robustness -- --nocapture --test-threads=2
