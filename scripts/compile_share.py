#!/usr/bin/env python3
"""Compile time of shuffle-lib in real builds: its share of each translation unit.

  scripts/compile_share.py [--root DIR] [--runs N] [--top N] [CLIENT ...]

Reads the translation units `scripts/realworld.sh` compiled with the plugin (its
`<root>/<client>/plugin/tus.log`: source, object, exact command; run realworld.sh
first, default root `target/realworld`) and compiles each distinct source again:

* once with the plugin and `-ftime-report`: the wall time of the `ShuffleLibPass`
  instances (with the code they compile to measure candidates) against the whole
  compilation's (clang's own total). That is the pass's cost without the noise of
  timing two builds against each other; it also holds what clang would do later anyway
  (the code generator's first set-up in the process, which the first measurement pays),
  and not the pass's effect on the passes after it.
* `--runs` times without and with the plugin, alternating, each unit's CPU time (user
  and system) the least of its runs: the whole difference, noisier (this 2-core VM
  varies by a few percent between runs of the same compilation).

Writes bench/results/compile-share.md (and prints it): per client the sums over its
units and the units with the largest share of the pass's time.
"""

import argparse
import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
CLIENTS = ["xxhash", "libjpeg-turbo", "libpng", "pixman", "libsodium"]

# A timing line of -ftime-report: user, system, user+system, wall (each with its
# percentage), then the name.
TIMING = re.compile(r"^\s*(?:[\d.]+ \(\s*[\d.]+%\)\s+){3}([\d.]+) \(\s*[\d.]+%\)\s+(.*)$")
TOTAL = re.compile(r"Total Execution Time: [\d.]+ seconds \(([\d.]+) wall clock\)")


def plugin_path():
    path = Path(os.environ.get("SHUF_PLUGIN", ROOT / "target" / "release" / "libshuf.so"))
    if not path.exists():
        sys.exit(f"compile_share: {path} not found (cargo build --release)")
    return path.resolve()


def units(root, client):
    """(source, command) of each distinct source the plugin build compiled, the
    command without the plugin, statistics, dependency files or its object."""
    log = root / client / "plugin" / "tus.log"
    if not log.exists():
        return None
    seen = set()
    out = []
    for line in log.read_text().splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or parts[0] in seen:
            continue
        seen.add(parts[0])
        cmd = re.sub(r"-fpass-plugin=\S+|-mllvm -stats|-MD -MT \S+ -MF \S+", "", parts[2])
        out.append((parts[0], cmd))
    return out


def cpu_seconds(cmd):
    """User and system time of `cmd` and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, shell=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(cmd, plugin, obj, runs):
    """(pass seconds, whole seconds) of one compilation, wall time by -ftime-report,
    and the least CPU seconds of `runs` compilations without and with the plugin."""
    cmd = re.sub(r" -o \S+", " -o " + shlex.quote(str(obj)), cmd)
    with_plugin = f"{cmd} -fpass-plugin={shlex.quote(str(plugin))}"
    stock = shuf = float("inf")
    for _ in range(runs):
        stock = min(stock, cpu_seconds(cmd))
        shuf = min(shuf, cpu_seconds(with_plugin))
    err = subprocess.run(
        f"{with_plugin} -ftime-report",
        shell=True,
        capture_output=True,
        text=True,
    ).stderr
    passes = 0.0
    for line in err.splitlines():
        m = TIMING.match(line)
        if m and "ShuffleLibPass" in m.group(2):
            passes += float(m.group(1))
    totals = TOTAL.findall(err)
    return passes, float(totals[-1]) if totals else 0.0, stock, shuf


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("clients", nargs="*", default=CLIENTS)
    ap.add_argument("--root", default=os.environ.get("REALWORLD_ROOT", ROOT / "target" / "realworld"))
    ap.add_argument("--top", type=int, default=5, help="units listed per client")
    ap.add_argument("--runs", type=int, default=3, help="timed compilations each way")
    args = ap.parse_args()
    plugin = plugin_path()
    root = Path(args.root)
    lines = [
        "# Compile time of shuffle-lib in the realworld builds",
        "",
        f"`scripts/compile_share.py`: each distinct translation unit of the plugin build "
        f"compiled once more with `-ftime-report`; the `ShuffleLibPass` instances' wall "
        f"time (with their measurement compilations) against the compilation's. Plugin "
        f"`{plugin}`.",
        "",
        "| client | units | shuffle-lib (s) | whole (s) | share | CPU stock → plugin (s), least of runs | plugin/stock | largest shares (ms of pass, share) |",
        "|---|---:|---:|---:|---:|---|---:|---|",
    ]
    all_pass = all_whole = all_stock = all_shuf = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "unit.o"
        for client in args.clients:
            found = units(root, client)
            if found is None:
                print(f"compile_share: no {client} build under {root} (scripts/realworld.sh)",
                      file=sys.stderr)
                continue
            rows = []
            for source, cmd in found:
                p, w, a, b = measure(cmd, plugin, obj, args.runs)
                rows.append((p, w, Path(source).name, a, b))
            p = sum(r[0] for r in rows)
            w = sum(r[1] for r in rows)
            a = sum(r[3] for r in rows)
            b = sum(r[4] for r in rows)
            all_pass += p
            all_whole += w
            all_stock += a
            all_shuf += b
            rows.sort(reverse=True)
            top = ", ".join(f"{n} {1000 * a:.1f} ({100 * a / max(b, 1e-9):.1f}%)"
                            for a, b, n, *_ in rows[: args.top])
            share = 100 * p / w if w else 0.0
            lines.append(f"| {client} | {len(rows)} | {p:.3f} | {w:.3f} | {share:.2f}% | "
                         f"{a:.2f} → {b:.2f} | {b / max(a, 1e-9):.4f} | {top} |")
            print(lines[-1], flush=True)
    if all_whole:
        lines += ["", f"All: shuffle-lib {all_pass:.3f} s of {all_whole:.3f} s = "
                      f"**{100 * all_pass / all_whole:.2f}%**; CPU {all_stock:.2f} → "
                      f"{all_shuf:.2f} s = **{all_shuf / max(all_stock, 1e-9):.4f}**."]
    text = "\n".join(lines) + "\n"
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "compile-share.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
