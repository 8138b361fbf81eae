#!/usr/bin/env bash
# Builds libshuf.so and runs it on a bundled example, showing the IR before and after.
#   scripts/demo.sh [file.ll]      (default: examples/canonical.ll)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet
input=${1:-examples/canonical.ll}
opt=/usr/lib/llvm-22/bin/opt
echo "===== before: $input"
grep -v '^\s*;' "$input" | sed '/^$/d'
echo
echo "===== after: opt -load-pass-plugin=target/release/libshuf.so -passes=shuffle-lib"
"$opt" -load-pass-plugin=target/release/libshuf.so -passes=shuffle-lib \
  -pass-remarks=shuffle-lib -pass-remarks-missed=shuffle-lib -S "$input" 2>&1 | grep -v '^; ModuleID\|^source_filename\|^target datalayout' | sed '/^$/d'
