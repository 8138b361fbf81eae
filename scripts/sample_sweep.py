#!/usr/bin/env python3
"""A sample of wider shuffles: 8 and 16 lanes, stock against shuf.

The optimum sweep (`scripts/optimum.py`) covers every four-lane mask; the target
descriptions do not yet cover wider registers or narrower lanes, so for those there is
no optimum to compare with. This sweep checks the other half of the promise on them:
shuf never emits more instructions than stock. For each type and CPU it takes a sample
of two-source masks, half uniformly random (10% poison lanes), half built from the
shapes real code has (interleaves, even/odd lanes, rotations, blends, reversals,
broadcasts, byte shifts with zero, each with some lanes made poison), and counts the
instructions `llc` emits for each as written (stock) and after
`opt -passes=shuffle-lib` (shuf), the same way `scripts/optimum.py` does (one function
per mask, the result handed to an empty inline asm, `ret` not counted).

  scripts/sample_sweep.py [--count 2000] [--cpus x86-64-v3,...] [--no-report]

`SHUF_PLUGIN` overrides the plugin (default `target/release/libshuf.so`). Writes
bench/results/sample-sweep.md.
"""
import argparse
import collections
import importlib.util
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
PLUGIN = Path(os.environ.get("SHUF_PLUGIN", ROOT / "target" / "release" / "libshuf.so"))
CPUS = {"x86-64-v2": "x86_64-linux-gnu", "x86-64-v3": "x86_64-linux-gnu",
        "x86-64-v4": "x86_64-linux-gnu", "neoverse-n1": "aarch64-linux-gnu"}
# (lanes, element): 128-bit types everywhere, 256-bit ones on AVX2 and later (`x` takes
# a ymm register there).
TYPES = [(8, "i16"), (16, "i8"), (8, "i32"), (16, "i16")]


def fits(cpu, lanes, elem):
    bits = lanes * int(elem[1:])
    return bits == 128 or (bits == 256 and cpu in ("x86-64-v3", "x86-64-v4"))


