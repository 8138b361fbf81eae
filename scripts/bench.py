#!/usr/bin/env python3
"""shuf against stock LLVM 22 (and GCC), side by side in one run.

  scripts/bench.py static  [--targets T,..] [--kernels K,..]   llvm-mca on four targets
  scripts/bench.py native  [--kernels K,..]                     run and time on this machine
  scripts/bench.py cross   [--kernels K,..]                     check AArch64 and RISC-V V
                                                                builds under qemu
  scripts/bench.py all     [...]                                all three, and the report

Kernels are bench/kernels/*.c and *.ll (their header comments are described in
docs/benchmarks.md). The report goes to bench/results/latest.md with the picture
bench/results/ratios.svg. Output is deterministic for the same compilers and kernels.
"""

import argparse
import concurrent.futures
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path(os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin"))
KERNELS = ROOT / "bench" / "kernels"
RESULTS = ROOT / "bench" / "results"


@dataclass(frozen=True)
class Target:
    name: str
    triple: str
    cpu: str
    clang_flags: tuple
    vscale: int  # for scalable vectorization factors ("vscale x 4")


TARGETS = [
    Target("x86-64-v3", "x86_64-linux-gnu", "x86-64-v3", ("-march=x86-64-v3",), 1),
    Target("x86-64-v4", "x86_64-linux-gnu", "x86-64-v4", ("-march=x86-64-v4",), 1),
    Target("neoverse-n1", "aarch64-linux-gnu", "neoverse-n1", ("-mcpu=neoverse-n1",), 1),
    # sifive-x280: VLEN 512 (zvl512b), so vscale = 512 / 64 = 8.
    Target("sifive-x280", "riscv64-linux-gnu", "sifive-x280", ("-mcpu=sifive-x280",), 8),
]

# Shuffle-class instructions by target family: data movement between lanes, including
# extends/narrows, inserts/extracts, blends and interleaving loads/stores.
SHUFFLE_MNEMONICS = {
    "x86": re.compile(
        r"^v?(pshuf|shuf|unpck|punpck|palignr|valign|perm|pblend|blend|insert|extract|"
        r"p?broadcast|movddup|movshdup|movsldup|pslldq|psrldq|pack|pmovzx|pmovsx|"
        r"pmov(?!msk)[a-z]*|pinsr|pextr|movlhps|movhlps|p?expand|p?compress)"
    ),
    "aarch64": re.compile(
        r"^(zip[12]|uzp[12]|trn[12]|ext|rev(16|32|64)|dup|tbl|tbx|ins|xtn2?|uxtl2?|sxtl2?|"
        r"ushll2?|sshll2?|ld[234]|st[234])$"
    ),
    "riscv": re.compile(
        r"^(vrgather|vrgatherei16|vslide|vfslide|vcompress|vmerge|vzext|vsext|vnsrl|vnsra|"
        r"vlseg|vsseg|vlsseg|vssseg|vlse|vsse)"
    ),
}


def family(target):
    return target.triple.split("-")[0].replace("x86_64", "x86").replace("riscv64", "riscv")


@dataclass
class Kernel:
    name: str
    path: Path
    lang: str  # "c" or "ll"
    description: str = ""
    category: str = ""
    item_in: int = 0
    item_out: int = 0
    input_kind: str = "bytes"


def read_kernels(selected=None):
    kernels = []
    for path in sorted(KERNELS.glob("*.c")) + sorted(KERNELS.glob("*.ll")):
        k = Kernel(path.stem, path, path.suffix[1:])
        for line in path.read_text().splitlines()[:20]:
            text = line.lstrip("/;").strip()
            if text.startswith("KERNEL:"):
                k.description = text.split(":", 1)[1].strip()
            elif text.startswith("CATEGORY:"):
                k.category = text.split(":", 1)[1].strip()
            elif text.startswith("ITEM:"):
                fields = dict(f.split("=") for f in text.split(":", 1)[1].split())
                k.item_in, k.item_out = int(fields["in"]), int(fields["out"])
            elif text.startswith("INPUT:"):
                k.input_kind = text.split(":", 1)[1].strip()
        if selected is None or k.name in selected:
            kernels.append(k)
    return sorted(kernels, key=lambda k: k.name)


def plugin_path():
    path = Path(os.environ.get("SHUF_PLUGIN", ROOT / "target" / "release" / "libshuf.so"))
    if not path.exists():
        sys.exit(f"bench: {path} not found (cargo build --release, or set SHUF_PLUGIN)")
    return path


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


# ---------------------------------------------------------------- static comparison


@dataclass
class Measure:
    ok: bool
    error: str = ""
    instructions: float = 0.0  # per loop iteration (or per call when straight-line)
    shuffles: int = 0
    rthroughput: float = 0.0  # llvm-mca block reciprocal throughput (cycles)
    items_per_iteration: float = 1.0
    is_loop: bool = False

    @property
    def per_item(self):
        return self.rthroughput / self.items_per_iteration


def compile_to_asm(kernel, target, plugin, workdir):
    """The kernel's assembly and the loop-vectorizer remarks, or raises RuntimeError."""
    tag = "shuf" if plugin else "stock"
    asm = workdir / f"{kernel.name}.{target.name}.{tag}.s"
    load = [f"-fpass-plugin={plugin}"] if plugin else []
    if kernel.lang == "c":
        cmd = [str(LLVM_BIN / "clang"), f"--target={target.triple}", *target.clang_flags,
               # One -Rpass: clang keeps only the last one given.
               "-O3", "-ffreestanding", "-Rpass=loop-vectorize|loop-unroll",
               *load, "-S", "-o", str(asm), str(kernel.path)]
        r = run(cmd)
        if r.returncode != 0:
            raise RuntimeError(first_error(r.stderr))
        return asm.read_text(), r.stderr
    ir = workdir / f"{kernel.name}.{target.name}.{tag}.ll"
    load = [f"-load-pass-plugin={plugin}"] if plugin else []
    r = run([str(LLVM_BIN / "opt"), f"-mtriple={target.triple}", f"-mcpu={target.cpu}",
             *load, "-passes=default<O3>", "-pass-remarks=loop-vectorize|loop-unroll", "-S",
             "-o", str(ir), str(kernel.path)])
    if r.returncode != 0:
        raise RuntimeError(first_error(r.stderr))
    remarks = r.stderr
    r = run([str(LLVM_BIN / "llc"), f"-mtriple={target.triple}", f"-mcpu={target.cpu}",
             "-O3", "-o", str(asm), str(ir)])
    if r.returncode != 0:
        raise RuntimeError(first_error(r.stderr))
    return asm.read_text(), remarks


def first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line.lower() or "LLVM ERROR" in line or "Assertion" in line:
            return line.strip()[:160]
    lines = [l for l in stderr.splitlines() if l.strip()]
    return (lines[0] if lines else "failed").strip()[:160]


LABEL = re.compile(r"^([.\w$]+):")
BRANCH_TARGET = re.compile(r"(\.LBB\w+)\s*$")


COMMENT = {"x86": re.compile(r"\s*#.*$"), "riscv": re.compile(r"\s*#.*$"),
           "aarch64": re.compile(r"\s*//.*$")}


def function_body(asm, fam, name="kernel"):
    """The instruction lines of `name` (labels kept as ('label', x) entries)."""
    lines = asm.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith(f"{name}:")), None)
    if start is None:
        raise RuntimeError(f"no function {name} in the assembly")
    body = []
    for line in lines[start + 1:]:
        if line.startswith(".Lfunc_end") or line.startswith(f"\t.size\t{name}"):
            break
        text = COMMENT[fam].sub("", line) if not line.startswith("\t.") else ""
        m = LABEL.match(text)
        if m:
            body.append(("label", m.group(1)))
        elif text.strip() and not text.strip().startswith("."):
            body.append(("inst", text.strip()))
    return body


