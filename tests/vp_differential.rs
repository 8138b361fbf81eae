//! Differential test of the VP lowering: VP intrinsic calls run under `lli` before (stock
//! LLVM 22 lowers them for x86 itself) and after `opt -passes=shuffle-lib` (our plain or
//! masked IR), on fixed inputs, for several masks and EVLs passed as run-time values.
//!
//! Only active lanes (mask set, below EVL) are printed for lane-wise results, since the
//! others are poison; reductions print their result; stores and scatters print their
//! whole destination buffer, guard bytes around it included, so a write to an inactive
//! lane (or past the buffer) shows. One load per predicate sits right before a page
//! without access (`mmap` + `mprotect`), placed so that every lane after the last
//! active one is in that page: reading past EVL faults and fails the run. (Inactive
//! lanes before the last active one cannot be caught this way; `test/vp/fold.ll` checks
//! that loads are masked.)
//!
//! Covered: the VP intrinsics stock LLVM 22 can execute on x86 (the 19 it cannot select
//! are compiled by `tests/vp_compile.rs` and checked in IR by `test/vp/`).

mod common;

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use common::{llvm_bin, plugin};
use std::process::Command;

const N: usize = 8;

/// (mask bits, EVL) combinations.
fn predicates() -> Vec<([bool; N], u32)> {
    let all = [true; N];
    let alternate = [true, false, true, false, true, false, true, false];
    let some = [false, true, true, false, true, true, false, true];
    vec![
        (all, 8),
        (all, 5),
        (alternate, 8),
        (some, 6),
        (all, 0),
        (some, 1),
    ]
}

fn vec_const(ty: &str, values: impl Iterator<Item = String>) -> String {
    let elems: Vec<String> = values.map(|v| format!("{ty} {v}")).collect();
    format!("<{}>", elems.join(", "))
}

fn ints(seed: i64) -> String {
    vec_const(
        "i32",
        (0..N as i64).map(|i| ((i * 37 + seed * 11) % 23 - 7).to_string()),
    )
}

fn nonzero_ints(seed: i64) -> String {
    vec_const(
        "i32",
        (0..N as i64).map(|i| (((i * 13 + seed) % 9) + 1).to_string()),
    )
}

fn floats(seed: i64) -> String {
    vec_const(
        "float",
        (0..N as i64).map(|i| format!("{:.6e}", ((i * 29 + seed * 7) % 19 - 9) as f64 / 4.0)),
    )
}

struct Module {
    text: String,
    calls: usize,
}

impl Module {
    /// `print lane` lines for the active lanes of a vector result `%r`, converted to
    /// an integer for printing.
    fn print_lanes(&mut self, body: &mut String, result_ty: &str, mask: &[bool; N], evl: u32) {
        for (lane, &on) in mask.iter().enumerate() {
            if !(on && (lane as u32) < evl) {
                continue;
            }
            let k = self.calls;
            self.calls += 1;
            let cast = match result_ty {
                "float" => {
                    format!("%b{k} = bitcast float %e{k} to i32\n  %x{k} = sext i32 %b{k} to i64")
                }
                "i1" => format!("%x{k} = zext i1 %e{k} to i64"),
                _ => format!("%x{k} = sext i32 %e{k} to i64"),
            };
            writeln!(
                body,
                "  %e{k} = extractelement <{N} x {result_ty}> %r, i32 {lane}\n  {cast}\n  call i32 (ptr, ...) @printf(ptr @fmt, i32 {lane}, i64 %x{k})"
            )
            .unwrap();
        }
    }
}

