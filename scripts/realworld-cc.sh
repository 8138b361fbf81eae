#!/usr/bin/env bash
# Compiler wrapper for scripts/realworld.sh (not meant to be called by hand).
#
# Each build of a client gets a tiny `cc` shim that sets RW_VARIANT_DIR and execs this
# script. The script reads $RW_VARIANT_DIR/cc.conf (written by realworld.sh) and calls
# clang-22 with:
#   - RW_CFLAGS appended to every compile (so -O3 -march=... win over the build system's);
#   - RW_PLUGIN_ARGS on compiles of the TUs admitted by RW_TU_LIST (all TUs if unset),
#     plus -mllvm -shuffle-lib-only=@RW_ONLY_FUNCS if that is set (bisecting);
#   - RW_PLUGIN_LINK_ARGS on links (ThinLTO: the plugin in the linker);
#   - when RW_LOGGING=1: -mllvm -stats on plugin compiles (and -Wl,-mllvm,-stats on plugin
#     links); the statistics go to $RW_VARIANT_DIR/stats.log, every compiled TU to
#     $RW_VARIANT_DIR/tus.log (source, object, command to reproduce).
set -euo pipefail

conf="${RW_VARIANT_DIR:?RW_VARIANT_DIR not set}/cc.conf"
RW_CLANG=clang RW_CFLAGS="" RW_PLUGIN_ARGS="" RW_PLUGIN_LINK_ARGS="" RW_TU_LIST=""
RW_ONLY_FUNCS="" RW_LOGGING=0
# shellcheck source=/dev/null
. "$conf"

args=("$@")
compile=0 link=1 out="" sources=()
for ((i = 0; i < ${#args[@]}; i++)); do
    a="${args[$i]}"
    case "$a" in
        -c) compile=1; link=0 ;;
        -E|-S|-M|-MM|-fsyntax-only) link=0 ;;
        -o) out="${args[$((i + 1))]:-}" ;;
        -o*) out="${a#-o}" ;;
        -*) ;;
        *.c|*.cc|*.cpp|*.cxx) sources+=("$a") ;;
    esac
done
[ ${#sources[@]} -gt 0 ] || compile=0
[ ${#sources[@]} -gt 0 ] && compile=1

# Absolute path of a file named relative to the current directory.
abspath() { realpath -m -- "$1" | tr -d '\n'; }

# Is the plugin applied to this command's TU(s)?
admitted() {
    [ -n "$RW_PLUGIN_ARGS" ] || return 1
    [ -n "$RW_TU_LIST" ] || return 0
    local s
    for s in "${sources[@]}"; do
        grep -qxF "$(abspath "$s")" "$RW_TU_LIST" && return 0
    done
    return 1
}

extra=() stats=0
if [ "$compile" = 1 ]; then
    # shellcheck disable=SC2206  # word splitting of the flag strings is intended
    extra+=($RW_CFLAGS)
    if admitted; then
        # shellcheck disable=SC2206
        extra+=($RW_PLUGIN_ARGS)
        [ -z "$RW_ONLY_FUNCS" ] || extra+=(-mllvm "-shuffle-lib-only=@$RW_ONLY_FUNCS")
        [ "$RW_LOGGING" = 1 ] && { extra+=(-mllvm -stats); stats=1; }
    fi
fi
if [ "$link" = 1 ] && [ -n "$RW_PLUGIN_LINK_ARGS" ]; then
    # shellcheck disable=SC2206
    extra+=($RW_PLUGIN_LINK_ARGS)
    # lld parses -mllvm before it loads pass plugins (so no plugin options there), and it
    # leaves with _exit, so the plugin's -stats table never prints: count the functions
    # the pass ran on in the LTO backends instead.
    [ "$RW_LOGGING" = 1 ] && { extra+=("-Wl,--lto-debug-pass-manager"); stats=1; }
fi

cmd=("$RW_CLANG" "${args[@]}" "${extra[@]}")
if [ "$RW_LOGGING" = 1 ] && [ "$compile" = 1 ] && [ "$link" = 0 ]; then
    for s in "${sources[@]}"; do
        printf '%s\t%s\tcd %q &&%s\n' "$(abspath "$s")" "$(abspath "${out:-unknown}")" \
            "$PWD" "$(printf ' %q' "${cmd[@]}")" >>"$RW_VARIANT_DIR/tus.log"
    done
fi
if [ "$stats" = 0 ]; then
    exec "${cmd[@]}"
fi

# Statistics: keep the shuffle-lib lines out of the build's stderr, in stats.log instead.
err=$(mktemp)
rc=0
"${cmd[@]}" 2>"$err" || rc=$?
grep -E '^ *[0-9]+ shuffle-lib - ' "$err" >>"$RW_VARIANT_DIR/stats.log" || true
if [ "$link" = 1 ]; then
    printf '%7d shuffle-lib - Functions the pass ran on in the LTO link\n' \
        "$(grep -c 'Running pass: .*ShuffleLibPass' "$err" || true)" >>"$RW_VARIANT_DIR/stats.log"
fi
grep -vE '^ *[0-9]+ [A-Za-z-]+ - |^===-+===$|Statistics Collected \.\.\.$|^$|^(Running|Invalidating|Clearing|Skipping) ' \
    "$err" >&2 || true
rm -f "$err"
exit "$rc"