def mnemonic(inst):
    return inst.split()[0].lower()


def is_vector_inst(inst, fam):
    if fam == "x86":
        return bool(re.search(r"%[xyz]mm", inst))
    if fam == "aarch64":
        return bool(re.search(r"\bv\d+\.|\bq\d+\b", inst))
    return mnemonic(inst).startswith("v")


VSETVL = re.compile(r"vset(?:i)?vli\s+[^,]+,\s*[^,]+,\s*(e\d+),\s*(m\w+)")


def entry_shape(body, start, region):
    """RISC-V V: llvm-mca instrument comments giving the element width and register
    group (`vsetvli`'s) that the loop's first vector instructions run under. Without
    them llvm-mca prices instructions before the loop's first `vsetvli` at the worst
    shape (LMUL 8: a `vle8` of 16 bytes 16 cycles, not 1), so a loop whose setting
    the backend hoisted looked slower than the same loop with the setting inside. The
    shape at the loop's head is the one at its end (the backend makes both paths into
    the head agree): the loop's last `vsetvli`, else the last before the loop."""
    before = [t for k, t in body[:start] if k == "inst"]
    for text in reversed(region + before):
        m = VSETVL.search(text)
        if m:
            sew, lmul = m.group(1).upper(), m.group(2).upper()
            return [f"# LLVM-MCA-RISCV-LMUL {lmul}", f"# LLVM-MCA-RISCV-SEW {sew}"]
    return []


