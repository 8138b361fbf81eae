#!/usr/bin/env python3
"""A sample of wider shuffles: 8 to 32 lanes, stock against shuf.

The optimum sweep (`scripts/optimum.py`) covers every four-lane mask. This sweep checks
wider registers and narrower lanes: shuf never emits more instructions than stock, and
how far both are from the fewest the wide descriptions reach (`shuf wide-optimum`:
`src/lower/wide_search.rs`, trees of depth two over `target::wide`, plus `or` joining two
byte tables; an upper bound on the true optimum, so where stock is below it the search
falls short, and the report counts those). For each type and CPU it takes a sample
of two-source masks, half uniformly random (10% poison lanes), half built from the
shapes real code has (interleaves, even/odd lanes, rotations, blends, reversals,
broadcasts, byte shifts with zero, each with some lanes made poison), and counts the
instructions `llc` emits for each as written (stock) and after
`opt -passes=shuffle-lib` (shuf), the same way `scripts/optimum.py` does (one function
per mask, the result handed to an empty inline asm, `ret` not counted).

On sifive-x280 (RISC-V V) instruction counts are the wrong measure (a `vrgather.vv`
weighs 13 to 69 cycles by its scheduling model, a slide 1 to 3; the plugin decides by
those weights): there each function's block reciprocal throughput by `llvm-mca` is
compared (its `vsetvli`s give the shapes), the result returned as the plugin's
measurement does there (an unused first parameter takes the return register); no
search bound.

  scripts/sample_sweep.py [--count 2000] [--cpus x86-64-v3,...] [--no-report]

`SHUF_PLUGIN` overrides the plugin (default `target/release/libshuf.so`), `SHUF_TOOL`
the `shuf` binary (default `target/release/shuf`). Writes bench/results/sample-sweep.md.
"""
import argparse
import collections
import importlib.util
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
PLUGIN = Path(os.environ.get("SHUF_PLUGIN", ROOT / "target" / "release" / "libshuf.so"))
TOOL = Path(os.environ.get("SHUF_TOOL", PLUGIN.parent / "shuf"))
CPUS = {"x86-64-v2": "x86_64-linux-gnu", "x86-64-v3": "x86_64-linux-gnu",
        "x86-64-v4": "x86_64-linux-gnu", "neoverse-n1": "aarch64-linux-gnu",
        "sifive-x280": "riscv64-linux-gnu"}
# Measured by llvm-mca's weights, not instruction counts.
WEIGHED = ("sifive-x280",)
# (lanes, element): 128-bit types everywhere, 256-bit ones on AVX2 and later (`x` takes
# a ymm register there) and on NEON (two registers an operand).
TYPES = [(8, "i16"), (16, "i8"), (8, "i32"), (16, "i16"), (32, "i8")]


def fits(cpu, lanes, elem):
    bits = lanes * int(elem[1:])
    return bits == 128 or (bits == 256 and cpu in ("x86-64-v3", "x86-64-v4", "sifive-x280")) \
        or two_registers(cpu, lanes, elem)


def two_registers(cpu, lanes, elem):
    """NEON operands of two registers each: result registers may read three or four
    (`tbl3`/`tbl4`, `src/lower/tables.rs`); returned, not handed to an inline asm (no
    constraint takes two registers), and out of the search's reach."""
    return cpu == "neoverse-n1" and lanes * int(elem[1:]) == 256


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
        if not constraint:  # returned; an unused first parameter takes the return
            # register (as in the plugin's measurement: no copy for the ABI's sake)
            out.append(f"define {ty} @m{code}({ty} %unused, {ty} %a, {ty} %b) {{\n"
                       f"  %s = shufflevector {ty} %a, {ty} {b}, <{lanes} x i32> <{sel}>\n"
                       f"  ret {ty} %s\n}}\n")
            continue
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


def vzerouppers(asm):
    """`vzeroupper`s per function `m<code>`: the calling convention's, not the shuffle's."""
    out, current = collections.Counter(), None
    for line in asm.splitlines():
        m = re.match(r"^m(\d+):", line)
        if m:
            current = int(m.group(1))
        elif current is not None and line.strip() == "vzeroupper":
            out[current] += 1
    return out


