#!/usr/bin/env python3
"""Random loops of shuffle networks, stock against shuf, by the scheduling model.

Each function is a counted loop whose body permutes the index bits of 2^3..2^8
elements (`scripts/network_loops_gen.py`): one wide shuffle, a group of shuffles of one
load each stored, stages written out on small registers, or a group whose results feed
arithmetic. Each is compiled with `llc -O3`, stock and after `opt -passes=shuffle-lib`
(and after a second plugin with `--against`), and its loop block (from the label a
backward branch jumps to, through the branch) given to `llvm-mca`: cycles an iteration.
A function is worse where it takes more than 2% more cycles, or more instructions in
no fewer cycles. This is where decisions made on a slice of a loop (a group measured
without its neighbours) show in the loop itself.

  scripts/network_loops.py [--cpus x86-64-v4:600:424242,x86-64-v3:300:313131,
                                  neoverse-n1:300:515151]
                           [--against OTHER.so] [--no-report] [--work DIR]

`SHUF_PLUGIN` overrides the plugin (default `target/release/libshuf.so`). About a
minute and a half per 600 functions on two cores. Writes bench/results/network-loops.md.
"""
import argparse
import concurrent.futures
import hashlib
import json
import math
import os
import random
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import network_loops_gen as gen  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
PLUGIN = Path(os.environ.get("SHUF_PLUGIN", ROOT / "target" / "release" / "libshuf.so"))
WORK = ROOT / "target" / "network-loops"
TRIPLES = {"neoverse-n1": "aarch64-linux-gnu"}
DEFAULT_CPUS = "x86-64-v4:600:424242,x86-64-v3:300:313131,neoverse-n1:300:515151"


def triple(cpu):
    return TRIPLES.get(cpu, "x86_64-linux-gnu")


def loop_body(asm, aarch64):
    """The loop block's instructions: from the label a backward branch jumps to,
    through the branch."""
    lines = asm.splitlines()
    labels = {}
    for i, line in enumerate(lines):
        m = re.match(r"^(\.LBB\d+_\d+):", line)
        if m:
            labels[m.group(1)] = i
    branch = r"^\s+(?:j\w+|b\.\w+|b|cbnz|cbz|tbnz|tbz)\s+(?:[^,]*,\s*)*(\.LBB\d+_\d+)\s*$"
    for i, line in enumerate(lines):
        m = re.match(branch, line)
        if m and labels.get(m.group(1), i) < i:
            body = []
            for x in lines[labels[m.group(1)] + 1:i + 1]:
                x = (x.split("//")[0] if aarch64 else x.split("#")[0]).strip()
                if x and not x.startswith(".") and not re.match(r"^\.?\w+:", x):
                    body.append(x)
            return body
    return None


def mca_cycles(body, cpu):
    """llvm-mca's cycles an iteration of `body` (100 iterations)."""
    r = subprocess.run([str(LLVM_BIN / "llvm-mca"), f"-mtriple={triple(cpu)}", f"-mcpu={cpu}",
                        "-iterations=100"], input="\n".join(body) + "\n",
                       capture_output=True, text=True, timeout=120)
    m = re.search(r"Total Cycles:\s+(\d+)", r.stdout)
    return int(m.group(1)) / 100.0 if m else None


def measure(job):
    """One function on one CPU: cycles and instructions of its loop, each build."""
    cpu, k, text, meta, plugins, work = job
    d = work / cpu
    source = d / f"w{k}.ll"
    source.write_text(gen.module(text))
    result = dict(meta, cpu=cpu, path=str(source), errors={})
    flags = [f"-mtriple={triple(cpu)}", f"-mcpu={cpu}"]
    for name, plugin in [("stock", None)] + plugins:
        ir = source
        if plugin:
            ir = d / f"w{k}.{name}.ll"
            r = subprocess.run([str(LLVM_BIN / "opt"), f"-load-pass-plugin={plugin}",
                                "-passes=shuffle-lib", *flags, str(source), "-S", "-o", str(ir)],
                               capture_output=True, text=True, timeout=300)
            if r.returncode != 0:
                result["errors"][name] = f"opt: {r.stderr[-400:]}"
                continue
        r = subprocess.run([str(LLVM_BIN / "llc"), "-O3", *flags, str(ir), "-o", "-"],
                           capture_output=True, text=True, timeout=300)
        body = loop_body(r.stdout, "aarch64" in triple(cpu)) if r.returncode == 0 else None
        if body is None:
            result["errors"][name] = f"llc: {r.stderr[-400:]}" if r.returncode else "no loop"
            continue
        cycles = mca_cycles(body, cpu)
        if cycles is None:
            result["errors"][name] = "llvm-mca gave no cycles"
            continue
        result[name] = dict(cycles=cycles, insts=len(body),
                            hash=hashlib.sha1("\n".join(body).encode()).hexdigest()[:10])
    return result


