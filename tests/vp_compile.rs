//! Every one of LLVM 22's 94 VP intrinsics, on fixed-width vectors, with every element
//! type LangRef allows for it, goes through `opt -passes=shuffle-lib` and then `llc` for
//! x86-64-v3, x86-64-v4, AArch64 (neoverse-n1) and RISC-V V (sifive-x280). Any failure
//! fails the test and is named (intrinsic, types, lanes, form, target).
//!
//! The matrix, per intrinsic:
//! * element types: integers i8, i16, i32, i64; half, float, double; pointers where the
//!   operation takes them (select, merge, memory, reverse, splice, ptrtoint, inttoptr);
//! * casts: every source and result pair of those types the cast allows (narrower for
//!   trunc and fptrunc, wider for the extensions, every integer and float pair for the
//!   conversions and for lrint/llrint);
//! * lanes: 2, 3, 4, 8, 16 and 32 (3 is the non-power-of-two);
//! * three forms: all-true mask and full EVL, variable mask and EVL, constant mask and EVL.
//!
//! Each intrinsic's functions go in one module per target; a module that fails is split
//! in halves until the failing functions are found, so every failure is named and a
//! clean run costs one `opt` and one `llc` per module. For the record the test also runs
//! stock `llc` on the 32-bit, 8-lane slice and prints how many intrinsics it cannot
//! compile there.
//!
//! Element types the IR verifier accepts but LangRef does not (`vp.add` on floats, for
//! example: the intrinsics are declared on any vector) are outside the matrix; see
//! `test/vp/mistyped.ll` for what the plugin does with them.

mod common;

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{llvm_bin, plugin};

const TARGETS: [(&str, &str, &str); 4] = [
    ("x86-64-v3", "x86_64-linux-gnu", "x86-64-v3"),
    ("x86-64-v4", "x86_64-linux-gnu", "x86-64-v4"),
    ("neoverse-n1", "aarch64-linux-gnu", "neoverse-n1"),
    ("sifive-x280", "riscv64-linux-gnu", "sifive-x280"),
];

const INTS: [&str; 4] = ["i8", "i16", "i32", "i64"];
const FLOATS: [&str; 3] = ["half", "float", "double"];
const LANES: [usize; 6] = [2, 3, 4, 8, 16, 32];

/// One intrinsic: its name (without `llvm.`) and its signature family.
struct Case {
    name: &'static str,
    shape: Shape,
}

