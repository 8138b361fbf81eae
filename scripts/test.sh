#!/usr/bin/env bash
# The whole test suite: installs what is missing (LLVM 22), then runs `cargo test`
# (unit and exhaustive tests of the pure layers, and every FileCheck test in test/).
# Extra arguments go to `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test "$@"