/// A test function `@tK(<N x i1> %m, i32 %evl)` calling `intrinsic` on constant inputs,
/// and the printing of its result for one predicate, added to `main`.
fn generate() -> (String, usize) {
    let mut module = Module {
        text: String::new(),
        calls: 0,
    };
    let mut main = String::new();
    let mut functions = String::new();
    let mut count = 0;
    let int_binary = [
        "add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or",
        "xor", "smax", "smin", "umax", "umin", "sadd.sat", "uadd.sat", "ssub.sat", "usub.sat",
    ];
    let float_binary = ["fadd", "fsub", "fmul", "fdiv", "maxnum", "minnum"];
    let int_reduce = [
        "add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin",
    ];
    let float_reduce = ["fadd", "fmul", "fmax", "fmin", "fmaximum", "fminimum"];
    for (p, (mask, evl)) in predicates().into_iter().enumerate() {
        let mask_const = vec_const("i1", mask.iter().map(|&b| (b as u8).to_string()));
        let add_fn = |sig_ret: &str,
                      body: String,
                      print_ty: Option<&str>,
                      main: &mut String,
                      module: &mut Module,
                      functions: &mut String,
                      count: &mut usize| {
            let k = *count;
            *count += 1;
            writeln!(
                functions,
                "define {sig_ret} @t{k}(<{N} x i1> %m, i32 %evl) noinline {{\n{body}\n}}\n"
            )
            .unwrap();
            if let Some(ty) = print_ty {
                writeln!(
                    main,
                    "  %r{k} = call {sig_ret} @t{k}(<{N} x i1> {mask_const}, i32 {evl})"
                )
                .unwrap();
                // print the active lanes of %rK
                let mut lines = String::new();
                module.print_lanes(&mut lines, ty, &mask, evl);
                main.push_str(&lines.replace("%r,", &format!("%r{k},")));
            }
        };
        // One test function, its call and the printing of its active lanes.
        macro_rules! add {
            ($ret:expr, $body:expr, $print:expr) => {
                add_fn(
                    $ret,
                    $body,
                    $print,
                    &mut main,
                    &mut module,
                    &mut functions,
                    &mut count,
                )
            };
        }
        let ty_i = format!("<{N} x i32>");
        let ty_f = format!("<{N} x float>");
        for op in int_binary {
            let b = if op.contains("div") || op.contains("rem") {
                nonzero_ints(p as i64)
            } else {
                ints(p as i64 + 3)
            };
            let b = if matches!(op, "shl" | "lshr" | "ashr") {
                vec_const("i32", (0..N).map(|i| (i % 5).to_string()))
            } else {
                b
            };
            let body = format!(
                "  %r = call {ty_i} @llvm.vp.{op}.v{N}i32({ty_i} {}, {ty_i} {b}, <{N} x i1> %m, i32 %evl)\n  ret {ty_i} %r",
                ints(p as i64)
            );
            add!(&ty_i, body, Some("i32"));
        }
        for op in float_binary {
            let body = format!(
                "  %r = call {ty_f} @llvm.vp.{op}.v{N}f32({ty_f} {}, {ty_f} {}, <{N} x i1> %m, i32 %evl)\n  ret {ty_f} %r",
                floats(p as i64),
                floats(p as i64 + 5)
            );
            add!(&ty_f, body, Some("float"));
        }
        for op in ["fneg", "fabs", "sqrt"] {
            let body = format!(
                "  %r = call {ty_f} @llvm.vp.{op}.v{N}f32({ty_f} {}, <{N} x i1> %m, i32 %evl)\n  ret {ty_f} %r",
                floats(p as i64)
            );
            add!(&ty_f, body, Some("float"));
        }
        for op in ["ctpop", "bswap", "bitreverse"] {
            let body = format!(
                "  %r = call {ty_i} @llvm.vp.{op}.v{N}i32({ty_i} {}, <{N} x i1> %m, i32 %evl)\n  ret {ty_i} %r",
                ints(p as i64)
            );
            add!(&ty_i, body, Some("i32"));
        }
        for op in ["abs", "ctlz", "cttz"] {
            let body = format!(
                "  %r = call {ty_i} @llvm.vp.{op}.v{N}i32({ty_i} {}, i1 false, <{N} x i1> %m, i32 %evl)\n  ret {ty_i} %r",
                ints(p as i64)
            );
            add!(&ty_i, body, Some("i32"));
        }
        let body = format!(
            "  %r = call {ty_f} @llvm.vp.fma.v{N}f32({ty_f} {}, {ty_f} {}, {ty_f} {}, <{N} x i1> %m, i32 %evl)\n  ret {ty_f} %r",
            floats(p as i64), floats(p as i64 + 1), floats(p as i64 + 2)
        );
        add!(&ty_f, body, Some("float"));
        let body = format!(
            "  %r = call <{N} x i1> @llvm.vp.icmp.v{N}i32({ty_i} {}, {ty_i} {}, metadata !\"slt\", <{N} x i1> %m, i32 %evl)\n  ret <{N} x i1> %r",
            ints(p as i64), ints(p as i64 + 2)
        );
        add!(&format!("<{N} x i1>"), body, Some("i1"));
        let body = format!(
            "  %r = call {ty_i} @llvm.vp.fptosi.v{N}i32.v{N}f32({ty_f} {}, <{N} x i1> %m, i32 %evl)\n  ret {ty_i} %r",
            floats(p as i64)
        );
        add!(&ty_i, body, Some("i32"));
        // vp.merge: lanes at or past EVL take the false operand, so all lanes below N
        // are defined; print all of them by printing with an all-true mask.
        let body = format!(
            "  %r = call {ty_i} @llvm.vp.merge.v{N}i32(<{N} x i1> %m, {ty_i} {}, {ty_i} {}, i32 %evl)\n  ret {ty_i} %r",
            ints(p as i64), ints(p as i64 + 4)
        );
        {
            let k = count;
            count += 1;
            writeln!(
                functions,
                "define {ty_i} @t{k}(<{N} x i1> %m, i32 %evl) noinline {{\n{body}\n}}\n"
            )
            .unwrap();
            writeln!(
                main,
                "  %r{k} = call {ty_i} @t{k}(<{N} x i1> {mask_const}, i32 {evl})"
            )
            .unwrap();
            let mut lines = String::new();
            module.print_lanes(&mut lines, "i32", &[true; N], N as u32);
            main.push_str(&lines.replace("%r,", &format!("%r{k},")));
        }
        // Reductions: a scalar.
        for (ops, ty, elem, start) in [
            (&int_reduce[..], "i32", "i32", "i32 5"),
            (&float_reduce[..], "float", "f32", "float 1.5"),
        ] {
            for op in ops {
                let vec_ty = format!("<{N} x {ty}>");
                let input = if ty == "i32" {
                    ints(p as i64)
                } else {
                    floats(p as i64)
                };
                let k = count;
                count += 1;
                writeln!(
                    functions,
                    "define {ty} @t{k}(<{N} x i1> %m, i32 %evl) noinline {{\n  %r = call {ty} @llvm.vp.reduce.{op}.v{N}{elem}({start}, {vec_ty} {input}, <{N} x i1> %m, i32 %evl)\n  ret {ty} %r\n}}\n"
                )
                .unwrap();
                let conv = if ty == "float" {
                    format!(
                        "%rc{k} = bitcast float %r{k} to i32\n  %rx{k} = sext i32 %rc{k} to i64"
                    )
                } else {
                    format!("%rx{k} = sext i32 %r{k} to i64")
                };
                writeln!(
                    main,
                    "  %r{k} = call {ty} @t{k}(<{N} x i1> {mask_const}, i32 {evl})\n  {conv}\n  call i32 (ptr, ...) @printf(ptr @fmt, i32 {k}, i64 %rx{k})"
                )
                .unwrap();
            }
        }
        // Stores and scatters: the whole buffer (with guard bytes) is printed.
        for call in [
            format!("call void @llvm.vp.store.v{N}i32.p0({ty_i} {}, ptr align 4 %dst, <{N} x i1> %m, i32 %evl)", ints(p as i64)),
            format!(
                "%ptrs = getelementptr i32, ptr %dst, <{N} x i64> <i64 7, i64 6, i64 5, i64 4, i64 3, i64 2, i64 1, i64 0>\n  call void @llvm.vp.scatter.v{N}i32.v{N}p0({ty_i} {}, <{N} x ptr> align 4 %ptrs, <{N} x i1> %m, i32 %evl)",
                ints(p as i64 + 1)
            ),
        ] {
            let k = count;
            count += 1;
            writeln!(
                functions,
                "define void @t{k}(ptr %dst, <{N} x i1> %m, i32 %evl) noinline {{\n  {call}\n  ret void\n}}\n"
            )
            .unwrap();
            // A 48-byte buffer of 0xA5, the vector at bytes 8..40.
            writeln!(
                main,
                "  call void @llvm.memset.p0.i64(ptr @buf, i8 -91, i64 48, i1 false)\n  %d{k} = getelementptr i8, ptr @buf, i64 8\n  call void @t{k}(ptr %d{k}, <{N} x i1> {mask_const}, i32 {evl})\n  call void @dump(i32 {k})"
            )
            .unwrap();
        }
        // A load placed so that every lane after the last active one lies in a page
        // without access: reading a lane past EVL (or past the last active lane) faults.
        {
            let last_active = (0..N).rev().find(|&l| mask[l] && (l as u32) < evl);
            let fits = last_active.map_or(0, |l| l + 1);
            let k = count;
            count += 1;
            writeln!(
                functions,
                "define {ty_i} @t{k}(ptr %p, <{N} x i1> %m, i32 %evl) noinline {{\n  %r = call {ty_i} @llvm.vp.load.v{N}i32.p0(ptr align 4 %p, <{N} x i1> %m, i32 %evl)\n  ret {ty_i} %r\n}}\n"
            )
            .unwrap();
            writeln!(
                main,
                "  %g{k} = getelementptr i8, ptr %guard, i64 -{}\n  call void @llvm.memcpy.p0.p0.i64(ptr %g{k}, ptr @src, i64 {}, i1 false)\n  %r{k} = call {ty_i} @t{k}(ptr %g{k}, <{N} x i1> {mask_const}, i32 {evl})",
                4 * fits,
                4 * fits
            )
            .unwrap();
            let mut lines = String::new();
            module.print_lanes(&mut lines, "i32", &mask, evl);
            main.push_str(&lines.replace("%r,", &format!("%r{k},")));
        }
        // Loads and gathers: the active lanes.
        for call in [
            format!("%r = call {ty_i} @llvm.vp.load.v{N}i32.p0(ptr align 4 @src, <{N} x i1> %m, i32 %evl)"),
            format!(
                "%ptrs = getelementptr i32, ptr @src, <{N} x i64> <i64 3, i64 1, i64 4, i64 1, i64 5, i64 0, i64 2, i64 6>\n  %r = call {ty_i} @llvm.vp.gather.v{N}i32.v{N}p0(<{N} x ptr> align 4 %ptrs, <{N} x i1> %m, i32 %evl)"
            ),
        ] {
            add!(&ty_i, format!("  {call}\n  ret {ty_i} %r"), Some("i32"));
        }
    }
    module.text = format!(
        "@fmt = private constant [10 x i8] c\"%d: %lld\\0A\\00\"\n@fmtb = private constant [4 x i8] c\"%d \\00\"\n@nl = private constant [2 x i8] c\"\\0A\\00\"\n@buf = global [48 x i8] zeroinitializer, align 16\n@src = global [8 x i32] [i32 11, i32 -22, i32 33, i32 -44, i32 55, i32 -66, i32 77, i32 -88], align 16\n\ndeclare i32 @printf(ptr, ...)\ndeclare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\ndeclare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\ndeclare ptr @mmap(ptr, i64, i32, i32, i32, i64)\ndeclare i32 @mprotect(ptr, i64, i32)\n\ndefine void @dump(i32 %k) noinline {{\nentry:\n  call i32 (ptr, ...) @printf(ptr @fmtb, i32 %k)\n  br label %loop\nloop:\n  %i = phi i64 [ 0, %entry ], [ %next, %loop ]\n  %p = getelementptr i8, ptr @buf, i64 %i\n  %b = load i8, ptr %p\n  %w = zext i8 %b to i32\n  call i32 (ptr, ...) @printf(ptr @fmtb, i32 %w)\n  %next = add i64 %i, 1\n  %done = icmp eq i64 %next, 48\n  br i1 %done, label %end, label %loop\nend:\n  call i32 (ptr, ...) @printf(ptr @nl)\n  ret void\n}}\n\n{functions}\ndefine i32 @main() {{\n  %pages = call ptr @mmap(ptr null, i64 8192, i32 3, i32 34, i32 -1, i64 0)\n  %guard = getelementptr i8, ptr %pages, i64 4096\n  call i32 @mprotect(ptr %guard, i64 4096, i32 0)\n{main}  ret i32 0\n}}\n"
    );
    (module.text, count)
}