def hot_region(body, fam):
    """The innermost loop with the most vector instructions (a backward branch's target
    to the branch), else the longest scalar loop (a loop left scalar is measured as a loop,
    per iteration, not as the whole function), or the whole function when it has no
    loop. On RISC-V V the loop starts with the shape it is entered with
    (`entry_shape`)."""
    labels = {}
    loops = []
    for i, (kind, text) in enumerate(body):
        if kind == "label":
            labels[text] = i
            continue
        m = BRANCH_TARGET.search(text)
        if m and m.group(1) in labels:
            loops.append((labels[m.group(1)], i))
    # Innermost only: a backward branch around a loop is either an outer loop or, after
    # a vector loop, the jump back to the scalar remainder laid out above it (not a
    # loop at all; measuring it measured the remainder's scalar code with the vector
    # body, once each).
    best = None
    for start, end in loops:
        if any(start <= s and e <= end and (s, e) != (start, end) for s, e in loops):
            continue
        region = [t for k, t in body[start:end + 1] if k == "inst"]
        score = (sum(is_vector_inst(t, fam) for t in region), len(region))
        if best is None or score >= best[0]:
            best = (score, region, start)
    if best is not None:
        (_, region, start) = best
        if fam == "riscv":
            region = entry_shape(body, start, region) + region
        return region, True
    straight = [t for k, t in body if k == "inst" and not mnemonic(t).startswith("ret")]
    return straight, False


def kernel_lines(kernel):
    """The source lines of `kernel` in a C kernel (remarks elsewhere are the reference's);
    None for .ll kernels, whose remarks carry no line."""
    if kernel.lang != "c":
        return None
    lines = kernel.path.read_text().splitlines()
    start = next(i for i, l in enumerate(lines, 1) if l.startswith("void kernel("))
    end = next(i for i, l in enumerate(lines, 1) if i > start and l.startswith("}"))
    return range(start, end + 1)


def items_per_iteration(remarks, target, lines):
    """Items one iteration of the hot loop handles: VF x IC of the vectorized loop
    (-Rpass=loop-vectorize) times the factor of a partial or runtime unroll
    (-Rpass=loop-unroll), from the remarks inside `kernel`."""
    mine = []
    for line in remarks.splitlines():
        # clang: "file.c:12:5: remark: ..."; opt (.ll kernels): "remark: <unknown>:0:0: ...".
        m = (re.match(r".*?:(\d+):\d+: remark: (.*)", line)
             or re.match(r"remark: .*?:(\d+):\d+: (.*)", line))
        if m and (lines is None or int(m.group(1)) in lines):
            mine.append(m.group(2))
    text = "\n".join(mine)
    items = 1.0
    found = re.findall(r"vectorization width: (vscale x )?(\d+), interleaved count: (\d+)", text)
    if len(found) == 1:
        scalable, vf, ic = found[0]
        items = float(int(vf) * int(ic) * (target.vscale if scalable else 1))
    unrolls = [int(f) for f in re.findall(r"unrolled loop by a factor of (\d+)", text)]
    if unrolls:
        items *= max(unrolls)
    return items


def mca(region, target, workdir, tag):
    src = workdir / f"mca-{tag}.s"
    src.write_text("\n".join(region) + "\n")
    r = run([str(LLVM_BIN / "llvm-mca"), f"-mtriple={target.triple}", f"-mcpu={target.cpu}",
             "-iterations=100", str(src)])
    if r.returncode != 0:
        raise RuntimeError("llvm-mca: " + first_error(r.stderr))
    get = lambda key: float(re.search(rf"^{key}:\s+([\d.]+)", r.stdout, re.M).group(1))
    return get("Instructions") / get("Iterations"), get("Block RThroughput")


