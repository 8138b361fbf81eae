#!/usr/bin/env bash
# Real-world validation of libshuf.so (issue 9): build real C projects twice with
# clang-22 -O3 -march=x86-64-v3, stock and with the plugin, run their own test suites and
# benchmarks, and compare.
#
# Usage:
#   scripts/realworld.sh                 # every client
#   scripts/realworld.sh xxhash pixman   # some clients
#   REALWORLD_BREAK=1 scripts/realworld.sh xxhash   # plugin build with
#                                        # -mllvm -shuffle-lib-break-masks: must fail
# Environment:
#   REALWORLD_ROOT   work directory (default $PWD/target/realworld); fetched sources are
#                    kept there and reused by later runs, builds are redone every run
#   REALWORLD_RUNS   benchmark runs per build (default 5, alternating stock/plugin)
#   REALWORLD_BREAK  1: add -mllvm -shuffle-lib-break-masks to the plugin build
#   REALWORLD_BISECT 0: do not bisect a miscompile (default 1)
#   SHUF_PLUGIN      the plugin to load (default target/release/libshuf.so, built first);
#                    a copy lets the tree be rebuilt while a run goes on
#   JOBS             parallel build jobs (default nproc)
#
# Design:
#   - Every build goes through scripts/realworld-cc.sh (see its header) via a per-build
#     `cc` shim; its cc.conf says whether the plugin is loaded, for which TUs (file) and
#     functions (-shuffle-lib-only=@file), and collects -mllvm -stats output and the list
#     of compiled TUs with the command that compiled them.
#   - A client is one block of functions <client>_{version,configure,build,test,bench}
#     in the CLIENTS section plus a line in CLIENT_PKG; the driver does the rest:
#     fetch (Debian source package), copy the source per build, configure, timed build,
#     tests (each client writes "name<TAB>pass|fail|skip" lines), comparison,
#     bisect on miscompile, benchmarks (alternating), object diff, table.
#   - A test that passes stock and fails with the plugin is a miscompile: both builds are
#     kept, the bisect runs (TUs, then functions of the guilty TU, halving each time and
#     rebuilding by touching the sources whose plugin state changed), the script prints
#     the TU, the function and commands to reproduce, and exits 1 at the end.
#   - Benchmarks report a throughput (higher is better); ratio = median plugin /
#     median stock, with min/median/max of each.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
LLVM=/usr/lib/llvm-22/bin
CLANG=$LLVM/clang
SO=$(realpath -m "${SHUF_PLUGIN:-$REPO/target/release/libshuf.so}")
ROOT=${REALWORLD_ROOT:-$PWD/target/realworld}
RUNS=${REALWORLD_RUNS:-5}
BREAK=${REALWORLD_BREAK:-0}
BISECT=${REALWORLD_BISECT:-1}
JOBS=${JOBS:-$(nproc)}
CFLAGS_RW="-O3 -march=x86-64-v3"
ALL_CLIENTS=(xxhash xxhash-lto libjpeg-turbo libpng pixman libsodium)
APT_PACKAGES=(dpkg-dev cmake meson ninja-build pkg-config python3 zlib1g-dev binutils make
              autoconf automake libtool)