fn lli(file: &PathBuf) -> String {
    let out = Command::new(llvm_bin().join("lli"))
        .arg(file)
        .output()
        .expect("lli from LLVM 22");
    assert!(
        out.status.success(),
        "lli {} failed: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn vp_lowering_computes_what_stock_llvm_computes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/vp-differential");
    fs::create_dir_all(&dir).unwrap();
    let (text, functions) = generate();
    let before = dir.join("before.ll");
    let after = dir.join("after.ll");
    fs::write(&before, &text).unwrap();
    let opt = Command::new(llvm_bin().join("opt"))
        .arg(format!("-load-pass-plugin={}", plugin().display()))
        .args(["-passes=shuffle-lib", "-verify-each", "-S"])
        .arg(&before)
        .arg("-o")
        .arg(&after)
        .output()
        .unwrap();
    assert!(
        opt.status.success(),
        "{}",
        String::from_utf8_lossy(&opt.stderr)
    );
    let after_text = fs::read_to_string(&after).unwrap();
    assert!(
        !after_text.contains("call <8 x i32> @llvm.vp.")
            && !after_text.contains("call void @llvm.vp."),
        "VP calls left after lowering"
    );
    let (want, got) = (lli(&before), lli(&after));
    let lines = want.lines().count();
    eprintln!("vp-differential: {functions} functions, {lines} output lines compared");
    assert!(lines > 500, "too little output:\n{want}");
    if want != got {
        let first = want
            .lines()
            .zip(got.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "outputs differ at line {first}: stock {:?}, shuf {:?}; see {} and {}",
            want.lines().nth(first),
            got.lines().nth(first),
            before.display(),
            after.display()
        );
    }
}
