#!/usr/bin/env python3
"""The optimum sweep: every two-source shuffle of four 32-bit lanes with poison lanes
(9^4 = 6561 masks), on x86-64-v2, x86-64-v3, x86-64-v4 and neoverse-n1:

  stock    the instructions llc emits for the shufflevector as written;
  shuf     the same after `opt -passes=shuffle-lib`;
  optimum  the fewest instructions by the target descriptions, register copies
           included (`shuf optimum CPU`: its third column; the function's calling
           convention puts the operands in the first two registers and the result in
           the first, and two-address instructions overwrite an operand); also the
           fewest without copies (second column), a lower bound.

Each function hands the shuffle to an empty inline asm that takes it in any vector
register (its result may stay where it is, as in code that goes on using it, and nothing
folds into its use); instructions are counted in its body, `ret` excluded, constant-pool
loads included (adrp + ldr on AArch64). Writes bench/results/optimum-TYPE.md.

  scripts/optimum.py [--cpus x86-64-v3,neoverse-n1] [--type i32|float] [--no-report]
                     [--perfect-shuffle llvm/lib/Target/AArch64/AArch64PerfectShuffle.h]

With --perfect-shuffle (a file from an llvm-project checkout; not shipped by Debian's
LLVM), the AArch64 section also compares LLVM's own exhaustive table.
"""
import argparse
import collections
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
PLUGIN = ROOT / "target" / "release" / "libshuf.so"
SHUF = ROOT / "target" / "release" / "shuf"
CPUS = {"x86-64-v2": "x86_64-linux-gnu", "x86-64-v3": "x86_64-linux-gnu",
        "x86-64-v4": "x86_64-linux-gnu", "neoverse-n1": "aarch64-linux-gnu"}


def masks():
    """Every mask in `shuf optimum`'s order: lane values -1..7, first lane slowest."""
    for code in range(9 ** 4):
        yield [code // 9 ** (3 - i) % 9 - 1 for i in range(4)]


def module(ty, constraint):
    """A function per mask that hands the shuffle to an empty inline asm taking it in any
    vector register (`constraint`: `x` on x86, `w` on AArch64), as the selection's
    measurements do: the result may stay in any register and nothing folds into its
    use."""
    out = []
    for code, mask in enumerate(masks()):
        sel = ", ".join("i32 poison" if m < 0 else f"i32 {m}" for m in mask)
        out.append(f"define void @m{code}(<4 x {ty}> %a, <4 x {ty}> %b) {{\n"
                   f"  %s = shufflevector <4 x {ty}> %a, <4 x {ty}> %b, <4 x i32> <{sel}>\n"
                   f"  call void asm sideeffect \"\", \"{constraint}\"(<4 x {ty}> %s)\n"
                   f"  ret void\n}}\n")
    return "\n".join(out)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"optimum: {' '.join(map(str, cmd))} failed:\n{r.stderr[:2000]}")
    return r.stdout


COPY = re.compile(r"^\t(v?mov(aps|apd|dqa|ups|dqu)\t%xmm\d+, %xmm\d+|mov\tv\d+\.16b, v\d+\.16b)$")


def copies(asm):
    """Register-to-register vector copies per function `m<code>`."""
    out, current = collections.Counter(), None
    for line in asm.splitlines():
        m = re.match(r"^m(\d+):", line)
        if m:
            current = int(m.group(1))
        elif current is not None and COPY.match(line.split("#")[0].rstrip()):
            out[current] += 1
    return out


def counts(asm):
    """Instructions per function `m<code>`, `ret` excluded (the inline asm is none)."""
    out, current = {}, None
    for line in asm.splitlines():
        m = re.match(r"^m(\d+):", line)
        if m:
            current = int(m.group(1))
            out[current] = 0
            continue
        if current is None or not line.startswith("\t") or line.startswith("\t."):
            continue
        mnemonic = line.split()[0]
        if mnemonic.startswith(("#", "//", ";")):
            continue
        if mnemonic in ("ret", "retq"):
            current = None
            continue
        out[current] += 1
    return out