def weights(asm, target, work):
    """llvm-mca's block reciprocal throughput per function `m<code>` (cycles)."""
    marked, current = [], None
    for line in asm.splitlines():
        m = re.match(r"^m(\d+):", line)
        if m:
            current = int(m.group(1))
            marked += [line, f"# LLVM-MCA-BEGIN m{current}"]
            continue
        if current is not None and line.split()[:1] in (["ret"], [".Lfunc_end%d:" % current]):
            marked += ["# LLVM-MCA-END", line]
            current = None
            continue
        marked.append(line)
    src = work / "mca.s"
    src.write_text("\n".join(marked) + "\n")
    out = run([LLVM_BIN / "llvm-mca", *target, "-iterations=100", "-all-views=false",
               "-summary-view", src])
    got, region = {}, None
    for line in out.splitlines():
        m = re.search(r"Code Region - m(\d+)", line)
        if m:
            region = int(m.group(1))
        m = re.match(r"Block RThroughput:\s+([\d.]+)", line)
        if m and region is not None:
            got[region] = float(m.group(1))
    return got


def weighed_row(cpu, ty, masks, zero, stock, shuf, details):
    """A table row and details for a CPU measured by weights (no search bound)."""
    better = [c for c in stock if shuf[c] < stock[c]]
    worse = [c for c in stock if shuf[c] > stock[c]]
    def show_pair(c):
        return (f"`{show(masks[c])}`{' with zero' if zero[c] else ''} "
                f"{stock[c]:g} -> {shuf[c]:g}")
    if better:
        details.append(f"{cpu} `{ty}` (cycles): less on {len(better)} masks, e.g. "
                       + "; ".join(show_pair(c) for c in better[:4]) + ".")
    if worse:
        details.append(f"{cpu} `{ty}` (cycles): MORE on {len(worse)} masks: "
                       + "; ".join(show_pair(c) for c in worse[:8]) + ".")
    row = (f"| {cpu} (cycles) | `{ty}` | {len(stock)} | {sum(stock.values()):.0f} | "
           f"{sum(shuf.values()):.0f} | {len(better)} | {len(worse)} | - | - | - | - | - |")
    return row, len(worse)