# ---------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------
say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'realworld: %s\n' "$*" >&2; exit 2; }
now() { date +%s.%N; }
fmt() { python3 -c 'import sys; print("%.*f" % (int(sys.argv[2]), float(sys.argv[1])))' "$1" "${2:-2}"; }
# min/median/max of numbers (one per line on stdin) -> "min median max"
spread() { python3 -c '
import sys, statistics
v = sorted(float(x) for x in sys.stdin.read().split())
print("%g %g %g" % (v[0], statistics.median(v), v[-1]) if v else "nan nan nan")'; }
# geometric mean of the numbers on stdin
geomean() { python3 -c '
import sys, math
v = [float(x) for x in sys.stdin.read().split() if float(x) > 0]
print("%.6g" % math.exp(sum(map(math.log, v)) / len(v)) if v else "nan")'; }

# ---------------------------------------------------------------------------------------
# Setup: packages, LLVM 22, the plugin
# ---------------------------------------------------------------------------------------
setup_machine() {
    [ -x "$CLANG" ] || "$REPO/scripts/setup.sh"
    local missing=() p
    for p in "${APT_PACKAGES[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    if [ -z "${SHUF_PLUGIN:-}" ]; then
        say "building the plugin (cargo build --release)"
        (cd "$REPO" && cargo build --release -q)
    fi
    [ -f "$SO" ] || die "no plugin at $SO"
}

# Debian source packages: deb-src entries exist only while fetching; the trap restores
# the system's apt configuration even when apt-get fails.
SRC_LIST=/etc/apt/sources.list.d/realworld-deb-src.sources
restore_apt() {
    if [ -f "$SRC_LIST" ]; then
        rm -f "$SRC_LIST"
        apt-get update -qq || true
    fi
}
fetch_sources() {  # fetch_sources pkg... : into $ROOT/src/<pkg>/, orig tarball unpacked
    local need=() p
    for p in "$@"; do [ -f "$ROOT/src/$p/.done" ] || need+=("$p"); done
    [ ${#need[@]} -gt 0 ] || return 0
    say "fetching Debian sources: ${need[*]}"
    trap restore_apt EXIT
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$SRC_LIST"
    apt-get update -qq
    for p in "${need[@]}"; do
        mkdir -p "$ROOT/src/$p" && chmod 755 "$ROOT/src/$p"
        # Only the upstream (orig) tarball is used: Debian patches are packaging matters,
        # and the mirror may lack some .diff.gz; apt-get fails then, the tarball is there.
        (cd "$ROOT/src/$p" && apt-get source -qq --download-only "$p" >/dev/null 2>&1) || true
        local tarball
        tarball=$(find "$ROOT/src/$p" -maxdepth 1 -name "${p}_*.orig.tar.*" | head -n1)
        [ -n "$tarball" ] || die "apt-get source $p: no orig tarball"
        tar -xf "$tarball" -C "$ROOT/src/$p"
        local dir
        dir=$(find "$ROOT/src/$p" -mindepth 1 -maxdepth 1 -type d | head -n1)
        ln -sfn "$dir" "$ROOT/src/$p/tree"
        basename "$tarball" | sed -E 's/^[^_]+_(.*)\.orig\.tar\..*/\1/' >"$ROOT/src/$p/version"
        touch "$ROOT/src/$p/.done"
    done
    restore_apt
    trap - EXIT
}

# ---------------------------------------------------------------------------------------
# CLIENTS. Each function runs in the build's directory $B with:
#   $S  the client's source copy ($B/src), $O its build dir ($B/build), $CC the wrapper,
#   $JOBS, $RESULTS (test results file to write), $LOG (log dir).
# <c>_test [name...]  runs all tests, or only those named, writing $RESULTS.
# <c>_bench           prints one throughput number (higher is better); optional.
# ---------------------------------------------------------------------------------------
declare -A CLIENT_PKG=(
    [xxhash]=xxhash [xxhash-lto]=xxhash [libjpeg-turbo]=libjpeg-turbo
    [libpng]=libpng1.6 [pixman]=pixman [libsodium]=libsodium
)

# --- xxHash: plain Makefile, in-tree; tests = make targets; bench = xxhsum -b -----------
XXHASH_TESTS=(check test-xxhsum-c)
xxhash_configure() { :; }
xxhash_build() { make -C "$S" -j"$JOBS" CC="$CC" CFLAGS="" xxhsum >"$LOG/build.out" 2>&1; }
xxhash_test() {
    local t tests=("$@")
    [ ${#tests[@]} -gt 0 ] || tests=("${XXHASH_TESTS[@]}")
    for t in "${tests[@]}"; do
        run_test "$t" make -C "$S" CC="$CC" CFLAGS="" "$t"
    done
}
xxhash_binaries() { echo src/xxhsum; }
xxhash_bench() {  # geomean MB/s of XXH32, XXH64, XXH3_64b, XXH128 (default variants)
    "$S/xxhsum" -b -i1 2>&1 | tr '\r' '\n' | grep -E '^ *[0-9]+#' |
        sed -nE 's/.*\( *([0-9.]+) MB\/s\).*/\1/p' | geomean
}

# --- xxHash with ThinLTO: the plugin also loaded into lld (--load-pass-plugin) ----------
# One ThinLTO backend thread, both builds: the pass-manager log that counts the plugin's
# runs in lld stays readable, and the compile times stay comparable.
LTO_FLAGS="-flto=thin -fuse-ld=lld -Wl,--thinlto-jobs=1"
xxhash-lto_configure() { :; }
xxhash-lto_build() {
    make -C "$S" -j"$JOBS" CC="$CC" CFLAGS="$LTO_FLAGS" LDFLAGS="$LTO_FLAGS" xxhsum \
        >"$LOG/build.out" 2>&1
}
xxhash-lto_test() {
    local t tests=("$@")
    [ ${#tests[@]} -gt 0 ] || tests=("${XXHASH_TESTS[@]}")
    for t in "${tests[@]}"; do
        run_test "$t" make -C "$S" CC="$CC" CFLAGS="$LTO_FLAGS" LDFLAGS="$LTO_FLAGS" "$t"
    done
}
xxhash-lto_bench() { xxhash_bench; }
xxhash-lto_binaries() { echo src/xxhsum; }

# --- libjpeg-turbo, C code only (-DWITH_SIMD=0): ctest; bench = tjbench ---------------
libjpeg-turbo_configure() {
    cmake -G Ninja -S "$S" -B "$O" -DCMAKE_C_COMPILER="$CC" -DCMAKE_BUILD_TYPE=Release \
        -DWITH_SIMD=0 -DWITH_JAVA=0 >"$LOG/configure.out" 2>&1
}
libjpeg-turbo_build() { ninja -C "$O" -j"$JOBS" >"$LOG/build.out" 2>&1; }
libjpeg-turbo_test() { run_ctest "$@"; }
libjpeg-turbo_bench() {  # geomean of tjbench's compression and decompression Mpixels/s
    (cd "$LOG" && "$O/tjbench" "$S/testimages/testorig.ppm" 95 -rgb -quiet -benchtime 1 \
        -warmup 0 2>&1) | awk '/^RGB/ {for (i = NF - 2; i <= NF; i++) if (i != NF - 1) print $i}' |
        geomean
}

# --- libpng: ctest (pngtest, pngvalid, pngstest, ...); no benchmark ---------------------
libpng_configure() {
    cmake -G Ninja -S "$S" -B "$O" -DCMAKE_C_COMPILER="$CC" -DCMAKE_BUILD_TYPE=Release \
        -DPNG_TESTS=ON >"$LOG/configure.out" 2>&1
}
libpng_build() { ninja -C "$O" -j"$JOBS" >"$LOG/build.out" 2>&1; }
libpng_test() { run_ctest "$@"; }

# --- pixman, generic C paths only (no MMX/SSE2/SSSE3): meson test; lowlevel-blt-bench --
PIXMAN_BENCH=(over_8888_8888 src_8888_0565 over_n_8_8888)
pixman_configure() {
    CC="$CC" meson setup "$O" "$S" --buildtype=release -Dmmx=disabled -Dsse2=disabled \
        -Dssse3=disabled -Dgtk=disabled -Dopenmp=disabled -Dlibpng=disabled \
        -Dtests=enabled >"$LOG/configure.out" 2>&1
}
pixman_build() { ninja -C "$O" -j"$JOBS" >"$LOG/build.out" 2>&1; }
pixman_test() {
    # The run-time switch as pixman-implementation.c reads it (names separated by spaces);
    # the SIMD code is not even built, this guards against a build that picks it anyway.
    PIXMAN_DISABLE="mmx sse2 ssse3" run_meson_test "$@"
}
pixman_bench() {  # geomean of Mpixels/s over all columns of a few operations
    local op
    for op in "${PIXMAN_BENCH[@]}"; do
        PIXMAN_DISABLE="mmx sse2 ssse3" "$O/test/lowlevel-blt-bench" -c -m 10000 "$op" 2>&1 |
            grep -E '^[0-9.,]+$' | tr ',' '\n'
    done | geomean
}

# --- libsodium: autotools, out of tree; make check (its AVX2 BLAKE2b, ChaCha20, Salsa20
# code is full of shuffles); no benchmark of its own in the default build -------------
libsodium_configure() {  # Debian's orig tarball is a git snapshot: autoreconf first
    (cd "$S" && DO_NOT_UPDATE_CONFIG_SCRIPTS=1 ./autogen.sh &&
        cd "$O" && "$S/configure" CC="$CC") >"$LOG/configure.out" 2>&1
}
libsodium_build() { make -C "$O" -j"$JOBS" >"$LOG/build.out" 2>&1; }
libsodium_test() { run_automake_check "$O/test/default" "$@"; }

# ---------------------------------------------------------------------------------------
# Test runners shared by clients (write "name<TAB>pass|fail|skip" lines to $RESULTS)
# ---------------------------------------------------------------------------------------
run_test() {  # run_test name cmd...: one command is one test
    local name=$1; shift
    if "$@" >>"$LOG/test.out" 2>&1; then
        printf '%s\tpass\n' "$name" >>"$RESULTS"
    else
        printf '%s\tfail\n' "$name" >>"$RESULTS"
    fi
}
run_ctest() {  # run_ctest [name...]
    local filter=()
    [ $# -eq 0 ] || filter=(-R "^($(printf '%s|' "$@" | sed 's/|$//; s/[.+]/\\&/g'))\$")
    (cd "$O" && ctest -j"$JOBS" --timeout 600 "${filter[@]}" >"$LOG/test.out" 2>&1) || true
    sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) \.*[ *]*([A-Za-z].*)$/\1\t\2/p' \
        "$LOG/test.out" | awk -F'\t' '{
            s = ($2 ~ /^Passed/) ? "pass" : ($2 ~ /^(Skipped|Not Run)/) ? "skip" : "fail"
            print $1 "\t" s }' >>"$RESULTS"
}
run_automake_check() {  # run_automake_check dir [name...]: automake's parallel harness
    local dir=$1; shift
    local tests=()
    [ $# -eq 0 ] || tests=("TESTS=$*")
    make -C "$dir" -j"$JOBS" -k check "${tests[@]}" >"$LOG/test.out" 2>&1 || true
    sed -nE 's/^(PASS|FAIL|SKIP|XFAIL|XPASS|ERROR): ([^ ]+).*/\2\t\1/p' "$LOG/test.out" |
        awk -F'\t' '{ s = ($2 == "PASS" || $2 == "XFAIL") ? "pass" : ($2 == "SKIP") ? "skip" : "fail"
                      print $1 "\t" s }' >>"$RESULTS"
}
run_meson_test() {  # run_meson_test [name...]
    (cd "$O" && meson test --no-rebuild --num-processes "$JOBS" "$@" >"$LOG/test.out" 2>&1) ||
        true
    python3 - "$O/meson-logs/testlog.json" >>"$RESULTS" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    t = json.loads(line)
    r = t["result"]
    s = "pass" if r in ("OK", "EXPECTEDFAIL") else "skip" if r == "SKIP" else "fail"
    print("%s\t%s" % (t["name"], s))
EOF
}

# ---------------------------------------------------------------------------------------
# Builds: $ROOT/<client>/<stock|plugin>/{src,build,log,cc,cc.conf,tus.log,stats.log}
# ---------------------------------------------------------------------------------------
plugin_args() {
    local a="-fpass-plugin=$SO"
    [ "$BREAK" = 1 ] && a+=" -mllvm -shuffle-lib-break-masks"
    printf '%s' "$a"
}
write_conf() {  # write_conf dir variant client [key=value...]
    local dir=$1 variant=$2 client=$3; shift 3
    local pa="" pla=""
    if [ "$variant" = plugin ]; then
        pa=$(plugin_args)
        case "$client" in *-lto)
            # No -Wl,-mllvm,-shuffle-lib-*: lld rejects plugin options (see realworld-cc.sh)
            pla="-Wl,--load-pass-plugin=$SO" ;;
        esac
    fi
    {
        printf 'RW_CLANG=%q\nRW_CFLAGS=%q\n' "$CLANG" "$CFLAGS_RW"
        printf 'RW_PLUGIN_ARGS=%q\nRW_PLUGIN_LINK_ARGS=%q\n' "$pa" "$pla"
        local kv
        for kv in "$@"; do printf '%s=%q\n' "${kv%%=*}" "${kv#*=}"; done
    } >"$dir/cc.conf"
}
# Enter a build's environment (globals used by the client functions).
use_build() {  # use_build client variant
    B=$ROOT/$1/$2 S=$ROOT/$1/$2/src O=$ROOT/$1/$2/build LOG=$ROOT/$1/$2/log CC=$ROOT/$1/$2/cc
    RESULTS=$LOG/results.tsv
    export RW_VARIANT_DIR=$B
}
set_conf() {  # set_conf key value: change one cc.conf entry of the current build
    sed -i "/^$1=/d" "$B/cc.conf"
    printf '%s=%q\n' "$1" "$2" >>"$B/cc.conf"
}

prepare_build() {  # prepare_build client variant
    local client=$1 variant=$2 pkg=${CLIENT_PKG[$1]}
    use_build "$client" "$variant"
    rm -rf "$B" && mkdir -p "$B" "$O" "$LOG"
    cp -a "$(readlink -f "$ROOT/src/$pkg/tree")" "$S"
    printf '#!/bin/sh\nRW_VARIANT_DIR=%s exec %s "$@"\n' "$B" "$HERE/realworld-cc.sh" >"$CC"
    chmod +x "$CC"
    write_conf "$B" "$variant" "$client"
}

build_client() {  # build_client client variant -> $B/build.time: "wall user+sys" seconds
    local client=$1 variant=$2 TIMEFORMAT='%R %U %S' t
    prepare_build "$client" "$variant"
    say "$client: configure + build ($variant)"
    "${client}_configure" || die "$client ($variant): configure failed, see $LOG/configure.out"
    set_conf RW_LOGGING 1
    { time "${client}_build"; } 2>"$B/build.time.raw" ||
        die "$client ($variant): build failed, see $LOG/build.out"
    set_conf RW_LOGGING 0
    read -r -a t < <(tail -n1 "$B/build.time.raw")
    python3 -c "print(${t[0]}, ${t[1]} + ${t[2]})" >"$B/build.time"
}
build_times() {  # build_times client -> "cpu-ratio wall-ratio stock-cpu plugin-cpu"
    python3 - "$ROOT/$1/stock/build.time" "$ROOT/$1/plugin/build.time" <<'EOF'
import sys
s, p = ([float(x) for x in open(f).read().split()] for f in sys.argv[1:3])
print("%.2f %.2f %.1f %.1f" % (p[1] / s[1], p[0] / s[0], s[1], p[1]))
EOF
}

test_client() {  # test_client client variant
    use_build "$1" "$2"
    say "$1: tests ($2)"
    : >"$RESULTS"
    "${1}_test"
}

count() {  # count results-file status
    awk -F'\t' -v s="$2" '$2 == s' "$1" | wc -l
}
stat_sum() {  # stat_sum stats.log description
    awk -v d="$2" 'index($0, d) { n += $1 } END { print n + 0 }' "$1" 2>/dev/null || echo 0
}

# Objects (and linked binaries a client names with <client>_binaries) whose disassembly
# differs between the builds: "differing/total". LTO bitcode objects are skipped.
objdiff() {  # objdiff client
    local c=$1 sb=$ROOT/$1/stock pb=$ROOT/$1/plugin n=0 d=0 rel list=$ROOT/$1/objdiff.txt
    : >"$list"
    while read -r rel; do
        if [ ! -f "$pb/$rel" ] || [ ! -f "$sb/$rel" ]; then continue; fi
        objdump -d "$sb/$rel" >/dev/null 2>&1 || continue
        n=$((n + 1))
        if ! cmp -s <(objdump -d --no-show-raw-insn "$sb/$rel" | tail -n +3) \
                    <(objdump -d --no-show-raw-insn "$pb/$rel" | tail -n +3); then
            d=$((d + 1))
            echo "$rel" >>"$list"
        fi
    done < <({ cut -f2 "$pb/tus.log" | sed "s|^$pb/||"
               ! declare -F "${c}_binaries" >/dev/null || "${c}_binaries"; } | sort -u)
    echo "$d/$n"
}

bench_client() {  # bench_client client -> "ratio stock_spread plugin_spread"
    local client=$1 i v
    declare -F "${client}_bench" >/dev/null || { echo "-"; return; }
    say "$client: benchmark, $RUNS runs each, alternating"
    : >"$ROOT/$client/stock/bench.txt"; : >"$ROOT/$client/plugin/bench.txt"
    for ((i = 0; i < RUNS; i++)); do
        for v in stock plugin; do
            use_build "$client" "$v"
            "${client}_bench" >>"$B/bench.txt"
        done
    done
    local s p
    s=$(spread <"$ROOT/$client/stock/bench.txt")
    p=$(spread <"$ROOT/$client/plugin/bench.txt")
    printf '%s (stock %s · plugin %s)' "$(python3 -c "print('%.3f' % ($(cut -d' ' -f2 <<<"$p") / $(cut -d' ' -f2 <<<"$s")))")" \
        "$(tr ' ' / <<<"$s")" "$(tr ' ' / <<<"$p")"
}

# ---------------------------------------------------------------------------------------
# Bisect: which TU, then which function, turns a passing test into a failing one
# ---------------------------------------------------------------------------------------
# fails_with tus-file funcs-file(or "") tests...: rebuild the plugin build so that the
# plugin runs only on those TUs (and functions), touching the sources whose state changed
# since the previous step; true if one of the tests fails.
PREV_STATE=""
fails_with() {
    local tus=$1 funcs=$2; shift 2
    local state
    state=$(mktemp)
    sort -u "$tus" >"$state"
    # Touch what may change: TUs in either the previous or the new set (all of them when
    # the function list changes, which only happens within one TU anyway).
    sort -u "$state" ${PREV_STATE:+"$PREV_STATE"} | xargs -r touch
    PREV_STATE=$state
    cp "$tus" "$B/bisect-tus.txt"
    set_conf RW_TU_LIST "$B/bisect-tus.txt"
    if [ -n "$funcs" ]; then
        cp "$funcs" "$B/bisect-funcs.txt"
        set_conf RW_ONLY_FUNCS "$B/bisect-funcs.txt"
    else
        set_conf RW_ONLY_FUNCS ""
    fi
    "${CLIENT}_build" || die "bisect: build failed, see $LOG/build.out"
    : >"$RESULTS.bisect"
    local r=$RESULTS
    RESULTS=$RESULTS.bisect
    # One job: tests that read another test's output (libjpeg-turbo's djpeg tests decode
    # what its cjpeg tests wrote) then run after it, not against a previous step's file.
    JOBS=1 "${CLIENT}_test" "$@"
    RESULTS=$r
    grep -q $'\tfail$' "$RESULTS.bisect"
}
# halve list-file tests...: narrow the list (TUs or function names) down to one element
# whose plugin treatment alone makes a test fail; prints it (or the smallest set found).
halve() {
    local kind=$1 list=$2 fixed_tus=$3; shift 3
    local cur a b n
    cur=$(mktemp); a=$(mktemp); b=$(mktemp)
    cp "$list" "$cur"
    while n=$(wc -l <"$cur"); [ "$n" -gt 1 ]; do
        head -n $((n / 2)) "$cur" >"$a"
        tail -n +$((n / 2 + 1)) "$cur" >"$b"
        local half
        for half in "$a" "$b"; do
            echo "    $kind: $(wc -l <"$half") of $n ..." >&2
            if try_half "$kind" "$half" "$fixed_tus" "$@"; then
                cp "$half" "$cur"
                continue 2
            fi
        done
        echo "    neither half alone fails: the miscompile needs both" >&2
        break
    done
    cat "$cur"
}
try_half() {  # try_half kind list fixed_tus tests...
    local kind=$1 list=$2 fixed=$3; shift 3
    if [ "$kind" = TU ]; then fails_with "$list" "" "$@"; else fails_with "$fixed" "$list" "$@"; fi
}

bisect_client() {  # bisect_client client tests...
    CLIENT=$1; shift
    use_build "$CLIENT" plugin
    local oracle=("${@:1:3}")  # at most three of the failing tests steer the bisect
    say "$CLIENT: bisecting with ${oracle[*]}"
    cut -f1 "$B/tus.log" | sort -u >"$B/all-tus.txt"
    PREV_STATE=$B/all-tus.txt  # the full plugin build: every TU had the plugin
    local tu
    tu=$(halve TU "$B/all-tus.txt" "" "${oracle[@]}")
    echo "$tu" >"$B/guilty-tu.txt"
    if [ "$(wc -l <<<"$tu")" -ne 1 ]; then
        BISECT_RESULT+=("$CLIENT: TUs $(tr '\n' ' ' <<<"$tu")(several needed; function bisect skipped)")
        return
    fi
    # Candidate functions: defined code symbols of the TU's object(s).
    awk -F'\t' -v t="$tu" '$1 == t { print $2 }' "$B/tus.log" | sort -u |
        xargs -r "$LLVM/llvm-nm" --defined-only -P 2>/dev/null |
        awk '$2 ~ /^[TtWw]$/ { print $1 }' | sort -u >"$B/all-funcs.txt"
    local fn="" where="$tu"
    if fails_with "$B/guilty-tu.txt" "$B/all-funcs.txt" "${oracle[@]}"; then
        fn=$(halve function "$B/all-funcs.txt" "$B/guilty-tu.txt" "${oracle[@]}")
        where="$tu: $(tr '\n' ' ' <<<"$fn")"
    else
        echo "    the TU's object symbols do not reproduce it (inlined function?)" >&2
    fi
    local cmd
    cmd=$(awk -F'\t' -v t="$tu" '$1 == t { print $3; exit }' "$B/tus.log")
    cmd=${cmd% -mllvm -stats}
    BISECT_RESULT+=("$CLIENT: tests ${oracle[*]} -> TU ${tu#"$S"/}, function ${fn:-?}")
    {
        echo "  guilty: $where"
        echo "  reproduce (compile the TU with the plugin on that function only):"
        echo "    ${cmd}${fn:+ -mllvm -shuffle-lib-only=$(head -n1 <<<"$fn")}"
        echo "  or rebuild with the wrapper: set RW_TU_LIST / RW_ONLY_FUNCS in $B/cc.conf,"
        echo "    touch $tu and rerun the build and the tests: $CLIENT test ${oracle[*]}"
        echo "    (cc.conf now holds the last bisect step; $B/bisect-*.txt its lists)"
    } | tee -a "$ROOT/bisect.txt" >&2
}

# ---------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------
ROWS=() MISCOMPILES=() BISECT_RESULT=()
run_client() {
    local c=$1 pkg=${CLIENT_PKG[$1]} v
    for v in stock plugin; do build_client "$c" "$v"; done
    for v in stock plugin; do test_client "$c" "$v"; done
    local sr=$ROOT/$c/stock/log/results.tsv pr=$ROOT/$c/plugin/log/results.tsv
    # Miscompiles: pass stock, fail (or missing) with the plugin.
    local bad od
    od=$(objdiff "$c")  # before a bisect rebuilds the plugin build
    bad=$(awk -F'\t' 'NR == FNR { p[$1] = $2; next } $2 == "pass" && p[$1] != "pass" &&
              p[$1] != "skip" { print $1 }' "$pr" "$sr")
    if [ -n "$bad" ]; then
        MISCOMPILES+=("$c: $(tr '\n' ' ' <<<"$bad")")
        say "$c: MISCOMPILE: tests passing stock, failing with the plugin: $(tr '\n' ' ' <<<"$bad")"
        local bad_list
        mapfile -t bad_list <<<"$bad"
        if [ "$BISECT" = 1 ]; then bisect_client "$c" "${bad_list[@]}"; fi
    fi
    local pst=$ROOT/$c/plugin/stats.log
    local seen rew
    seen=$(stat_sum "$pst" "Number of shufflevectors examined")
    # Rewritten: by the canonical form, or lowered to non-shuffle IR.
    rew=$(( $(stat_sum "$pst" "Number of shufflevectors changed by the canonical form") +
        $(stat_sum "$pst" "Shufflevectors replaced by cheaper non-shuffle IR") ))
    # The other rewrites, each with its count where not zero.
    local other="" label desc n
    while IFS='|' read -r label desc; do
        n=$(stat_sum "$pst" "$desc")
        [ "$n" = 0 ] || other+="${other:+, }$label $n"
    done <<'STATS'
selections|Shufflevectors replaced by a cheaper instruction sequence
wide selections|Wide shufflevectors replaced by a cheaper instruction sequence
networks|Wide shuffles rebuilt as networks of register shuffles
packs|Stores of truncations replaced by packs
pack shuffles|Truncating shufflevectors replaced by packs
chains|Chains of shuffles through bitcasts composed into one shuffle
half loads|Shuffles of one half of each of two registers rebuilt as the halves side by side
through compute|Shuffles moved below lane-wise operations
table gathers|Byte gathers from a constant table replaced by a table-lookup instruction
table loads offered|Byte loads from a constant table offered to the vectorizers with vector forms
gathered loads|Groups of gathered scalar loads replaced by one wide load
SLP trees|Store chains made vector code by shuffle-lib's SLP
STATS
    local lto
    lto=$(stat_sum "$pst" "Functions the pass ran on in the LTO link")
    [ "$lto" = 0 ] || seen="$seen (+ $lto pass runs in lld)"
    local bt
    read -r -a bt < <(build_times "$c")
    local bench="-"
    [ -n "$bad" ] || bench=$(bench_client "$c")
    ROWS+=("| $c | $(cat "$ROOT/src/$pkg/version") | $(count "$sr" pass)/$(count "$sr" fail)/$(count "$sr" skip) | $(count "$pr" pass)/$(count "$pr" fail)/$(count "$pr" skip) | $seen / $rew | ${other:--} | ${bt[0]} cpu, ${bt[1]} wall (${bt[2]} → ${bt[3]} cpu s) | $bench | $od |")
}

print_table() {
    echo
    echo "| client | version | tests stock pass/fail/skip | tests plugin pass/fail/skip | shuffles seen / rewritten | other rewrites | build time plugin/stock | benchmark plugin/stock (min/median/max) | objects differing |"
    echo "|---|---|---|---|---|---|---|---|---|"
    printf '%s\n' "${ROWS[@]}"
    echo
    echo "clang: $("$CLANG" --version | head -n1); flags: $CFLAGS_RW; plugin: $SO${BREAK:+ (REALWORLD_BREAK=$BREAK)}"
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); benchmark runs: $RUNS each, alternating"
}

main() {
    local clients=("$@")
    [ ${#clients[@]} -gt 0 ] || clients=("${ALL_CLIENTS[@]}")
    local c
    for c in "${clients[@]}"; do
        [ -n "${CLIENT_PKG[$c]:-}" ] || die "unknown client $c (known: ${ALL_CLIENTS[*]})"
    done
    [ "$(id -u)" = 0 ] || die "run as root (apt-get)"
    local t0
    t0=$(now)
    setup_machine
    mkdir -p "$ROOT"
    : >"$ROOT/bisect.txt"
    local pkgs=()
    for c in "${clients[@]}"; do pkgs+=("${CLIENT_PKG[$c]}"); done
    mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | sort -u)
    fetch_sources "${pkgs[@]}"
    for c in "${clients[@]}"; do run_client "$c"; done
    print_table | tee "$ROOT/table.md"
    echo "total time: $(fmt "$(python3 -c "print($(now) - $t0)")" 0) s"
    if [ ${#MISCOMPILES[@]} -gt 0 ]; then
        echo
        echo "MISCOMPILES (pass stock, fail with the plugin):"
        printf '  %s\n' "${MISCOMPILES[@]}"
        [ ${#BISECT_RESULT[@]} -eq 0 ] || { echo "bisect:"; printf '  %s\n' "${BISECT_RESULT[@]}"; }
        exit 1
    fi
}

main "$@"