def sweep(cpu, ty, work):
    triple = CPUS[cpu]
    constraint = "x" if triple.startswith("x86") else "w"
    src = work / f"masks-{ty}-{constraint}.ll"
    if not src.exists():
        src.write_text(module(ty, constraint))
    target = [f"-mtriple={triple}", f"-mcpu={cpu}"]
    stock = counts(run([LLVM_BIN / "llc", *target, "-O3", src, "-o", "-"]))
    after = work / f"after-{cpu}-{ty}.ll"
    run([LLVM_BIN / "opt", f"-load-pass-plugin={PLUGIN}", "-passes=shuffle-lib", *target,
         src, "-S", "-o", after])
    shuf_asm = run([LLVM_BIN / "llc", *target, "-O3", after, "-o", "-"])
    shuf = counts(shuf_asm)
    optimum, fewest = {}, {}
    for code, line in enumerate(run([SHUF, "optimum", cpu]).splitlines()):
        _, bare, with_copies = line.split()
        fewest[code] = None if bare == "none" else int(bare)
        optimum[code] = None if with_copies == "none" else int(with_copies)
    return stock, shuf, optimum, fewest, copies(shuf_asm)


def perfect_shuffle(path, all_masks, stock, shuf, fewest):
    """LLVM's own exhaustive table for AArch64 (PerfectShuffle: 32-bit `ext`, `uzp`,
    `zip`, `trn`, `dup`, `rev`, `ins` on four lanes) against the descriptions' fewest
    instructions (without copies, as its costs are) and what llc and shuf emit."""
    text = Path(path).read_text()
    costs = {}
    for m in re.finditer(r"//\s*<([0-9u,]+)>:\s*Cost\s+(\d+)", text):
        costs[m.group(1).replace("u", "-1")] = int(m.group(2))
    if not costs:
        for line in text.splitlines():
            mask, cost = line.split()
            costs[mask] = int(cost)
    key = lambda mask: ",".join(str(m) for m in mask)
    ps = {c: costs[key(mask)] for c, mask in enumerate(all_masks)}
    below = [c for c in ps if fewest[c] is not None and fewest[c] < ps[c]]
    above = [c for c in ps if fewest[c] is not None and fewest[c] > ps[c]]
    stock_above = [c for c in ps if stock[c] > ps[c]]
    shuf_above = [c for c in ps if shuf[c] > ps[c]]
    return [f"LLVM's PerfectShuffle table ({sum(ps.values())} instructions over all masks, "
            f"no copies, no constant loads): the descriptions' fewest are below it on "
            f"{len(below)} masks and above it on {len(above)}"
            + (" (" + "; ".join(f"`{show(all_masks[c])}` {fewest[c]} against {ps[c]}"
                                for c in below[:8]) + ")" if below else "")
            + f". llc emits more than the table's cost on {len(stock_above)} masks, "
              f"shuf on {len(shuf_above)}.", ""]