def verdict(old, new):
    co, cn, io, inn = old["cycles"], new["cycles"], old["insts"], new["insts"]
    if cn > co * 1.02 or (inn > io and cn >= co):
        return "worse"
    if cn < co / 1.02 or (inn < io and cn <= co):
        return "better"
    return "equal"


def compare(results, a, b):
    """Counts of better/equal/worse from `a` to `b`, their geomean of cycles, the worst."""
    counts, logs, worse = {"better": 0, "equal": 0, "worse": 0}, [], []
    for r in results:
        if a in r and b in r and r[a]["cycles"] and r[b]["cycles"]:
            v = verdict(r[a], r[b])
            counts[v] += 1
            logs.append(math.log(r[b]["cycles"] / r[a]["cycles"]))
            if v == "worse":
                worse.append((r[b]["cycles"] / r[a]["cycles"], r))
    worse.sort(key=lambda w: -w[0])
    geomean = math.exp(sum(logs) / len(logs)) if logs else float("nan")
    return counts, geomean, worse


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cpus", default=DEFAULT_CPUS, help="cpu:functions:seed,...")
    ap.add_argument("--against", help="another build of the plugin, compared too")
    ap.add_argument("--no-report", action="store_true")
    ap.add_argument("--work", default=str(WORK), help="where the functions and results go")
    args = ap.parse_args()
    if not PLUGIN.exists():
        sys.exit(f"network_loops: no plugin at {PLUGIN} (cargo build --release)")
    plugins = [("shuf", str(PLUGIN))] + ([("against", args.against)] if args.against else [])
    pairs = [("stock", "shuf")] + ([("stock", "against"), ("against", "shuf")]
                                   if args.against else [])
    out = ["# Random loops of shuffle networks", "",
           "`scripts/network_loops.py`: loops whose body permutes the index bits of 2^3..2^8 "
           "elements (one wide shuffle; a group of shuffles of one load, each stored; stages "
           "written out; a group feeding arithmetic), `llc -O3` stock and after "
           "`opt -passes=shuffle-lib`, the loop block's cycles an iteration by `llvm-mca`. "
           "Worse: more than 2% more cycles, or more instructions in no fewer cycles.", "",
           f"shuf: `{PLUGIN}`" + (f"; against: `{args.against}`" if args.against else ""), "",
           "| cpu | functions | seed | from → to | better | equal | worse | geomean cycles |",
           "|---|---:|---:|---|---:|---:|---:|---:|"]
    worst_lines, any_failed = [], False
    for spec in args.cpus.split(","):
        cpu, count, seed = spec.split(":")
        work = Path(args.work)
        (work / cpu).mkdir(parents=True, exist_ok=True)
        rng = random.Random(int(seed))
        jobs = []
        for k in range(int(count)):
            text, meta = gen.network_function(k, rng)
            jobs.append((cpu, k, text, meta, plugins, work))
        with concurrent.futures.ProcessPoolExecutor(os.cpu_count() or 2) as pool:
            results = list(pool.map(measure, jobs, chunksize=4))
        (work / f"{cpu}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in results))
        failed = [r for r in results if r["errors"]]
        for a, b in pairs:
            counts, geomean, worse = compare(results, a, b)
            line = (f"| {cpu} | {count} | {seed} | {a} → {b} | {counts['better']} | "
                    f"{counts['equal']} | {counts['worse']} | {geomean:.4f} |")
            print(line)
            out.append(line)
            for ratio, r in worse[:5]:
                worst_lines.append(
                    f"- {cpu}, {a} → {b}: `{Path(r['path']).name}` (form {r['form']}, "
                    f"{r['elem']}, 2^{r['n']}): {r[a]['cycles']:g} → {r[b]['cycles']:g} "
                    f"cycles ({ratio:.2f}x), {r[a]['insts']} → {r[b]['insts']} instructions")
        if failed:
            any_failed = True
            print(f"{cpu}: {len(failed)} functions failed, e.g. {failed[0]['errors']}")
            out.append(f"\n{cpu}: **{len(failed)} functions failed** to build or measure.\n")
    out += ["", "Worst five of each comparison (inputs in `target/network-loops/<cpu>/`):", ""]
    out += worst_lines
    print("\n".join(worst_lines))
    if not args.no_report:
        report = ROOT / "bench" / "results" / "network-loops.md"
        report.write_text("\n".join(out) + "\n")
        print(f"wrote {report}")
    if any_failed:
        sys.exit("network_loops: some functions failed to build or measure (above)")


if __name__ == "__main__":
    main()
