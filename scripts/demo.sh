#!/usr/bin/env bash
# Builds libshuf.so and runs it on a bundled example: the IR before and after, the
# plugin's remarks, and what llc makes of the IR with and without the plugin.
#   scripts/demo.sh [file.ll]      (default: examples/demo.ll, for x86-64-v3)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --quiet
input=${1:-examples/demo.ll}
bin=/usr/lib/llvm-22/bin
plugin=target/release/libshuf.so
cpu=x86-64-v3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip_module() { grep -v '^; ModuleID\|^source_filename\|^target datalayout\|^attributes #\|^declare\|^; Function Attrs' | sed '/^$/d'; }

echo "===== before: $input"
grep -v '^\s*;' "$input" | sed '/^$/d'
echo
echo "===== opt -load-pass-plugin=$plugin -passes=shuffle-lib -mcpu=$cpu"
echo "----- what it did (-pass-remarks), and what it recognised (-pass-remarks-analysis)"
"$bin/opt" -load-pass-plugin="$plugin" -passes=shuffle-lib -mcpu="$cpu" \
  -pass-remarks=shuffle-lib -pass-remarks-analysis=shuffle-lib \
  -S "$input" -o "$work/after.ll" 2>&1 | sed 's/^remark: <unknown>:0:0: /  /'
echo "----- after"
strip_module < "$work/after.ll" | sed 's/ #[0-9]* {/ {/'
echo
echo "===== llc -mcpu=$cpu: instructions per function, stock LLVM 22 and with shuffle-lib"
# One function at a time (llvm-extract), so that a function llc cannot compile does not
# hide the others.
instructions() { # module function -> instruction count, or the error
  "$bin/llvm-extract" --func="$2" "$1" -o "$work/one.bc" 2>/dev/null
  if { "$bin/llc" -mcpu="$cpu" "$work/one.bc" -o "$work/one.s"; } 2>"$work/err"; then
    grep -c $'^\t[a-z]' "$work/one.s"
  else
    grep -m1 -o 'LLVM ERROR: .*' "$work/err" | sed 's/LLVM ERROR: /llc fails: /' | cut -c1-48
  fi
}
printf '  %-20s %-50s %s\n' function stock shuffle-lib
for f in $(grep -o '^define [^@]*@[a-z_0-9]*' "$input" | sed 's/.*@//'); do
  printf '  %-20s %-50s %s\n' "$f" "$(instructions "$input" "$f" 2>/dev/null)" \
    "$(instructions "$work/after.ll" "$f" 2>/dev/null)"
done