def measure(kernel, target, plugin, workdir):
    try:
        asm, remarks = compile_to_asm(kernel, target, plugin, workdir)
        fam = family(target)
        region, is_loop = hot_region(function_body(asm, fam), fam)
        if not region:
            raise RuntimeError("empty kernel")
        tag = f"{kernel.name}.{target.name}.{'shuf' if plugin else 'stock'}"
        insts, rthroughput = mca(region, target, workdir, tag)
        shuffles = sum(bool(SHUFFLE_MNEMONICS[fam].match(mnemonic(t)))
                       for t in region if not t.startswith("#"))
        items = items_per_iteration(remarks, target, kernel_lines(kernel)) if is_loop else 1.0
        return Measure(True, "", insts, shuffles, rthroughput, items, is_loop)
    except (RuntimeError, AttributeError) as e:
        return Measure(False, str(e))


def run_static(kernels, targets, plugin):
    results = {}
    with tempfile.TemporaryDirectory(prefix="shuf-bench-") as tmp:
        workdir = Path(tmp)
        jobs = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for k in kernels:
                for t in targets:
                    for p in (None, plugin):
                        jobs[(k.name, t.name, p is not None)] = pool.submit(
                            measure, k, t, p, workdir)
            for key, job in jobs.items():
                results[key] = job.result()
    return results


def geomean(values):
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def static_report(kernels, targets, results):
    out = []
    ratios = {}
    for t in targets:
        out.append(f"### {t.name} ({t.triple}, -mcpu={t.cpu})\n")
        out.append("| kernel | loop | insts stock | insts shuf | shuffles stock | shuffles shuf "
                   "| rthru/item stock | rthru/item shuf | ratio |")
        out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        worse, failed = [], []
        for k in kernels:
            s, p = results[(k.name, t.name, False)], results[(k.name, t.name, True)]
            if not s.ok or not p.ok:
                failed.append(f"{k.name} (stock: {'ok' if s.ok else s.error}; "
                              f"shuf: {'ok' if p.ok else p.error})")
                out.append(f"| {k.name} | | {'FAIL' if not s.ok else f'{s.instructions:.1f}'} "
                           f"| {'FAIL' if not p.ok else f'{p.instructions:.1f}'} | | | | | |")
                continue
            ratio = p.per_item / s.per_item if s.per_item > 0 else 1.0
            ratios[(k.name, t.name)] = ratio
            if ratio > 1.0 + 1e-9:
                worse.append(f"{k.name} ({ratio:.3f})")
            out.append(f"| {k.name} | {'yes' if s.is_loop else 'no'} | {s.instructions:.1f} "
                       f"| {p.instructions:.1f} | {s.shuffles} | {p.shuffles} "
                       f"| {s.per_item:.3f} | {p.per_item:.3f} | {ratio:.3f} |")
        tr = [r for (kn, tn), r in ratios.items() if tn == t.name]
        out.append("")
        out.append(f"Geometric mean of the ratios (shuf / stock, lower is better): "
                   f"**{geomean(tr):.4f}** over {len(tr)} kernels.")
        out.append(f"Worse than stock: {', '.join(worse) if worse else 'none'}.")
        if failed:
            out.append(f"Not compiled: {'; '.join(failed)}.")
        out.append("")
    return "\n".join(out), ratios


# ---------------------------------------------------------------- native comparison


def native_compilers(plugin):
    clang = str(LLVM_BIN / "clang")
    return [
        ("clang", [clang, "-O3", "-march=x86-64-v3"]),
        ("clang+shuf", [clang, "-O3", "-march=x86-64-v3", f"-fpass-plugin={plugin}"]),
        ("gcc", ["gcc", "-O3", "-march=x86-64-v3"]),
    ]


INPUT_KINDS = {"bytes": 0, "f32": 1, "f64": 2}


