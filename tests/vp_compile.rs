//! Every one of LLVM 22's 94 VP intrinsics, on fixed-width vectors, with an all-true
//! mask and full EVL, with a variable mask and EVL, and with a constant mask and EVL,
//! goes through `opt -passes=shuffle-lib` and then `llc` for x86-64-v3, x86-64-v4,
//! AArch64 (neoverse-n1) and RISC-V V (sifive-x280). Any failure fails the test. For the
//! record it also runs stock `llc` on the same modules and prints how many it cannot
//! compile.

mod common;

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use common::{llvm_bin, plugin};
use std::process::Command;

const TARGETS: [(&str, &str, &str); 4] = [
    ("x86-64-v3", "x86_64-linux-gnu", "x86-64-v3"),
    ("x86-64-v4", "x86_64-linux-gnu", "x86-64-v4"),
    ("neoverse-n1", "aarch64-linux-gnu", "neoverse-n1"),
    ("sifive-x280", "riscv64-linux-gnu", "sifive-x280"),
];

/// One intrinsic's test: its name (without `llvm.`) and how to call it.
struct Case {
    name: &'static str,
    shape: Shape,
}

/// The signature family. `V` is the main vector type, `N` lanes.
#[derive(Clone, Copy)]
enum Shape {
    IntBinary,
    FloatBinary,
    IntTernary,
    FloatTernary,
    IntUnary,
    IntUnaryFlag,
    FloatUnary,
    /// (source type, result type)
    Cast(&'static str, &'static str),
    Lrint(&'static str),
    Cmp(&'static str),
    IsFpClass,
    IntReduce,
    FloatReduce,
    Select,
    Load,
    Store,
    Gather,
    Scatter,
    StridedLoad,
    StridedStore,
    LoadFF,
    Reverse,
    Splice,
    CttzElts,
}

const N: usize = 8;

fn cases() -> Vec<Case> {
    use Shape::*;
    let mut v = Vec::new();
    let mut add = |names: &[&'static str], shape: Shape| {
        v.extend(names.iter().map(|&name| Case { name, shape }));
    };
    add(
        &[
            "vp.add",
            "vp.sub",
            "vp.mul",
            "vp.sdiv",
            "vp.udiv",
            "vp.srem",
            "vp.urem",
            "vp.shl",
            "vp.lshr",
            "vp.ashr",
            "vp.and",
            "vp.or",
            "vp.xor",
            "vp.smax",
            "vp.smin",
            "vp.umax",
            "vp.umin",
            "vp.sadd.sat",
            "vp.uadd.sat",
            "vp.ssub.sat",
            "vp.usub.sat",
        ],
        IntBinary,
    );
    add(
        &[
            "vp.fadd",
            "vp.fsub",
            "vp.fmul",
            "vp.fdiv",
            "vp.frem",
            "vp.copysign",
            "vp.maxnum",
            "vp.minnum",
            "vp.maximum",
            "vp.minimum",
        ],
        FloatBinary,
    );
    add(&["vp.fshl", "vp.fshr"], IntTernary);
    add(&["vp.fma", "vp.fmuladd"], FloatTernary);
    add(&["vp.bswap", "vp.bitreverse", "vp.ctpop"], IntUnary);
    add(&["vp.abs", "vp.ctlz", "vp.cttz"], IntUnaryFlag);
    add(
        &[
            "vp.fneg",
            "vp.fabs",
            "vp.sqrt",
            "vp.ceil",
            "vp.floor",
            "vp.rint",
            "vp.nearbyint",
            "vp.round",
            "vp.roundeven",
            "vp.roundtozero",
        ],
        FloatUnary,
    );
    add(&["vp.trunc"], Cast("i32", "i16"));
    add(&["vp.zext", "vp.sext"], Cast("i16", "i32"));
    add(&["vp.fptrunc"], Cast("double", "float"));
    add(&["vp.fpext"], Cast("float", "double"));
    add(&["vp.fptoui", "vp.fptosi"], Cast("float", "i32"));
    add(&["vp.uitofp", "vp.sitofp"], Cast("i32", "float"));
    add(&["vp.ptrtoint"], Cast("ptr", "i64"));
    add(&["vp.inttoptr"], Cast("i64", "ptr"));
    add(&["vp.lrint"], Lrint("i32"));
    add(&["vp.llrint"], Lrint("i64"));
    add(&["vp.icmp"], Cmp("slt"));
    add(&["vp.fcmp"], Cmp("olt"));
    add(&["vp.is.fpclass"], IsFpClass);
    add(
        &[
            "vp.reduce.add",
            "vp.reduce.mul",
            "vp.reduce.and",
            "vp.reduce.or",
            "vp.reduce.xor",
            "vp.reduce.smax",
            "vp.reduce.smin",
            "vp.reduce.umax",
            "vp.reduce.umin",
        ],
        IntReduce,
    );
    add(
        &[
            "vp.reduce.fadd",
            "vp.reduce.fmul",
            "vp.reduce.fmax",
            "vp.reduce.fmin",
            "vp.reduce.fmaximum",
            "vp.reduce.fminimum",
        ],
        FloatReduce,
    );
    add(&["vp.select", "vp.merge"], Select);
    add(&["vp.load"], Load);
    add(&["vp.store"], Store);
    add(&["vp.gather"], Gather);
    add(&["vp.scatter"], Scatter);
    add(&["experimental.vp.strided.load"], StridedLoad);
    add(&["experimental.vp.strided.store"], StridedStore);
    add(&["vp.load.ff"], LoadFF);
    add(&["experimental.vp.reverse"], Reverse);
    add(&["experimental.vp.splice"], Splice);
    add(&["vp.cttz.elts"], CttzElts);
    v
}

/// `v8i32` for `i32`, `v8p0` for `ptr`.
fn mangle(elem: &str) -> String {
    let e = if elem == "ptr" { "p0" } else { elem };
    let e = match e {
        "float" => "f32",
        "double" => "f64",
        other => other,
    };
    format!("v{N}{e}")
}

fn vec(elem: &str) -> String {
    format!("<{N} x {elem}>")
}

/// The functions for one case: (mask, EVL) variants.
fn functions(case: &Case) -> String {
    use Shape::*;
    let variants = [
        ("full", "splat (i1 true)".to_string(), "i32 8".to_string()),
        ("var", "%m".to_string(), "i32 %evl".to_string()),
        (
            "const",
            "<i1 1, i1 1, i1 0, i1 1, i1 1, i1 1, i1 1, i1 0>".to_string(),
            "i32 5".to_string(),
        ),
    ];
    let mask_ty = vec("i1");
    let mut out = String::new();
    let name = format!("llvm.{}", case.name);
    let fname = case.name.replace('.', "_");
    for (tag, mask, evl) in variants {
        let m = format!("{mask_ty} {mask}");
        let (ret, params, call_args, mangled): (String, String, String, String) = match case.shape {
            IntBinary | FloatBinary => {
                let e = if matches!(case.shape, IntBinary) {
                    "i32"
                } else {
                    "float"
                };
                let t = vec(e);
                (
                    t.clone(),
                    format!("{t} %a, {t} %b"),
                    format!("{t} %a, {t} %b, {m}, {evl}"),
                    mangle(e),
                )
            }
            IntTernary | FloatTernary => {
                let e = if matches!(case.shape, IntTernary) {
                    "i32"
                } else {
                    "float"
                };
                let t = vec(e);
                (
                    t.clone(),
                    format!("{t} %a, {t} %b, {t} %c"),
                    format!("{t} %a, {t} %b, {t} %c, {m}, {evl}"),
                    mangle(e),
                )
            }
            IntUnary | FloatUnary => {
                let e = if matches!(case.shape, IntUnary) {
                    "i32"
                } else {
                    "float"
                };
                let t = vec(e);
                (
                    t.clone(),
                    format!("{t} %a"),
                    format!("{t} %a, {m}, {evl}"),
                    mangle(e),
                )
            }
            IntUnaryFlag => {
                let t = vec("i32");
                (
                    t.clone(),
                    format!("{t} %a"),
                    format!("{t} %a, i1 false, {m}, {evl}"),
                    mangle("i32"),
                )
            }
            Cast(src, dst) => (
                vec(dst),
                format!("{} %a", vec(src)),
                format!("{} %a, {m}, {evl}", vec(src)),
                format!("{}.{}", mangle(dst), mangle(src)),
            ),
            Lrint(dst) => (
                vec(dst),
                format!("{} %a", vec("float")),
                format!("{} %a, {m}, {evl}", vec("float")),
                format!("{}.{}", mangle(dst), mangle("float")),
            ),
            Cmp(pred) => {
                let e = if pred == "slt" { "i32" } else { "float" };
                let t = vec(e);
                (
                    vec("i1"),
                    format!("{t} %a, {t} %b"),
                    format!("{t} %a, {t} %b, metadata !\"{pred}\", {m}, {evl}"),
                    mangle(e),
                )
            }
            IsFpClass => {
                let t = vec("float");
                (
                    vec("i1"),
                    format!("{t} %a"),
                    format!("{t} %a, i32 3, {m}, {evl}"),
                    mangle("float"),
                )
            }
            IntReduce => {
                let t = vec("i32");
                (
                    "i32".into(),
                    format!("i32 %s, {t} %a"),
                    format!("i32 %s, {t} %a, {m}, {evl}"),
                    mangle("i32"),
                )
            }
            FloatReduce => {
                let t = vec("float");
                (
                    "float".into(),
                    format!("float %s, {t} %a"),
                    format!("float %s, {t} %a, {m}, {evl}"),
                    mangle("float"),
                )
            }
            Select => {
                let t = vec("i32");
                // vp.select/vp.merge take the condition where the others take the mask.
                (
                    t.clone(),
                    format!("{t} %a, {t} %b"),
                    format!("{m}, {t} %a, {t} %b, {evl}"),
                    mangle("i32"),
                )
            }
            Load => (
                vec("i32"),
                "ptr %p".into(),
                format!("ptr align 4 %p, {m}, {evl}"),
                format!("{}.p0", mangle("i32")),
            ),
            Store => (
                "void".into(),
                format!("{} %v, ptr %p", vec("i32")),
                format!("{} %v, ptr align 4 %p, {m}, {evl}", vec("i32")),
                format!("{}.p0", mangle("i32")),
            ),
            Gather => (
                vec("i32"),
                format!("{} %p", vec("ptr")),
                format!("{} align 4 %p, {m}, {evl}", vec("ptr")),
                format!("{}.{}", mangle("i32"), mangle("ptr")),
            ),
            Scatter => (
                "void".into(),
                format!("{} %v, {} %p", vec("i32"), vec("ptr")),
                format!("{} %v, {} align 4 %p, {m}, {evl}", vec("i32"), vec("ptr")),
                format!("{}.{}", mangle("i32"), mangle("ptr")),
            ),
            StridedLoad => (
                vec("i32"),
                "ptr %p, i64 %s".into(),
                format!("ptr align 4 %p, i64 %s, {m}, {evl}"),
                format!("{}.p0.i64", mangle("i32")),
            ),
            StridedStore => (
                "void".into(),
                format!("{} %v, ptr %p, i64 %s", vec("i32")),
                format!("{} %v, ptr align 4 %p, i64 %s, {m}, {evl}", vec("i32")),
                format!("{}.p0.i64", mangle("i32")),
            ),
            LoadFF => (
                format!("{{ {}, i32 }}", vec("i32")),
                "ptr %p".into(),
                format!("ptr align 4 %p, {m}, {evl}"),
                format!("{}.p0", mangle("i32")),
            ),
            Reverse => (
                vec("i32"),
                format!("{} %a", vec("i32")),
                format!("{} %a, {m}, {evl}", vec("i32")),
                mangle("i32"),
            ),
            Splice => {
                let t = vec("i32");
                (
                    t.clone(),
                    format!("{t} %a, {t} %b"),
                    format!("{t} %a, {t} %b, i32 -3, {m}, {evl}, {evl}"),
                    mangle("i32"),
                )
            }
            CttzElts => (
                "i32".into(),
                format!("{} %a", vec("i32")),
                format!("{} %a, i1 false, {m}, {evl}", vec("i32")),
                format!("i32.{}", mangle("i32")),
            ),
        };
        let body = if ret == "void" {
            format!("  call void @{name}.{mangled}({call_args})\n  ret void")
        } else {
            format!("  %r = call {ret} @{name}.{mangled}({call_args})\n  ret {ret} %r")
        };
        writeln!(
            out,
            "define {ret} @{fname}_{tag}({params}, {mask_ty} %m, i32 %evl) {{\n{body}\n}}\n"
        )
        .unwrap();
    }
    out
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd
        .env("RUST_BACKTRACE", "0")
        .output()
        .map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() && !stderr.contains("internal error") {
        Ok(())
    } else {
        Err(stderr
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("failed")
            .to_string())
    }
}

#[test]
fn every_vp_intrinsic_compiles_on_every_target() {
    let cases = cases();
    assert_eq!(cases.len(), 94, "LLVM 22 has 94 VP intrinsics");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/vp-compile");
    fs::create_dir_all(&dir).unwrap();
    let (bin, plugin) = (llvm_bin(), plugin());
    let mut failures = Vec::new();
    let mut stock_failures = vec![Vec::new(); TARGETS.len()];
    for case in &cases {
        let input = dir.join(format!("{}.ll", case.name));
        fs::write(&input, functions(case)).unwrap();
        for (t, (target, triple, cpu)) in TARGETS.iter().enumerate() {
            let lowered = dir.join(format!("{}.{target}.ll", case.name));
            let result = run(Command::new(bin.join("opt"))
                .arg(format!("-load-pass-plugin={}", plugin.display()))
                .args(["-passes=shuffle-lib", "-verify-each", "-S"])
                .arg(format!("-mtriple={triple}"))
                .arg(format!("-mcpu={cpu}"))
                .arg(&input)
                .arg("-o")
                .arg(&lowered))
            .and_then(|()| {
                run(Command::new(bin.join("llc"))
                    .args([format!("-mtriple={triple}"), format!("-mcpu={cpu}")])
                    .arg(&lowered)
                    .args(["-o", "/dev/null"]))
            });
            if let Err(e) = result {
                failures.push(format!("{} on {target}: {e}", case.name));
            }
            let stock = run(Command::new(bin.join("llc"))
                .args([format!("-mtriple={triple}"), format!("-mcpu={cpu}")])
                .arg(&input)
                .args(["-o", "/dev/null"]));
            if stock.is_err() {
                stock_failures[t].push(case.name);
            }
        }
    }
    for (t, (target, _, _)) in TARGETS.iter().enumerate() {
        eprintln!(
            "vp-compile: {target}: stock llc fails on {} of 94: {}",
            stock_failures[t].len(),
            stock_failures[t].join(" ")
        );
    }
    eprintln!(
        "vp-compile: with shuffle-lib: {} failures over 94 intrinsics x 3 forms x 4 targets",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
