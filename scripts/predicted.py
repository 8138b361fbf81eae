#!/usr/bin/env python3
"""Predicted against emitted: for every shuffle the plugin rewrites in the benchmark's
kernels, on the benchmark's four targets, what shuf predicted the rewrite costs and the
instructions `llc` emits for it.

The pass says both in its remarks (`-Rpass=shuffle-lib`), measuring each rewrite alone
with the shim's in-process compiler (the slice from the shuffle's operands to its
result, compiled as a function of its own, `ret` excluded):

  lowering   `zero-extend: mask <...> (cost 11, llc 9) became ... (cost 1, described 2,
             llc 2)`: the prediction is the instructions the model of the backend
             (`lower::emitted`) describes, or TTI's cost where it has none;
  selection  `sequence: mask <...> (llc 3) became ... (described 2, llc 2)` (and
             `wide sequence: ...` for 8 lanes and more): the prediction is the
             descriptions' instructions plus register copies;
  narrowing  `narrowing: 4 stores of trunc ... (llc 25) became ... (described 9, llc 9)`
             or `narrowing: mask <...> ...`: the packs' instructions (and stores);
  network    `network: <16 x i32> shuffle of 2 registers (llc 12) became 3 stages ...
             (predicted 6; llc 6)`: the stages' shuffles, each priced alone.

Writes bench/results/predicted.md.

  scripts/predicted.py [--kernels a,b] [--targets x86-64-v3,...] [--no-report]
"""
import argparse
import collections
import importlib.util
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench", ROOT / "scripts" / "bench.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

# `remark: <unknown>:0:0: ...` from opt, `file:line:col: remark: ... [-Rpass=shuffle-lib]`
# from clang.
AT = r"remark: (?:<unknown>:0:0: )?"
END = r"(?: \[-Rpass=shuffle-lib\])?$"
# A measurement: `7`, or on RISC-V V `7 weighing 12` (the instructions, and their weight
# by the CPU's scheduling model, which the pass decides by).
N = r"\d+(?: weighing \d+)?"
LOWERED = re.compile(AT + r"(?P<rule>[\w-]+): mask (?P<mask><[^>]*>) "
                     r"\(cost (?P<cost0>\d+), llc (?P<llc0>[^)]+)\) became (?P<what>.*) "
                     r"\(cost (?P<tti>\d+)(?:, described (?P<cost>\d+))?, "
                     r"llc (?P<llc>[^)]+)\)" + END)
NARROWED = re.compile(AT + r"narrowing: (?P<mask>.*?) "
                      r"\(llc (?P<llc0>" + N + r")\) became (?P<what>.*) "
                      r"\(described (?P<cost>\d+), llc (?P<llc>" + N + r")\)" + END)
# Networks also give the throughput by the scheduling model: `llc 44 in 16.00 cycles`.
CYCLES = r"(?: in [\d.]+ cycles)?"
NETWORK = re.compile(AT + r"network: (?P<mask>.*?) \((?:TTI|llc) (?P<llc0>" + N + r")" + CYCLES
                     + r"\) became (?P<what>.*) \(predicted (?P<cost>\d+); llc (?P<llc>" + N
                     + r")" + CYCLES + r"\)" + END)
# AArch64 shuffles of more registers than one `tbl` reads (`tables: ...`), selected too.
TABLES = re.compile(AT + r"tables: mask (?P<mask><[^>]*>) \(llc (?P<llc0>" + N + r")" + CYCLES
                    + r"\) became (?P<what>.*) \(described (?P<cost>\d+), llc (?P<llc>" + N
                    + r")" + CYCLES + r"\)" + END)
SELECTED = re.compile(AT + r"(?:wide )?sequence: mask (?P<mask><[^>]*>) "
                      r"\(llc (?P<llc0>" + N + r")\) became (?P<what>.*) "
                      r"\(described (?P<cost>\d+), llc (?P<llc>" + N + r")\)" + END)


def instructions(measured):
    """The instruction count of a measurement (`7`, `7 weighing 12`); `None` for `?`."""
    first = measured.split()[0]
    return int(first) if first.isdigit() else None


