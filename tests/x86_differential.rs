//! Differential tests of the rewrites that emit x86 intrinsics and read or write memory
//! shapes, run under `lli` before and after `shuffle-lib` (`lower-always`, which builds
//! every plan that fits whatever it costs, and the measured pipeline):
//!
//! * narrowing stores (`shuf::lower::narrow`, `pass::narrow`): random functions that
//!   store truncations near each other (consecutive, with gaps, overlapping, in any
//!   order, with loads and stores between, sources loaded, computed or shared); not a
//!   byte of memory may change. `SHUF_NARROW_SEEDS` sets how many modules (default 6).
//! * table lookups (`shuf::lower::lookup`, `pass::lookup`): random byte gathers from
//!   constant tables (1 to 64 bytes) with indices masked, shifted, reduced or not proved
//!   at all, over every byte value; the results must match.
//! * register table lookups (`shuf::lower::lookup::plan_in_register`, RISC-V V):
//!   random `vp.gather`s and `masked.gather`s of scalable byte vectors from constant
//!   tables, masked or not, at random vector lengths, with indices proved in range or
//!   not; on RISC-V V under qemu at VLEN 128, 256 and 512.
//! * chains of shuffles through bitcasts (`shuf::lower::chain`), composed into one
//!   (this one runs generic IR: no AVX2 needed).
//! * networks (`shuf::lower::network`): random index-bit permutations of 8 to 128
//!   elements of every element type, as one shuffle of a load or of a concatenation of
//!   loads, or as a group of shuffles of one load, rebuilt as register stages.
//! * permuted scalar copies (`shuf::slp`): random windows of 4 to 64 elements copied in
//!   a random order, between pointers declared `noalias` or not (then passed
//!   overlapping), within one buffer (apart or overlapping), with a store between
//!   sometimes; run here under `lli` and on AArch64 and RISC-V V under qemu.
//! * table loads offered to the vectorizers (`ir::lookup_call`): random scalar loops
//!   reading constant tables of 1 to 64 bytes by masked, shifted, reduced or unproved
//!   indices, through the whole `default<O3>` pipeline with the plugin; under `lli` and
//!   on AArch64 and RISC-V V under qemu.
//! * joined groups (`shuf::lower::join`): register-sized loads of one block, random
//!   shuffles and stores side by side of another, some broken by an access between
//!   them or a gap, some in place, some items of an unrolled loop; under `lli` and on
//!   AArch64 and RISC-V V under qemu.
//! * multiply-adds (`llvm.fmuladd`, `llvm.fma`) of permuted loads as SLP nodes; under
//!   `lli` and on AArch64 and RISC-V V under qemu.
//! * stored interleaves of pieces of one wide load (`shuf::lower::pieces`): a load, a
//!   shuffle interleaving 2, 4 or 8 pieces of it, a store, some shapes broken; under
//!   `lli` and on AArch64 and RISC-V V under qemu.
//! * horizontal reductions (`shuf::slp`): integer add/mul/and/or/xor chains over
//!   permuted loads, and `fadd`/`fmul` chains with `reassoc` over values every order
//!   sums and multiplies exactly; under `lli` and on AArch64 and RISC-V V under qemu.
//! * indices of getelementptrs (`shuf::slp`, GEP seeds): lanes of permuted loads,
//!   masked and extended, each the index of a table load right away (so the loads of
//!   later lanes move up), with stores between sometimes; under `lli` and on AArch64 and
//!   RISC-V V under qemu.
//! * groups of phis (`shuf::slp`, PHI seeds): loops of 2 to 6 iterations carrying 2 to
//!   16 accumulators updated from permuted loads of each row and their own or another's
//!   value, started from constants or loads; some with a store between, an update
//!   stored in the loop, a phi read elsewhere; under `lli` and on AArch64 and RISC-V V
//!   under qemu.
//! * segment loads (`shuf::ir::segment`): loops reading 9 to 24 neighbouring fields of
//!   each record, through `default<O3>`, on AArch64 and RISC-V V under qemu.
//!   `SHUF_MORE_ROUNDS` repeats the join, reduction and segment-load campaigns with
//!   other seeds.
//!
//! The functions carry `target-cpu=x86-64-v3` so that the AVX2 forms are chosen; they
//! run on this machine, so the tests need AVX2 here (skipped, with a message, without).

mod common;

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

use common::{llvm_bin, plugin, Cross, CROSS};

const SRC_BYTES: usize = 4096;
const DST_BYTES: usize = 4096;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// One function `@f{k}(ptr %d, ptr %s)` of random narrowing stores.
fn function(k: usize, rng: &mut Rng) -> String {
    const SHAPES: [(u32, u32); 5] = [(32, 8), (32, 16), (16, 8), (32, 8), (64, 32)];
    let (from, to) = SHAPES[rng.below(SHAPES.len() as u64) as usize];
    let lanes = loop {
        let l = [4u32, 8, 16, 32][rng.below(4) as usize];
        if l * from <= 1024 {
            break l;
        }
    };
    let stores = 1 + rng.below(6) as i64;
    let bytes = i64::from(lanes * to / 8);
    let src_ty = format!("<{lanes} x i{from}>");
    let dst_ty = format!("<{lanes} x i{to}>");
    let mut body = String::new();
    let base = 8 * rng.below(16);
    writeln!(body, "  %b = getelementptr inbounds i8, ptr %d, i64 {base}").unwrap();
    // Offsets: consecutive, or with a gap, or one repeated.
    let mut offsets: Vec<i64> = (0..stores).map(|i| i * bytes).collect();
    if rng.chance(15) && stores > 1 {
        let at = 1 + rng.below(stores as u64 - 1) as usize;
        for o in &mut offsets[at..] {
            *o += bytes;
        }
    }
    if rng.chance(10) && stores > 1 {
        let at = 1 + rng.below(stores as u64 - 1) as usize;
        offsets[at] = offsets[at - 1];
    }
    let mut order: Vec<usize> = (0..stores as usize).collect();
    if rng.chance(30) {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
    }
    // Sources: loads (aligned or not), sums of two loads, or one load truncated twice.
    let elem = i64::from(from / 8);
    let mut shared: Option<String> = None;
    for i in 0..stores {
        let offset = elem * rng.below(256) as i64;
        let align = if rng.chance(50) { elem } else { 1 };
        writeln!(
            body,
            "  %p{i} = getelementptr inbounds i8, ptr %s, i64 {offset}\n  \
             %x{i} = load {src_ty}, ptr %p{i}, align {align}"
        )
        .unwrap();
        let source = if rng.chance(20) {
            writeln!(
                body,
                "  %q{i} = getelementptr inbounds i8, ptr %s, i64 {}\n  \
                 %y{i} = load {src_ty}, ptr %q{i}, align 1\n  \
                 %v{i} = add {src_ty} %x{i}, %y{i}",
                elem * rng.below(256) as i64
            )
            .unwrap();
            format!("%v{i}")
        } else if rng.chance(10) && shared.is_some() {
            shared.clone().unwrap()
        } else {
            format!("%x{i}")
        };
        if shared.is_none() {
            shared = Some(source.clone());
        }
        writeln!(body, "  %t{i} = trunc {src_ty} {source} to {dst_ty}").unwrap();
    }
    for (n, &i) in order.iter().enumerate() {
        let align = if rng.chance(50) { i64::from(to / 8) } else { 1 };
        writeln!(
            body,
            "  %a{i} = getelementptr inbounds i8, ptr %b, i64 {}\n  \
             store {dst_ty} %t{i}, ptr %a{i}, align {align}",
            offsets[i]
        )
        .unwrap();
        if n + 1 < order.len() && rng.chance(8) {
            // A load of a byte the stores may write, used after them.
            writeln!(
                body,
                "  %r{n} = getelementptr inbounds i8, ptr %b, i64 {}\n  \
                 %l{n} = load i8, ptr %r{n}, align 1\n  \
                 %e{n} = getelementptr inbounds i8, ptr %d, i64 4000\n  \
                 store i8 %l{n}, ptr %e{n}, align 1",
                rng.below((bytes * stores) as u64)
            )
            .unwrap();
        } else if n + 1 < order.len() && rng.chance(8) {
            // A store of a byte the stores may write too.
            writeln!(
                body,
                "  %r{n} = getelementptr inbounds i8, ptr %b, i64 {}\n  \
                 store i8 {}, ptr %r{n}, align 1",
                rng.below((bytes * stores) as u64),
                rng.below(256)
            )
            .unwrap();
        }
    }
    format!("define void @f{k}(ptr %d, ptr %s) #0 {{\n{body}  ret void\n}}\n")
}

fn module(seed: u64, functions: usize) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9e3779b97f4a7c15) | 1);
    let mut out = String::from("target triple = \"x86_64-unknown-linux-gnu\"\n\n");
    // Source bytes: values past every narrow range and with sign bits, and plain ones.
    let src: String = (0..SRC_BYTES)
        .map(|_| format!("\\{:02X}", rng.below(256)))
        .collect();
    writeln!(out, "@src = global [{SRC_BYTES} x i8] c\"{src}\", align 64").unwrap();
    writeln!(
        out,
        "@dst = global [{DST_BYTES} x i8] zeroinitializer, align 64\n\
         @fmt = private constant [9 x i8] c\"%d %llx\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n\
         declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n"
    )
    .unwrap();
    for k in 0..functions {
        out.push_str(&function(k, &mut rng));
    }
    out.push_str(&hash_function());
    out.push_str("define i32 @main() {\n");
    for k in 0..functions {
        write!(
            out,
            "  call void @llvm.memset.p0.i64(ptr @dst, i8 -91, i64 {DST_BYTES}, i1 false)\n  \
             %d{k} = getelementptr i8, ptr @dst, i64 64\n  \
             %s{k} = getelementptr i8, ptr @src, i64 {}\n  \
             call void @f{k}(ptr %d{k}, ptr %s{k})\n  \
             %h{k} = call i64 @hash()\n  \
             call i32 (ptr, ...) @printf(ptr @fmt, i32 {k}, i64 %h{k})\n",
            4 * rng.below(64)
        )
        .unwrap();
    }
    out.push_str("  ret i32 0\n}\nattributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n");
    out
}

/// `@hash()`: FNV-1a of `@dst`.
fn hash_function() -> String {
    format!(
        "define i64 @hash() {{\nentry:\n  br label %l\nl:\n  \
         %i = phi i64 [ 0, %entry ], [ %i1, %l ]\n  \
         %h = phi i64 [ -3750763034362895579, %entry ], [ %h2, %l ]\n  \
         %p = getelementptr i8, ptr @dst, i64 %i\n  %c = load i8, ptr %p\n  \
         %z = zext i8 %c to i64\n  %h1 = xor i64 %h, %z\n  \
         %h2 = mul i64 %h1, 1099511628211\n  %i1 = add i64 %i, 1\n  \
         %done = icmp eq i64 %i1, {DST_BYTES}\n  br i1 %done, label %e, label %l\n\
         e:\n  ret i64 %h2\n}}\n"
    )
}

/// A program of `functions`: `@src` holding `src`, `@dst`, the hash, and a `main` that
/// runs `call(k)` for each function and prints `k` and the hash of `@dst` after it;
/// `attributes` at the end.
fn hashed_program(
    src: &[u8],
    functions: &[String],
    call: impl Fn(usize) -> String,
    attributes: &str,
) -> String {
    let bytes: String = src.iter().map(|b| format!("\\{b:02X}")).collect();
    let mut module = format!(
        "target triple = \"x86_64-unknown-linux-gnu\"\n\
         @src = global [{} x i8] c\"{bytes}\", align 64\n\
         @dst = global [{DST_BYTES} x i8] zeroinitializer, align 64\n\
         @fmt = private constant [9 x i8] c\"%d %llx\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n",
        src.len()
    );
    for f in functions {
        module += f;
    }
    module += &hash_function();
    module += "define i32 @main() {\n";
    for k in 0..functions.len() {
        module += &format!(
            "  {}\n  %h{k} = call i64 @hash()\n  \
             call i32 (ptr, ...) @printf(ptr @fmt, i32 {k}, i64 %h{k})\n",
            call(k)
        );
    }
    module += "  ret i32 0\n}\n";
    module += attributes;
    module
}

/// Asserts that `got` has `want`'s lines, line by line, the message naming the function
/// (each line starts with it) through `message`.
fn same_lines(want: &str, got: &str, message: impl Fn(&str) -> String) {
    for (w, g) in want.lines().zip(got.lines()) {
        assert_eq!(w, g, "{}", message(w.split(' ').next().unwrap_or("?")));
    }
}