def native_build(kernel, name, cc, workdir, budget):
    """Builds one kernel with one compiler: (executable, disassembly of the kernel
    object), or (None, error)."""
    d = workdir / f"{kernel.name}.{name}"
    d.mkdir(parents=True, exist_ok=True)
    driver = ROOT / "bench" / "driver.c"
    ref_cc = [str(LLVM_BIN / "clang"), "-O0"]
    steps = [
        cc + ["-Dreference=reference_unused", "-c", str(kernel.path), "-o", str(d / "kern.o")],
        ref_cc + ["-Dkernel=kernel_unused", "-c", str(kernel.path), "-o", str(d / "ref.o")],
        cc[:1] + ["-O2", f'-DKERNEL_NAME="{kernel.name}"', f"-DITEM_IN={kernel.item_in}",
                  f"-DITEM_OUT={kernel.item_out}",
                  f"-DINPUT_KIND={INPUT_KINDS.get(kernel.input_kind, 0)}",
                  f"-DBUDGET_BYTES={budget}u", "-c", str(driver), "-o", str(d / "driver.o")],
        # libm: a reference at -O0 calls `fmaf` where the kernel has the instruction.
        cc[:1] + [str(d / "kern.o"), str(d / "ref.o"), str(d / "driver.o"), "-lm",
                  "-o", str(d / "run")],
    ]
    for step in steps:
        r = run(step)
        if r.returncode != 0:
            return None, f"build failed: {first_error(r.stderr)}"
    code = run([str(LLVM_BIN / "llvm-objdump"), "-d", "--no-show-raw-insn",
                "--no-leading-addr", str(d / "kern.o")]).stdout
    return d / "run", timed_code(code)


def timed_code(disassembly):
    """The disassembly of what a timed call runs: every function of the kernel's object
    but the reference, which is compiled with it and never timed (shuf may change only
    the reference, and the kernel's code is then the same)."""
    functions = re.split(r"\n(?=<)", disassembly.split("\n", 3)[-1])
    return "\n".join(f for f in functions if not f.startswith("<reference_unused>:"))


def native_run(exe):
    """(ns_per_item, checksum) of one run, or (None, error)."""
    # Without address randomisation identical programs get identical layouts.
    r = run(["setarch", "-R", str(exe)] if shutil.which("setarch") else [str(exe)])
    if r.returncode != 0:
        return None, (r.stderr.strip() or f"exit {r.returncode}")[:200]
    m = re.search(r"ns_per_item=([\d.]+) checksum=(\w+)", r.stdout)
    if not m:
        return None, "no RESULT line"
    return (float(m.group(1)), m.group(2)), ""


RUNS = 7  # each executable runs this often, compilers alternating; the minimum counts
# Bytes of input and output a timed call works on: at this default the copying kernels
# (transposes, narrowing) stream from L2 and time the memory system as much as their code;
# `--budget 16384` keeps them in a 32 KiB L1 data cache and times the code (noisier on a
# shared machine: a neighbour's load changes a run of microseconds more than one of
# milliseconds).
NATIVE_BUDGET = 256 * 1024


def run_native(kernels, plugin, budget):
    """Per kernel and compiler: ((ns_per_item, checksum) or None, error), and per kernel
    whether clang+shuf produced the same kernel code as clang."""
    kernels = [k for k in kernels if k.lang == "c"]
    compilers = native_compilers(plugin)
    results, same_code = {}, {}
    with tempfile.TemporaryDirectory(prefix="shuf-native-") as tmp:
        workdir = Path(tmp)
        for k in kernels:
            built = {name: native_build(k, name, cc, workdir, budget)
                     for name, cc in compilers}
            stock, shuf = built["clang"], built["clang+shuf"]
            same_code[k.name] = stock[0] is not None and stock[1] == shuf[1]
            for name, _ in compilers:
                exe, err = built[name]
                results[(k.name, name)] = (None, err if exe is None else "not run")
            for _ in range(RUNS):
                for name, _ in compilers:
                    exe = built[name][0]
                    if exe is None:
                        continue
                    value, err = native_run(exe)
                    best = results[(k.name, name)][0]
                    if value is None:
                        results[(k.name, name)] = (None, err)
                    elif best is None or value[0] < best[0]:
                        results[(k.name, name)] = (value, "")
    return kernels, compilers, results, same_code