/// The signature family of an intrinsic.
#[derive(Clone, Copy)]
enum Shape {
    IntBinary,
    FloatBinary,
    IntTernary,
    FloatTernary,
    IntUnary,
    /// bswap: integers of a whole number of 16-bit halves.
    ByteSwap,
    /// abs, ctlz, cttz: an integer and an `i1` flag.
    IntUnaryFlag,
    FloatUnary,
    /// trunc, zext, sext, fptrunc, fpext, and the conversions.
    Cast(CastRule),
    /// lrint, llrint: any float to any integer.
    Round,
    IntCmp,
    FloatCmp,
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

/// Which (source, result) element pairs a cast allows.
#[derive(Clone, Copy)]
enum CastRule {
    IntNarrower,
    IntWider,
    FloatNarrower,
    FloatWider,
    FloatToInt,
    IntToFloat,
    PtrToInt,
    IntToPtr,
}

fn cases() -> Vec<Case> {
    use CastRule::*;
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
    add(&["vp.bitreverse", "vp.ctpop"], IntUnary);
    add(&["vp.bswap"], ByteSwap);
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
    add(&["vp.trunc"], Cast(IntNarrower));
    add(&["vp.zext", "vp.sext"], Cast(IntWider));
    add(&["vp.fptrunc"], Cast(FloatNarrower));
    add(&["vp.fpext"], Cast(FloatWider));
    add(&["vp.fptoui", "vp.fptosi"], Cast(FloatToInt));
    add(&["vp.uitofp", "vp.sitofp"], Cast(IntToFloat));
    add(&["vp.ptrtoint"], Cast(PtrToInt));
    add(&["vp.inttoptr"], Cast(IntToPtr));
    add(&["vp.lrint", "vp.llrint"], Round);
    add(&["vp.icmp"], IntCmp);
    add(&["vp.fcmp"], FloatCmp);
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

fn bits(elem: &str) -> u32 {
    match elem {
        "half" => 16,
        "float" => 32,
        "double" => 64,
        int => int[1..].parse().expect("an integer type"),
    }
}

/// The element-type combinations of a shape: one or two types (result first for casts,
/// lrint and cttz.elts; the stride's type second for strided accesses).
fn combos(shape: Shape) -> Vec<Vec<&'static str>> {
    use Shape::*;
    let one = |types: &[&'static str]| types.iter().map(|&t| vec![t]).collect::<Vec<_>>();
    let pairs =
        |results: &[&'static str], sources: &[&'static str], ok: &dyn Fn(&str, &str) -> bool| {
            let mut v = Vec::new();
            for &r in results {
                for &s in sources {
                    if ok(r, s) {
                        v.push(vec![r, s]);
                    }
                }
            }
            v
        };
    let any: Vec<&'static str> = INTS
        .iter()
        .chain(&FLOATS)
        .chain(&["ptr"])
        .copied()
        .collect();
    match shape {
        IntBinary | IntTernary | IntUnary | IntUnaryFlag | IntCmp | IntReduce => one(&INTS),
        ByteSwap => one(&INTS[1..]),
        FloatBinary | FloatTernary | FloatUnary | FloatCmp | IsFpClass | FloatReduce => {
            one(&FLOATS)
        }
        Cast(rule) => {
            use CastRule::*;
            let narrower = |r: &str, s: &str| bits(r) < bits(s);
            let wider = |r: &str, s: &str| bits(r) > bits(s);
            match rule {
                IntNarrower => pairs(&INTS, &INTS, &narrower),
                IntWider => pairs(&INTS, &INTS, &wider),
                FloatNarrower => pairs(&FLOATS, &FLOATS, &narrower),
                FloatWider => pairs(&FLOATS, &FLOATS, &wider),
                FloatToInt => pairs(&INTS, &FLOATS, &|_, _| true),
                IntToFloat => pairs(&FLOATS, &INTS, &|_, _| true),
                PtrToInt => pairs(&INTS, &["ptr"], &|_, _| true),
                IntToPtr => pairs(&["ptr"], &INTS, &|_, _| true),
            }
        }
        Round => pairs(&INTS, &FLOATS, &|_, _| true),
        CttzElts => pairs(&["i32", "i64"], &INTS, &|_, _| true),
        StridedLoad | StridedStore => pairs(&any, &["i32", "i64"], &|_, _| true),
        Select | Load | Store | Gather | Scatter | LoadFF | Reverse | Splice => one(&any),
    }
}

/// The suffix LLVM mangles a vector of `n` `elem`s as: `v8i32`, `v8f16`, `v8p0`.
fn mangle(n: usize, elem: &str) -> String {
    let e = match elem {
        "ptr" => "p0",
        "half" => "f16",
        "float" => "f32",
        "double" => "f64",
        other => other,
    };
    format!("v{n}{e}")
}

fn vec(n: usize, elem: &str) -> String {
    format!("<{n} x {elem}>")
}

/// One function of the matrix: its name and its text.
struct Function {
    name: String,
    text: String,
}

/// The three (mask, EVL) forms for `n` lanes.
fn forms(n: usize) -> [(&'static str, String, String); 3] {
    let pattern = [true, true, false, true, true, true, true, false];
    let bits: Vec<String> = (0..n)
        .map(|i| format!("i1 {}", pattern[i % 8] as u8))
        .collect();
    [
        ("full", "splat (i1 true)".to_string(), format!("i32 {n}")),
        ("var", "%m".to_string(), "i32 %evl".to_string()),
        (
            "const",
            format!("<{}>", bits.join(", ")),
            format!("i32 {}", (n * 5 / 8).max(1)),
        ),
    ]
}

/// The functions of one intrinsic for one type combination and lane count.
fn functions(case: &Case, types: &[&str], n: usize) -> Vec<Function> {
    use Shape::*;
    let name = format!("llvm.{}", case.name);
    let t0 = types[0];
    let v0 = vec(n, t0);
    let mask_ty = vec(n, "i1");
    let mut out = Vec::new();
    for (tag, mask, evl) in forms(n) {
        let m = format!("{mask_ty} {mask}");
        let (ret, params, call_args, mangled): (String, String, String, String) = match case.shape {
            IntBinary | FloatBinary => (
                v0.clone(),
                format!("{v0} %a, {v0} %b"),
                format!("{v0} %a, {v0} %b, {m}, {evl}"),
                mangle(n, t0),
            ),
            IntTernary | FloatTernary => (
                v0.clone(),
                format!("{v0} %a, {v0} %b, {v0} %c"),
                format!("{v0} %a, {v0} %b, {v0} %c, {m}, {evl}"),
                mangle(n, t0),
            ),
            IntUnary | ByteSwap | FloatUnary => (
                v0.clone(),
                format!("{v0} %a"),
                format!("{v0} %a, {m}, {evl}"),
                mangle(n, t0),
            ),
            IntUnaryFlag => (
                v0.clone(),
                format!("{v0} %a"),
                format!("{v0} %a, i1 false, {m}, {evl}"),
                mangle(n, t0),
            ),
            Cast(_) | Round => {
                let src = vec(n, types[1]);
                (
                    v0.clone(),
                    format!("{src} %a"),
                    format!("{src} %a, {m}, {evl}"),
                    format!("{}.{}", mangle(n, t0), mangle(n, types[1])),
                )
            }
            IntCmp | FloatCmp => {
                let pred = if matches!(case.shape, IntCmp) {
                    "slt"
                } else {
                    "olt"
                };
                (
                    mask_ty.clone(),
                    format!("{v0} %a, {v0} %b"),
                    format!("{v0} %a, {v0} %b, metadata !\"{pred}\", {m}, {evl}"),
                    mangle(n, t0),
                )
            }
            IsFpClass => (
                mask_ty.clone(),
                format!("{v0} %a"),
                format!("{v0} %a, i32 3, {m}, {evl}"),
                mangle(n, t0),
            ),
            IntReduce | FloatReduce => (
                t0.to_string(),
                format!("{t0} %s, {v0} %a"),
                format!("{t0} %s, {v0} %a, {m}, {evl}"),
                mangle(n, t0),
            ),
            // vp.select/vp.merge take the condition where the others take the mask.
            Select => (
                v0.clone(),
                format!("{v0} %a, {v0} %b"),
                format!("{m}, {v0} %a, {v0} %b, {evl}"),
                mangle(n, t0),
            ),
            Load => (
                v0.clone(),
                "ptr %p".into(),
                format!("ptr align 4 %p, {m}, {evl}"),
                format!("{}.p0", mangle(n, t0)),
            ),
            Store => (
                "void".into(),
                format!("{v0} %v, ptr %p"),
                format!("{v0} %v, ptr align 4 %p, {m}, {evl}"),
                format!("{}.p0", mangle(n, t0)),
            ),
            Gather => {
                let ptrs = vec(n, "ptr");
                (
                    v0.clone(),
                    format!("{ptrs} %p"),
                    format!("{ptrs} align 4 %p, {m}, {evl}"),
                    format!("{}.{}", mangle(n, t0), mangle(n, "ptr")),
                )
            }
            Scatter => {
                let ptrs = vec(n, "ptr");
                (
                    "void".into(),
                    format!("{v0} %v, {ptrs} %p"),
                    format!("{v0} %v, {ptrs} align 4 %p, {m}, {evl}"),
                    format!("{}.{}", mangle(n, t0), mangle(n, "ptr")),
                )
            }
            StridedLoad => {
                let s = types[1];
                (
                    v0.clone(),
                    format!("ptr %p, {s} %s"),
                    format!("ptr align 4 %p, {s} %s, {m}, {evl}"),
                    format!("{}.p0.{s}", mangle(n, t0)),
                )
            }
            StridedStore => {
                let s = types[1];
                (
                    "void".into(),
                    format!("{v0} %v, ptr %p, {s} %s"),
                    format!("{v0} %v, ptr align 4 %p, {s} %s, {m}, {evl}"),
                    format!("{}.p0.{s}", mangle(n, t0)),
                )
            }
            LoadFF => (
                format!("{{ {v0}, i32 }}"),
                "ptr %p".into(),
                format!("ptr align 4 %p, {m}, {evl}"),
                format!("{}.p0", mangle(n, t0)),
            ),
            Reverse => (
                v0.clone(),
                format!("{v0} %a"),
                format!("{v0} %a, {m}, {evl}"),
                mangle(n, t0),
            ),
            Splice => {
                // The immediate must lie in [-n, n-1].
                let imm = -((n as i64 / 2).max(1));
                (
                    v0.clone(),
                    format!("{v0} %a, {v0} %b"),
                    format!("{v0} %a, {v0} %b, i32 {imm}, {m}, {evl}, {evl}"),
                    mangle(n, t0),
                )
            }
            CttzElts => {
                let src = vec(n, types[1]);
                (
                    t0.to_string(),
                    format!("{src} %a"),
                    format!("{src} %a, i1 false, {m}, {evl}"),
                    format!("{t0}.{}", mangle(n, types[1])),
                )
            }
        };
        let fname = format!(
            "{}_{}_{n}_{tag}",
            case.name.replace('.', "_"),
            types.join("_")
        );
        let body = if ret == "void" {
            format!("  call void @{name}.{mangled}({call_args})\n  ret void")
        } else {
            format!("  %r = call {ret} @{name}.{mangled}({call_args})\n  ret {ret} %r")
        };
        let mut text = String::new();
        writeln!(
            text,
            "define {ret} @{fname}({params}, {mask_ty} %m, i32 %evl) {{\n{body}\n}}\n"
        )
        .unwrap();
        out.push(Function { name: fname, text });
    }
    out
}

/// Every function of one intrinsic's matrix.
fn matrix(case: &Case) -> Vec<Function> {
    let mut out = Vec::new();
    for types in combos(case.shape) {
        for n in LANES {
            out.extend(functions(case, &types, n));
        }
    }
    out
}

/// The 32-bit (or narrowest two-type), 8-lane slice that stock `llc` is measured on.
fn stock_slice(case: &Case) -> Vec<Function> {
    let combos = combos(case.shape);
    let types = combos
        .iter()
        .find(|t| t.iter().all(|&e| bits_or_ptr(e) == 32))
        .or_else(|| {
            combos
                .iter()
                .find(|t| t.contains(&"i32") || t.contains(&"float"))
        })
        .unwrap_or(&combos[0]);
    functions(case, types, 8)
}

fn bits_or_ptr(elem: &str) -> u32 {
    if elem == "ptr" {
        64
    } else {
        bits(elem)
    }
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

/// How one module is compiled for one target.
struct Compile<'a> {
    bin: &'a Path,
    plugin: Option<&'a Path>,
    triple: &'a str,
    cpu: &'a str,
    dir: &'a Path,
}

impl Compile<'_> {
    /// Compiles `functions` as one module; `Err` with the first line of the error.
    fn module(&self, stem: &str, functions: &[&Function]) -> Result<(), String> {
        let input = self.dir.join(format!("{stem}.ll"));
        let text: String = functions.iter().map(|f| f.text.as_str()).collect();
        fs::write(&input, text).unwrap();
        let mtriple = format!("-mtriple={}", self.triple);
        let mcpu = format!("-mcpu={}", self.cpu);
        let to_llc = match self.plugin {
            None => input.clone(),
            Some(plugin) => {
                let lowered = self.dir.join(format!("{stem}.lowered.ll"));
                run(Command::new(self.bin.join("opt"))
                    .arg(format!("-load-pass-plugin={}", plugin.display()))
                    .args(["-passes=shuffle-lib", "-verify-each", "-S"])
                    .args([&mtriple, &mcpu])
                    .arg(&input)
                    .arg("-o")
                    .arg(&lowered))
                .map_err(|e| format!("opt: {e}"))?;
                lowered
            }
        };
        run(Command::new(self.bin.join("llc"))
            .args([&mtriple, &mcpu])
            .arg(&to_llc)
            .args(["-o", "/dev/null"]))
        .map_err(|e| format!("llc: {e}"))
    }

    /// The failing functions of `functions`, each with its error: halves a failing
    /// module until each failure is one function.
    fn failures(&self, stem: &str, functions: &[&Function]) -> Vec<(String, String)> {
        match self.module(stem, functions) {
            Ok(()) => Vec::new(),
            Err(e) if functions.len() == 1 => vec![(functions[0].name.clone(), e)],
            Err(_) => {
                let (a, b) = functions.split_at(functions.len() / 2);
                let mut v = self.failures(stem, a);
                v.extend(self.failures(stem, b));
                v
            }
        }
    }
}

#[test]
fn every_vp_intrinsic_compiles_with_every_element_type_on_every_target() {
    let cases = cases();
    assert_eq!(cases.len(), 94, "LLVM 22 has 94 VP intrinsics");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/vp-compile");
    let (bin, plugin) = (llvm_bin(), plugin());
    let matrices: Vec<Vec<Function>> = cases.iter().map(matrix).collect();
    let total: usize = matrices.iter().map(Vec::len).sum();
    let results: Vec<(Vec<String>, Vec<&str>)> = std::thread::scope(|s| {
        let handles: Vec<_> = TARGETS
            .iter()
            .map(|&(target, triple, cpu)| {
                let (cases, matrices, bin, plugin) = (&cases, &matrices, &bin, &plugin);
                let root = root.join(target);
                s.spawn(move || {
                    fs::create_dir_all(&root).unwrap();
                    let with_plugin = Compile {
                        bin,
                        plugin: Some(plugin),
                        triple,
                        cpu,
                        dir: &root,
                    };
                    let stock = Compile {
                        plugin: None,
                        ..with_plugin
                    };
                    let mut failures = Vec::new();
                    let mut stock_failures = Vec::new();
                    for (case, functions) in cases.iter().zip(matrices) {
                        let all: Vec<&Function> = functions.iter().collect();
                        for (function, error) in with_plugin.failures(case.name, &all) {
                            failures.push(format!("{function} on {target}: {error}"));
                        }
                        let slice = stock_slice(case);
                        let slice: Vec<&Function> = slice.iter().collect();
                        if stock
                            .module(&format!("{}.stock", case.name), &slice)
                            .is_err()
                        {
                            stock_failures.push(case.name);
                        }
                    }
                    (failures, stock_failures)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut failures = Vec::new();
    for ((target, _, _), (failed, stock_failed)) in TARGETS.iter().zip(&results) {
        eprintln!(
            "vp-compile: {target}: stock llc fails on {} of 94 (32-bit, 8 lanes): {}",
            stock_failed.len(),
            stock_failed.join(" ")
        );
        failures.extend(failed.iter().cloned());
    }
    eprintln!(
        "vp-compile: with shuffle-lib: {} failures over {total} functions (94 intrinsics, \
         every element type, lanes {LANES:?}, 3 forms) x 4 targets = {} compilations",
        failures.len(),
        total * TARGETS.len()
    );
    fs::write(root.join("failures.txt"), failures.join("\n")).unwrap();
    // A matrix that shrank by mistake would pass trivially.
    assert!(total > 8_000, "the matrix has only {total} functions");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The matrix has what the header promises: an intrinsic of each family with each of its
/// types, and every lane count.
#[test]
fn the_matrix_covers_every_type() {
    let cases = cases();
    let by_name = |name: &str| cases.iter().find(|c| c.name == name).unwrap();
    let names = |name: &str| -> Vec<String> {
        matrix(by_name(name))
            .into_iter()
            .map(|f| f.name)
            .filter(|f| f.ends_with("_full"))
            .collect()
    };
    assert_eq!(names("vp.add").len(), 4 * LANES.len());
    assert_eq!(names("vp.fadd").len(), 3 * LANES.len());
    assert_eq!(names("vp.bswap").len(), 3 * LANES.len());
    // trunc: (i8 from i16, i32, i64), (i16 from i32, i64), (i32 from i64).
    assert_eq!(names("vp.trunc").len(), 6 * LANES.len());
    assert_eq!(names("vp.fpext").len(), 3 * LANES.len());
    assert_eq!(names("vp.fptosi").len(), 12 * LANES.len());
    assert_eq!(names("vp.llrint").len(), 12 * LANES.len());
    assert_eq!(names("vp.load").len(), 8 * LANES.len());
    assert_eq!(
        names("experimental.vp.strided.store").len(),
        16 * LANES.len()
    );
    assert!(names("vp.llrint").contains(&"vp_llrint_i32_float_8_full".to_string()));
    assert!(names("vp.sitofp").contains(&"vp_sitofp_half_i64_3_full".to_string()));
}