fn run(file: &PathBuf) -> String {
    let out = Command::new(llvm_bin().join("lli"))
        .arg(file)
        .output()
        .expect("lli runs");
    assert!(
        out.status.success(),
        "lli failed on {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn opt(file: &PathBuf, passes: &str, out: &PathBuf) {
    let status = Command::new(llvm_bin().join("opt"))
        .arg(format!("-load-pass-plugin={}", plugin().display()))
        .arg(format!("-passes={passes}"))
        .args(["-S", "-o"])
        .arg(out)
        .arg(file)
        .status()
        .expect("opt runs");
    assert!(status.success(), "opt failed on {}", file.display());
}

#[test]
fn narrowing_stores_compute_the_same() {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    if !cpuinfo.split_whitespace().any(|f| f == "avx2") {
        eprintln!("x86-differential: skipped, this machine has no AVX2");
        return;
    }
    let seeds: u64 = std::env::var("SHUF_NARROW_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let dir = work_dir();
    let (mut functions, mut narrowed, mut measured_narrowed) = (0, 0, 0);
    for seed in 0..seeds {
        let original = dir.join(format!("m{seed}.ll"));
        fs::write(&original, module(seed, 40)).unwrap();
        let want = run(&original);
        functions += want.lines().count();
        for (passes, count) in [
            ("shuffle-lib<late;lower-always>", &mut narrowed),
            ("shuffle-lib<late>", &mut measured_narrowed),
        ] {
            let after = dir.join(format!("m{seed}-{}.ll", passes.len()));
            opt(&original, passes, &after);
            let text = fs::read_to_string(&after).unwrap();
            *count += text
                .split("define void @f")
                .skip(1)
                .filter(|f| f.contains("@llvm.x86."))
                .count();
            let got = run(&after);
            same_lines(&want, &got, |f| {
                format!(
                    "{passes} changed what function {} of {} stores (seed {seed})",
                    f,
                    original.display()
                )
            });
            assert_eq!(want.lines().count(), got.lines().count());
        }
    }
    eprintln!(
        "x86-differential: {functions} functions, {narrowed} narrowed with lower-always, \
         {measured_narrowed} measured and narrowed, outputs equal"
    );
    // The test must be able to fail: plans are built for a good share of functions.
    assert!(
        narrowed * 5 >= functions,
        "only {narrowed} of {functions} narrowed"
    );
}

/// An index made from `%in` (a vector of bytes of type `ty`) for a table lookup, in one
/// of five shapes (the shape's number first): the instruction, the largest index it can
/// give, and the input byte that gives index `d`. Masks and divisors are drawn below
/// `limit` (masks made odd with `odd`); a mask and a sum by any byte are unproved.
fn lookup_index(rng: &mut Rng, ty: &str, limit: u64, odd: bool) -> (u64, LookupIndex) {
    let c = rng.below(256) as u8;
    let shape = rng.below(5);
    let index: LookupIndex = match shape {
        0 => (
            format!(
                "and {ty} %in, splat (i8 {})",
                rng.below(limit) as u8 | u8::from(odd)
            ),
            256,
            Box::new(|d| d),
        ),
        1 => {
            let by = 2 + rng.below(6) as u32;
            (
                format!("lshr {ty} %in, splat (i8 {by})"),
                256 >> by,
                Box::new(move |d| d << by),
            )
        }
        2 => (
            format!("urem {ty} %in, splat (i8 {})", 1 + rng.below(limit)),
            256,
            Box::new(|d| d),
        ),
        3 => (
            format!("and {ty} %in, splat (i8 {c})"),
            256,
            Box::new(|d| d),
        ),
        _ => (
            format!("add {ty} %in, splat (i8 {c})"),
            256,
            Box::new(move |d: u8| d.wrapping_sub(c)),
        ),
    };
    (shape, index)
}

/// A table index: its instruction, its bound, and the input byte for each index.
type LookupIndex = (String, usize, Box<dyn Fn(u8) -> u8>);

/// A function `@g{k}(ptr %dst, ptr %src)` gathering `lanes` bytes from a random constant
/// table by the lanes of its input, its indices made in one of several ways (proved in
/// range or not), and the inputs to run it on: 16 vectors whose indices all stay inside
/// the table (outside, the original would read past it: undefined), over every index.
fn lookup_function(k: usize, rng: &mut Rng) -> String {
    let len = 1 + rng.below(64) as usize;
    let table: String = (0..len)
        .map(|_| format!("\\{:02X}", rng.below(256)))
        .collect();
    let lanes = [16usize, 32][rng.below(2) as usize];
    let ty = format!("<{lanes} x i8>");
    let (_, (index, cap, input)) = lookup_index(rng, &ty, 64, true);
    let span = len.min(cap);
    let inputs: String = (0..16 * lanes)
        .map(|i| format!("\\{:02X}", input(((i + i / lanes) % span) as u8)))
        .collect();
    let vector_zext = rng.chance(50);
    let mut body = format!("  %in = load {ty}, ptr %src, align 1\n  %x = {index}\n");
    if vector_zext {
        body += &format!("  %w = zext {ty} %x to <{lanes} x i64>\n");
    }
    let mut prev = "poison".to_string();
    for l in 0..lanes {
        if vector_zext {
            body += &format!("  %i{l} = extractelement <{lanes} x i64> %w, i64 {l}\n");
        } else {
            body += &format!(
                "  %e{l} = extractelement {ty} %x, i64 {l}\n  %i{l} = zext i8 %e{l} to i64\n"
            );
        }
        body += &format!(
            "  %p{l} = getelementptr inbounds i8, ptr @t{k}, i64 %i{l}\n  \
             %l{l} = load i8, ptr %p{l}, align 1\n  \
             %v{l} = insertelement {ty} {prev}, i8 %l{l}, i64 {l}\n"
        );
        prev = format!("%v{l}");
    }
    let mut out = format!(
        "@t{k} = internal constant [{len} x i8] c\"{table}\"\n\
         @in{k} = internal global [{} x i8] c\"{inputs}\"\n\
         define void @g{k}(ptr %dst, ptr %src) #0 {{\n{body}  \
         store {ty} {prev}, ptr %dst, align 1\n  ret void\n}}\n",
        16 * lanes
    );
    // The caller: each of the 16 inputs, then a hash of the destination.
    out += &format!("define void @run{k}() {{\n");
    for r in 0..16 {
        out += &format!(
            "  %s{r} = getelementptr i8, ptr @in{k}, i64 {}\n  \
             call void @g{k}(ptr @dst, ptr %s{r})\n  %h{r} = call i64 @hash()\n  \
             call i32 (ptr, ...) @printf(ptr @fmt, i32 {k}, i64 %h{r})\n",
            r * lanes
        );
    }
    out += "  ret void\n}\n";
    out
}

/// A function `@r{k}(ptr %dst, ptr %src, i32 %evl)` gathering `<vscale x N x i8>`
/// from a random constant table (1 to 64 bytes) with `vp.gather` (stored with
/// `vp.store`, the same mask and length) or `masked.gather` (a pass-through where the
/// mask is not all true), indices made as in [`lookup_function`], widened to i16, i32
/// or i64, addressed as bytes or as the array; and its caller `@run{k}`, over 16
/// inputs (every index inside the table: outside, the original reads past it) and
/// vector lengths up to the fewest lanes.
fn register_lookup_function(k: usize, rng: &mut Rng) -> String {
    let n = [8usize, 16, 32][rng.below(3) as usize];
    // Mostly tables that fit the fewest lanes (2n), some that do not.
    let len = match rng.chance(75) {
        true => 1 + rng.below(2 * n as u64) as usize,
        false => 1 + rng.below(64) as usize,
    };
    let table: String = (0..len)
        .map(|_| format!("\\{:02X}", rng.below(256)))
        .collect();
    let ty = format!("<vscale x {n} x i8>");
    let (shape, (index, cap, input)) = lookup_index(rng, &ty, len as u64, false);
    // Up to 8 × 32 lanes at VLEN 512: each input 256 bytes.
    let span = len.min(cap);
    let inputs: String = (0..16 * 256)
        .map(|i| format!("\\{:02X}", input(((i + i / 256) % span) as u8)))
        .collect();
    let wide = ["i16", "i32", "i64"][rng.below(3) as usize];
    let wty = format!("<vscale x {n} x {wide}>");
    let pty = format!("<vscale x {n} x ptr>");
    let mty = format!("<vscale x {n} x i1>");
    // The index widened after it is made (the loop vectorizer's `zext nneg`), made
    // wide (the vectorizer widens first when the source is an int: not for the sum,
    // which would then pass 255), or the bytes taken as they are (sign-extended by the
    // address).
    let mut body = format!("  %in = load {ty}, ptr %src, align 1\n");
    let (at_ty, at) = match rng.below(3) {
        0 | 1 if shape == 4 => {
            body += &format!("  %x = {index}\n  %z = zext {ty} %x to {wty}\n");
            (wty.clone(), "%z")
        }
        0 => {
            body += &format!("  %x = {index}\n  %z = zext {ty} %x to {wty}\n");
            (wty.clone(), "%z")
        }
        1 => {
            let wide_index = index
                .replace(&format!("{ty} %in"), &format!("{wty} %in.w"))
                .replace("splat (i8 ", &format!("splat ({wide} "));
            body += &format!("  %in.w = zext {ty} %in to {wty}\n  %x = {wide_index}\n");
            (wty.clone(), "%x")
        }
        _ => {
            body += &format!("  %x = {index}\n");
            (ty.clone(), "%x")
        }
    };
    body += &match rng.chance(50) {
        true => format!("  %p = getelementptr inbounds i8, ptr @t{k}, {at_ty} {at}\n"),
        false => {
            format!("  %p = getelementptr inbounds [{len} x i8], ptr @t{k}, i64 0, {at_ty} {at}\n")
        }
    };
    let masked = rng.chance(50);
    let mask = match masked {
        true => {
            body += &format!("  %m = icmp ult {ty} %in, splat (i8 {})\n", rng.below(256));
            "%m".to_string()
        }
        false => "splat (i1 true)".to_string(),
    };
    if rng.chance(50) {
        body += &format!(
            "  %v = call {ty} @llvm.vp.gather.nxv{n}i8.nxv{n}p0({pty} align 1 %p, {mty} {mask}, \
             i32 %evl)\n  call void @llvm.vp.store.nxv{n}i8.p0({ty} %v, ptr %dst, {mty} {mask}, \
             i32 %evl)\n"
        );
    } else {
        let passthru = if masked { "%in" } else { "poison" };
        body += &format!(
            "  %v = call {ty} @llvm.masked.gather.nxv{n}i8.nxv{n}p0({pty} align 1 %p, {mty} \
             {mask}, {ty} {passthru})\n  store {ty} %v, ptr %dst, align 1\n"
        );
    }
    let mut out = format!(
        "@t{k} = internal constant [{len} x i8] c\"{table}\"\n\
         @in{k} = internal global [{} x i8] c\"{inputs}\"\n\
         define void @r{k}(ptr %dst, ptr %src, i32 %evl) #0 {{\n{body}  ret void\n}}\n",
        16 * 256
    );
    out += &format!("define void @run{k}() #0 {{\n");
    for r in 0..16 {
        // At most the fewest lanes (vscale is at least 2).
        let evl = 1 + rng.below(2 * n as u64);
        out += &format!(
            "  %s{r} = getelementptr i8, ptr @in{k}, i64 {}\n  \
             call void @r{k}(ptr @dst, ptr %s{r}, i32 {evl})\n  %h{r} = call i64 @hash()\n  \
             call i32 (ptr, ...) @printf(ptr @fmt, i32 {k}, i64 %h{r})\n",
            r * 256
        );
    }
    out += "  ret void\n}\n";
    out
}

/// Register lookups on RISC-V V (`vrgather.vv` from the table in a register) under
/// qemu at three vector lengths, before and after `shuffle-lib` (forced, and measured
/// for a CPU without a scheduling model, where one instruction weighs one and the
/// lookups are taken); skipped without qemu.
#[test]
fn register_lookups_compute_the_same_under_qemu() {
    const VLENS: [&[&str]; 3] = [
        &["-cpu", "rv64,v=true,vlen=128"],
        &["-cpu", "rv64,v=true,vlen=256"],
        &["-cpu", "rv64,v=true,vlen=512"],
    ];
    let Some(riscv) = Cross::for_cpu("sifive-x280") else {
        return;
    };
    if Command::new(riscv.qemu).arg("--version").output().is_err() {
        eprintln!(
            "x86-differential: register lookups skipped: no {}",
            riscv.qemu
        );
        return;
    }
    let dir = work_dir();
    let mut rng = Rng(0x5eed_5ca1_ab1e_0001);
    let count = 100;
    let mut module = format!(
        "target triple = \"{}\"\n\
         @dst = global [{DST_BYTES} x i8] zeroinitializer, align 64\n\
         @fmt = private constant [9 x i8] c\"%d %llx\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n",
        riscv.triple
    );
    for k in 0..count {
        module += &register_lookup_function(k, &mut rng);
    }
    module += &hash_function();
    module += "define i32 @main() {\n";
    for k in 0..count {
        module += &format!("  call void @run{k}()\n");
    }
    module += "  ret i32 0\n}\n\
               attributes #0 = { vscale_range(2,1024) \"target-cpu\"=\"generic-rv64\" \
               \"target-features\"=\"+64bit,+m,+a,+f,+d,+c,+v\" }\n";
    let original = dir.join("register-lookups.ll");
    fs::write(&original, module).unwrap();
    let passes = [
        ("shuffle-lib<late;lower-always>", "always"),
        ("shuffle-lib<late>", "measured"),
    ];
    let mut looked_up = Vec::new();
    let mut afters = Vec::new();
    for (pipeline, tag) in passes {
        let after = dir.join(format!("register-lookups-{tag}.ll"));
        opt(&original, pipeline, &after);
        let text = fs::read_to_string(&after).unwrap();
        looked_up.push(
            text.split("define void @r")
                .skip(1)
                .filter(|f| f.split("\n}").next().unwrap_or("").contains("vrgather"))
                .count(),
        );
        afters.push((pipeline, tag, after));
    }
    for (v, args) in VLENS.iter().enumerate() {
        let cross = Cross {
            qemu_args: args,
            cpu: "generic-rv64",
            ..riscv
        };
        let exe = |file: &PathBuf, stem: &str| -> String {
            let (obj, bin) = (
                dir.join(format!("{stem}.o")),
                dir.join(format!("{stem}.exe")),
            );
            let [mut llc, mut link, mut run] = cross.commands(file, &obj, &bin);
            // The cross libc's floating-point ABI (lp64d) for every function.
            llc.arg("-mattr=+m,+a,+f,+d,+c,+v");
            for (what, cmd) in [("llc", &mut llc), ("link", &mut link)] {
                let ok = cmd.status().expect("the tool runs").success();
                assert!(ok, "{what} failed on {}", file.display());
            }
            let out = run.output().expect("qemu runs");
            assert!(out.status.success(), "{} failed under qemu", bin.display());
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let want = exe(&original, &format!("register-lookups-{v}-before"));
        assert_eq!(want.lines().count(), 16 * count);
        for (pipeline, tag, after) in &afters {
            let got = exe(after, &format!("register-lookups-{v}-{tag}"));
            assert_eq!(want.lines().count(), got.lines().count());
            same_lines(&want, &got, |f| {
                format!("{pipeline} changed what function {f} gathers ({})", args[1])
            });
        }
    }
    eprintln!(
        "x86-differential: {count} register gathers, {} looked up with lower-always, {} as \
         measured, outputs equal at VLEN 128, 256 and 512",
        looked_up[0], looked_up[1]
    );
    // The test must be able to fail: the proved shapes that fit are a fair share.
    // (Measured, few: these functions are no loops, so the table's load counts.)
    assert!(looked_up[0] * 3 >= count, "only {} looked up", looked_up[0]);
}

#[test]
fn table_lookups_compute_the_same() {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    if !cpuinfo.split_whitespace().any(|f| f == "avx2") {
        eprintln!("x86-differential: skipped, this machine has no AVX2");
        return;
    }
    let dir = work_dir();
    let mut rng = Rng(0x5eed_1234_5678_9abd);
    let count = 80;
    let mut module = String::from("target triple = \"x86_64-unknown-linux-gnu\"\n");
    module += &format!(
        "@dst = global [{DST_BYTES} x i8] zeroinitializer, align 64\n\
         @fmt = private constant [9 x i8] c\"%d %llx\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n"
    );
    for k in 0..count {
        module += &lookup_function(k, &mut rng);
    }
    module += &hash_function();
    module += "define i32 @main() {\n";
    for k in 0..count {
        module += &format!("  call void @run{k}()\n");
    }
    module += "  ret i32 0\n}\nattributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n";
    let original = dir.join("lookups.ll");
    fs::write(&original, module).unwrap();
    let want = run(&original);
    assert_eq!(want.lines().count(), 16 * count);
    let mut looked_up = Vec::new();
    for passes in ["shuffle-lib<late;lower-always>", "shuffle-lib<late>"] {
        let after = dir.join(format!("lookups-{}.ll", passes.len()));
        opt(&original, passes, &after);
        let text = fs::read_to_string(&after).unwrap();
        looked_up.push(
            text.split("define void @g")
                .skip(1)
                .filter(|f| f.split("\n}").next().unwrap_or("").contains(".pshuf.b"))
                .count(),
        );
        let got = run(&after);
        same_lines(&want, &got, |f| {
            format!("{passes} changed what function {f} gathers")
        });
        assert_eq!(want.lines().count(), got.lines().count());
    }
    eprintln!(
        "x86-differential: {count} table gathers, {} looked up with lower-always, {} as \
         measured, outputs equal",
        looked_up[0], looked_up[1]
    );
    // The test must be able to fail: the proved shapes are a fair share (a fifth).
    assert!(
        looked_up[0] * 8 >= count,
        "only {} of {count} looked up",
        looked_up[0]
    );
}

/// A function `@c{k}(ptr %dst, ptr %src)`: a chain of two to four shuffles of 16-byte
/// vectors with lanes of 1 to 8 bytes and bitcasts between, the first of two loaded
/// vectors, the others of one operand (no poison lanes: every byte is compared).
fn chain_function(k: usize, rng: &mut Rng) -> String {
    let ty = |w: u64| format!("<{} x i{}>", 16 / w, 8 * w);
    let mut body = String::from(
        "  %a = load <16 x i8>, ptr %src, align 1\n  \
         %q = getelementptr i8, ptr %src, i64 16\n  %b = load <16 x i8>, ptr %q, align 1\n",
    );
    let links = 2 + rng.below(3);
    let mut value = "%a".to_string();
    let mut value_w = 1u64;
    for link in 0..links {
        let w = 1u64 << rng.below(4);
        let n = 16 / w;
        let t = ty(w);
        body += &format!("  %x{link} = bitcast {} {value} to {t}\n", ty(value_w));
        let second = if link == 0 {
            body += &format!("  %y{link} = bitcast <16 x i8> %b to {t}\n");
            format!("%y{link}")
        } else {
            "poison".to_string()
        };
        let range = if link == 0 { 2 * n } else { n };
        let mask: Vec<String> = (0..n)
            .map(|_| format!("i32 {}", rng.below(range)))
            .collect();
        body += &format!(
            "  %s{link} = shufflevector {t} %x{link}, {t} {second}, <{n} x i32> <{}>\n",
            mask.join(", ")
        );
        value = format!("%s{link}");
        value_w = w;
    }
    body += &format!("  %r = bitcast {} {value} to <16 x i8>\n", ty(value_w));
    format!(
        "define void @c{k}(ptr %dst, ptr %src) {{\n{body}  store <16 x i8> %r, ptr %dst, align 1\n  ret void\n}}\n"
    )
}

#[test]
fn composed_chains_compute_the_same() {
    let dir = work_dir();
    let mut rng = Rng(0xc4a1_2345_6789_0fed);
    let count = 200;
    let src: String = (0..32).map(|i| format!("\\{:02X}", 7 * i + 3)).collect();
    let mut module = format!(
        "@src = global [32 x i8] c\"{src}\", align 16\n\
         @dst = global [{DST_BYTES} x i8] zeroinitializer, align 64\n\
         @fmt = private constant [9 x i8] c\"%d %llx\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n"
    );
    for k in 0..count {
        module += &chain_function(k, &mut rng);
    }
    module += &hash_function();
    module += "define i32 @main() {\n";
    for k in 0..count {
        module += &format!(
            "  call void @c{k}(ptr @dst, ptr @src)\n  %h{k} = call i64 @hash()\n  \
             call i32 (ptr, ...) @printf(ptr @fmt, i32 {k}, i64 %h{k})\n"
        );
    }
    module += "  ret i32 0\n}\n";
    let original = dir.join("chains.ll");
    fs::write(&original, module).unwrap();
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    let after = dir.join("chains-always.ll");
    opt(&original, "shuffle-lib<late;lower-always>", &after);
    let text = fs::read_to_string(&after).unwrap();
    // Composed: a function left with one shufflevector (of its two loads).
    let composed = text
        .split("define void @c")
        .skip(1)
        .filter(|f| f.matches("shufflevector").count() == 1)
        .count();
    let got = run(&after);
    same_lines(&want, &got, |f| {
        format!("composing changed chain function {f}")
    });
    eprintln!(
        "x86-differential: {count} chains, {composed} composed to one shuffle, outputs equal"
    );
    assert!(composed * 2 >= count, "only {composed} of {count} composed");
}

/// A function `@w{k}(ptr %dst, ptr %src)`: a random index-bit permutation of `2^n`
/// elements (8 to 256) (no poison lanes: every byte is compared), as one shuffle of a load, of a
/// concatenation of loaded registers, or as a group of shuffles of one load each stored.
fn network_function(k: usize, rng: &mut Rng) -> String {
    const ELEMENTS: [(&str, usize); 6] = [
        ("i8", 1),
        ("i16", 2),
        ("i32", 4),
        ("float", 4),
        ("i64", 8),
        ("double", 8),
    ];
    let (elem, size) = ELEMENTS[rng.below(6) as usize];
    let n = loop {
        let n = 3 + rng.below(6) as usize; // 8 to 256 elements
        if (size << n) <= 1024 {
            break n;
        }
    };
    let total = 1usize << n;
    let mut sigma: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        sigma.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mask: Vec<usize> = (0..total)
        .map(|j| {
            sigma
                .iter()
                .enumerate()
                .map(|(p, &b)| ((j >> p) & 1) << b)
                .sum()
        })
        .collect();
    let ty = |lanes: usize| format!("<{lanes} x {elem}>");
    let list = |xs: &[usize]| {
        xs.iter()
            .map(|x| format!("i32 {x}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut body = String::new();
    match rng.below(4) {
        3 if n >= 3 => {
            // Written out: the stages of a plan (every shuffle one), on registers of
            // 2^r elements loaded one by one; the results stored one by one.
            let r = 1 + rng.below(n as u64 - 2) as usize;
            let lanes = 1usize << r;
            let i32s: Vec<i32> = mask.iter().map(|&m| m as i32).collect();
            let Some((net, _)) =
                shuf::lower::network::plan(&i32s, lanes, 1, false, &mut |_, _| Some(1))
            else {
                return network_function(k, rng);
            };
            let mut registers = load_registers(&mut body, total / lanes, lanes, size, &ty(lanes));
            for (t, stage) in net.stages.iter().enumerate() {
                registers = stage
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let second = s.second.map_or("poison".to_string(), |b| registers[b].clone());
                        let m: Vec<usize> = s.mask.iter().map(|&x| x as usize).collect();
                        body += &format!(
                            "  %s{t}_{i} = shufflevector {ty} {}, {ty} {second}, <{lanes} x i32> <{}>\n",
                            registers[s.first],
                            list(&m),
                            ty = ty(lanes)
                        );
                        format!("%s{t}_{i}")
                    })
                    .collect();
            }
            for (i, &out) in net.outputs.iter().enumerate() {
                body += &format!(
                    "  %q{i} = getelementptr i8, ptr %dst, i64 {}\n  \
                     store {} {}, ptr %q{i}, align 1\n",
                    i * lanes * size,
                    ty(lanes),
                    registers[out]
                );
            }
        }
        0 | 3 => {
            body += &format!("  %v = load {}, ptr %src, align 1\n", ty(total));
            body += &format!(
                "  %y = shufflevector {t} %v, {t} poison, <{total} x i32> <{}>\n  \
                 store {t} %y, ptr %dst, align 1\n",
                list(&mask),
                t = ty(total)
            );
        }
        1 => {
            // Registers of 2^r elements loaded one by one, concatenated pairwise.
            let r = 1 + rng.below(n as u64 - 1) as usize;
            let lanes = 1usize << r;
            let mut parts = load_registers(&mut body, total / lanes, lanes, size, &ty(lanes));
            let mut width = lanes;
            let mut c = 0;
            while parts.len() > 1 {
                parts = parts
                    .chunks(2)
                    .map(|pair| {
                        let both: Vec<usize> = (0..2 * width).collect();
                        body += &format!(
                            "  %c{c} = shufflevector {t} {}, {t} {}, <{} x i32> <{}>\n",
                            pair[0],
                            pair[1],
                            2 * width,
                            list(&both),
                            t = ty(width)
                        );
                        c += 1;
                        format!("%c{}", c - 1)
                    })
                    .collect();
                width *= 2;
            }
            body += &format!(
                "  %y = shufflevector {t} {}, {t} poison, <{total} x i32> <{}>\n  \
                 store {t} %y, ptr %dst, align 1\n",
                parts[0],
                list(&mask),
                t = ty(total)
            );
        }
        _ => {
            // A group: the mask in 2^g pieces, each a shuffle of the load, in any order.
            let g = 1 + rng.below(n as u64 - 2) as usize;
            let pieces = 1usize << g;
            let lanes = total / pieces;
            body += &format!("  %v = load {}, ptr %src, align 1\n", ty(total));
            let mut order: Vec<usize> = (0..pieces).collect();
            for i in (1..pieces).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            for &i in &order {
                body += &format!(
                    "  %x{i} = shufflevector {t} %v, {t} poison, <{lanes} x i32> <{}>\n  \
                     %q{i} = getelementptr i8, ptr %dst, i64 {}\n  \
                     store {} %x{i}, ptr %q{i}, align 1\n",
                    list(&mask[i * lanes..(i + 1) * lanes]),
                    i * lanes * size,
                    ty(lanes),
                    t = ty(total)
                );
            }
        }
    }
    format!("define void @w{k}(ptr %dst, ptr %src) #0 {{\n{body}  ret void\n}}\n")
}

/// `count` registers `%r0..` of type `ty` (`lanes` elements of `size` bytes) loaded one
/// after the other from `%src`, appended to `body`; their names.
fn load_registers(
    body: &mut String,
    count: usize,
    lanes: usize,
    size: usize,
    ty: &str,
) -> Vec<String> {
    (0..count)
        .map(|i| {
            *body += &format!(
                "  %p{i} = getelementptr i8, ptr %src, i64 {}\n  \
                 %r{i} = load {ty}, ptr %p{i}, align 1\n",
                i * lanes * size
            );
            format!("%r{i}")
        })
        .collect()
}

#[test]
fn networks_compute_the_same() {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    if !cpuinfo.contains(" avx2") {
        eprintln!("skipped: this machine has no AVX2");
        return;
    }
    let count = 150;
    let module = lli_campaign(
        "networks",
        "w",
        0x0e70_4b17_5eed_1234,
        count,
        (37, 11),
        network_function,
        &[
            ("shuffle-lib<late;lower-always>", "networks-always.ll"),
            ("shuffle-lib<late>", "networks-measured.ll"),
        ],
        "network:",
        None,
    );
    // On x86 pairs of a stage may be one shuffle and two blends (forced: wherever a
    // network has such pairs): that path must be taken.
    let dir = work_dir();
    let plan = dir.join("networks-blends.ll");
    fs::write(&plan, &module).unwrap();
    let blended = remarks(&plan, "shuffle-lib<late;lower-always>", "two blends");
    eprintln!("x86-differential: {blended} networks with blends (forced)");
    assert!(blended >= 5, "only {blended} networks with blends");
    // Measured on x86-64-v4 too (two-register tables priced with their copies, groups
    // measured in use), where this machine runs AVX-512.
    if cpuinfo.contains(" avx512bw") && cpuinfo.contains(" avx512vl") {
        let on_v4 = dir.join("networks-v4.ll");
        fs::write(&on_v4, module.replace("\"x86-64-v3\"", "\"x86-64-v4\"")).unwrap();
        let want = run(&on_v4);
        let passes = [("shuffle-lib<late>", "networks-v4-measured.ll")];
        under_lli(
            &dir,
            &on_v4,
            &want,
            &passes,
            "networks (x86-64-v4)",
            "network:",
            None,
            2,
        );
    }
    // On AArch64 the registers loaded in a row may be loaded deinterleaved (`ld2`,
    // `ld4`): that path must be taken, and compute the same under qemu.
    let on_n1 = dir.join("networks-neoverse-n1-plan.ll");
    fs::write(
        &on_n1,
        module
            .replace("x86_64-unknown-linux-gnu", "aarch64-linux-gnu")
            .replace("\"x86-64-v3\"", "\"neoverse-n1\""),
    )
    .unwrap();
    let deinterleaved = remarks(&on_n1, "shuffle-lib<late>", "deinterleaved");
    eprintln!("x86-differential: {deinterleaved} networks loaded deinterleaved on neoverse-n1");
    assert!(
        deinterleaved >= 5,
        "only {deinterleaved} loaded deinterleaved"
    );
    under_qemu(&dir, &module, count, "networks", "network:");
}
/// A campaign of `count` functions `@{prefix}{k}(ptr @dst, ptr @src)` made by `make`
/// (the source 1024 bytes of `(i * stride + add) % 256`), run before and after each of
/// `passes` under `lli` ([`under_lli`]); the module, for [`under_qemu`].
#[allow(clippy::too_many_arguments)]
fn lli_campaign(
    name: &str,
    prefix: &str,
    seed: u64,
    count: usize,
    (stride, add): (usize, usize),
    mut make: impl FnMut(usize, &mut Rng) -> String,
    passes: &[(&str, &str)],
    remark: &str,
    kept: Option<&str>,
) -> String {
    let dir = work_dir();
    let mut rng = Rng(seed);
    let src: Vec<u8> = (0..1024)
        .map(|i| ((i * stride + add) % 256) as u8)
        .collect();
    let functions: Vec<String> = (0..count).map(|k| make(k, &mut rng)).collect();
    let module = hashed_program(
        &src,
        &functions,
        |k| format!("call void @{prefix}{k}(ptr @dst, ptr @src)"),
        "attributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n",
    );
    let original = dir.join(format!("{name}.ll"));
    fs::write(&original, &module).unwrap();
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    under_lli(&dir, &original, &want, passes, name, remark, kept, 2);
    module
}

/// One campaign under `lli`: `original` (whose run printed `want`, a line a function)
/// after each of `passes` (a pipeline and its output file), line for line the same;
/// the rewrites counted (remarks containing `remark`, less those containing `kept`),
/// and under a forced pipeline (`lower-always`) at least one in `least` functions.
#[allow(clippy::too_many_arguments)]
fn under_lli(
    dir: &std::path::Path,
    original: &PathBuf,
    want: &str,
    passes: &[(&str, &str)],
    what: &str,
    remark: &str,
    kept: Option<&str>,
    least: usize,
) {
    let count = want.lines().count();
    for &(passes, name) in passes {
        let after = dir.join(name);
        opt(original, passes, &after);
        let got = run(&after);
        same_lines(want, &got, |f| {
            format!("{passes} changed {what} function {f}")
        });
        let [all, kept] = remark_counts(original, passes, [remark, kept.unwrap_or("\0")]);
        let rewritten = all - kept;
        eprintln!(
            "x86-differential: {count} {what} functions, {passes}: {rewritten} rewritten, \
             outputs equal"
        );
        if passes.contains("always") {
            assert!(
                rewritten * least >= count,
                "only {rewritten} of {count} rewritten"
            );
        }
    }
}

/// The campaigns' files: `target/x86-differential`.
fn work_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/x86-differential");
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// How many remarks of `passes` on `file` contain `what`.
fn remarks(file: &PathBuf, passes: &str, what: &str) -> usize {
    let [n] = remark_counts(file, passes, [what]);
    n
}

/// [`remarks`] of each of `whats`, from one run.
fn remark_counts<const N: usize>(file: &PathBuf, passes: &str, whats: [&str; N]) -> [usize; N] {
    let out = Command::new(llvm_bin().join("opt"))
        .arg(format!("-load-pass-plugin={}", plugin().display()))
        .arg(format!("-passes={passes}"))
        .args(["-pass-remarks=shuffle-lib", "-disable-output"])
        .arg(file)
        .output()
        .expect("opt runs");
    let text = String::from_utf8_lossy(&out.stderr);
    whats.map(|what| text.matches(what).count())
}

/// A function `@p{k}(ptr %d, ptr %s)` of scalar copies: a window of 4 to 64 elements
/// of a random type copied in a random order from `%s` to `%d` (declared `noalias` or
/// not), or within `%d` from one range to another (apart or overlapping), sometimes
/// with a store between the copies; half of them computing an operation with a second
/// range on the way (SLP trees), a quarter ending in `abs`, `fneg` or `fabs`, a fifth
/// reading two copied values again after the copies; the store between writes into the copied range or
/// beyond every range (apart by alias analysis). `main` passes overlapping pointers where
/// nothing says they are apart: the pass must prove it or leave the copies alone.
fn copy_function(k: usize, rng: &mut Rng) -> (String, bool) {
    const TYPES: [(&str, i64); 5] = [("i8", 1), ("i16", 2), ("i32", 4), ("float", 4), ("i64", 8)];
    let (ty, size) = TYPES[rng.below(5) as usize];
    // Powers of two and three times one (the windows the builder takes).
    let n = [4usize, 8, 12, 16, 24, 32, 48, 64, 96][rng.below(9) as usize];
    let mut perm: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let noalias = rng.chance(50);
    let one_buffer = rng.chance(30);
    let (src, dst, head) = if one_buffer {
        // Within %d: the destination `shift` elements on (overlapping when small).
        let shift = [1i64, 2, n as i64 / 2, n as i64, 2 * n as i64][rng.below(5) as usize];
        (
            "%d".to_string(),
            "%t".to_string(),
            format!(
                "  %t = getelementptr inbounds i8, ptr %d, i64 {}\n",
                shift * size
            ),
        )
    } else {
        ("%s".to_string(), "%d".to_string(), String::new())
    };
    let mut body = head;
    let between = rng.chance(15).then(|| rng.below(n as u64) as usize);
    // Half the functions compute: an operation of the permuted load and a load of a
    // second range of the source (1024 bytes on), alternating add and sub sometimes,
    // the operands of commutative ones sometimes swapped.
    let float = ty == "float";
    let ops: &[&str] = if float {
        &[
            "fadd",
            "fsub",
            "fmul",
            "select olt",
            "select uge",
            "select une",
        ]
    } else {
        &[
            "add",
            "sub",
            "mul",
            "xor",
            "smax",
            "smin",
            "umax",
            "umin",
            "select ult",
            "select sgt",
            "select eq",
        ]
    };
    let compute = rng.chance(50);
    // A quarter of the float ones a multiply-add (the one operation of three operands).
    let op = match float && rng.chance(25) {
        true => "fmuladd",
        false => ops[rng.below(ops.len() as u64) as usize],
    };
    let alternate = rng.chance(40);
    // A third of them load the permuted values as another type and convert them
    // (SLP cast nodes): bytes widened, words narrowed, integers made floats, doubles
    // rounded; now and then one lane converts otherwise (the tree must fail).
    let cast = rng.chance(33).then(|| cast_from(ty, rng)).flatten();
    // A quarter of them end in a lane-wise operation of one operand (SLP unary nodes):
    // `llvm.abs` of integers (never poison: `i1 false`), `fneg` or `llvm.fabs` of
    // floats; now and then one lane takes the other or none (the tree must fail).
    let unary = rng.chance(25).then(|| match float {
        true => ["fneg", "fabs"][rng.below(2) as usize],
        false => "abs",
    });
    // A fifth of them read two of the copied values again after the copies (scalars
    // of the tree read outside it: extracted from the vector code).
    let outside = rng
        .chance(20)
        .then(|| (rng.below(n as u64), rng.below(n as u64)));
    for (j, &from) in perm.iter().enumerate() {
        let (lty, lsize) = cast.map_or((ty, size), |(t, s, _)| (t, s));
        body += &format!(
            "  %l{j} = getelementptr inbounds i8, ptr {src}, i64 {}\n  \
             %x{j} = load {lty}, ptr %l{j}, align 1\n  \
             %a{j} = getelementptr inbounds i8, ptr {dst}, i64 {}\n",
            from as i64 * lsize,
            j as i64 * size
        );
        if let Some((_, _, op)) = cast {
            let op = match (op, rng.chance(3)) {
                ("zext", true) => "sext",
                ("sext", true) => "zext",
                ("sitofp", true) => "uitofp",
                (op, _) => op,
            };
            body += &format!("  %c{j} = {op} {lty} %x{j} to {ty}\n");
        }
        let x = if cast.is_some() { "%c" } else { "%x" };
        let value = if compute {
            body += &format!(
                "  %m{j} = getelementptr inbounds i8, ptr {src}, i64 {}\n  \
                 %y{j} = load {ty}, ptr %m{j}, align 1\n",
                1024 + j as i64 * size
            );
            let this = match (alternate, j % 2, float) {
                (true, 1, false) => "sub",
                (true, 1, true) => "fsub",
                (true, _, false) => "add",
                (true, _, true) => "fadd",
                _ => op,
            };
            let swap = !this.contains("sub") && rng.chance(30);
            let (a, b) = if swap { ("%y", x) } else { (x, "%y") };
            body += &if let Some(pred) = this.strip_prefix("select ") {
                // A comparison and a select of the two (SLP compare and select nodes);
                // swapped, the comparison is written the other way round (`y > x`; `y ==
                // x`, the same predicate).
                let cmp = if float { "fcmp" } else { "icmp" };
                let p = match (swap, pred) {
                    (true, "olt") => "ogt",
                    (true, "uge") => "ule",
                    (true, "ult") => "ugt",
                    (true, "sgt") => "slt",
                    (_, p) => p,
                };
                format!(
                    "  %q{j} = {cmp} {p} {ty} {a}{j}, {b}{j}\n  \
                     %z{j} = select i1 %q{j}, {ty} {x}{j}, {ty} %y{j}\n"
                )
            } else if this == "fmuladd" {
                // A multiply-add of the two plus a load of a third range, 2048 bytes on
                // (SLP multiply-add nodes; the factors sometimes swapped).
                format!(
                    "  %n{j} = getelementptr inbounds i8, ptr {src}, i64 {}\n  \
                     %w{j} = load {ty}, ptr %n{j}, align 1\n  \
                     %z{j} = call {ty} @llvm.fmuladd.f32({ty} {a}{j}, {ty} {b}{j}, {ty} %w{j})\n",
                    2048 + j as i64 * size
                )
            } else if this.ends_with("min") || this.ends_with("max") {
                format!("  %z{j} = call {ty} @llvm.{this}.{ty}({ty} {a}{j}, {ty} {b}{j})\n")
            } else {
                format!("  %z{j} = {this} {ty} {a}{j}, {b}{j}\n")
            };
            format!("%z{j}")
        } else {
            format!("{x}{j}")
        };
        let lane_unary = unary.and_then(|u| match (u, rng.chance(4)) {
            ("fneg", true) => Some("fabs"),
            ("fabs", true) => Some("fneg"),
            ("abs", true) => None,
            (u, _) => Some(u),
        });
        let value = match lane_unary {
            Some("fneg") => {
                body += &format!("  %u{j} = fneg {ty} {value}\n");
                format!("%u{j}")
            }
            Some(u) => {
                let flag = if u == "abs" { ", i1 false" } else { "" };
                body += &format!("  %u{j} = call {ty} @llvm.{u}.{ty}({ty} {value}{flag})\n");
                format!("%u{j}")
            }
            None => value,
        };
        body += &format!("  store {ty} {value}, ptr %a{j}, align 1\n");
        if between == Some(j) {
            // A store of 1 to 8 bytes into the copied range, across its first or last
            // byte, just before or after it, or beyond every range read or written
            // (apart: the copy may move across it). Before the range only where `main`
            // passes pointers 256 bytes into `@dst` (else the source is `@src`).
            let (sty, sbytes) =
                [("i8", 1i64), ("i16", 2), ("i32", 4), ("i64", 8)][rng.below(4) as usize];
            let end = n as i64 * size;
            let room_before = !noalias || one_buffer;
            let at = match rng.below(4) {
                0 => rng.below(end as u64) as i64,
                1 => end - sbytes + rng.below(2 * sbytes as u64) as i64,
                2 if room_before => -sbytes + rng.below(2 * sbytes as u64) as i64,
                _ => 4000 + rng.below(64) as i64,
            };
            body += &format!(
                "  %e = getelementptr inbounds i8, ptr {src}, i64 {at}\n  store {sty} 7, ptr %e, align 1\n"
            );
        }
    }
    if let Some((p, q)) = outside {
        let x = if cast.is_some() { "%c" } else { "%x" };
        let op = if float { "fadd" } else { "xor" };
        body += &format!(
            "  %o1 = {op} {ty} {x}{p}, {x}{q}\n  \
             %o2 = getelementptr inbounds i8, ptr %d, i64 3500\n  \
             store {ty} %o1, ptr %o2, align 1\n"
        );
    }
    let attr = if noalias && !one_buffer {
        "noalias "
    } else {
        ""
    };
    (
        format!("define void @p{k}(ptr {attr}%d, ptr {attr}%s) #0 {{\n{body}  ret void\n}}\n"),
        noalias && !one_buffer,
    )
}

/// A type to load `ty`'s values as, its bytes, and the conversion to `ty` (none that
/// could be poison: no float to integer).
fn cast_from(ty: &str, rng: &mut Rng) -> Option<(&'static str, i64, &'static str)> {
    const INTS: [(&str, i64); 4] = [("i8", 1), ("i16", 2), ("i32", 4), ("i64", 8)];
    if ty == "float" {
        return Some(match rng.below(3) {
            0 => ("i16", 2, "sitofp"),
            1 => ("i32", 4, "sitofp"),
            _ => ("double", 8, "fptrunc"),
        });
    }
    let size = INTS.iter().find(|(t, _)| *t == ty)?.1;
    let (from, bytes) = INTS[rng.below(4) as usize];
    match bytes.cmp(&size) {
        std::cmp::Ordering::Less => Some((from, bytes, ["zext", "sext"][rng.below(2) as usize])),
        std::cmp::Ordering::Greater => Some((from, bytes, "trunc")),
        std::cmp::Ordering::Equal => None,
    }
}

#[test]
fn permuted_copies_compute_the_same() {
    let dir = work_dir();
    let count = 120;
    let module = copies_module(count);
    let original = dir.join("copies.ll");
    fs::write(&original, &module).unwrap();
    // Under qemu, the first 40 (stock `llc` takes about 30 s on the 120 for RISC-V V,
    // three times: before, forced and measured).
    copies_under_qemu(&dir, &copies_module(QEMU_COPIES), QEMU_COPIES);
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    under_lli(
        &dir,
        &original,
        &want,
        &[
            ("shuffle-lib<lower-always>", "copies-always.ll"),
            ("shuffle-lib", "copies-measured.ll"),
        ],
        "copy",
        "slp:",
        Some("slp: kept"),
        4,
    );
}

/// How many of the copy functions run under qemu.
const QEMU_COPIES: usize = 40;

/// `count` permuted copy functions (the same first ones for any count) and a `main`
/// calling each, between globals apart or overlapping, and printing the hash of `@dst`.
fn copies_module(count: usize) -> String {
    let mut rng = Rng(0x5e1f_c0b1_e5ee_d001);
    let src: String = (0..2048)
        .map(|i| format!("\\{:02X}", (i * 73 + 5) % 256))
        .collect();
    let mut module = format!(
        "target triple = \"x86_64-unknown-linux-gnu\"\n\
         @src = global [2048 x i8] c\"{src}\", align 64\n\
         @dst = global [{DST_BYTES} x i8] zeroinitializer, align 64\n\
         @fmt = private constant [9 x i8] c\"%d %llx\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n\
         declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\n"
    );
    let mut apart = Vec::new();
    for k in 0..count {
        let (f, noalias) = copy_function(k, &mut rng);
        module += &f;
        apart.push(noalias);
    }
    module += &hash_function();
    module += "define i32 @main() {\n";
    for (k, &noalias) in apart.iter().enumerate() {
        // Apart when declared so; else the source is the destination moved by a few
        // bytes (both in @dst, filled from @src first).
        let (d, s) = if noalias {
            ("@dst".to_string(), "@src".to_string())
        } else {
            module += &format!(
                "  %dd{k} = getelementptr i8, ptr @dst, i64 {}\n  \
                 %ss{k} = getelementptr i8, ptr @dst, i64 256\n",
                256 + 1 + rng.below(200)
            );
            (format!("%dd{k}"), format!("%ss{k}"))
        };
        module += &format!(
            "  call void @llvm.memcpy.p0.p0.i64(ptr @dst, ptr @src, i64 2048, i1 false)\n  \
             call void @p{k}(ptr {d}, ptr {s})\n  %h{k} = call i64 @hash()\n  \
             call i32 (ptr, ...) @printf(ptr @fmt, i32 {k}, i64 %h{k})\n"
        );
    }
    module += "  ret i32 0\n}\nattributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n";
    module
}

/// The copy functions on AArch64 (neoverse-n1) and RISC-V V (sifive-x280) under qemu:
/// before and after `shuffle-lib` (every window forced, and measured), compiled with
/// `llc` and linked against the Debian cross libc; skipped without qemu.
fn copies_under_qemu(dir: &std::path::Path, module: &str, count: usize) {
    under_qemu(dir, module, count, "copies", "slp:");
}

/// `module` (functions printing one line each, `count` in all) on AArch64 (neoverse-n1)
/// and RISC-V V (sifive-x280) under qemu, before and after `shuffle-lib` (everything
/// forced, and measured): the lines must be equal. `name` names the files, `remark`
/// the rewrites counted; skipped without qemu.
fn under_qemu(dir: &std::path::Path, module: &str, count: usize, name: &str, remark: &str) {
    let passes = [
        ("shuffle-lib<lower-always>", "always"),
        ("shuffle-lib", "measured"),
    ];
    under_qemu_with(dir, module, count, name, remark, &passes);
}

/// [`under_qemu`] with other pipelines (`passes`: each pipeline and its file tag).
fn under_qemu_with(
    dir: &std::path::Path,
    module: &str,
    count: usize,
    name: &str,
    remark: &str,
    passes: &[(&str, &str)],
) {
    for cross in CROSS {
        let Cross { cpu, qemu, .. } = cross;
        if Command::new(qemu).arg("--version").output().is_err() {
            eprintln!("x86-differential: {name} on {cpu} skipped: no {qemu}");
            continue;
        }
        let text = module
            .replace("x86_64-unknown-linux-gnu", cross.triple)
            .replace(
                "\"target-cpu\"=\"x86-64-v3\"",
                &format!("\"target-cpu\"=\"{cpu}\""),
            );
        let original = dir.join(format!("{name}-{cpu}.ll"));
        fs::write(&original, text).unwrap();
        let exe = |file: &PathBuf, stem: &str| -> String {
            let (obj, bin) = (
                dir.join(format!("{stem}.o")),
                dir.join(format!("{stem}.exe")),
            );
            let [mut llc, mut link, mut run] = cross.commands(file, &obj, &bin);
            for (what, cmd) in [("llc", &mut llc), ("link", &mut link)] {
                let ok = cmd.status().expect("the tool runs").success();
                assert!(ok, "{what} failed on {}", file.display());
            }
            let out = run.output().expect("qemu runs");
            assert!(
                out.status.success(),
                "{} failed under {qemu}",
                bin.display()
            );
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let want = exe(&original, &format!("{name}-{cpu}-before"));
        assert_eq!(want.lines().count(), count);
        for &(passes, tag) in passes {
            let after = dir.join(format!("{name}-{cpu}-{tag}.ll"));
            opt(&original, passes, &after);
            let got = exe(&after, &format!("{name}-{cpu}-{tag}"));
            same_lines(&want, &got, |f| {
                format!("{passes} on {cpu} changed {name} function {f}")
            });
            let kept = remark.replace(':', ": kept");
            let [all, kept] = remark_counts(&original, passes, [remark, &kept]);
            let rewritten = all - kept;
            eprintln!(
                "x86-differential: {count} {name} functions on {cpu} under {qemu}, {passes}: \
                 {rewritten} rewritten, outputs equal"
            );
        }
    }
}

/// A function `@h{k}(ptr %dst, ptr %src, i64 %i)`: vectors gathered lane by lane from
/// scalar loads of a block of 8 to 256 elements of `src` (from `%i * 16`, the address
/// computed again for each load as the loop vectorizer does, or from a lane of a vector
/// induction as it does on x86-64-v4), each block element read once in a random
/// order (a quarter of them an index-bit permutation, which the networks take), and
/// stored apart after the last load. Some functions break the shape (one element read twice, a
/// volatile load, a store into the block between the loads: the pass must leave those).
fn gather_function(k: usize, rng: &mut Rng) -> String {
    const ELEMENTS: [(&str, usize); 5] =
        [("i8", 1), ("i16", 2), ("i32", 4), ("float", 4), ("i64", 8)];
    let (elem, size) = ELEMENTS[rng.below(5) as usize];
    let n = 3 + rng.below(6) as usize; // 8 to 256 elements
    let total = 1usize << n;
    let lanes = 1usize << (1 + rng.below(n as u64 - 1));
    let mut order: Vec<usize> = (0..total).collect();
    if rng.chance(25) {
        // An index-bit permutation (a transpose, an interleave): the networks rebuild
        // the registers of such a group before the gathers are decided.
        let mut sigma: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            sigma.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for (p, e) in order.iter_mut().enumerate() {
            *e = (0..n)
                .filter(|&b| p >> b & 1 == 1)
                .map(|b| 1 << sigma[b])
                .sum();
        }
    } else {
        for i in (1..total).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
    }
    let broken = rng.below(8);
    if broken == 0 {
        order[total - 1] = order[0];
    }
    // Half the functions address as the loop vectorizer does with a vector induction
    // (x86-64-v4): lane q of `shl <0,1,2,3> + 4k, 2`, in a loop that runs once, each
    // load from a random lane plus a constant.
    let induction = rng.chance(50);
    let (mut body, mut stores) = (String::new(), String::new());
    if induction {
        body += "  %iv = phi <4 x i64> [ <i64 0, i64 1, i64 2, i64 3>, %entry ], \
                 [ %iv.next, %loop ]\n  %sh = shl <4 x i64> %iv, splat (i64 2)\n";
    }
    let mut loads = 0;
    for g in 0..total / lanes {
        let mut prev = "poison".to_string();
        for j in 0..lanes {
            let e = order[g * lanes + j];
            let volatile = if broken == 1 && loads == 3 {
                "volatile "
            } else {
                ""
            };
            let address = if induction {
                let q = rng.below(4);
                format!(
                    "  %e{g}_{j} = extractelement <4 x i64> %sh, i64 {q}\n  \
                     %b{g}_{j} = getelementptr i8, ptr %base, i64 %e{g}_{j}\n  \
                     %a{g}_{j} = getelementptr i8, ptr %b{g}_{j}, i64 {}\n",
                    (e * size) as i64 - (q as i64) * 4
                )
            } else {
                format!(
                    "  %s{g}_{j} = shl i64 %i, 4\n  \
                     %b{g}_{j} = getelementptr inbounds i8, ptr %src, i64 %s{g}_{j}\n  \
                     %a{g}_{j} = getelementptr inbounds i8, ptr %b{g}_{j}, i64 {}\n",
                    e * size
                )
            };
            body += &format!(
                "{address}  %l{g}_{j} = load {volatile}{elem}, ptr %a{g}_{j}, align 1\n  \
                 %v{g}_{j} = insertelement <{lanes} x {elem}> {prev}, {elem} %l{g}_{j}, i64 {j}\n"
            );
            prev = format!("%v{g}_{j}");
            loads += 1;
            if broken == 2 && loads == total / 2 {
                // Into the block, at an element read later.
                let later = order[total - 1];
                let block = if induction {
                    "%base".to_string()
                } else {
                    format!("%b{g}_{j}")
                };
                body += &format!(
                    "  %w{g} = getelementptr inbounds i8, ptr {block}, i64 {}\n  \
                     store {elem} {}, ptr %w{g}, align 1\n",
                    later * size,
                    if elem == "float" { "1.5" } else { "7" }
                );
            }
        }
        stores += &format!(
            "  %d{g} = getelementptr i8, ptr %dst, i64 {}\n  \
             store <{lanes} x {elem}> {prev}, ptr %d{g}, align 1\n",
            g * lanes * size * 2
        );
    }
    // The vectors are stored after the last load (a store between would stop the pass:
    // it does not ask whether `%dst` and `%src` may alias).
    if !induction {
        return format!(
            "define void @h{k}(ptr %dst, ptr %src, i64 %i) #0 {{\n{body}{stores}  ret void\n}}\n"
        );
    }
    format!(
        "define void @h{k}(ptr %dst, ptr %src, i64 %i) #0 {{\nentry:\n  \
         %s = shl i64 %i, 4\n  %base = getelementptr inbounds i8, ptr %src, i64 %s\n  \
         br label %loop\nloop:\n  %c = phi i64 [ 0, %entry ], [ %c1, %loop ]\n{body}{stores}  \
         %iv.next = add <4 x i64> %iv, splat (i64 4)\n  %c1 = add i64 %c, 1\n  \
         %done = icmp eq i64 %c1, 1\n  br i1 %done, label %exit, label %loop\n\
         exit:\n  ret void\n}}\n"
    )
}

#[test]
fn gathered_loads_compute_the_same() {
    let dir = work_dir();
    let count = 120;
    let module = gathers_module(count);
    let original = dir.join("gathers.ll");
    fs::write(&original, &module).unwrap();
    // Under qemu, the first 40 (stock `llc` takes about 28 s on the 120 for RISC-V V,
    // three times: before, forced and measured).
    under_qemu(
        &dir,
        &gathers_module(QEMU_GATHERS),
        QEMU_GATHERS,
        "gathers",
        "gather:",
    );
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    under_lli(
        &dir,
        &original,
        &want,
        &[
            ("shuffle-lib<late;lower-always>", "gathers-always.ll"),
            ("shuffle-lib<late>", "gathers-measured.ll"),
        ],
        "gather",
        "gather:",
        None,
        2,
    );
}

/// How many of the gather functions run under qemu.
const QEMU_GATHERS: usize = 40;

/// `count` gather functions (the same first ones for any count) and a `main` calling
/// each and printing the hash of what it wrote.
fn gathers_module(count: usize) -> String {
    let mut rng = Rng(0x6a7e_4ed1_0ad5_0001);
    let mut module = format!(
        "target triple = \"x86_64-unknown-linux-gnu\"\n\
         @src = global [{SRC_BYTES} x i8] zeroinitializer, align 64\n\
         @dst = global [{DST_BYTES} x i8] zeroinitializer, align 64\n\
         @fmt = private constant [9 x i8] c\"%d %llx\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n"
    );
    for k in 0..count {
        module += &gather_function(k, &mut rng);
    }
    module += &hash_function();
    // `@src` filled with a pattern first (each function may write into it).
    module += "define i32 @main() {\nentry:\n  br label %fill\nfill:\n  \
               %j = phi i64 [ 0, %entry ], [ %j1, %fill ]\n  \
               %p = getelementptr i8, ptr @src, i64 %j\n  %t = trunc i64 %j to i8\n  \
               %m = mul i8 %t, 37\n  %x = add i8 %m, 11\n  store i8 %x, ptr %p\n  \
               %j1 = add i64 %j, 1\n  %done = icmp eq i64 %j1, 4096\n  \
               br i1 %done, label %go, label %fill\ngo:\n";
    for k in 0..count {
        module += &format!(
            "  call void @h{k}(ptr @dst, ptr @src, i64 {})\n  %h{k} = call i64 @hash()\n  \
             call i32 (ptr, ...) @printf(ptr @fmt, i32 {k}, i64 %h{k})\n",
            k % 5
        );
    }
    module += "  ret i32 0\n}\nattributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n";
    module
}

/// A function `@w{k}()` of one wide register shuffle: two vectors of a random type
/// (`<8 x i16>`, `<16 x i8>`, `<8 x i32>`, `<16 x i16>`, `<8 x float>`) loaded from
/// `@src`, shuffled by a random or structured mask without poison lanes (a poison lane
/// may print anything), the second operand sometimes zero, stored to `@dst`. Half the
/// functions are for x86-64-v2 (`#1`), where 256-bit types are split.
fn wide_function(k: usize, rng: &mut Rng) -> String {
    // (The operands are computed from the loads, so that they are registers.)
    const TYPES: [(usize, &str); 5] = [
        (8, "i16"),
        (16, "i8"),
        (8, "i32"),
        (16, "i16"),
        (8, "float"),
    ];
    let (n, elem) = TYPES[rng.below(TYPES.len() as u64) as usize];
    let ty = format!("<{n} x {elem}>");
    // The shapes real code has (as `scripts/sample_sweep.py` draws them), then a lane
    // or two moved: most two-instruction sequences come from such near-misses.
    let k0 = 1 + rng.below(n as u64 - 1) as usize;
    let group = [2, 4, n][rng.below(3) as usize];
    let shape = rng.below(8);
    let mut mask: Vec<usize> = (0..n)
        .map(|i| match shape {
            0 => i / 2 + if i % 2 == 1 { n } else { 0 } + if k0 % 2 == 1 { n / 2 } else { 0 },
            1 => (2 * i + k0 % 2) % (2 * n),
            2 => i + k0,
            3 => i + if rng.chance(50) { n } else { 0 },
            4 => i / group * group + group - 1 - i % group,
            5 => k0,
            6 => i % group + i / group * group / 2,
            _ => rng.below(2 * n as u64) as usize,
        })
        .collect();
    for _ in 0..rng.below(3) {
        let at = rng.below(n as u64) as usize;
        mask[at] = rng.below(2 * n as u64) as usize;
    }
    // One source now and then.
    if rng.chance(30) {
        mask.iter_mut().for_each(|m| *m %= n);
    }
    let sel: Vec<String> = mask.iter().map(|m| format!("i32 {m}")).collect();
    let second = if rng.chance(20) {
        "zeroinitializer".to_string()
    } else {
        "%b".to_string()
    };
    let attrs = if rng.chance(50) { "#0" } else { "#1" };
    let (off_a, off_b) = (rng.below(64) * 16, rng.below(64) * 16);
    // Computed operands, not loads (a load folds into the shuffle's instruction).
    let (op, one) = if elem == "float" {
        ("fadd", "splat (float 1.0)".to_string())
    } else {
        ("xor", format!("splat ({elem} 1)"))
    };
    format!(
        "define void @w{k}() {attrs} {{\n  \
         %pa = getelementptr i8, ptr @src, i64 {off_a}\n  \
         %pb = getelementptr i8, ptr @src, i64 {off_b}\n  \
         %la = load {ty}, ptr %pa, align 1\n  %lb = load {ty}, ptr %pb, align 1\n  \
         %a = {op} {ty} %la, {one}\n  %b = {op} {ty} %lb, {one}\n  \
         %s = shufflevector {ty} %a, {ty} {second}, <{n} x i32> <{}>\n  \
         %pd = getelementptr i8, ptr @dst, i64 {}\n  \
         store {ty} %s, ptr %pd, align 1\n  ret void\n}}\n",
        sel.join(", "),
        k % 128 * 32
    )
}

/// Wide register shuffles selected as sequences of the wide descriptions
/// (`shuf::lower::wide_search`, `pass::select_wide`): random ones compute the same
/// before and after the measured pass, here and on AArch64 under qemu.
#[test]
fn wide_selections_compute_the_same() {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    if !cpuinfo.split_whitespace().any(|f| f == "avx2") {
        eprintln!("x86-differential: wide selections skipped: this CPU has no AVX2");
        return;
    }
    let dir = work_dir();
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let count = 240;
    let src: Vec<u8> = (0..2048).map(|i| ((i * 151 + 7) % 256) as u8).collect();
    let functions: Vec<String> = (0..count).map(|k| wide_function(k, &mut rng)).collect();
    let module = hashed_program(
        &src,
        &functions,
        |k| format!("call void @w{k}()"),
        "attributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n\
         attributes #1 = { \"target-cpu\"=\"x86-64-v2\" }\n",
    );
    let original = dir.join("wide.ll");
    fs::write(&original, &module).unwrap();
    under_qemu(
        &dir,
        &module.replace("x86-64-v2", "x86-64-v3"),
        count,
        "wide",
        "wide sequence:",
    );
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    let after = dir.join("wide-measured.ll");
    opt(&original, "shuffle-lib", &after);
    let got = run(&after);
    same_lines(&want, &got, |f| {
        format!("shuffle-lib changed wide function {f}")
    });
    let selected = remarks(&original, "shuffle-lib", "wide sequence:");
    eprintln!("x86-differential: {count} wide functions: {selected} selected, outputs equal");
    // x86-64-v4 (`vpermt2w`, `vpermw`), which this machine need not run: LLVM's
    // instcombine folds the table intrinsics with a constant index into the
    // shufflevectors they compute (its own reading of them), and those run on v3.
    let v4 = dir.join("wide-v4.ll");
    fs::write(
        &v4,
        module
            .replace("x86-64-v3", "x86-64-v4")
            .replace("x86-64-v2", "x86-64-v4"),
    )
    .unwrap();
    let v4_after = dir.join("wide-v4-measured.ll");
    opt(&v4, "shuffle-lib", &v4_after);
    let v4_text = fs::read_to_string(&v4_after).unwrap();
    let folded = dir.join("wide-v4-folded.ll");
    opt(&v4_after, "instcombine", &folded);
    let text = fs::read_to_string(&folded)
        .unwrap()
        .replace("x86-64-v4", "x86-64-v3");
    assert!(
        !text
            .lines()
            .any(|l| l.contains(" call ") && l.contains("@llvm.x86.avx512.")),
        "instcombine left an AVX-512 table in {}",
        folded.display()
    );
    fs::write(&folded, text).unwrap();
    let got = run(&folded);
    same_lines(&want, &got, |f| {
        format!("shuffle-lib changed wide function {f} on x86-64-v4")
    });
    let v4_selected = remarks(&v4, "shuffle-lib", "wide sequence:");
    let avx512 = v4_text
        .lines()
        .filter(|l| l.contains(" call ") && l.contains("@llvm.x86.avx512."))
        .count();
    eprintln!(
        "x86-differential: {count} wide functions on x86-64-v4: {v4_selected} selected \
         ({avx512} AVX-512 tables), outputs equal after instcombine"
    );
    assert!(avx512 > 0, "no AVX-512 table selected on x86-64-v4");
    // Most shapes are one instruction already, or lowered by an earlier rule.
    assert!(
        selected * 20 >= count,
        "only {selected} of {count} selected"
    );
}

/// A function `@t{k}()`: a shuffle of two vectors of two or four 16-byte registers
/// each (and one of 48 bytes, three), its mask random (most result registers then read
/// three or more of the four to eight sources) or of a few registers only, sometimes
/// with poison lanes, a zero or poison second operand; the result as wide as an operand
/// or half, stored.
fn many_register_function(k: usize, rng: &mut Rng) -> String {
    const TYPES: [(usize, &str); 10] = [
        (32, "i8"),
        (64, "i8"),
        (16, "i16"),
        (32, "i16"),
        (8, "i32"),
        (16, "i32"),
        (8, "float"),
        (4, "i64"),
        (8, "double"),
        (48, "i8"),
    ];
    let (n, elem) = TYPES[rng.below(TYPES.len() as u64) as usize];
    let ty = format!("<{n} x {elem}>");
    let out = if rng.chance(30) && n % 2 == 0 {
        n / 2
    } else {
        n
    };
    let second = match rng.below(10) {
        0 => "zeroinitializer",
        1 => "poison",
        _ => "%b",
    };
    // Now and then each result register reads two source registers only.
    let size = match elem {
        "i8" => 1,
        "i16" => 2,
        "i32" | "float" => 4,
        _ => 8,
    };
    let per_register = 16 / size;
    let sources = 2 * n / per_register;
    let pairs: Vec<[usize; 2]> = (0..out.div_ceil(per_register))
        .map(|_| [0, 1].map(|_| rng.below(sources as u64) as usize))
        .collect();
    let few = rng.chance(25);
    let mask: Vec<String> = (0..out)
        .map(|i| {
            if rng.chance(8) {
                return "i32 poison".to_string();
            }
            let lane = if few {
                let r = pairs[i / per_register][rng.below(2) as usize];
                r * per_register + rng.below(per_register as u64) as usize
            } else {
                rng.below(2 * n as u64) as usize
            };
            format!("i32 {lane}")
        })
        .collect();
    let (op, one) = match elem {
        "float" => ("fadd", "splat (float 1.0)".to_string()),
        "double" => ("fadd", "splat (double 1.0)".to_string()),
        _ => ("xor", format!("splat ({elem} 1)")),
    };
    let (off_a, off_b) = (rng.below(48) * 64, rng.below(48) * 64);
    // A poison lane's byte in memory is anything (a lane of the mask's or of a poison
    // operand): stored as zero by a select.
    let poison = |m: &String| {
        let lane = m.trim_start_matches("i32 ").parse::<usize>();
        lane.map_or(true, |l| l >= n && second == "poison")
    };
    let keep: Vec<&str> = mask
        .iter()
        .map(|m| if poison(m) { "i1 false" } else { "i1 true" })
        .collect();
    format!(
        "define void @t{k}() #0 {{\n  \
         %pa = getelementptr i8, ptr @src, i64 {off_a}\n  \
         %pb = getelementptr i8, ptr @src, i64 {off_b}\n  \
         %la = load {ty}, ptr %pa, align 1\n  %lb = load {ty}, ptr %pb, align 1\n  \
         %a = {op} {ty} %la, {one}\n  %b = {op} {ty} %lb, {one}\n  \
         %s = shufflevector {ty} %a, {ty} {second}, <{out} x i32> <{}>\n  \
         %r = select <{out} x i1> <{}>, <{out} x {elem}> %s, <{out} x {elem}> zeroinitializer\n  \
         %pd = getelementptr i8, ptr @dst, i64 {}\n  \
         store <{out} x {elem}> %r, ptr %pd, align 1\n  ret void\n}}\n",
        mask.join(", "),
        keep.join(", "),
        k % 32 * 128
    )
}

/// Shuffles of more registers than one table instruction reads
/// (`shuf::lower::tables`, `pass::tables`: AArch64 `tbl3`/`tbl4`/`tbx`): random ones
/// compute the same before and after the pass, forced and measured, under qemu.
#[test]
fn many_register_tables_compute_the_same() {
    let dir = work_dir();
    let mut rng = Rng(0x7ab1_e5ee_d000_0001);
    let count = 200;
    let src: Vec<u8> = (0..SRC_BYTES)
        .map(|i| ((i * 167 + 11) % 256) as u8)
        .collect();
    let functions: Vec<String> = (0..count)
        .map(|k| many_register_function(k, &mut rng))
        .collect();
    let module = hashed_program(
        &src,
        &functions,
        |k| format!("call void @t{k}()"),
        "attributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n",
    );
    let original = dir.join("tables.ll");
    fs::write(&original, &module).unwrap();
    under_qemu(&dir, &module, count, "tables", "tables:");
}

/// A function `@o{k}(ptr %dst, ptr %src, i64 %n)`: the scalar loop `dst[i] =
/// t{k}[index(src[i])]` over a constant table of 1 to 64 bytes, the index masked,
/// shifted, reduced (in i8, or masked in i32), or not proved at all; its input bytes
/// `@in{k}` keep every index inside the table (the original would read past it
/// otherwise). Returns the function and its trip count (odd ones too: remainders).
fn offered_function(k: usize, rng: &mut Rng) -> (String, u64) {
    let len = 1 + rng.below(64) as usize;
    let table: String = (0..len)
        .map(|_| format!("\\{:02X}", rng.below(256)))
        .collect();
    let c = rng.below(256) as u8;
    let (index, cap, input): (String, usize, Box<dyn Fn(u8) -> u8>) = match rng.below(5) {
        0 => {
            // Half the masks proved inside the table.
            let bound = [64, len as u64][rng.below(2) as usize];
            let m = rng.below(bound);
            (
                format!("%x = and i8 %b, {m}\n  %z = zext i8 %x to i64"),
                256,
                Box::new(|d| d),
            )
        }
        1 => {
            let by = 2 + rng.below(6) as u32;
            (
                format!("%x = lshr i8 %b, {by}\n  %z = zext i8 %x to i64"),
                256 >> by,
                Box::new(move |d| d << by),
            )
        }
        2 => {
            let by = 1 + rng.below(64);
            (
                format!("%x = urem i8 %b, {by}\n  %z = zext i8 %x to i64"),
                256,
                Box::new(|d| d),
            )
        }
        3 => {
            // Half the masks proved inside the table.
            let bound = [64, len as u64][rng.below(2) as usize];
            let m = rng.below(bound);
            let ext = ["zext", "sext"][rng.below(2) as usize];
            (
                format!(
                    "%w = zext i8 %b to i32\n  %x = and i32 %w, {m}\n  %z = {ext} i32 %x to i64"
                ),
                256,
                Box::new(|d| d),
            )
        }
        _ => (
            format!("%x = add i8 %b, {c}\n  %z = zext i8 %x to i64"),
            256,
            Box::new(move |d: u8| d.wrapping_sub(c)),
        ),
    };
    let span = len.min(cap);
    let inputs: String = (0..256)
        .map(|i| format!("\\{:02X}", input(((i * 7 + i / 16) % span) as u8)))
        .collect();
    let address = match rng.chance(50) {
        true => format!("getelementptr inbounds i8, ptr @t{k}, i64 %z"),
        false => format!("getelementptr inbounds [{len} x i8], ptr @t{k}, i64 0, i64 %z"),
    };
    let n = 1 + rng.below(200);
    let function = format!(
        "@t{k} = internal constant [{len} x i8] c\"{table}\"\n\
         @in{k} = internal global [256 x i8] c\"{inputs}\"\n\
         define void @o{k}(ptr noalias %dst, ptr noalias %src, i64 %n) #0 {{\n\
         entry:\n  br label %loop\n\
         loop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n  \
         %s = getelementptr inbounds i8, ptr %src, i64 %i\n  %b = load i8, ptr %s, align 1\n  \
         {index}\n  %p = {address}\n  %v = load i8, ptr %p, align 1\n  \
         %d = getelementptr inbounds i8, ptr %dst, i64 %i\n  store i8 %v, ptr %d, align 1\n  \
         %i.next = add nuw i64 %i, 1\n  %done = icmp eq i64 %i.next, %n\n  \
         br i1 %done, label %exit, label %loop\n\
         exit:\n  ret void\n}}\n"
    );
    (function, n)
}

/// Table loads offered to the vectorizers (`ir::lookup_call`): random scalar table
/// loops through the whole `default<O3>` pipeline with the plugin (offered before the
/// vectorizers, put back after them), natively under `lli` (x86-64-v3) and under qemu
/// on AArch64 and RISC-V V; every byte stored must be the same.
#[test]
fn offered_table_loads_compute_the_same() {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    if !cpuinfo.split_whitespace().any(|f| f == "avx2") {
        eprintln!("x86-differential: skipped, this machine has no AVX2");
        return;
    }
    let dir = work_dir();
    let mut rng = Rng(0x0ffe_12ed_7ab1_e5ed);
    let count = 60;
    let (functions, trips): (Vec<String>, Vec<u64>) =
        (0..count).map(|k| offered_function(k, &mut rng)).unzip();
    let module = hashed_program(
        &[0],
        &functions,
        |k| format!("call void @o{k}(ptr @dst, ptr @in{k}, i64 {})", trips[k]),
        "attributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n",
    );
    let original = dir.join("offered.ll");
    fs::write(&original, &module).unwrap();
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    let after = dir.join("offered-o3.ll");
    opt(&original, "default<O3>", &after);
    let got = run(&after);
    same_lines(&want, &got, |f| {
        format!("the pipeline changed what function {f} stores")
    });
    let offered = remarks(&original, "default<O3>", "offered to the vectorizers");
    let text = fs::read_to_string(&after).unwrap();
    let vectorized = text
        .split("define void @o")
        .skip(1)
        .filter(|f| f.split("\n}").next().unwrap_or("").contains(".pshuf.b"))
        .count();
    assert!(
        !text.contains("call i8 @shuf.lookup"),
        "a lookup call was left"
    );
    eprintln!(
        "x86-differential: {count} table loops, {offered} loads offered, {vectorized} looked up \
         with pshufb after the vectorizers, outputs equal"
    );
    // The test must be able to fail: a fair share of the loads are offered and vectorized.
    assert!(
        offered * 4 >= count && vectorized * 8 >= count,
        "{offered} offered, {vectorized} looked up"
    );
    let passes = [("default<O3>", "o3")];
    under_qemu_with(&dir, &module, count, "offered", "table load:", &passes);
}

/// A function `@j{k}(ptr %dst, ptr %src, i64 %i)`: 1 to 8 register-sized loads of one
/// block of `%src` (in any order), random shuffles of them (two sources, or one and
/// `poison`; no poison lane: it would print anything), some stored side by side into
/// one block of `%dst` (in any order, some twice as wide), which the joins
/// (`shuf::lower::join`) make one load, shuffle and store. Some functions break the
/// shape: a store into the loaded block between two loads, a load of the stored block
/// between two stores (stored on elsewhere), a gap between the loads, a shuffle also
/// stored elsewhere; a quarter work in place (`%src` is `%dst`). A third are 2 to 4
/// items side by side as an unrolled loop leaves them (the same group again, item `j`'s
/// blocks at `(%i | j) * bytes`, each address computed again; `%i` is 0), which the
/// joins take together.
fn join_function(k: usize, rng: &mut Rng) -> String {
    const ELEMENTS: [(&str, usize); 5] = [
        ("i8", 1),
        ("i16", 2),
        ("i32", 4),
        ("float", 4),
        ("double", 8),
    ];
    let (elem, size) = ELEMENTS[rng.below(5) as usize];
    let items = if rng.chance(33) {
        2 + rng.below(3) as usize
    } else {
        1
    };
    // Every access inside the buffers: items are smaller.
    let (most_bytes, most_loads) = if items > 1 { (32, 4) } else { (64, 8) };
    let lanes = loop {
        let lanes = 1usize << (1 + rng.below(4));
        if lanes * size <= most_bytes {
            break lanes;
        }
    };
    let loads = 1 + rng.below(most_loads) as usize;
    let in_place = rng.chance(25);
    let breaker = rng.below(8); // 0..=3 break the shape
    let state = rng.next();
    let mut body = String::new();
    for item in 0..items {
        // The same group for every item (the same random choices).
        let mut r = Rng(state);
        let (src, dst) = if items == 1 {
            (
                if in_place { "%dst" } else { "%src" }.to_string(),
                "%dst".to_string(),
            )
        } else {
            let (load_bytes, store_bytes) = item_bytes(&mut Rng(state), loads, lanes, size);
            body += &format!(
                "  %x{item}i = or disjoint i64 %i, {item}\n  \
                 %x{item}l = mul i64 %x{item}i, {load_bytes}\n  \
                 %x{item}s = mul i64 %x{item}i, {store_bytes}\n  \
                 %x{item}src = getelementptr i8, ptr {}, i64 %x{item}l\n  \
                 %x{item}dst = getelementptr i8, ptr %dst, i64 %x{item}s\n",
                if in_place { "%dst" } else { "%src" }
            );
            (format!("%x{item}src"), format!("%x{item}dst"))
        };
        body += &join_item(
            &mut r,
            &format!("x{item}"),
            &src,
            &dst,
            elem,
            size,
            lanes,
            loads,
            breaker,
        );
    }
    format!(
        "define void @j{k}(ptr %dst, ptr %src, i64 %i) #0 {{\n  \
         %out = getelementptr i8, ptr %dst, i64 3584\n{body}  ret void\n}}\n"
    )
}

/// The bytes one item of [`join_item`] loads and stores (run with its random state).
fn item_bytes(rng: &mut Rng, loads: usize, lanes: usize, size: usize) -> (usize, usize) {
    let text = join_item(rng, "t", "%s", "%d", "i8", size, lanes, loads, 7);
    let stored: usize = text
        .lines()
        .filter(|l| l.trim_start().starts_with("store <"))
        .map(|l| {
            let n: usize = l
                .split('<')
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            n * size
        })
        .sum();
    (loads * lanes * size, stored)
}

/// One group of [`join_function`], its names prefixed with `x`.
#[allow(clippy::too_many_arguments)]
fn join_item(
    rng: &mut Rng,
    x: &str,
    src: &str,
    dst: &str,
    elem: &str,
    size: usize,
    lanes: usize,
    loads: usize,
    breaker: u64,
) -> String {
    let ty = |n: usize| format!("<{n} x {elem}>");
    let list = |xs: &[usize]| {
        xs.iter()
            .map(|x| format!("i32 {x}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut body = String::new();
    let mut order: Vec<usize> = (0..loads).collect();
    for i in (1..loads).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let gap = if breaker == 2 { lanes * size } else { 0 };
    let written = rng.below((loads * lanes * size) as u64);
    for (n, &i) in order.iter().enumerate() {
        if n == 1 && breaker == 0 {
            body += &format!(
                "  %{x}w = getelementptr i8, ptr {src}, i64 {written}\n  store i8 7, ptr %{x}w\n"
            );
        }
        let offset = i * lanes * size + if i > 0 { gap } else { 0 };
        body += &format!(
            "  %{x}p{i} = getelementptr i8, ptr {src}, i64 {offset}\n  \
             %{x}v{i} = load {}, ptr %{x}p{i}, align 1\n",
            ty(lanes)
        );
    }
    // Values of `lanes` lanes (loads and shuffles) and wider ones (only stored).
    let mut narrow: Vec<String> = (0..loads).map(|i| format!("%{x}v{i}")).collect();
    let mut wide: Vec<String> = Vec::new();
    // The first shuffles read the loads two by two (so that most groups read them all).
    let pairs = loads.div_ceil(2);
    let extra = rng.below(8) as usize;
    for s in 0..pairs + extra {
        let pick = |rng: &mut Rng| narrow[rng.below(narrow.len() as u64) as usize].clone();
        let (a, two) = match s < pairs {
            true => (format!("%{x}v{}", 2 * s), 2 * s + 1 < loads),
            false => (pick(rng), rng.chance(70)),
        };
        let b = match (two, s < pairs) {
            (true, true) => format!("%{x}v{}", 2 * s + 1),
            (true, false) => pick(rng),
            (false, _) => "poison".to_string(),
        };
        let reach = if two { 2 * lanes } else { lanes };
        let out = if rng.chance(20) { 2 * lanes } else { lanes };
        let mask: Vec<usize> = (0..out).map(|_| rng.below(reach as u64) as usize).collect();
        body += &format!(
            "  %{x}s{s} = shufflevector {t} {a}, {t} {b}, <{out} x i32> <{}>\n",
            list(&mask),
            t = ty(lanes)
        );
        match out == lanes {
            true => narrow.push(format!("%{x}s{s}")),
            false => wide.push(format!("%{x}s{s}")),
        }
    }
    // The stores: every shuffle nothing reads (the others are read inside the group),
    // and some that are read.
    let shuffles: Vec<String> = narrow[loads..].iter().chain(&wide).cloned().collect();
    let read = |v: &str| body.contains(&format!("{v},")) || body.contains(&format!("{v} ,"));
    let stored: Vec<String> = shuffles
        .iter()
        .filter(|v| !read(v) || rng.chance(10))
        .cloned()
        .collect();
    let width = |v: &str| {
        if wide.iter().any(|w| w == v) {
            2 * lanes
        } else {
            lanes
        }
    };
    let mut at = Vec::new();
    let mut offset = 0;
    for v in &stored {
        at.push(offset);
        offset += width(v) * size;
    }
    let mut order: Vec<usize> = (0..stored.len()).collect();
    for i in (1..stored.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let read_at = rng.below(offset.max(1) as u64);
    for (n, &i) in order.iter().enumerate() {
        if n == 1 && breaker == 1 {
            body += &format!(
                "  %{x}r = getelementptr i8, ptr {dst}, i64 {read_at}\n  %{x}rv = load i8, ptr %{x}r\n  \
                 store i8 %{x}rv, ptr %out\n"
            );
        }
        body += &format!(
            "  %{x}q{i} = getelementptr i8, ptr {dst}, i64 {}\n  store {} {}, ptr %{x}q{i}, align 1\n",
            at[i],
            ty(width(&stored[i])),
            stored[i]
        );
    }
    if breaker == 3 {
        let v = &stored[0];
        body += &format!("  store {} {v}, ptr %out, align 1\n", ty(width(v)));
    }
    body
}

/// Rounds of the join, reduction and segment-load campaigns (`SHUF_MORE_ROUNDS`,
/// default 1), each with its own seed.
fn rounds() -> u64 {
    std::env::var("SHUF_MORE_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

#[test]
fn joined_groups_compute_the_same() {
    for round in 0..rounds() {
        joined_groups_round(0x7013_ed60_0b5e_0001 + round * 0x9e37_79b9);
    }
}

fn joined_groups_round(seed: u64) {
    let dir = work_dir();
    let mut rng = Rng(seed);
    let count = 150;
    let src: Vec<u8> = (0..2048).map(|i| ((i * 53 + 7) % 256) as u8).collect();
    let functions: Vec<String> = (0..count).map(|k| join_function(k, &mut rng)).collect();
    let module = hashed_program(
        &src,
        &functions,
        |k| format!("call void @j{k}(ptr @dst, ptr @src, i64 0)"),
        "attributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n",
    );
    let original = dir.join("joins.ll");
    fs::write(&original, &module).unwrap();
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    let after = dir.join("joins-always.ll");
    // The joins as forced (the pieces would take some of their wide loads apart again).
    let passes = "shuffle-lib<late;lower-always;no-pieces>";
    opt(&original, passes, &after);
    let got = run(&after);
    same_lines(&want, &got, |f| {
        format!("{passes} changed join function {f}")
    });
    let joined = remarks(&original, passes, "join:");
    eprintln!("x86-differential: {count} join functions, {passes}: {joined} joined, outputs equal");
    assert!(joined * 4 >= count, "only {joined} of {count} joined");
    under_qemu(&dir, &module, count, "joins", "join:");
}

/// A function `@f{k}(ptr noalias %d, ptr noalias %s)`: 4 to 16 lanes of float or
/// double, each `a[p(j)] * b[j] + c[j]` by `llvm.fmuladd` or `llvm.fma` (one for all
/// lanes, now and then one lane the other: no bundle), the factors of some lanes swapped,
/// stored in order (SLP multiply-add nodes).
fn multiply_add_function(k: usize, rng: &mut Rng) -> String {
    let (ty, size, suffix) = [("float", 4i64, "f32"), ("double", 8, "f64")][rng.below(2) as usize];
    let n = [4usize, 8, 16][rng.below(3) as usize];
    let mut perm: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let op = ["fmuladd", "fma"][rng.below(2) as usize];
    let odd = rng.chance(15).then(|| rng.below(n as u64) as usize);
    let mut body = String::new();
    for (j, &pj) in perm.iter().enumerate() {
        let this = match (odd == Some(j), op) {
            (true, "fma") => "fmuladd",
            (true, _) => "fma",
            (false, op) => op,
        };
        let (x, y) = match rng.chance(30) {
            true => ("%y", "%x"),
            false => ("%x", "%y"),
        };
        body += &format!(
            "  %pa{j} = getelementptr inbounds i8, ptr %s, i64 {}\n  \
             %x{j} = load {ty}, ptr %pa{j}, align 1\n  \
             %pb{j} = getelementptr inbounds i8, ptr %s, i64 {}\n  \
             %y{j} = load {ty}, ptr %pb{j}, align 1\n  \
             %pc{j} = getelementptr inbounds i8, ptr %s, i64 {}\n  \
             %z{j} = load {ty}, ptr %pc{j}, align 1\n  \
             %r{j} = call {ty} @llvm.{this}.{suffix}({ty} {x}{j}, {ty} {y}{j}, {ty} %z{j})\n  \
             %pd{j} = getelementptr inbounds i8, ptr %d, i64 {}\n  \
             store {ty} %r{j}, ptr %pd{j}, align 1\n",
            pj as i64 * size,
            256 + j as i64 * size,
            512 + j as i64 * size,
            j as i64 * size
        );
    }
    format!("define void @f{k}(ptr noalias %d, ptr noalias %s) #0 {{\n{body}  ret void\n}}\n")
}

/// Multiply-adds as SLP nodes: forced and measured, under `lli` and on AArch64 and
/// RISC-V V under qemu, the stored values equal (`fmuladd` fuses alike both ways on each
/// of these CPUs).
#[test]
fn multiply_adds_compute_the_same() {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    if !cpuinfo.contains(" fma") {
        eprintln!("skipped: this machine has no FMA");
        return;
    }
    let module = lli_campaign(
        "multiply-adds",
        "f",
        0xf3a0_0add_5eed_0001,
        100,
        (41, 5),
        multiply_add_function,
        &[
            ("shuffle-lib<early;lower-always>", "multiply-adds-always.ll"),
            ("shuffle-lib<early>", "multiply-adds-measured.ll"),
        ],
        "slp:",
        Some("slp: kept"),
    );
    under_qemu(&work_dir(), &module, 100, "multiply-adds", "slp:");
}

/// A function `@v{k}(ptr %dst, ptr %src)`: one load of 4 to 256 elements (of 1 to 8
/// bytes, at most 512 bytes), a shuffle that interleaves 2, 4 or 8 pieces of it (each
/// piece where its row is, or anywhere in the load, overlapping others), and a store
/// (no poison lanes: the stored bytes are compared; `crate::lower::pieces`' unit tests
/// cover them). Some functions break the shape (a lane moved, a volatile load, the
/// shuffle stored twice): the pass must leave those.
fn pieces_function(k: usize, rng: &mut Rng) -> String {
    const ELEMENTS: [(&str, usize); 5] =
        [("i8", 1), ("i16", 2), ("i32", 4), ("float", 4), ("i64", 8)];
    let (elem, size) = ELEMENTS[rng.below(5) as usize];
    let (factor, len, total) = loop {
        let factor = [2usize, 4, 8][rng.below(3) as usize];
        let len = [2usize, 4, 8, 16][rng.below(4) as usize];
        let total = factor * len * (1 + rng.below(2) as usize);
        if total * size <= 512 {
            break (factor, len, total);
        }
    };
    let starts: Vec<usize> = (0..factor)
        .map(|f| match rng.chance(50) {
            true => f * len,
            false => rng.below((total - len + 1) as u64) as usize,
        })
        .collect();
    let n = factor * len;
    let mut mask: Vec<usize> = (0..n).map(|j| starts[j % factor] + j / factor).collect();
    let broken = rng.below(8);
    if broken == 0 {
        // A lane moved: no interleave of pieces (unless by chance).
        mask[0] = (mask[0] + 1) % total;
    }
    let list = mask
        .iter()
        .map(|m| format!("i32 {m}"))
        .collect::<Vec<_>>()
        .join(", ");
    let volatile = if broken == 1 { "volatile " } else { "" };
    let align = if rng.chance(50) { size } else { 1 };
    let (t, r) = (format!("<{total} x {elem}>"), format!("<{n} x {elem}>"));
    let mut body = format!(
        "  %v = load {volatile}{t}, ptr %src, align {align}\n  \
         %y = shufflevector {t} %v, {t} poison, <{n} x i32> <{list}>\n  \
         store {r} %y, ptr %dst, align {align}\n"
    );
    if broken == 2 {
        // The shuffle read twice (stored again, past the first store).
        body += &format!(
            "  %again = getelementptr i8, ptr %dst, i64 600\n  \
             store {r} %y, ptr %again, align 1\n"
        );
    }
    format!("define void @v{k}(ptr %dst, ptr %src) #0 {{\n{body}  ret void\n}}\n")
}

/// Stored interleaves of pieces of one wide load (`shuf::lower::pieces`): with every
/// candidate built (`lower-always`) and as measured, under `lli` and on AArch64 and
/// RISC-V V under qemu, the stored bytes equal.
#[test]
fn pieces_compute_the_same() {
    let module = lli_campaign(
        "pieces",
        "v",
        0x91ec_e5ed_0000_0001,
        150,
        (29, 3),
        pieces_function,
        &[
            (
                "shuffle-lib<late;no-networks;lower-always>",
                "pieces-always.ll",
            ),
            ("shuffle-lib<late>", "pieces-measured.ll"),
        ],
        "pieces:",
        Some("pieces: kept"),
    );
    under_qemu(&work_dir(), &module, 150, "pieces", "pieces:");
}

/// A function `@r{k}(ptr %d, ptr %s)`: a horizontal reduction (add, mul, and, or, xor, or an integer
/// minimum or maximum: `llvm.smin`, `smax`, `umin`, `umax`)
/// of 4 to 32 integer lanes, each a load of a permuted range of `%s` or an operation of
/// it and a load of a second range (same base, or 1024 bytes on), commutative operands
/// sometimes swapped; the result stored to `%d`. Some functions store into the loaded
/// range between the loads (or beyond every range), or read an inner sum elsewhere;
/// `%s` and `%d` overlap unless declared `noalias`.
fn reduction_function(k: usize, rng: &mut Rng) -> String {
    const TYPES: [(&str, i64); 4] = [("i8", 1), ("i16", 2), ("i32", 4), ("i64", 8)];
    let (ty, size) = TYPES[rng.below(4) as usize];
    let n = [4usize, 8, 16, 32][rng.below(4) as usize];
    let reduce = [
        "add", "mul", "and", "or", "xor", "smin", "smax", "umin", "umax",
    ][rng.below(9) as usize];
    let op = ["add", "sub", "mul", "xor", ""][rng.below(5) as usize];
    let second = if rng.chance(50) {
        n as i64 * size
    } else {
        1024
    };
    let mut p: Vec<usize> = (0..n).collect();
    let mut q: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, rng.below(i as u64 + 1) as usize);
        q.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let between = rng.chance(20).then(|| rng.below(n as u64) as usize);
    let read_inner = rng.chance(10).then(|| 1 + rng.below(n as u64 - 2) as usize);
    let mut body = lanes_body(n, ty, size, op, second, &p, &q, between, rng);
    // Plain loads as lanes: `or %x, 0` keeps the names uniform; InstCombine would fold
    // it, the pass reads it as an operation with a constant.
    let mut acc = "%v0".to_string();
    for j in 1..n {
        body += &match reduce.ends_with("min") || reduce.ends_with("max") {
            // Intrinsics are declared as they are used (LLVM 22's parser).
            true => format!("  %s{j} = call {ty} @llvm.{reduce}.{ty}({ty} {acc}, {ty} %v{j})\n"),
            false => format!("  %s{j} = {reduce} {ty} {acc}, %v{j}\n"),
        };
        acc = format!("%s{j}");
        if read_inner == Some(j) {
            body += &format!(
                "  %o = getelementptr inbounds i8, ptr %d, i64 64\n  store {ty} {acc}, ptr %o, align 1\n"
            );
        }
    }
    body += &format!("  store {ty} {acc}, ptr %d, align 1\n");
    let attr = if rng.chance(50) { "noalias " } else { "" };
    format!("define void @r{k}(ptr {attr}%d, ptr {attr}%s) #0 {{\n{body}  ret void\n}}\n")
}

#[test]
fn reductions_compute_the_same() {
    for round in 0..rounds() {
        reductions_round(0x4ed0_c710_5eed_0001 + round * 0x9e37_79b9);
    }
}

fn reductions_round(seed: u64) {
    slp_round(
        seed,
        "reductions",
        "reduction",
        reduction_function,
        "r",
        "slp: a reduction",
        "slp: kept a reduction",
    );
}

/// One round of an SLP campaign: 120 functions `@{prefix}{k}(ptr %d, ptr %s)` of
/// `generate`, each called on `@dst` and `@src` (`noalias`) or on overlapping parts of
/// `@dst`, under `lli` (forced and measured, `taken`/`kept` their remarks) and qemu.
fn slp_round(
    seed: u64,
    name: &str,
    what: &str,
    generate: fn(usize, &mut Rng) -> String,
    prefix: &str,
    taken: &str,
    kept: &str,
) {
    let dir = work_dir();
    let mut rng = Rng(seed);
    let count = 120;
    let src: Vec<u8> = (0..2048).map(|i| ((i * 89 + 3) % 256) as u8).collect();
    let functions: Vec<String> = (0..count).map(|k| generate(k, &mut rng)).collect();
    let noalias: Vec<bool> = functions.iter().map(|f| f.contains("noalias")).collect();
    let module = hashed_program(
        &src,
        &functions,
        |k| match noalias[k] {
            true => format!("call void @{prefix}{k}(ptr @dst, ptr @src)"),
            // Overlapping: the function reads @dst from 256 on and stores at 300.
            false => format!(
                "%dd{k} = getelementptr i8, ptr @dst, i64 300\n  \
                 %ss{k} = getelementptr i8, ptr @dst, i64 256\n  \
                 call void @{prefix}{k}(ptr %dd{k}, ptr %ss{k})"
            ),
        },
        "attributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n",
    );
    let original = dir.join(format!("{name}.ll"));
    fs::write(&original, &module).unwrap();
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    let always = format!("{name}-always.ll");
    let measured = format!("{name}-measured.ll");
    under_lli(
        &dir,
        &original,
        &want,
        &[
            ("shuffle-lib<lower-always>", always.as_str()),
            ("shuffle-lib", measured.as_str()),
        ],
        what,
        taken,
        Some(kept),
        3,
    );
    under_qemu(&dir, &module, count, name, "slp:");
}

/// Lanes `%v0..%v{n}` of `ty` for the SLP campaigns: `%v{j}` is `op` of the element
/// `p[j]` of `%s` and the element `q[j]` from `second` bytes on (or `or` of the first
/// with 0 where `op` is empty), operands sometimes swapped; with `between`, a byte store
/// into the loaded range (or far beyond it) after that lane's first load.
#[allow(clippy::too_many_arguments)]
fn lanes_body(
    n: usize,
    ty: &str,
    size: i64,
    op: &str,
    second: i64,
    p: &[usize],
    q: &[usize],
    between: Option<usize>,
    rng: &mut Rng,
) -> String {
    let mut body = String::new();
    for j in 0..n {
        body += &format!(
            "  %a{j} = getelementptr inbounds i8, ptr %s, i64 {}\n  %x{j} = load {ty}, ptr %a{j}, align 1\n",
            p[j] as i64 * size
        );
        if between == Some(j) {
            let at = match rng.chance(50) {
                true => rng.below((n as i64 * size) as u64),
                false => 3000 + rng.below(64),
            };
            body += &format!(
                "  %e = getelementptr inbounds i8, ptr %s, i64 {at}\n  store i8 7, ptr %e, align 1\n"
            );
        }
        if op.is_empty() {
            body += &format!("  %v{j} = or {ty} %x{j}, 0\n");
            continue;
        }
        body += &format!(
            "  %b{j} = getelementptr inbounds i8, ptr %s, i64 {}\n  %y{j} = load {ty}, ptr %b{j}, align 1\n",
            second + q[j] as i64 * size
        );
        let (l, r) = match op != "sub" && rng.chance(30) {
            true => ("%y", "%x"),
            false => ("%x", "%y"),
        };
        body += &format!("  %v{j} = {op} {ty} {l}{j}, {r}{j}\n");
    }
    body
}

/// A function `@w{k}(ptr %d, ptr %s)`: lanes as [`lanes_body`] inserted into a vector
/// in a random order (a build vector) that is stored to `%d`; sometimes a lane's
/// scalar also stored elsewhere (read twice), a lane set twice (an earlier insertion
/// overwritten), a lane left unset, or a store between the loads.
fn build_vector_function(k: usize, rng: &mut Rng) -> String {
    const TYPES: [(&str, i64); 4] = [("i8", 1), ("i16", 2), ("i32", 4), ("i64", 8)];
    let (ty, size) = TYPES[rng.below(4) as usize];
    let n = [4usize, 8, 16, 32][rng.below(4) as usize];
    let op = ["add", "sub", "mul", "xor", ""][rng.below(5) as usize];
    let second = if rng.chance(50) {
        n as i64 * size
    } else {
        1024
    };
    let mut p: Vec<usize> = (0..n).collect();
    let mut q: Vec<usize> = (0..n).collect();
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, rng.below(i as u64 + 1) as usize);
        q.swap(i, rng.below(i as u64 + 1) as usize);
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let between = rng.chance(20).then(|| rng.below(n as u64) as usize);
    let read_twice = rng.chance(10).then(|| rng.below(n as u64) as usize);
    let set_twice = rng.chance(10);
    let unset = rng.chance(5);
    let mut body = lanes_body(n, ty, size, op, second, &p, &q, between, rng);
    // A lane never set would store poison (an undefined output): the chain starts
    // from zeros where one is.
    let mut acc = match unset {
        true => "zeroinitializer".to_string(),
        false => "poison".to_string(),
    };
    // Set twice: an earlier insertion of another value into the lane the first one
    // sets (the later one wins); the value alike the lanes' (one tree would take it).
    if set_twice {
        let extra = match op {
            "" => format!("or {ty} %x1, 0"),
            _ => format!("{op} {ty} %x1, %y2"),
        };
        body += &format!(
            "  %extra = {extra}\n  %w_ = insertelement <{n} x {ty}> {acc}, {ty} %extra, i64 {}\n",
            order[0]
        );
        acc = "%w_".to_string();
    }
    for (i, &lane) in order.iter().enumerate() {
        if unset && i == n - 1 {
            break;
        }
        body += &format!("  %w{i} = insertelement <{n} x {ty}> {acc}, {ty} %v{lane}, i64 {lane}\n");
        acc = format!("%w{i}");
    }
    if let Some(j) = read_twice {
        body += &format!(
            "  %o = getelementptr inbounds i8, ptr %d, i64 512\n  store {ty} %v{j}, ptr %o, align 1\n"
        );
    }
    body += &format!("  store <{n} x {ty}> {acc}, ptr %d, align 1\n");
    let attr = if rng.chance(50) { "noalias " } else { "" };
    format!("define void @w{k}(ptr {attr}%d, ptr {attr}%s) #0 {{\n{body}  ret void\n}}\n")
}

#[test]
fn build_vectors_compute_the_same() {
    for round in 0..rounds() {
        build_vectors_round(0xb0b1_d7e5_5eed_0001 + round * 0x9e37_79b9);
    }
}

fn build_vectors_round(seed: u64) {
    slp_round(
        seed,
        "build-vectors",
        "build vector",
        build_vector_function,
        "w",
        "slp: a build vector",
        "slp: kept a build vector",
    );
}

/// A function `@x{k}(ptr %d, ptr %s)`: lanes as [`lanes_body`], each masked to 0..63,
/// extended (or not, as `i64`) and used right away as the index of a load from a table
/// of `i32` at 1024 bytes into `@src` (seed 003's GEP seeds: the loads of later lanes move
/// up to the first table load); the table values summed and stored at `%d`. Sometimes
/// each table value is also stored right after its load (into what later lanes read
/// where `%d` and `%s` overlap), or a store between a lane's loads.
fn index_function(k: usize, rng: &mut Rng) -> String {
    const TYPES: [(&str, i64); 4] = [("i8", 1), ("i16", 2), ("i32", 4), ("i64", 8)];
    let (ty, size) = TYPES[rng.below(4) as usize];
    let n = [2usize, 4, 8, 16][rng.below(4) as usize].max((16 / size) as usize);
    let op = ["add", "sub", "mul", "xor", ""][rng.below(5) as usize];
    let second = if rng.chance(50) {
        n as i64 * size
    } else {
        1024
    };
    let mut p: Vec<usize> = (0..n).collect();
    let mut q: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, rng.below(i as u64 + 1) as usize);
        q.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let between = rng.chance(15).then(|| rng.below(n as u64) as usize);
    let store_each = rng.chance(30);
    let extend = match rng.below(3) {
        0 => "zext",
        _ => "sext",
    };
    let lanes = lanes_body(n, ty, size, op, second, &p, &q, between, rng);
    // The table in `@src` (never written): its values, stored into `%d`, change what
    // later lanes read where `%d` and `%s` overlap.
    let mut body = "  %tab = getelementptr inbounds i8, ptr @src, i64 1024\n".to_string();
    let mut acc = "0".to_string();
    for line in lanes.lines() {
        body += line;
        body.push('\n');
        let Some(j) = line
            .strip_prefix("  %v")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|j| j.parse::<usize>().ok())
        else {
            continue;
        };
        let index = match ty {
            "i64" => format!("%m{j}"),
            _ => format!("%i{j}"),
        };
        body += &format!("  %m{j} = and {ty} %v{j}, 63\n");
        if ty != "i64" {
            body += &format!("  %i{j} = {extend} {ty} %m{j} to i64\n");
        }
        body += &format!(
            "  %t{j} = getelementptr inbounds i32, ptr %tab, i64 {index}\n  \
             %l{j} = load i32, ptr %t{j}, align 1\n  %c{j} = add i32 {acc}, %l{j}\n"
        );
        if store_each {
            body += &format!(
                "  %o{j} = getelementptr inbounds i8, ptr %d, i64 {}\n  \
                 store i32 %l{j}, ptr %o{j}, align 1\n",
                4 * j
            );
        }
        acc = format!("%c{j}");
    }
    body += &format!(
        "  %out = getelementptr inbounds i8, ptr %d, i64 128\n  store i32 {acc}, ptr %out, align 1\n"
    );
    let attr = if rng.chance(50) { "noalias " } else { "" };
    format!("define void @x{k}(ptr {attr}%d, ptr {attr}%s) #0 {{\n{body}  ret void\n}}\n")
}

#[test]
fn indices_compute_the_same() {
    for round in 0..rounds() {
        indices_round(0x1d1c_e5e5_5eed_0001 + round * 0x9e37_79b9);
    }
}

fn indices_round(seed: u64) {
    slp_round(
        seed,
        "indices",
        "index",
        index_function,
        "x",
        "getelementptr indices",
        "slp: kept",
    );
}

/// A function `@y{k}(ptr %d, ptr %s)`: a loop of 2 to 6 iterations carrying 2 to 16
/// accumulators (phis), each updated from its own or another's value and the lanes of
/// [`lanes_body`] read from the iteration's row; starting from zero or from values
/// loaded before the loop; after the loop each stored into `%d` (sometimes a phi's
/// value rather than the update: the group stays scalar). Sometimes an update also
/// stored in the loop (the vector code goes before that store), a store between a
/// lane's loads, a lane's operation stored right away, or a phi also read in the loop.
fn phi_function(k: usize, rng: &mut Rng) -> String {
    const TYPES: [(&str, i64); 4] = [("i8", 1), ("i16", 2), ("i32", 4), ("i64", 8)];
    let (ty, size) = TYPES[rng.below(4) as usize];
    let n = [2usize, 4, 8, 16][rng.below(4) as usize].max((16 / size) as usize);
    let op = ["add", "sub", "mul", "xor", ""][rng.below(5) as usize];
    let second = if rng.chance(50) {
        n as i64 * size
    } else {
        1024
    };
    let mut p: Vec<usize> = (0..n).collect();
    let mut q: Vec<usize> = (0..n).collect();
    let mut carried: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, rng.below(i as u64 + 1) as usize);
        q.swap(i, rng.below(i as u64 + 1) as usize);
        if rng.chance(50) {
            carried.swap(i, rng.below(i as u64 + 1) as usize);
        }
    }
    let between = rng.chance(15).then(|| rng.below(n as u64) as usize);
    let loaded_start = rng.chance(40);
    let store_in_loop = rng.chance(20).then(|| rng.below(n as u64) as usize);
    let phi_read = rng.chance(10).then(|| rng.below(n as u64) as usize);
    let exit_phi = rng.chance(10).then(|| rng.below(n as u64) as usize);
    let iterations = 2 + rng.below(5);
    let mut body = "entry:\n".to_string();
    for j in 0..n {
        if loaded_start {
            body += &format!(
                "  %w{j} = getelementptr inbounds i8, ptr %s, i64 {}\n  %z{j} = load {ty}, ptr %w{j}, align 1\n",
                1536 + j as i64 * size
            );
        }
    }
    body += "  br label %loop\nloop:\n";
    for j in 0..n {
        let start = match loaded_start {
            true => format!("%z{j}"),
            false => format!("{}", j + 1),
        };
        body += &format!("  %s{j} = phi {ty} [ {start}, %entry ], [ %u{j}, %loop ]\n");
    }
    body += &format!(
        "  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]\n  %off = mul i64 %i, {}\n  \
         %row = getelementptr inbounds i8, ptr %s, i64 %off\n",
        n as i64 * size
    );
    // An operation of a lane stored right away, before the vector code's place: its
    // scalar cannot be read from its lane (the group stays scalar, even forced).
    let stored_early = rng.chance(10).then(|| rng.below(n as u64) as usize);
    let lanes = lanes_body(n, ty, size, op, second, &p, &q, between, rng);
    for line in lanes.lines() {
        body += &line.replace("ptr %s,", "ptr %row,");
        body.push('\n');
        if let Some(j) = stored_early.filter(|j| line.starts_with(&format!("  %v{j} = "))) {
            body += &format!(
                "  %se = getelementptr inbounds i8, ptr %d, i64 768\n  store {ty} %v{j}, ptr %se, align 1\n"
            );
        }
    }
    let multiply_add = rng.chance(50);
    for (j, c) in carried.iter().enumerate() {
        if multiply_add {
            body += &format!("  %m{j} = mul {ty} %s{c}, 3\n  %u{j} = add {ty} %m{j}, %v{j}\n");
        } else {
            body += &format!("  %u{j} = xor {ty} %s{c}, %v{j}\n");
        }
    }
    if let Some(j) = store_in_loop {
        body += &format!(
            "  %sl = getelementptr inbounds i8, ptr %d, i64 512\n  store {ty} %u{j}, ptr %sl, align 1\n"
        );
    }
    if let Some(j) = phi_read {
        body += &format!(
            "  %pr = getelementptr inbounds i8, ptr %d, i64 640\n  store {ty} %s{j}, ptr %pr, align 1\n"
        );
    }
    body += &format!(
        "  %i1 = add i64 %i, 1\n  %c = icmp eq i64 %i1, {iterations}\n  br i1 %c, label %exit, label %loop\nexit:\n"
    );
    for j in 0..n {
        let v = match exit_phi == Some(j) {
            true => format!("%s{j}"),
            false => format!("%u{j}"),
        };
        body += &format!(
            "  %o{j} = getelementptr inbounds i8, ptr %d, i64 {}\n  store {ty} {v}, ptr %o{j}, align 1\n",
            j as i64 * size
        );
    }
    let attr = if rng.chance(50) { "noalias " } else { "" };
    format!("define void @y{k}(ptr {attr}%d, ptr {attr}%s) #0 {{\n{body}  ret void\n}}\n")
}

#[test]
fn phis_compute_the_same() {
    for round in 0..rounds() {
        phis_round(0x9415_c0de_5eed_0001 + round * 0x9e37_79b9);
    }
}

fn phis_round(seed: u64) {
    slp_round(
        seed,
        "phis",
        "phi",
        phi_function,
        "y",
        "phis carried round a loop",
        "slp: kept",
    );
}

/// A function `@g{k}(ptr %dst, ptr %src, i64 %n)`: a loop over `%n` records of `R` bytes
/// (24 to 64) that reads 9 to 24 fields of a record (i8 or i16, next to each other with
/// a gap or two) and stores one mix of them per record. On RISC-V V the loop vectorizer
/// reads each field with a `vp.gather` (more fields than its interleave groups take),
/// which the segment loads (`shuf::ir::segment`) join; run through the whole
/// `default<O3>` pipeline with the plugin, under qemu.
fn record_function(k: usize, rng: &mut Rng) -> String {
    let (ty, size) = [("i8", 1i64), ("i16", 2)][rng.below(2) as usize];
    let record = [24i64, 32, 48, 64][rng.below(4) as usize];
    let slots = record / size;
    let fields = (9 + rng.below(16) as i64).min(slots);
    // Field offsets: in order from a random start, one or two gaps of one slot.
    let mut offsets = Vec::new();
    let mut at = rng.below((slots - fields + 1) as u64) as i64;
    while (offsets.len() as i64) < fields && at < slots {
        offsets.push(at * size);
        at += if rng.chance(10) { 2 } else { 1 };
    }
    let mut body = String::new();
    let mut acc = "0".to_string();
    for (j, off) in offsets.iter().enumerate() {
        body += &format!(
            "  %p{j} = getelementptr i8, ptr %rec, i64 {off}\n  \
             %x{j} = load {ty}, ptr %p{j}, align {size}\n  \
             %y{j} = zext {ty} %x{j} to i32\n  %z{j} = mul i32 %y{j}, {}\n  \
             %s{j} = add i32 {acc}, %z{j}\n",
            2 * j + 1
        );
        acc = format!("%s{j}");
    }
    format!(
        "define void @g{k}(ptr noalias %dst, ptr noalias %src, i64 %n) #0 {{\n\
         entry:\n  br label %loop\n\
         loop:\n  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]\n  \
         %o = mul i64 %i, {record}\n  %rec = getelementptr i8, ptr %src, i64 %o\n\
         {body}  %d = getelementptr i32, ptr %dst, i64 %i\n  store i32 {acc}, ptr %d, align 4\n  \
         %i1 = add i64 %i, 1\n  %done = icmp eq i64 %i1, %n\n  br i1 %done, label %exit, label %loop\n\
         exit:\n  ret void\n}}\n"
    )
}

#[test]
fn segment_loads_compute_the_same() {
    for round in 0..rounds() {
        segment_loads_round(0x5e93_e475_10ad_0001 + round * 0x9e37_79b9);
    }
}

fn segment_loads_round(seed: u64) {
    let dir = work_dir();
    let mut rng = Rng(seed);
    let count = 40;
    let src: Vec<u8> = (0..4096).map(|i| ((i * 151 + 29) % 256) as u8).collect();
    let functions: Vec<String> = (0..count).map(|k| record_function(k, &mut rng)).collect();
    // 1 to 60 records (4096 bytes hold 64 of the longest).
    let trips: Vec<u64> = (0..count).map(|_| 1 + rng.below(60)).collect();
    let module = hashed_program(
        &src,
        &functions,
        |k| format!("call void @g{k}(ptr @dst, ptr @src, i64 {})", trips[k]),
        "attributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n",
    );
    let original = dir.join("records.ll");
    fs::write(&original, &module).unwrap();
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    let passes = [("default<O3>", "o3")];
    under_qemu_with(&dir, &module, count, "records", "segment:", &passes);
}

/// A function `@fr{k}(ptr %d, ptr %s)`: a floating-point reduction (`fadd`, `fmul`) of
/// 4 to 32 lanes of `float` or `double`, with `reassoc` (or without: left ordered), each
/// lane a load of a permuted range or, for sums, an operation of two loads. `@src` holds
/// ±0.5, 1, 2 and 4 only, so every order computes the same exactly (sums of few-bit
/// values; products of powers of two within range).
fn float_reduction_function(k: usize, rng: &mut Rng) -> String {
    let (ty, size) = [("float", 4i64), ("double", 8)][rng.below(2) as usize];
    let n = [4usize, 8, 16, 32][rng.below(4) as usize];
    let reduce = ["fadd", "fmul"][rng.below(2) as usize];
    let flags = ["reassoc nsz", "fast", "reassoc", ""][rng.below(4) as usize];
    let op = match reduce {
        "fadd" => ["fmul", "fadd", "fsub", ""][rng.below(4) as usize],
        _ => "",
    };
    let mut p: Vec<usize> = (0..n).collect();
    let mut q: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, rng.below(i as u64 + 1) as usize);
        q.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut body = String::new();
    for j in 0..n {
        body += &format!(
            "  %a{j} = getelementptr inbounds i8, ptr %s, i64 {}\n  %x{j} = load {ty}, ptr %a{j}, align {size}\n",
            p[j] as i64 * size
        );
        if op.is_empty() {
            continue;
        }
        body += &format!(
            "  %b{j} = getelementptr inbounds i8, ptr %s, i64 {}\n  %y{j} = load {ty}, ptr %b{j}, align {size}\n  \
             %v{j} = {op} {flags} {ty} %x{j}, %y{j}\n",
            512 + q[j] as i64 * size
        );
    }
    let lane = |j: usize| {
        if op.is_empty() {
            format!("%x{j}")
        } else {
            format!("%v{j}")
        }
    };
    let mut acc = lane(0);
    for j in 1..n {
        body += &format!("  %s{j} = {reduce} {flags} {ty} {acc}, {}\n", lane(j));
        acc = format!("%s{j}");
    }
    body += &format!("  store {ty} {acc}, ptr %d, align 1\n");
    format!("define void @fr{k}(ptr noalias %d, ptr noalias %s) #0 {{\n{body}  ret void\n}}\n")
}

#[test]
fn float_reductions_compute_the_same() {
    let dir = work_dir();
    let mut rng = Rng(0x000f_10a7_4ed0_0001);
    let count = 100;
    // Floats and doubles of ±0.5, 1, 2, 4 at every position each type reads.
    let values = [0.5f64, 1.0, 2.0, 4.0, -0.5, -1.0, -2.0, -4.0];
    let mut src = vec![0u8; 2048];
    for (i, chunk) in src[..1024].chunks_mut(4).enumerate() {
        chunk.copy_from_slice(&(values[(i * 5 + 1) % 8] as f32).to_le_bytes());
    }
    for (i, chunk) in src[1024..].chunks_mut(8).enumerate() {
        chunk.copy_from_slice(&values[(i * 3 + 2) % 8].to_le_bytes());
    }
    let functions: Vec<String> = (0..count)
        .map(|k| float_reduction_function(k, &mut rng))
        .collect();
    let module = hashed_program(
        &src,
        &functions,
        // Doubles read the second kilobyte (their values), floats the first.
        |k| {
            match functions[k].contains("double") {
            true => format!(
                "%ss{k} = getelementptr i8, ptr @src, i64 1024\n  call void @fr{k}(ptr @dst, ptr %ss{k})"
            ),
            false => format!("call void @fr{k}(ptr @dst, ptr @src)"),
        }
        },
        "attributes #0 = { \"target-cpu\"=\"x86-64-v3\" }\n",
    );
    let original = dir.join("float-reductions.ll");
    fs::write(&original, &module).unwrap();
    let want = run(&original);
    assert_eq!(want.lines().count(), count);
    under_lli(
        &dir,
        &original,
        &want,
        &[
            ("shuffle-lib<lower-always>", "float-reductions-always.ll"),
            ("shuffle-lib", "float-reductions-measured.ll"),
        ],
        "float reduction",
        "slp: a reduction",
        Some("slp: kept a reduction"),
        4,
    );
    under_qemu(&dir, &module, count, "float-reductions", "slp:");
}

/// A function `@l{k}(ptr %dst, ptr %src)`: a shuffle of two loads of `%src` (256 or 512
/// bits of `i8` to `i64`, `float` or `double`, at two offsets, apart or overlapping)
/// that reads one half of each, in any order, into half, as many or twice the lanes,
/// stored to `%dst` (`shuf::lower::halves`). Some break the shape or its context: an
/// operand read in both halves, a volatile load, a store into the second load's memory
/// between it and the shuffle (the half must read what the load read), the shuffle read
/// in part too, the second operand computed from its load.
fn half_loads_function(k: usize, rng: &mut Rng) -> String {
    const ELEMENTS: [(&str, usize, bool); 6] = [
        ("i8", 1, false),
        ("i16", 2, false),
        ("i32", 4, false),
        ("float", 4, true),
        ("i64", 8, false),
        ("double", 8, true),
    ];
    let (elem, size, float) = ELEMENTS[rng.below(6) as usize];
    let bits = [256usize, 512][rng.below(2) as usize];
    let n = bits / 8 / size;
    let bytes = n * size;
    let second = [bytes, bytes / 2, 16, 100][rng.below(4) as usize];
    let half = [rng.below(2) as usize, rng.below(2) as usize];
    let lanes = [n / 2, n, 2 * n][rng.below(3) as usize];
    let mut mask: Vec<usize> = (0..lanes)
        .map(|j| {
            let op = match j {
                0 => 0,
                1 => 1,
                _ => rng.below(2) as usize,
            };
            op * n + half[op] * n / 2 + rng.below(n as u64 / 2) as usize
        })
        .collect();
    let broken = rng.below(10);
    if broken == 0 {
        // The first operand read in its other half too.
        mask[0] = (1 - half[0]) * n / 2;
    }
    let list = mask
        .iter()
        .map(|m| format!("i32 {m}"))
        .collect::<Vec<_>>()
        .join(", ");
    let volatile = if broken == 1 { "volatile " } else { "" };
    let align = if rng.chance(50) { size } else { 1 };
    let (t, r) = (format!("<{n} x {elem}>"), format!("<{lanes} x {elem}>"));
    let mut body = format!(
        "  %q = getelementptr i8, ptr %src, i64 {second}\n  \
         %a = load {volatile}{t}, ptr %src, align {align}\n  \
         %b = load {t}, ptr %q, align {align}\n"
    );
    if broken == 2 {
        body += "  store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %q, align 1\n";
    }
    let other = match broken {
        3 => {
            let op = if float { "fadd" } else { "add" };
            body += &format!("  %c = {op} {t} %b, %b\n");
            "%c"
        }
        _ => "%b",
    };
    body += &format!(
        "  %y = shufflevector {t} %a, {t} {other}, <{lanes} x i32> <{list}>\n  \
         store {r} %y, ptr %dst, align 1\n"
    );
    if broken == 4 {
        body += &format!(
            "  %e = extractelement {r} %y, i64 1\n  \
             %again = getelementptr i8, ptr %dst, i64 600\n  \
             store {elem} %e, ptr %again, align 1\n"
        );
    }
    format!("define void @l{k}(ptr %dst, ptr %src) #0 {{\n{body}  ret void\n}}\n")
}

/// Shuffles of one half of each of two loads (`shuf::lower::halves`): with every
/// candidate built (`lower-always`, the other rewrites off) and as measured, under
/// `lli` and on AArch64 and RISC-V V under qemu (forced there: the rule is x86's), the
/// stored bytes equal.
#[test]
fn half_loads_compute_the_same() {
    let module = lli_campaign(
        "halves",
        "l",
        0x4a1f_10ad_0000_0001,
        200,
        (37, 5),
        half_loads_function,
        &[
            (
                "shuffle-lib<late;lower-always;no-lower;no-networks;no-compute;no-chains;no-select>",
                "halves-always.ll",
            ),
            ("shuffle-lib<late>", "halves-measured.ll"),
        ],
        "half loads:",
        Some("half loads: kept"),
    );
    under_qemu(&work_dir(), &module, 200, "halves", "half loads:");
}