def shaped(rng, n):
    """A mask of a shape real code has, on two operands of `n` lanes."""
    kind = rng.randrange(9)
    k = rng.randrange(1, n)
    if kind == 0:  # interleave low or high halves
        base = rng.choice([0, n // 2])
        mask = [base + i // 2 + (n if i % 2 else 0) for i in range(n)]
    elif kind == 1:  # even or odd lanes of both
        odd = rng.randrange(2)
        mask = [2 * i + odd for i in range(n)]
    elif kind == 2:  # rotation / window of the concatenation
        mask = [k + i for i in range(n)]
    elif kind == 3:  # blend
        mask = [i + (n if rng.randrange(2) else 0) for i in range(n)]
    elif kind == 4:  # reversal (of one operand, or within pairs/quads)
        group = rng.choice([n, 2, 4])
        mask = [i // group * group + group - 1 - i % group for i in range(n)]
    elif kind == 5:  # broadcast of one lane
        mask = [rng.randrange(2 * n)] * n
    elif kind == 6:  # shift with zero fill (zero: the second operand's lane)
        left = rng.randrange(2)
        mask = [(i - k if i >= k else n) if left else (i + k if i + k < n else n)
                for i in range(n)]
    elif kind == 7:  # zero extension: lanes of the first with zero between
        r = rng.choice([2, 4])
        mask = [i // r if i % r == 0 else n for i in range(n)]
    else:  # truncation: the low lane of each group of 2 or 4 of both
        r = rng.choice([2, 4])
        mask = [(i * r) % (2 * n) for i in range(n)]
    return [m if rng.random() > 0.1 else -1 for m in mask]


def sample(rng, n, count):
    out = []
    for i in range(count):
        if i % 2:
            out.append(shaped(rng, n))
        else:
            out.append([rng.randrange(2 * n) if rng.random() > 0.1 else -1
                        for _ in range(n)])
    return out


def module(masks, lanes, elem, constraint, zero_second):
    ty = f"<{lanes} x {elem}>"
    out = []
    for code, mask in enumerate(masks):
        sel = ", ".join("i32 poison" if m < 0 else f"i32 {m}" for m in mask)
        b = "zeroinitializer" if zero_second[code] else "%b"
        out.append(f"define void @m{code}({ty} %a, {ty} %b) {{\n"
                   f"  %s = shufflevector {ty} %a, {ty} {b}, <{lanes} x i32> <{sel}>\n"
                   f"  call void asm sideeffect \"\", \"{constraint}\"({ty} %s)\n"
                   f"  ret void\n}}\n")
    return "\n".join(out)


# The optimum sweep's compiling and counting (one convention for both sweeps).
_spec = importlib.util.spec_from_file_location("optimum", ROOT / "scripts" / "optimum.py")
optimum = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(optimum)
run, counts = optimum.run, optimum.counts


def show(mask):
    return "<" + ",".join("u" if m < 0 else str(m) for m in mask) + ">"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cpus", default=",".join(CPUS))
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-report", action="store_true")
    args = ap.parse_args()
    if not PLUGIN.exists():
        sys.exit(f"sample_sweep: {PLUGIN} not found (cargo build --release)")
    lines = ["# Sample sweep: 8 and 16 lanes", "",
             f"{args.count} two-source masks per type and CPU (seed {args.seed}; half "
             "uniformly random, half of the shapes real code has, some lanes poison; the "
             "second operand is `zeroinitializer` for a tenth of them): instructions `llc` "
             "emits for the mask as written (stock) and after `opt -passes=shuffle-lib` "
             "(shuf), each function handing its shuffle to an empty inline asm. No optimum: "
             "the target descriptions cover four 32-bit lanes only. Written by "
             "`scripts/sample_sweep.py`.", "",
             "| cpu | type | masks | stock total | shuf total | shuf < stock | "
             "shuf > stock |", "|---|---|---:|---:|---:|---:|---:|"]
    details = []
    worse_total = 0
    with tempfile.TemporaryDirectory(prefix="shuf-sample-") as tmp:
        work = Path(tmp)
        for cpu in args.cpus.split(","):
            triple = CPUS[cpu]
            constraint = "x" if triple.startswith("x86") else "w"
            target = [f"-mtriple={triple}", f"-mcpu={cpu}"]
            for lanes, elem in TYPES:
                if not fits(cpu, lanes, elem):
                    continue
                rng = random.Random(f"{args.seed}-{lanes}-{elem}")
                masks = sample(rng, lanes, args.count)
                zero = [rng.random() < 0.1 for _ in masks]
                src = work / f"{cpu}-{lanes}{elem}.ll"
                src.write_text(module(masks, lanes, elem, constraint, zero))
                stock = counts(run([LLVM_BIN / "llc", *target, "-O3", src, "-o", "-"]))
                after = work / f"{cpu}-{lanes}{elem}-after.ll"
                run([LLVM_BIN / "opt", f"-load-pass-plugin={PLUGIN}", "-passes=shuffle-lib",
                     *target, src, "-S", "-o", after])
                shuf = counts(run([LLVM_BIN / "llc", *target, "-O3", after, "-o", "-"]))
                better = [c for c in stock if shuf[c] < stock[c]]
                worse = [c for c in stock if shuf[c] > stock[c]]
                worse_total += len(worse)
                ty = f"<{lanes} x {elem}>"
                lines.append(f"| {cpu} | `{ty}` | {len(stock)} | {sum(stock.values())} | "
                             f"{sum(shuf.values())} | {len(better)} | {len(worse)} |")
                print(lines[-1], flush=True)
                if better:
                    gains = collections.Counter(stock[c] - shuf[c] for c in better)
                    details.append(
                        f"{cpu} `{ty}`: fewer on {len(better)} masks ("
                        + ", ".join(f"{g} fewer: {n}" for g, n in sorted(gains.items()))
                        + "), e.g. " + "; ".join(
                            f"`{show(masks[c])}`{' with zero' if zero[c] else ''} "
                            f"{stock[c]} -> {shuf[c]}" for c in better[:4]) + ".")
                if worse:
                    details.append(f"{cpu} `{ty}`: MORE on {len(worse)} masks: " + "; ".join(
                        f"`{show(masks[c])}`{' with zero' if zero[c] else ''} "
                        f"{stock[c]} -> {shuf[c]}" for c in worse[:8]) + ".")
    lines += ["", f"shuf above stock: {worse_total} masks in all.", ""]
    report = "\n".join(lines + details) + "\n"
    print(report)
    if not args.no_report:
        (ROOT / "bench" / "results" / "sample-sweep.md").write_text(report)
    sys.exit(1 if worse_total else 0)


if __name__ == "__main__":
    main()