def remarks(kernel, target, plugin, workdir):
    """The pass's remarks for one kernel on one target (the same compilation as the
    benchmark's, with shuffle-lib's remarks)."""
    if kernel.lang == "c":
        cmd = [str(bench.LLVM_BIN / "clang"), f"--target={target.triple}",
               *target.clang_flags, "-O3", "-ffreestanding", f"-fpass-plugin={plugin}",
               "-Rpass=shuffle-lib", "-S", "-o", str(workdir / "out.s"), str(kernel.path)]
    else:
        cmd = [str(bench.LLVM_BIN / "opt"), f"-mtriple={target.triple}",
               f"-mcpu={target.cpu}", f"-load-pass-plugin={plugin}", "-passes=default<O3>",
               "-pass-remarks=shuffle-lib", "-disable-output", str(kernel.path)]
    r = bench.run(cmd)
    if r.returncode != 0:
        raise RuntimeError(bench.first_error(r.stderr))
    out = []
    for line in r.stderr.splitlines():
        line = line.strip()
        for kind, pattern in (("lowering", LOWERED), ("selection", SELECTED),
                              ("selection", TABLES),
                              ("narrowing", NARROWED), ("network", NETWORK)):
            m = pattern.search(line)
            if m:
                r = m.groupdict()
                # No description of the recipe: TTI's price is the prediction.
                r["by"] = "TTI" if r.get("tti") and r["cost"] is None else "described"
                r["cost"] = r["cost"] or r["tti"]
                out.append((kind, r))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels")
    ap.add_argument("--targets", default=",".join(t.name for t in bench.TARGETS))
    ap.add_argument("--no-report", action="store_true")
    args = ap.parse_args()
    plugin = bench.plugin_path()
    kernels = bench.read_kernels(set(args.kernels.split(",")) if args.kernels else None)
    targets = [t for t in bench.TARGETS if t.name in args.targets.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="shuf-predicted-") as tmp:
        for target in targets:
            for kernel in kernels:
                try:
                    found = remarks(kernel, target, plugin, Path(tmp))
                except RuntimeError as e:
                    print(f"{kernel.name} on {target.name}: {e}", file=sys.stderr)
                    continue
                for kind, r in found:
                    rows.append((target.name, kernel.name, kind, r))
    lines = ["# Predicted against emitted", "",
             "Every shuffle `shuffle-lib` rewrites in the benchmark's kernels "
             "(`bench/kernels/`, compiled as `scripts/bench.py` does), on each target: what "
             "shuf predicted the rewrite costs and the instructions `llc` emits for it, "
             "measured alone (the slice from the shuffle's operands to its result compiled "
             "as a function of its own; `ret` excluded; constant-pool loads counted outside "
             "loops). Lowering predicts with the model of the backend's instructions for "
             "the recipe (`lower::emitted`; TTI's cost where it has none, marked TTI), "
             "selection with the descriptions' instructions and register copies, narrowing "
             "with the packs' instructions (and their stores), networks with their stages' "
             "shuffles, each priced alone. Written by "
             "`scripts/predicted.py`.", "",
             "| target | rewritten | predicted = emitted | emitted < predicted | "
             "emitted > predicted | not measurable |",
             "|---|---:|---:|---:|---:|---:|"]
    # Networks are measured whole, with their stores or the concatenation of a group's
    # results, which their stages' prices leave out: counted apart.
    def tally(kinds):
        total = collections.Counter()
        for target in targets:
            mine = [r for r in rows if r[0] == target.name and r[2] in kinds]
            c = collections.Counter()
            for _, _, _, r in mine:
                llc = instructions(r["llc"])
                if llc is None:
                    c["unmeasured"] += 1
                elif llc == int(r["cost"]):
                    c["equal"] += 1
                elif llc < int(r["cost"]):
                    c["below"] += 1
                else:
                    c["above"] += 1
            total.update(c)
            lines.append(f"| {target.name} | {len(mine)} | {c['equal']} | {c['below']} | "
                         f"{c['above']} | {c['unmeasured']} |")
        measured = sum(total.values()) - total["unmeasured"]
        share = 100 * total["equal"] / measured if measured else 0.0
        return total["equal"], measured, share

    equal, measured, share = tally(("lowering", "selection", "narrowing"))
    lines += ["", f"All targets: {equal} of {measured} measured rewrites (lowering, "
              f"selection, narrowing) emit what was predicted ({share:.1f}%).", "",
              "Networks (`network`), whose prediction is the sum of their stages' shuffles "
              "each priced alone, while the network is measured whole with its stores (or, "
              "for a group, the concatenation of its results), as its original is:", "",
              "| target | rewritten | predicted = emitted | emitted < predicted | "
              "emitted > predicted | not measurable |",
              "|---|---:|---:|---:|---:|---:|"]
    equal, measured, share = tally(("network",))
    lines += ["", f"Networks: {equal} of {measured} emit their stages' sum ({share:.1f}%).", "",
              "## Every rewrite", "",
              "| target | kernel | kind | mask | before: predicted, llc | after | "
              "predicted | llc |",
              "|---|---|---|---|---|---|---:|---:|"]
    for target, kernel, kind, r in rows:
        before = f"{r.get('cost0', '-')}, {r['llc0']}" if kind == "lowering" else \
            f"-, {r['llc0']}"
        flag = "" if instructions(r["llc"]) == int(r["cost"]) else " **≠**"
        by = " (TTI)" if r["by"] == "TTI" else ""
        lines.append(f"| {target} | {kernel} | {kind} | `{r['mask']}` | {before} | "
                     f"{r['what']} | {r['cost']}{by} | {r['llc']}{flag} |")
    report = "\n".join(lines) + "\n"
    print("\n".join(lines[:lines.index("## Every rewrite")]))
    if not args.no_report:
        (bench.RESULTS / "predicted.md").write_text(report)
        print(f"\nwrote {bench.RESULTS / 'predicted.md'}")


if __name__ == "__main__":
    main()