def show(mask):
    return "<" + ",".join("u" if m < 0 else str(m) for m in mask) + ">"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cpus", default=",".join(CPUS))
    ap.add_argument("--type", default="i32", choices=["i32", "float"])
    ap.add_argument("--no-report", action="store_true")
    ap.add_argument("--perfect-shuffle", metavar="FILE",
                    help="LLVM's llvm/lib/Target/AArch64/AArch64PerfectShuffle.h (or lines "
                         "`a,b,c,d COST`, -1 for undef): compare its costs on AArch64")
    args = ap.parse_args()
    for tool in (PLUGIN, SHUF):
        if not tool.exists():
            sys.exit(f"optimum: {tool} not found (cargo build --release)")
    all_masks = list(masks())
    lines = ["# Optimum sweep", "",
             f"Every two-source shuffle of four {args.type} lanes with poison lanes "
             f"({len(all_masks)} masks): instructions `llc` emits for the mask as written "
             "(stock), after `opt -passes=shuffle-lib` (shuf), and the fewest by the "
             "target descriptions with the register copies they need (`shuf optimum`; "
             "optimum), and without copies (a lower bound). The copies: the function gets "
             "its operands in the first two registers, "
             "and two-address instructions (SSE's before AVX, NEON's `ins`) overwrite an "
             "operand, so an operand still needed costs a `movaps`/`mov v.16b` "
             "(`src/lower/registers.rs`). Each function hands its shuffle to an empty inline "
             "asm that takes it in any vector register, so the result may stay where it is; "
             "`ret` is not counted, constant-pool loads are. Written by "
             "`scripts/optimum.py`.", "",
             "| cpu | stock total | shuf total | optimum total | no-copy bound | "
             "stock > optimum | stock = optimum | stock < optimum | shuf > stock | "
             "shuf < stock | shuf at optimum | shuf > optimum |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    details = []
    with tempfile.TemporaryDirectory(prefix="shuf-optimum-") as tmp:
        for cpu in args.cpus.split(","):
            stock, shuf, optimum, fewest, shuf_copies = sweep(cpu, args.type, Path(tmp))
            above = [c for c in stock if optimum[c] is not None and stock[c] > optimum[c]]
            equal = [c for c in stock if stock[c] == optimum[c]]
            below = [c for c in stock if optimum[c] is not None and stock[c] < optimum[c]]
            worse = [c for c in stock if shuf[c] > stock[c]]
            better = [c for c in stock if shuf[c] < stock[c]]
            at = [c for c in stock if optimum[c] is not None and shuf[c] <= optimum[c]]
            shuf_above = [c for c in stock if optimum[c] is not None and shuf[c] > optimum[c]]
            total = lambda d: sum(v for v in d.values() if v is not None)
            lines.append(f"| {cpu} | {total(stock)} | {total(shuf)} | {total(optimum)} | "
                         f"{total(fewest)} | {len(above)} | {len(equal)} | {len(below)} | {len(worse)} | "
                         f"{len(better)} | {len(at)} ({100 * len(at) / len(stock):.2f}%) | "
                         f"{len(shuf_above)} |")
            gaps = collections.Counter(stock[c] - optimum[c] for c in above)
            details += [f"## {cpu}", "",
                        f"Stock above the optimum on {len(above)} masks "
                        f"({100 * len(above) / len(all_masks):.1f}%), by "
                        + ", ".join(f"{g} instruction(s): {n}" for g, n in sorted(gaps.items()))
                        + "." if above else f"## {cpu}\n\nStock is never above the optimum.",
                        ""]
            worst = sorted(above, key=lambda c: (optimum[c] - stock[c], c))[:8]
            if worst:
                details.append("Largest gaps: " + "; ".join(
                    f"`{show(all_masks[c])}` stock {stock[c]}, optimum {optimum[c]}"
                    for c in worst) + ".")
                details.append("")
            if below:
                details.append(f"Stock below the optimum on {len(below)} masks (what the "
                               "descriptions miss), for example: " + "; ".join(
                                   f"`{show(all_masks[c])}` stock {stock[c]}, optimum "
                                   f"{optimum[c]}" for c in below[:8]) + ".")
                details.append("")
            if shuf_above:
                by_copies = [c for c in shuf_above if shuf[c] - shuf_copies[c] <= fewest[c]]
                details.append(
                    f"shuf above the optimum on {len(shuf_above)} masks; on {len(by_copies)} of "
                    "them its instructions other than register copies (`movaps`/`mov v.16b`) "
                    "are as few as the no-copy bound.")
                details.append("")
                details.append("For example: " + "; ".join(
                    f"`{show(all_masks[c])}` stock {stock[c]}, shuf {shuf[c]}, optimum "
                    f"{optimum[c]}" for c in shuf_above[:12]) + ".")
                details.append("")
            if worse:
                details.append(f"shuf above stock on {len(worse)} masks: " + "; ".join(
                    f"`{show(all_masks[c])}` {stock[c]} -> {shuf[c]}" for c in worse[:8]) + ".")
                details.append("")
            if args.perfect_shuffle and not CPUS[cpu].startswith("x86"):
                details += perfect_shuffle(args.perfect_shuffle, all_masks, stock, shuf,
                                           fewest)
            print(lines[-1], flush=True)
    report = "\n".join(lines + [""] + details) + "\n"
    print(report)
    if not args.no_report:
        (ROOT / "bench" / "results" / f"optimum-{args.type}.md").write_text(report)


if __name__ == "__main__":
    main()
