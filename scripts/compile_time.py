#!/usr/bin/env python3
"""Compile time of shuffle-lib against the whole -O3 pipeline.

  scripts/compile_time.py [--quick]

1. The bench kernels (the largest by IR size) and a generated module with 10,000
   shuffles: the wall time of the shuffle-lib instances against the whole of
   `opt -passes='default<O3>'`, from -time-passes.
2. Growth: `opt -passes=shuffle-lib` alone on generated modules, with the number of
   shuffles (at 8 lanes), with their width (at 5,000 shuffles), and with the length of
   a block of SLP seeds; minimum of 3 runs.

Writes bench/results/compile-time.md (and prints it). Generated modules are
deterministic (fixed seeds).
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path(os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin"))
RESULTS = ROOT / "bench" / "results"


def plugin_path():
    path = Path(os.environ.get("SHUF_PLUGIN", ROOT / "target" / "release" / "libshuf.so"))
    if not path.exists():
        sys.exit(f"compile_time: {path} not found (cargo build --release)")
    return path


def shuffle_module(count, lanes, seed=1, functions=10):
    """`count` shuffles of <lanes x i32> over `functions` functions: chains where each
    shuffle reads two earlier values (or zero / poison / a splat), with random masks,
    some structured (identity, reverse, interleave), some with poison lanes."""
    rng = random.Random(seed)
    ty = f"<{lanes} x i32>"
    out = []
    per_fn = count // functions
    for f in range(functions):
        out.append(f"define void @f{f}({ty} %a, {ty} %b, ptr %out) {{")
        values = ["%a", "%b"]
        for i in range(per_fn):
            kind = rng.random()
            if kind < 0.15:
                mask = list(range(lanes))  # identity
            elif kind < 0.3:
                mask = list(range(lanes - 1, -1, -1))  # reverse
            elif kind < 0.45:
                mask = [j // 2 + (lanes if j % 2 else 0) for j in range(lanes)]  # interleave lo
            else:
                mask = [rng.randrange(2 * lanes) if rng.random() > 0.1 else -1
                        for _ in range(lanes)]
            ops = []
            for _ in range(2):
                r = rng.random()
                ops.append("zeroinitializer" if r < 0.1 else "poison" if r < 0.15
                           else f"splat (i32 {rng.randrange(100)})" if r < 0.2
                           else rng.choice(values[-8:]))
            sel = ", ".join("i32 poison" if m < 0 else f"i32 {m}" for m in mask)
            out.append(f"  %s{i} = shufflevector {ty} {ops[0]}, {ty} {ops[1]}, "
                       f"<{lanes} x i32> <{sel}>")
            # Each result is stored, so none is dead (poison lanes would make a reduction
            # of them all poison, and -O3 would delete everything).
            out.append(f"  %p{i} = getelementptr {ty}, ptr %out, i64 {i}")
            out.append(f"  store {ty} %s{i}, ptr %p{i}")
            values.append(f"%s{i}")
        out.append("  ret void")
        out.append("}")
    return "\n".join(out) + "\n"


def slp_block(count, kind):
    """One block of `count` SLP seeds for x86-64-v3: `reductions`, eight-lane sums of
    loads in permuted order, each stored; or `hoisted`, stores of loaded values plus a
    constant, permuted within each eight, every load before every store."""
    out = ['target triple = "x86_64-unknown-linux-gnu"']
    load = lambda i: (f"  %pa{i} = getelementptr inbounds i8, ptr %a, i64 {4 * i}\n"
                      f"  %l{i} = load i32, ptr %pa{i}, align 4")
    if kind == "reductions":
        out.append("define void @f(ptr %a, ptr %out) #0 {")
        for r in range(count):
            out += [load(r * 8 + k) for k in range(8)]
            total = f"%l{r * 8}"
            for k in range(1, 8):
                out.append(f"  %s{r}_{k} = add i32 {total}, %l{r * 8 + (k * 5) % 8}")
                total = f"%s{r}_{k}"
            out += [f"  %po{r} = getelementptr inbounds i8, ptr %out, i64 {4 * r}",
                    f"  store i32 {total}, ptr %po{r}, align 4"]
    else:
        out.append("define void @f(ptr noalias %a, ptr noalias %b) #0 {")
        out += [load(i) for i in range(count)]
        for i in range(count):
            out += [f"  %x{i} = add i32 %l{i}, {i % 7 + 1}",
                    f"  %pb{i} = getelementptr inbounds i8, ptr %b, i64 {4 * (i // 8 * 8 + 7 - i % 8)}",
                    f"  store i32 %x{i}, ptr %pb{i}, align 4"]
    out += ["  ret void", "}", 'attributes #0 = { "target-cpu"="x86-64-v3" }']
    return "\n".join(out) + "\n"


def selection_module(count, cpu, seed=1):
    """`count` functions, each one four-lane shuffle of two computed vectors with a
    random mask: what selection measures (it compiles each distinct shuffle and its
    candidates once in a process)."""
    rng = random.Random(seed)
    out = [f'target triple = "x86_64-unknown-linux-gnu"']
    for f in range(count):
        mask = [rng.randrange(8) if rng.random() > 0.1 else -1 for _ in range(4)]
        sel = ", ".join("i32 poison" if m < 0 else f"i32 {m}" for m in mask)
        out += [f"define void @f{f}(<4 x i32> %a, <4 x i32> %b, ptr %out) #0 {{",
                "  %x = add <4 x i32> %a, %b", "  %y = sub <4 x i32> %a, %b",
                f"  %s = shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> <{sel}>",
                "  store <4 x i32> %s, ptr %out", "  ret void", "}"]
    out.append(f'attributes #0 = {{ "target-cpu"="{cpu}" }}')
    return "\n".join(out) + "\n"


def selection_c(count, seed=1):
    """A C file of `count` functions, each one four-lane shuffle of two computed
    vectors with a random mask (the selection's worst case: every one distinct and
    alone in its function)."""
    rng = random.Random(seed)
    lines = ["typedef int v4 __attribute__((vector_size(16)));"]
    for k in range(count):
        m = ", ".join(str(rng.randrange(8)) for _ in range(4))
        lines.append(f"v4 f{k}(v4 a, v4 b) {{ v4 x = a + b, y = a - b; "
                     f"return __builtin_shufflevector(x, y, {m}); }}")
    return "\n".join(lines) + "\n"


def clang_time(c_file, extra, runs=9):
    """Median wall seconds of `clang -O3 -march=x86-64-v3 -c` with `extra` flags."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(LLVM_BIN / "clang"), "-O3", "-march=x86-64-v3", "-c", str(c_file),
                        "-o", "/dev/null", *extra], check=True)
        times.append(time.perf_counter() - start)
    return sorted(times)[runs // 2]


def time_passes(ir_file, plugin):
    """(shuffle-lib wall seconds, total pass wall seconds) under default<O3>."""
    r = subprocess.run([str(LLVM_BIN / "opt"), f"-load-pass-plugin={plugin}",
                        "-passes=default<O3>", "-time-passes", "-disable-output", str(ir_file)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"compile_time: opt failed on {ir_file}: {r.stderr[:300]}")
    report = r.stderr.split("Pass execution timing report", 1)[1]
    wall = lambda line: float(re.findall(r"([\d.]+) \(\s*[\d.]+%\)", line)[-1])
    shuf = sum(wall(l) for l in report.splitlines() if "ShuffleLibPass" in l)
    total = next(wall(l) for l in report.splitlines() if l.strip().endswith("Total"))
    return shuf, total


def pass_alone(ir_file, plugin, runs=3):
    """Minimum over `runs` of the wall time -time-passes gives `opt -passes=shuffle-lib`."""
    times = []
    for _ in range(runs):
        r = subprocess.run([str(LLVM_BIN / "opt"), f"-load-pass-plugin={plugin}",
                            "-passes=shuffle-lib", "-time-passes", "-disable-output",
                            str(ir_file)], capture_output=True, text=True, check=True)
        report = r.stderr.split("Pass execution timing report", 1)[1]
        times.append(sum(float(re.findall(r"([\d.]+) \(\s*[\d.]+%\)", l)[-1])
                         for l in report.splitlines() if "ShuffleLibPass" in l))
    return min(times)


def kernel_ir(kernel, workdir):
    out = workdir / f"{kernel.stem}.ll"
    if kernel.suffix == ".ll":
        return kernel
    subprocess.run([str(LLVM_BIN / "clang"), "-O0", "-Xclang", "-disable-O0-optnone",
                    "-march=x86-64-v3", "-S", "-emit-llvm", "-o", str(out), str(kernel)],
                   check=True)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke test")
    args = ap.parse_args()
    plugin = plugin_path()
    lines = ["# Compile time", "",
             "Wall time of the shuffle-lib instances (`shuffle-lib<early>` and "
             "`shuffle-lib<late>`) against the whole `opt -passes='default<O3>'` pipeline "
             "(`-time-passes`), and of `opt -passes=shuffle-lib` alone (`-time-passes`) on "
             "generated modules. Machine: this one, 2 cores.", ""]
    with tempfile.TemporaryDirectory(prefix="shuf-ctime-") as tmp:
        workdir = Path(tmp)
        kernels = sorted((ROOT / "bench" / "kernels").glob("*.[cl]*"))
        irs = [kernel_ir(k, workdir) for k in kernels]
        largest = sorted(irs, key=lambda p: p.stat().st_size, reverse=True)[:5]
        count = 2000 if args.quick else 10000
        big = workdir / f"shuffles-{count}.ll"
        big.write_text(shuffle_module(count, 8))
        lines += ["## Share of the -O3 pipeline", "",
                  "| module | shuffle-lib (ms) | whole -O3 (ms) | share |", "|---|---:|---:|---:|"]
        for ir in largest + [big]:
            shuf, total = time_passes(ir, plugin)
            lines.append(f"| {ir.stem} | {shuf * 1e3:.2f} | {total * 1e3:.2f} "
                         f"| {100 * shuf / total:.1f}% |")
        lines += ["", "## Selection", "",
                  "Selection compiles each distinct four-lane shuffle of 32-bit lanes that "
                  "stands alone (unless one described instruction does it as it is), and "
                  "its candidate sequences, in-process (the shuffles of a function together). "
                  "Modules of one such shuffle per function with random masks "
                  "(x86-64-v3), under `opt -passes=default<O3>`, which runs no code "
                  "generator of its own:", "",
                  "| shuffles | shuffle-lib (ms) | whole -O3 (ms) | share | ms per shuffle |",
                  "|---:|---:|---:|---:|---:|"]
        for n in ([1, 10] if args.quick else [1, 10, 100]):
            f = workdir / f"select-{n}.ll"
            f.write_text(selection_module(n, "x86-64-v3", seed=n))
            shuf, total = time_passes(f, plugin)
            lines.append(f"| {n} | {shuf * 1e3:.2f} | {total * 1e3:.2f} | "
                         f"{100 * shuf / total:.1f}% | {shuf * 1e3 / n:.2f} |")
        lines += ["", "Through clang, where the code generator runs anyway: `clang -O3 "
                  "-march=x86-64-v3 -c` of a C file of such functions, median wall time "
                  "with the plugin against the plugin loaded and disabled "
                  "(`-mllvm -disable-shuffle-lib`):", "",
                  "| shuffles | disabled (ms) | enabled (ms) | added |", "|---:|---:|---:|---:|"]
        for n in ([1, 10] if args.quick else [1, 10, 100]):
            f = workdir / f"select-{n}.c"
            f.write_text(selection_c(n, seed=n))
            on = clang_time(f, [f"-fpass-plugin={plugin}"])
            off = clang_time(f, [f"-fpass-plugin={plugin}", "-mllvm", "-disable-shuffle-lib"])
            lines.append(f"| {n} | {off * 1e3:.1f} | {on * 1e3:.1f} | "
                         f"{100 * (on - off) / off:+.1f}% |")
        counts = [1000, 2000, 5000] if args.quick else [1000, 2000, 5000, 10000, 20000]
        lines += ["", "## Growth with the number of shuffles (<8 x i32>)", "",
                  "| shuffles | shuffle-lib alone (ms) | µs per shuffle |", "|---:|---:|---:|"]
        for n in counts:
            f = workdir / f"count-{n}.ll"
            f.write_text(shuffle_module(n, 8, seed=n))
            t = pass_alone(f, plugin)
            lines.append(f"| {n} | {t * 1e3:.1f} | {t * 1e6 / n:.2f} |")
        widths = [4, 8, 16] if args.quick else [4, 8, 16, 32, 64]
        n = 1000 if args.quick else 5000
        lines += ["", f"## Growth with the width ({n} shuffles)", "",
                  "| lanes | shuffle-lib alone (ms) | µs per shuffle |", "|---:|---:|---:|"]
        for w in widths:
            f = workdir / f"width-{w}.ll"
            f.write_text(shuffle_module(n, w, seed=w))
            t = pass_alone(f, plugin)
            lines.append(f"| {w} | {t * 1e3:.1f} | {t * 1e6 / n:.2f} |")
        sizes = [512, 1024] if args.quick else [1024, 2048, 4096, 8192]
        lines += ["", "## Growth with the length of a block (SLP seeds, x86-64-v3)", "",
                  "One block of eight-lane reductions, each stored (`reductions`), or of "
                  "stores whose loads all come first (`hoisted`); `opt -passes=shuffle-lib` "
                  "alone.", "",
                  "| seeds | reductions (ms) | µs per seed | hoisted (ms) | µs per seed |",
                  "|---:|---:|---:|---:|---:|"]
        for n in sizes:
            row = [str(n)]
            for kind in ["reductions", "hoisted"]:
                f = workdir / f"slp-{kind}-{n}.ll"
                f.write_text(slp_block(n, kind))
                t = pass_alone(f, plugin)
                row += [f"{t * 1e3:.1f}", f"{t * 1e6 / n:.1f}"]
            lines.append("| " + " | ".join(row) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.quick:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "compile-time.md").write_text(text)


if __name__ == "__main__":
    main()
