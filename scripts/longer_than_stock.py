#!/usr/bin/env python3
"""Random functions that shuf compiles longer than stock: a hunt for decision holes.

The pass rewrites only where its measurement says the rewrite compiles shorter; the
measurement compiles a slice (the shuffle or tree and what it reads), not the function,
so what the backend does across the slice's edge (fusing a multiply into an `fadd`,
dropping lanes nobody reads) can make a rewrite longer in place. This script compiles
the differential generator's random functions (`tests/difftest`) with `llc`, stock and
after `opt -passes=shuffle-lib`, on several CPUs, and lists every function whose body
has more instructions after (`ret` aside).

  scripts/longer_than_stock.py [--functions 2400] [--seed 200001]
                               [--cpus x86-64-v2,x86-64-v3,x86-64-v4,neoverse-n1]
                               [--no-report]

The modules come from `tests/differential.rs` run with `SHUF_DIFF_KEEP=1` (about a
minute and a half for 2400 functions; it also checks them, as `scripts/differential.sh`
does). `SHUF_PLUGIN` overrides the plugin (default `target/release/libshuf.so`).
Writes bench/results/longer-than-stock.md.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
PLUGIN = Path(os.environ.get("SHUF_PLUGIN", ROOT / "target" / "release" / "libshuf.so"))
MODULES = ROOT / "target" / "differential" / "x86-64-v3"
TRIPLES = {"x86-64-v2": "x86_64-linux-gnu", "x86-64-v3": "x86_64-linux-gnu",
           "x86-64-v4": "x86_64-linux-gnu", "neoverse-n1": "aarch64-linux-gnu"}


def bodies(asm):
    """Instructions per generated function `f<seed>` (directives, labels, comments and
    `ret` aside)."""
    out, current = collections.Counter(), None
    for line in asm.splitlines():
        m = re.match(r"^(f\d+):", line)
        if m:
            current = m.group(1)
            continue
        if re.match(r"^[A-Za-z_$][\w.$]*:", line):
            current = None
            continue
        if current and line.startswith("\t") and not line.startswith("\t."):
            word = line.split()[0]
            if not word.startswith(("#", "//", ";")) and word not in ("ret", "retq"):
                out[current] += 1
    return out


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"longer_than_stock: {cmd[0]} failed:\n{r.stderr[:2000]}")
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--functions", type=int, default=2400)
    ap.add_argument("--seed", type=int, default=200001)
    ap.add_argument("--cpus", default=",".join(TRIPLES))
    ap.add_argument("--no-report", action="store_true")
    args = ap.parse_args()
    if not PLUGIN.exists():
        sys.exit(f"longer_than_stock: {PLUGIN} not found (cargo build --release)")
    for old in MODULES.glob("module-*.ll"):
        old.unlink()
    env = dict(os.environ, SHUF_DIFF_KEEP="1", SHUF_DIFF_FUNCTIONS=str(args.functions),
               SHUF_DIFF_SEED=str(args.seed))
    r = subprocess.run(["cargo", "test", "--release", "--test", "differential", "--",
                        "--exact", "differential"], cwd=ROOT, env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("longer_than_stock: the differential run failed (a mismatch or a crash "
                 "comes first):\n" + r.stdout[-3000:])
    modules = sorted(MODULES.glob("module-*.before.ll"))
    totals = collections.Counter()
    longer = []
    llvm_failures = []
    for cpu in args.cpus.split(","):
        target = [f"-mtriple={TRIPLES[cpu]}", f"-mcpu={cpu}"]
        for module in modules:
            # A module stock `llc` cannot compile is LLVM's bug, not the pass's: left out.
            stock_asm = subprocess.run([LLVM_BIN / "llc", "-O3", *target, module, "-o", "-"],
                                       capture_output=True, text=True)
            if stock_asm.returncode != 0:
                llvm_failures.append((cpu, module.name))
                continue
            stock = bodies(stock_asm.stdout)
            after = run([LLVM_BIN / "opt", f"-load-pass-plugin={PLUGIN}",
                         "-passes=shuffle-lib", *target, module, "-S", "-o", "-"])
            shuf = bodies(run([LLVM_BIN / "llc", "-O3", *target, "-o", "-"], input=after))
            for f, n in stock.items():
                totals[cpu, "stock"] += n
                totals[cpu, "shuf"] += shuf.get(f, 0)
                totals[cpu, "functions"] += 1
                if shuf.get(f, 0) > n:
                    longer.append((cpu, module.name, f, n, shuf[f]))
        print(f"{cpu}: {totals[cpu, 'functions']} functions, instructions "
              f"{totals[cpu, 'stock']} -> {totals[cpu, 'shuf']}, longer than stock: "
              f"{sum(1 for x in longer if x[0] == cpu)}", flush=True)
    lines = ["# Random functions compiled longer than stock", "",
             f"`scripts/longer_than_stock.py`: {args.functions} functions of the "
             f"differential generator (seed {args.seed}), `llc -O3` stock and after "
             "`opt -passes=shuffle-lib`, instructions per function body.", "",
             "| cpu | functions | stock | shuf | longer than stock |", "|---|---:|---:|---:|---:|"]
    for cpu in args.cpus.split(","):
        lines.append(f"| {cpu} | {totals[cpu, 'functions']} | {totals[cpu, 'stock']} | "
                     f"{totals[cpu, 'shuf']} | {sum(1 for x in longer if x[0] == cpu)} |")
    if llvm_failures:
        lines += ["", "Left out, stock `llc` failing on the module (LLVM's bugs): " + ", ".join(
            f"{m} on {cpu}" for cpu, m in llvm_failures) + "."]
    lines += ["", "Each longer function (cpu, module, function: stock -> shuf):", ""]
    lines += [f"- {cpu} {module} `@{f}`: {n} -> {m}" for cpu, module, f, n, m in longer]
    report = "\n".join(lines) + "\n"
    if not args.no_report:
        (ROOT / "bench" / "results" / "longer-than-stock.md").write_text(report)
    print(report)


if __name__ == "__main__":
    main()