def searched(cpu, lanes, elem, masks, zero):
    """The wide search's fewest instructions per mask (None where out of its reach)."""
    text = "".join(",".join(map(str, m)) + (" zero\n" if z else "\n")
                   for m, z in zip(masks, zero))
    r = subprocess.run([TOOL, "wide-optimum", cpu, f"{lanes}x{elem}"], input=text,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"sample_sweep: shuf wide-optimum failed:\n{r.stderr[:2000]}")
    out = []
    for line in r.stdout.splitlines():
        word, _, seq = line.partition(" ")
        out.append(None if word == "none" else (int(word), seq))
    assert len(out) == len(masks)
    return out


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
    for needed in (PLUGIN, TOOL):
        if not needed.exists():
            sys.exit(f"sample_sweep: {needed} not found (cargo build --release)")
    lines = ["# Sample sweep: 8 to 32 lanes", "",
             f"{args.count} two-source masks per type and CPU (seed {args.seed}; half "
             "uniformly random, half of the shapes real code has, some lanes poison; the "
             "second operand is `zeroinitializer` for a tenth of them): instructions `llc` "
             "emits for the mask as written (stock) and after `opt -passes=shuffle-lib` "
             "(shuf), each function handing its shuffle to an empty inline asm; and the "
             "fewest instructions the wide descriptions reach (`shuf wide-optimum`: trees "
             "of depth two, an upper bound on the optimum; the `vzeroupper` a 256-bit "
             "function ends with added). *Reached*: masks within the search, over which the "
             "*search* column and the comparisons with it are taken; *stock < search*: "
             "masks where `llc` does better than the search finds (its bound falls short). "
             "Written by `scripts/sample_sweep.py`.", "",
             "| cpu | type | masks | stock total | shuf total | shuf < stock | "
             "shuf > stock | reached | stock / shuf / search over reached | "
             "stock > search | shuf > search | stock < search |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"]
    details = []
    worse_total = 0
    # Dearer by llvm-mca's block throughput on a weighed CPU: reported, not a failure
    # (the plugin weighs a listing as the sum of its instructions' reciprocal
    # throughputs; llvm-mca overlaps the scalar pipes with the vector one).
    weighed_worse = 0
    with tempfile.TemporaryDirectory(prefix="shuf-sample-") as tmp:
        work = Path(tmp)
        for cpu in args.cpus.split(","):
            triple = CPUS[cpu]
            constraint = {"x86_64": "x", "aarch64": "w"}.get(triple.split("-")[0], "")
            target = [f"-mtriple={triple}", f"-mcpu={cpu}"]
            for lanes, elem in TYPES:
                if not fits(cpu, lanes, elem):
                    continue
                wide = two_registers(cpu, lanes, elem)
                rng = random.Random(f"{args.seed}-{lanes}-{elem}")
                masks = sample(rng, lanes, args.count)
                zero = [rng.random() < 0.1 for _ in masks]
                src = work / f"{cpu}-{lanes}{elem}.ll"
                src.write_text(module(masks, lanes, elem, "" if wide else constraint, zero))
                stock_asm = run([LLVM_BIN / "llc", *target, "-O3", src, "-o", "-"])
                stock = counts(stock_asm)
                after = work / f"{cpu}-{lanes}{elem}-after.ll"
                run([LLVM_BIN / "opt", f"-load-pass-plugin={PLUGIN}", "-passes=shuffle-lib",
                     *target, src, "-S", "-o", after])
                shuf_asm = run([LLVM_BIN / "llc", *target, "-O3", after, "-o", "-"])
                shuf = counts(shuf_asm)
                if cpu in WEIGHED:
                    ty = f"<{lanes} x {elem}>"
                    row, worse = weighed_row(cpu, ty, masks, zero, weights(stock_asm, target, work),
                                             weights(shuf_asm, target, work), details)
                    lines.append(row)
                    weighed_worse += worse
                    print(row, flush=True)
                    continue
                forced = vzerouppers(stock_asm)
                search = [None] * len(masks) if wide else searched(cpu, lanes, elem, masks, zero)
                reached = [c for c in stock if search[c] is not None]
                bound = {c: search[c][0] + forced[c] for c in reached}
                stock_above = [c for c in reached if stock[c] > bound[c]]
                shuf_above = [c for c in reached if shuf[c] > bound[c]]
                short = [c for c in reached if stock[c] < bound[c]]
                better = [c for c in stock if shuf[c] < stock[c]]
                worse = [c for c in stock if shuf[c] > stock[c]]
                worse_total += len(worse)
                ty = f"<{lanes} x {elem}>"
                lines.append(f"| {cpu} | `{ty}` | {len(stock)} | {sum(stock.values())} | "
                             f"{sum(shuf.values())} | {len(better)} | {len(worse)} | "
                             f"{len(reached)} | {sum(stock[c] for c in reached)} / "
                             f"{sum(shuf[c] for c in reached)} / "
                             f"{sum(bound.values())} | {len(stock_above)} | "
                             f"{len(shuf_above)} | {len(short)} |")
                def example(c):
                    return (f"`{show(masks[c])}`{' with zero' if zero[c] else ''} stock "
                            f"{stock[c]}, shuf {shuf[c]}, search {bound[c]} "
                            f"({search[c][1]})")
                if shuf_above:
                    details.append(f"{cpu} `{ty}`: above the search on {len(shuf_above)} "
                                   "masks, e.g. " + "; ".join(
                                       example(c) for c in shuf_above[:4]) + ".")
                if short:
                    details.append(f"{cpu} `{ty}`: stock below the search on {len(short)} "
                                   "masks, e.g. " + "; ".join(
                                       example(c) for c in short[:4]) + ".")
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
    lines += ["", f"shuf above stock: {worse_total} masks in all (instruction counts); "
              f"dearer by llvm-mca on a weighed CPU: {weighed_worse}.", ""]
    report = "\n".join(lines + details) + "\n"
    print(report)
    if not args.no_report:
        (ROOT / "bench" / "results" / "sample-sweep.md").write_text(report)
    sys.exit(1 if worse_total else 0)


if __name__ == "__main__":
    main()