# The cross checks: each C kernel built for another CPU, stock and with the plugin,
# linked with the driver against the Debian cross libc and run under qemu-user, which
# checks the kernel against its reference (correctness only: qemu is no timer).
CROSS = [
    ("neoverse-n1", "aarch64-linux-gnu", "qemu-aarch64", []),
    ("sifive-x280", "riscv64-linux-gnu", "qemu-riscv64", ["-cpu", "rv64,v=true,vlen=512"]),
]


def cross_check(kernel, cpu, triple, qemu, qemu_args, plugin, workdir):
    """Builds `kernel` for `cpu` (with `plugin`, or stock) and runs it under qemu:
    "ok", "mismatch: ...", or what failed."""
    d = workdir / f"{kernel.name}.{cpu}.{'shuf' if plugin else 'stock'}"
    d.mkdir(parents=True, exist_ok=True)
    sysroot = Path("/usr") / triple
    lib = sysroot / "lib"
    clang = [str(LLVM_BIN / "clang"), f"--target={triple}", f"-mcpu={cpu}"]
    kern = clang + ["-O3", "-ffreestanding", f"-I{KERNELS}", "-Dreference=reference_unused",
                    "-c", str(kernel.path), "-o", str(d / "kern.o")]
    if plugin:
        kern.insert(3, f"-fpass-plugin={plugin}")
    steps = [
        kern,
        clang + ["-O0", "-ffreestanding", f"-I{KERNELS}", "-Dkernel=kernel_unused", "-c",
                 str(kernel.path), "-o", str(d / "ref.o")],
        clang + ["-O2", f"--sysroot={sysroot}", "-isystem", str(sysroot / "include"),
                 f'-DKERNEL_NAME="{kernel.name}"', f"-DITEM_IN={kernel.item_in}",
                 f"-DITEM_OUT={kernel.item_out}",
                 f"-DINPUT_KIND={INPUT_KINDS.get(kernel.input_kind, 0)}",
                 "-c", str(ROOT / "bench" / "driver.c"), "-o", str(d / "driver.o")],
        [str(LLVM_BIN / "clang"), f"--target={triple}", "-fuse-ld=lld", "-nostdlib",
         str(lib / "crt1.o"), str(lib / "crti.o"), str(d / "kern.o"), str(d / "ref.o"),
         str(d / "driver.o"), f"-L{lib}", "-lc", str(lib / "crtn.o"), "-o", str(d / "run")],
    ]
    for step in steps:
        r = run(step)
        if r.returncode != 0:
            return f"build failed: {first_error(r.stderr)}"
    try:
        r = subprocess.run([qemu, *qemu_args, "-L", str(sysroot), str(d / "run")],
                           capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "timed out under qemu"
    if r.returncode == 0 and "RESULT" in r.stdout:
        return "ok"
    return (r.stderr.strip() or r.stdout.strip() or f"exit {r.returncode}").splitlines()[0]


def run_cross(kernels, plugin):
    """Per (kernel, cpu, build): the cross check's outcome; None where qemu or the cross
    libc is missing (the table says so)."""
    kernels = [k for k in kernels if k.lang == "c"]
    results = {}
    with tempfile.TemporaryDirectory(prefix="shuf-cross-") as tmp:
        workdir = Path(tmp)
        jobs = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for cpu, triple, qemu, qargs in CROSS:
                if shutil.which(qemu) is None or not (Path("/usr") / triple / "lib").is_dir():
                    continue
                for k in kernels:
                    for p in (None, plugin):
                        jobs[(k.name, cpu, p is not None)] = pool.submit(
                            cross_check, k, cpu, triple, qemu, qargs, p, workdir)
            for key, job in jobs.items():
                results[key] = job.result()
    return kernels, results


def cross_report(kernels, results):
    out = ["| kernel | " + " | ".join(f"{cpu} stock | {cpu} shuf" for cpu, *_ in CROSS) + " |",
           "|---|" + "---|---|" * len(CROSS)]
    failures = []
    for k in kernels:
        cells = []
        for cpu, *_ in CROSS:
            for shuf in (False, True):
                outcome = results.get((k.name, cpu, shuf), "not run (no qemu)")
                cells.append(outcome)
                if shuf and outcome != "ok" and results.get((k.name, cpu, False)) == "ok":
                    failures.append(f"{k.name} on {cpu}: {outcome}")
        out.append(f"| {k.name} | " + " | ".join(cells) + " |")
    ok = sum(1 for v in results.values() if v == "ok")
    out.append(f"\n{ok} of {len(results)} builds checked against the reference under qemu; "
               f"failing with the plugin where stock passes: "
               f"{'none' if not failures else '; '.join(failures)}.")
    return "\n".join(out), failures


def native_report(kernels, compilers, results, same_code):
    names = [n for n, _ in compilers]
    out = ["| kernel | " + " | ".join(f"{n} ns/item" for n in names)
           + " | shuf / clang | same code | check |",
           "|---|" + "---:|" * (len(names) + 1) + "---|---|"]
    ratios, failures = {}, []
    for k in kernels:
        cells, sums, errors = [], set(), []
        for n in names:
            value, err = results[(k.name, n)]
            if value is None:
                cells.append("FAIL")
                errors.append(f"{n}: {err}")
            else:
                cells.append(f"{value[0]:.3f}")
                sums.add(value[1])
        stock, shuf = results[(k.name, "clang")][0], results[(k.name, "clang+shuf")][0]
        ratio = shuf[0] / stock[0] if stock and shuf and stock[0] > 0 else float("nan")
        if not math.isnan(ratio):
            ratios[k.name] = ratio
        if len(sums) > 1:
            errors.append("checksums differ between compilers")
        if errors:
            failures.append(f"{k.name}: {'; '.join(errors)}")
        out.append(f"| {k.name} | " + " | ".join(cells) + f" | {ratio:.3f} | "
                   + ("yes" if same_code.get(k.name) else "no") + " | "
                   + ("ok" if not errors else "**FAIL**") + " |")
    out.append("")
    changed = [r for k, r in ratios.items() if not same_code.get(k)]
    same = [r for k, r in ratios.items() if same_code.get(k)]
    differs = (f"over the {len(changed)} whose kernel code differs: **{geomean(changed):.4f}**"
               if changed else "no kernel's code differs")
    out.append(f"Geometric mean of clang+shuf / clang time: **{geomean(list(ratios.values())):.4f}** "
               f"over {len(ratios)} kernels; {differs}.")
    against_gcc = [results[(k.name, "clang+shuf")][0][0] / results[(k.name, "gcc")][0][0]
                   for k in kernels
                   if results[(k.name, "clang+shuf")][0] and results[(k.name, "gcc")][0]
                   and results[(k.name, "gcc")][0][0] > 0]
    if against_gcc:
        out.append(f"Geometric mean of clang+shuf / gcc time: **{geomean(against_gcc):.4f}** "
                   f"over {len(against_gcc)} kernels.")
    if same:
        out.append(f"Noise: the {len(same)} kernels compiled to identical code measured between "
                   f"{min(same):.3f} and {max(same):.3f} (minimum of {RUNS} alternating runs each).")
    out.append(f"Failures: {'; '.join(failures) if failures else 'none'}.")
    return "\n".join(out), ratios, failures


# ---------------------------------------------------------------- picture


def svg_chart(kernels, targets, static_ratios, native_ratios, same_code):
    """Horizontal bars: one group per kernel, one bar per target (and native). Native
    bars of kernels compiled to identical code are grey: they show noise, not shuf."""
    series = [t.name for t in targets] + ["native x86"]
    colors = ["#4477aa", "#66ccee", "#228833", "#ccbb44", "#ee6677"]
    rows = [k.name for k in kernels]
    bar, gap, left, width = 6, 8, 210, 420
    height = 40 + len(rows) * (len(series) * bar + gap) + 20
    lo, hi = 0.5, 1.5
    x = lambda r: left + (min(max(r, lo), hi) - lo) / (hi - lo) * width
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 200}" '
             f'height="{height}" font-family="sans-serif" font-size="10">',
             f'<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="14" font-size="12">shuf / stock: static = rthroughput per item, '
             f'native = time; below 1.0 is better; clipped to [{lo}, {hi}]</text>']
    legend = [(name, colors[i]) for i, name in enumerate(series)]
    legend.append(("native, identical code (noise)", "#bbbbbb"))
    for i, (name, color) in enumerate(legend):
        parts.append(f'<rect x="{left + width + 20}" y="{30 + i * 14}" width="10" height="10" '
                     f'fill="{color}"/><text x="{left + width + 34}" y="{39 + i * 14}">'
                     f'{name}</text>')
    y = 30
    for row in rows:
        parts.append(f'<text x="{left - 6}" y="{y + len(series) * bar / 2 + 3}" '
                     f'text-anchor="end">{row}</text>')
        for i, name in enumerate(series):
            r = native_ratios.get(row) if name == "native x86" else static_ratios.get((row, name))
            if r is not None and not math.isnan(r):
                x0, x1 = sorted((x(1.0), x(r)))
                noise = name == "native x86" and same_code.get(row)
                color = "#bbbbbb" if noise else colors[i]
                parts.append(f'<rect x="{x0:.1f}" y="{y + i * bar}" width="{max(x1 - x0, 1):.1f}" '
                             f'height="{bar - 1}" fill="{color}"/>')
        y += len(series) * bar + gap
    parts.append(f'<line x1="{x(1.0)}" y1="24" x2="{x(1.0)}" y2="{y}" stroke="black"/>')
    for tick in (0.5, 0.75, 1.0, 1.25, 1.5):
        parts.append(f'<text x="{x(tick)}" y="{y + 12}" text-anchor="middle">{tick}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------- main


def tool_versions():
    clang = run([str(LLVM_BIN / "clang"), "--version"]).stdout.splitlines()[0]
    gcc = run(["gcc", "--version"]).stdout.splitlines()[0]
    return clang, gcc


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["static", "native", "cross", "all"])
    ap.add_argument("--targets", help="comma-separated: " + ",".join(t.name for t in TARGETS))
    ap.add_argument("--kernels", help="comma-separated kernel names (default: all)")
    ap.add_argument("--no-report", action="store_true", help="print only, write no files")
    ap.add_argument("--budget", type=int, default=NATIVE_BUDGET,
                    help="native: bytes of input and output a kernel call works on "
                         f"(default {NATIVE_BUDGET})")
    args = ap.parse_args()
    if args.budget <= 0:
        sys.exit("bench: --budget must be a positive number of bytes")

    plugin = plugin_path()
    kernels = read_kernels(set(args.kernels.split(",")) if args.kernels else None)
    if not kernels:
        sys.exit("bench: no kernels")
    targets = [t for t in TARGETS if not args.targets or t.name in args.targets.split(",")]
    clang, gcc = tool_versions()
    sections = [f"Compilers: {clang}; {gcc}. Plugin: `{plugin.relative_to(ROOT) if plugin.is_relative_to(ROOT) else plugin}` "
                f"(release build). {len(kernels)} kernels.\n"]
    static_ratios, native_ratios, failures, same_code = {}, {}, [], {}

    if args.mode in ("static", "all"):
        results = run_static(kernels, targets, plugin)
        text, static_ratios = static_report(kernels, targets, results)
        sections.append("## Static comparison (llvm-mca)\n\n" + text)
        print(text)
    if args.mode in ("native", "all"):
        native_kernels, compilers, results, same_code = run_native(kernels, plugin,
                                                                   args.budget)
        text, native_ratios, failures = native_report(native_kernels, compilers, results,
                                                      same_code)
        sections.append("## Native comparison (this machine, -march=x86-64-v3, "
                        f"{args.budget} bytes a call)\n\n" + text)
        print(text)

    if args.mode in ("cross", "all"):
        cross_kernels, results = run_cross(kernels, plugin)
        text, cross_failures = cross_report(cross_kernels, results)
        failures += cross_failures
        sections.append("## Cross check (AArch64 and RISC-V V under qemu, correctness only)\n\n"
                        + text)
        print(text)

    if not args.no_report:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "ratios.svg").write_text(
            svg_chart(kernels, targets, static_ratios, native_ratios, same_code))
        (RESULTS / "latest.md").write_text(
            "# Benchmark results\n\nWritten by `scripts/bench.py " + args.mode + "`; see "
            "docs/benchmarks.md for what is measured and how.\n\n"
            + "\n".join(sections) + "\n\n![ratios](ratios.svg)\n")
        print(f"\nwrote {RESULTS / 'latest.md'} and {RESULTS / 'ratios.svg'}")
    if failures:
        sys.exit("bench: failures: " + "; ".join(failures))


if __name__ == "__main__":
    main()
