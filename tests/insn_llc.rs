//! Every instruction description (`shuf::target::insn`) against `llc`: for each
//! instruction and each immediate, the `shufflevector` of the lanes it describes
//! compiles, for the least CPU that has the instruction, to at most the instructions the
//! description costs, and, where that is one, to one of its mnemonics. Table
//! instructions are checked on a mask only they do in one step. (The assembly wins: a
//! description `llc` does not reach would make the optimum a lie.)

mod common;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::llvm_bin;
use shuf::lower::emitted::{instructions, Place, Unit};
use shuf::lower::{IntVec, Step};
use shuf::target::insn::{Emit, Insn, Lanes, Src, INSNS};
use shuf::target::wide::{Geometry, Lane, Produce, WideInsn};
use shuf::target::Arch;

/// The least CPU with `feature`, as llc's flags.
fn cpu_for(insn: &Insn) -> [&'static str; 2] {
    match (insn.arch, insn.feature) {
        (Arch::AArch64, _) => ["-mtriple=aarch64-linux-gnu", "-mcpu=neoverse-n1"],
        (Arch::RiscV64, _) => ["-mtriple=riscv64-linux-gnu", "-mcpu=sifive-x280"],
        (_, "sse2") => ["-mtriple=x86_64-linux-gnu", "-mcpu=x86-64"],
        (_, "ssse3") => ["-mtriple=x86_64-linux-gnu", "-mattr=+ssse3"],
        (_, "sse4.1") => ["-mtriple=x86_64-linux-gnu", "-mcpu=x86-64-v2"],
        (_, "avx512f") => ["-mtriple=x86_64-linux-gnu", "-mcpu=x86-64-v4"],
        _ => ["-mtriple=x86_64-linux-gnu", "-mcpu=x86-64-v3"],
    }
}

/// A function computing `lanes` of `%a` and `%b` as `insn` is emitted: a shufflevector
/// (zero lanes through a second one), or the target intrinsic.
fn function(name: &str, insn: &Insn, imm: u16, lanes: [Src; 4]) -> String {
    match insn.emit {
        Emit::Intrinsic("llvm.x86.sse41.insertps") => {
            return format!(
                "define <4 x i32> @{name}(<4 x i32> %a, <4 x i32> %b) {{\n\
                 \x20 %fa = bitcast <4 x i32> %a to <4 x float>\n\
                 \x20 %fb = bitcast <4 x i32> %b to <4 x float>\n\
                 \x20 %r = call <4 x float> @llvm.x86.sse41.insertps(<4 x float> %fa, <4 x float> %fb, i8 {})\n\
                 \x20 %i = bitcast <4 x float> %r to <4 x i32>\n\
                 \x20 ret <4 x i32> %i\n}}\n",
                ((imm / 4) << 6 | (imm % 4) << 4) as u8 as i8
            );
        }
        Emit::Intrinsic(
            intrinsic @ ("llvm.x86.ssse3.pshuf.b.128"
            | "llvm.aarch64.neon.tbl1"
            | "llvm.aarch64.neon.tbl2"),
        ) => {
            // Byte indices; zero: pshufb's top bit, tbl's out of range.
            let zero = if intrinsic.contains("pshuf") {
                -128
            } else {
                -1
            };
            let control: Vec<String> = lanes
                .iter()
                .flat_map(|&s| {
                    (0..4).map(move |k| match s {
                        Src::Lane(l) => format!("i8 {}", 4 * l + k),
                        Src::Zero => format!("i8 {zero}"),
                    })
                })
                .collect();
            let (callee, tables) = match intrinsic {
                "llvm.aarch64.neon.tbl2" => (
                    "llvm.aarch64.neon.tbl2.v16i8",
                    "<16 x i8> %ba, <16 x i8> %bb",
                ),
                "llvm.aarch64.neon.tbl1" => ("llvm.aarch64.neon.tbl1.v16i8", "<16 x i8> %ba"),
                _ => (intrinsic, "<16 x i8> %ba"),
            };
            return format!(
                "define <4 x i32> @{name}(<4 x i32> %a, <4 x i32> %b) {{\n\
                 \x20 %ba = bitcast <4 x i32> %a to <16 x i8>\n\
                 \x20 %bb = bitcast <4 x i32> %b to <16 x i8>\n\
                 \x20 %r = call <16 x i8> @{callee}({tables}, <16 x i8> <{}>)\n\
                 \x20 %i = bitcast <16 x i8> %r to <4 x i32>\n\
                 \x20 ret <4 x i32> %i\n}}\n",
                control.join(", ")
            );
        }
        Emit::Intrinsic(intrinsic @ "llvm.x86.avx512.vpermi2var.d.128") => {
            let index: Vec<String> = lanes
                .iter()
                .map(|&s| match s {
                    Src::Lane(l) => format!("i32 {l}"),
                    Src::Zero => "i32 0".to_string(),
                })
                .collect();
            return format!(
                "define <4 x i32> @{name}(<4 x i32> %a, <4 x i32> %b) {{\n\
                 \x20 %r = call <4 x i32> @{intrinsic}(<4 x i32> %a, <4 x i32> <{}>, <4 x i32> %b)\n\
                 \x20 ret <4 x i32> %r\n}}\n",
                index.join(", ")
            );
        }
        _ => {}
    }
    let sel = |s: Src| match s {
        Src::Lane(l) => format!("i32 {l}"),
        Src::Zero => "i32 poison".to_string(),
    };
    let first: Vec<String> = lanes.iter().map(|&s| sel(s)).collect();
    let mut body = format!(
        "  %t = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <{}>\n",
        first.join(", ")
    );
    let last = if lanes.contains(&Src::Zero) {
        let second: Vec<String> = (0..4)
            .map(|i| match lanes[i] {
                Src::Zero => "i32 4".to_string(),
                _ => format!("i32 {i}"),
            })
            .collect();
        body += &format!(
            "  %r = shufflevector <4 x i32> %t, <4 x i32> zeroinitializer, <4 x i32> <{}>\n",
            second.join(", ")
        );
        "%r"
    } else {
        "%t"
    };
    format!("define <4 x i32> @{name}(<4 x i32> %a, <4 x i32> %b) {{\n{body}  ret <4 x i32> {last}\n}}\n")
}

/// Whether an instruction line only copies one vector register to another (the ABI's
/// doing: the result must end in the first register, an SSE instruction overwrites its
/// first operand), which the descriptions do not count.
fn is_copy(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let m = words.next().unwrap_or("");
    let operands: String = words.collect::<Vec<_>>().join(" ");
    let operands = operands
        .split(['#', '/'])
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    let x86 = [
        "movaps",
        "movdqa",
        "movapd",
        "vmovaps",
        "vmovdqa",
        "vmovapd",
        "vmovdqa64",
    ];
    (x86.contains(&m) && !operands.contains('(') && operands.matches("%xmm").count() == 2)
        || (m == "mov" && operands.matches(".16b").count() == 2)
        || m == "vmv1r.v"
}

/// Whether an instruction line sets RISC-V V's element width and length, which the
/// descriptions do not count (shared with the code around; the measurement counts it).
fn is_setting(line: &str) -> bool {
    matches!(mnemonic(line), "vsetvli" | "vsetivli")
}

/// The instruction lines of each function `f_*` in `asm` (directives and labels
/// excluded), with the function's name.
fn functions(asm: &str) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = Vec::new();
    for line in asm.lines() {
        let label = line
            .split_whitespace()
            .next()
            .and_then(|t| t.strip_suffix(':'));
        if let Some(name) = label.filter(|n| n.starts_with("f_")) {
            out.push((name.to_string(), Vec::new()));
        } else if line.starts_with('\t') && !line.starts_with("\t.") {
            let mnemonic = line.split_whitespace().next().unwrap_or("");
            if let Some((_, lines)) = out.last_mut() {
                if !mnemonic.is_empty() && !mnemonic.starts_with(['#', '/', ';']) {
                    lines.push(line);
                }
            }
        }
    }
    out
}

fn mnemonic(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// The instructions of each function in `asm`, `ret` and register copies excluded.
fn bodies(asm: &str) -> Vec<(String, Vec<String>)> {
    functions(asm)
        .into_iter()
        .map(|(name, lines)| {
            let kept = lines
                .into_iter()
                .filter(|l| {
                    !["ret", "retq"].contains(&mnemonic(l)) && !is_copy(l) && !is_setting(l)
                })
                .map(|l| mnemonic(l).to_string());
            (name, kept.collect())
        })
        .collect()
}

/// `llc`'s assembly for `module`, written to `file`, with `flags`.
fn compile(file: &Path, module: &str, flags: &[&str]) -> String {
    fs::write(file, module).unwrap();
    let out = Command::new(llvm_bin().join("llc"))
        .args(flags)
        .arg(file)
        .args(["-o", "-"])
        .output()
        .expect("llc runs");
    assert!(out.status.success(), "llc failed on {}", file.display());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_description_compiles_to_its_instruction() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/insn-llc");
    fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (k, insn) in INSNS.iter().enumerate() {
        let mut module = String::new();
        let mut expected = Vec::new();
        match insn.lanes {
            Lanes::Imm { imms, .. } => {
                for imm in 0..imms {
                    let lanes = insn.produce(imm).unwrap();
                    let name = format!("f_{k}_{imm}");
                    write!(module, "{}", function(&name, insn, imm, lanes)).unwrap();
                    expected.push((name, format!("{lanes:?}")));
                }
            }
            Lanes::Table { .. } => {
                // A mask no fixed instruction does alone: one source with a zero lane, or
                // both scrambled.
                let lanes = if insn.operands == 1 {
                    [Src::Lane(2), Src::Zero, Src::Lane(3), Src::Lane(0)]
                } else {
                    [Src::Lane(6), Src::Lane(1), Src::Lane(3), Src::Lane(4)]
                };
                let name = format!("f_{k}_table");
                write!(module, "{}", function(&name, insn, 0, lanes)).unwrap();
                expected.push((name, format!("{lanes:?}")));
            }
        }
        let file = dir.join(format!("{}.ll", insn.name));
        let asm = compile(&file, &module, &cpu_for(insn));
        let got = bodies(&asm);
        for (name, lanes) in expected {
            checked += 1;
            let Some((_, insts)) = got.iter().find(|(n, _)| *n == name) else {
                failures.push(format!("{}: {name} not in the output", insn.name));
                continue;
            };
            let fits = insts.len() as u32 <= insn.cost
                && (insts.len() != 1 || insn.cost != 1 || insn.asm.contains(&insts[0].as_str()));
            if !fits {
                failures.push(format!(
                    "{} {lanes}: llc emits {insts:?}, the description costs {}",
                    insn.name, insn.cost
                ));
            }
        }
    }
    eprintln!(
        "insn-llc: {checked} instruction forms checked, {} failures",
        failures.len()
    );
    assert!(checked > 500, "only {checked} forms");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The packs and permutes of `shuf::target::pack`: each emitted form compiles to that
/// one instruction (checked on the least CPU with its feature).
#[test]
fn every_pack_and_permute_compiles_to_its_instruction() {
    use shuf::target::pack::{PACKS, PERMUTES};
    let cpu = |feature: &str| match feature {
        "sse2" => "-mcpu=x86-64",
        "sse4.1" => "-mcpu=x86-64-v2",
        _ => "-mcpu=x86-64-v3",
    };
    let mut cases: Vec<(String, &[&str], &str)> = Vec::new();
    for (k, pack) in PACKS.iter().enumerate() {
        let n = pack.elements();
        let (from, to) = (pack.from_bits, pack.from_bits / 2);
        let function = format!(
            "declare <{m} x i{to}> @{i}(<{n} x i{from}>, <{n} x i{from}>)\n\
             define <{m} x i{to}> @f_{k}(<{n} x i{from}> %a, <{n} x i{from}> %b) {{\n\
             \x20 %r = call <{m} x i{to}> @{i}(<{n} x i{from}> %a, <{n} x i{from}> %b)\n\
             \x20 ret <{m} x i{to}> %r\n}}\n",
            m = 2 * n,
            i = pack.intrinsic
        );
        cases.push((function, std::slice::from_ref(&pack.name), pack.feature));
    }
    for (k, permute) in PERMUTES.iter().enumerate() {
        let n = permute.register_bits / permute.element_bits;
        let ty = format!("<{n} x i{}>", permute.element_bits);
        // Element order reversed: no cheaper instruction does it.
        let index: Vec<String> = (0..n).rev().map(|i| format!("i32 {i}")).collect();
        let index = format!("<{n} x i32> <{}>", index.join(", "));
        let body = match permute.intrinsic {
            None => format!("%r = shufflevector {ty} %a, {ty} poison, {index}"),
            Some(i) => format!("%r = call {ty} @{i}({ty} %a, {index})"),
        };
        let function = format!(
            "define {ty} @f_p{k}({ty} %a) {{\n  {body}\n  ret {ty} %r\n}}\n{}",
            permute
                .intrinsic
                .map(|i| format!("declare {ty} @{i}({ty}, <{n} x i32>)\n"))
                .unwrap_or_default()
        );
        cases.push((function, permute.asm, permute.feature));
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/insn-llc");
    fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    for (k, (function, names, feature)) in cases.iter().enumerate() {
        let file = dir.join(format!("pack-{k}.ll"));
        let asm = compile(
            &file,
            function,
            &["-mtriple=x86_64-linux-gnu", cpu(feature)],
        );
        let insts: Vec<String> = bodies(&asm)
            .into_iter()
            .flat_map(|(_, insts)| insts)
            .filter(|m| !m.starts_with("vmov"))
            .filter(|m| m != "vzeroupper")
            .collect();
        // An index vector is a constant-pool load (`vmovdqa .LCPI`, filtered above).
        if insts.len() != 1 || !names.contains(&insts[0].as_str()) {
            failures.push(format!("{}: llc emits {insts:?}", names[0]));
        }
    }
    assert_eq!(cases.len(), PACKS.len() + PERMUTES.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One recipe of `shuf::lower::rules`' shapes as a measured function: an unused first
/// parameter takes the return register (as the plugin's measurement does), or, for a
/// result that fits one register on x86 and AArch64, an empty inline asm consumes it.
fn recipe_function(
    name: &str,
    steps: &[Step],
    input: IntVec,
    loaded: bool,
    consumer: Option<&str>,
    attributes: &str,
) -> String {
    let ty = |t: IntVec| format!("<{} x i{}>", t.lanes, t.bits);
    let mut body = String::new();
    let mut cur = input;
    let mut last = "%x".to_string();
    for (k, &step) in steps.iter().enumerate() {
        let next = step.output(cur).expect("a valid recipe");
        let (t, n) = (ty(cur), ty(next));
        let line = match step {
            Step::Freeze => format!("freeze {t} {last}"),
            Step::Bitcast { .. } => format!("bitcast {t} {last} to {n}"),
            Step::ZeroExtend { .. } => format!("zext {t} {last} to {n}"),
            Step::Truncate { .. } => format!("trunc {t} {last} to {n}"),
            Step::ShiftRight { by } => format!("lshr {t} {last}, splat (i{} {by})", cur.bits),
            Step::ShiftLeft { by } => format!("shl {t} {last}, splat (i{} {by})", cur.bits),
            Step::RotateRight { by } => {
                let e = cur.bits;
                let lanes = cur.lanes;
                format!("call {t} @llvm.fshr.v{lanes}i{e}({t} {last}, {t} {last}, {t} splat (i{e} {by}))")
            }
            Step::Extract { start, len } => {
                let index: Vec<String> = (start..start + len).map(|i| format!("i32 {i}")).collect();
                format!(
                    "shufflevector {t} {last}, {t} poison, <{len} x i32> <{}>",
                    index.join(", ")
                )
            }
            _ => unreachable!("not a shape of the rules"),
        };
        writeln!(body, "  %v{k} = {line}").unwrap();
        last = format!("%v{k}");
        cur = next;
    }
    let (result, source) = (ty(cur), ty(input));
    let (param, load) = match loaded {
        true => (
            "ptr %p".to_string(),
            format!("  %x = load {source}, ptr %p\n"),
        ),
        false => (format!("{source} %x"), String::new()),
    };
    match consumer {
        Some(c) => format!(
            "define void @{name}({param}) nounwind {attributes} {{\n{load}{body}  call void asm sideeffect \"\", \"{c}\"({result} {last})\n  ret void\n}}\n"
        ),
        None => format!(
            "define {result} @{name}({result} %unused, {param}) nounwind {attributes} {{\n{load}{body}  ret {result} {last}\n}}\n"
        ),
    }
}

/// Instructions of each function as the plugin's measurement counts them (`ret`,
/// `vzeroupper`, and, for a loop, constant loads and zero idioms excluded).
fn measured_counts(asm: &str, in_loop: bool) -> Vec<(String, Vec<String>)> {
    let counted = |line: &&&str| {
        let text = line.trim();
        let mnemonic = mnemonic(text);
        let operands: Vec<&str> = text[mnemonic.len()..]
            .split(['#', '/'])
            .next()
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .collect();
        let constant_load = text.contains(".LCPI")
            && (["adrp", "ldr", "lea"].contains(&mnemonic)
                || mnemonic.starts_with("mov")
                || mnemonic.starts_with("vmov")
                || mnemonic.starts_with("vpbroadcast")
                || mnemonic.starts_with("vbroadcast"));
        let zero_idiom = (mnemonic == "movi" && text.contains(", #0"))
            || (["pxor", "vpxor", "xorps", "vxorps", "vpxord", "vpxorq"].contains(&mnemonic)
                && operands.iter().all(|o| *o == operands[0]));
        !["ret", "retq", "vzeroupper"].contains(&mnemonic)
            && (!in_loop || !(constant_load || zero_idiom))
    };
    functions(asm)
        .into_iter()
        .map(|(name, lines)| {
            let kept = lines
                .iter()
                .filter(counted)
                .map(|l| mnemonic(l).to_string());
            (name, kept.collect())
        })
        .collect()
}

/// The recipes the lowering rules propose (`shuf::lower::rules`), in every shape: zero
/// extensions of the whole source or of a part, truncations with and without the shift
/// that picks a part, shifts and rotations within wider lanes.
fn recipe_shapes() -> Vec<(Vec<Step>, IntVec)> {
    let mut shapes = Vec::new();
    for bits in [8, 16, 32] {
        for lanes in [8, 16, 32, 64, 128] {
            let input = IntVec { lanes, bits };
            if !(64..=1024).contains(&input.total_bits()) {
                continue;
            }
            for factor in [2, 4, 8] {
                let wide = bits * factor as u32;
                if wide > 64 || lanes % factor != 0 {
                    continue;
                }
                let len = lanes / factor;
                let zext = |extract: Option<(usize, usize)>| {
                    let mut steps = vec![Step::Freeze];
                    steps.extend(extract.map(|(start, len)| Step::Extract { start, len }));
                    steps.extend([Step::ZeroExtend { bits: wide }, Step::Bitcast { bits }]);
                    steps
                };
                shapes.push((zext(None), input));
                if len >= 2 {
                    shapes.push((zext(Some((0, len))), input));
                    shapes.push((zext(Some((lanes - len, len))), input));
                }
                for index in 0..factor {
                    let mut steps = vec![Step::Freeze, Step::Bitcast { bits: wide }];
                    if index > 0 {
                        steps.push(Step::ShiftRight {
                            by: bits * index as u32,
                        });
                    }
                    steps.push(Step::Truncate { bits });
                    shapes.push((steps, input));
                }
                // A rotation by one element, and the reversal of the wide lane's
                // elements as rotations (halves, then quarters, ...).
                let rotate = vec![
                    Step::Freeze,
                    Step::Bitcast { bits: wide },
                    Step::RotateRight { by: bits },
                    Step::Bitcast { bits },
                ];
                shapes.push((rotate, input));
                let mut reverse = vec![Step::Freeze];
                let mut width = wide;
                while width > bits {
                    reverse.extend([
                        Step::Bitcast { bits: width },
                        Step::RotateRight { by: width / 2 },
                    ]);
                    width /= 2;
                }
                reverse.push(Step::Bitcast { bits });
                if factor > 2 {
                    shapes.push((reverse, input));
                }
                for shift in [Step::ShiftRight { by: bits }, Step::ShiftLeft { by: bits }] {
                    let steps = vec![
                        Step::Freeze,
                        Step::Bitcast { bits: wide },
                        shift,
                        Step::Bitcast { bits },
                    ];
                    shapes.push((steps, input));
                }
            }
        }
    }
    shapes
}

/// `shuf::lower::emitted`, the instruction counts the lowering predicts, against `llc`
/// on the benchmark's four targets: every recipe shape it predicts, of a register or of
/// a load, compiles to exactly that many instructions, in a loop (constants hoisted)
/// and outside one.
#[test]
fn every_predicted_recipe_compiles_to_its_count() {
    type Consumer = fn(usize) -> Option<&'static str>;
    let x86: Consumer = |bits| (bits == 128).then_some("x");
    let v4 = |register_bits| Unit::X86 {
        level: "avx512f",
        bw: true,
        register_bits,
    };
    // clang's functions say "min-legal-vector-width": x86-64-v4 then prefers 256 bits.
    let targets: [(&str, [&str; 2], &str, Unit, Consumer); 5] = [
        (
            "x86-64-v3",
            ["-mtriple=x86_64-linux-gnu", "-mcpu=x86-64-v3"],
            "",
            Unit::X86 {
                level: "avx2",
                bw: false,
                register_bits: 256,
            },
            x86,
        ),
        (
            "x86-64-v4",
            ["-mtriple=x86_64-linux-gnu", "-mcpu=x86-64-v4"],
            "\"min-legal-vector-width\"=\"0\"",
            v4(256),
            x86,
        ),
        (
            "x86-64-v4-zmm",
            ["-mtriple=x86_64-linux-gnu", "-mcpu=x86-64-v4"],
            "",
            v4(512),
            x86,
        ),
        (
            "neoverse-n1",
            ["-mtriple=aarch64-linux-gnu", "-mcpu=neoverse-n1"],
            "",
            Unit::Neon,
            |bits| (bits == 64 || bits == 128).then_some("w"),
        ),
        (
            "sifive-x280",
            ["-mtriple=riscv64-linux-gnu", "-mcpu=sifive-x280"],
            "",
            Unit::RiscVV,
            |_| None,
        ),
    ];
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/insn-llc");
    fs::create_dir_all(&dir).unwrap();
    let shapes: Vec<(Vec<Step>, IntVec, bool)> = recipe_shapes()
        .into_iter()
        .flat_map(|(steps, input)| [(steps.clone(), input, false), (steps, input, true)])
        .collect();
    let mut failures = Vec::new();
    for (name, flags, attributes, unit, consumer) in targets {
        let mut module = String::new();
        for (k, (steps, input, loaded)) in shapes.iter().enumerate() {
            let output = steps.iter().try_fold(*input, |t, s| s.output(t)).unwrap();
            let consumer = consumer(output.total_bits());
            let function = recipe_function(
                &format!("f_{k}"),
                steps,
                *input,
                *loaded,
                consumer,
                attributes,
            );
            module.push_str(&function);
        }
        let file = dir.join(format!("recipes-{name}.ll"));
        let asm = compile(&file, &module, &flags);
        let mut predicted = 0;
        for in_loop in [true, false] {
            let counts = measured_counts(&asm, in_loop);
            for (k, (steps, input, loaded)) in shapes.iter().enumerate() {
                let place = Place {
                    in_loop,
                    loaded: *loaded,
                    align: 0,
                    stored: None,
                };
                let Some(want) = instructions(steps, *input, unit, place) else {
                    continue;
                };
                predicted += 1;
                let function = format!("f_{k}");
                let got = counts.iter().find(|(n, _)| *n == function).map(|(_, i)| i);
                if got.map(|i| i.len() as u32) != Some(want) {
                    failures.push(format!(
                        "{name} {steps:?} on {input:?} ({place:?}): predicted {want}, llc {got:?}"
                    ));
                }
            }
        }
        eprintln!(
            "{name}: {predicted} predictions of {} shapes × 2",
            shapes.len()
        );
        assert!(
            predicted >= shapes.len() / 4,
            "{name}: only {predicted} predictions"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A CPU the wide descriptions are checked on: `llc`'s flags, and its x86 feature level
/// and the features beyond it (for `shuf::target::wide::x86_has`).
struct WideCpu {
    flags: Vec<&'static str>,
    level: &'static str,
    cpu: &'static str,
    extra: &'static [&'static str],
}

impl WideCpu {
    fn has(&self, feature: &str) -> bool {
        (feature == "neon" || feature == "v") && self.level == feature
            || shuf::target::wide::x86_has(
                self.level,
                self.cpu,
                &|f| self.extra.contains(&f),
                feature,
            )
    }
}

/// The least CPU with an instruction's feature, and the wider CPUs the plugin is
/// measured on that have it too (their choices may differ).
fn wide_cpus(feature: &str) -> Vec<WideCpu> {
    const X86: &str = "-mtriple=x86_64-linux-gnu";
    let x86 = |cpu: &'static str, level, extra: &'static [&'static str]| {
        let mut flags = vec![X86, cpu];
        flags.extend(extra.iter().map(|e| match *e {
            "ssse3" => "-mattr=+ssse3",
            _ => "-mattr=+avx512vbmi",
        }));
        WideCpu {
            flags,
            level,
            cpu: cpu.trim_start_matches("-mcpu="),
            extra,
        }
    };
    let v3 = || x86("-mcpu=x86-64-v3", "avx2", &[]);
    let v4 = || x86("-mcpu=x86-64-v4", "avx512f", &[]);
    match feature {
        "neon" => vec![WideCpu {
            flags: vec!["-mtriple=aarch64-linux-gnu", "-mcpu=neoverse-n1"],
            level: "neon",
            cpu: "neoverse-n1",
            extra: &[],
        }],
        "v" => vec![WideCpu {
            flags: vec!["-mtriple=riscv64-linux-gnu", "-mcpu=sifive-x280"],
            level: "v",
            cpu: "sifive-x280",
            extra: &[],
        }],
        "sse2" => vec![x86("-mcpu=x86-64", "sse2", &[]), v3(), v4()],
        "ssse3" => vec![x86("-mcpu=x86-64", "ssse3", &["ssse3"]), v3()],
        "sse4.1" => vec![x86("-mcpu=x86-64-v2", "sse4.1", &[]), v4()],
        "avx" => vec![x86("-mcpu=sandybridge", "avx", &[]), v3(), v4()],
        "avx2" => vec![v3(), v4()],
        "avx512vbmi" => vec![x86("-mcpu=x86-64-v4", "avx512f", &["avx512vbmi"])],
        _ => vec![v4()],
    }
}

/// Instructions of each function as RISC-V V's descriptions count them: no `vsetvli`
/// (with the `li` of a vector length beyond its 5-bit immediate) and no register copy
/// (`vmv1r.v`, `vmv.v.v`), as `target::insn`'s four-lane forms.
fn counts_without_settings(asm: &str) -> Vec<(String, Vec<String>)> {
    functions(asm)
        .into_iter()
        .map(|(name, lines)| {
            let length_load = |i: usize| {
                let reg = lines[i]
                    .split([' ', '\t', ','])
                    .find(|w| w.starts_with('a'));
                mnemonic(lines[i]) == "li"
                    && lines[i + 1..]
                        .iter()
                        .find(|l| is_setting(l))
                        .is_some_and(|l| {
                            reg.is_some_and(|r| l.split(',').nth(1).map(str::trim) == Some(r))
                        })
            };
            let kept = (0..lines.len())
                .filter(|&i| {
                    let m = mnemonic(lines[i]);
                    !is_setting(lines[i])
                        && !is_copy(lines[i])
                        && !["ret", "vmv.v.v"].contains(&m)
                        && !length_load(i)
                })
                .map(|i| mnemonic(lines[i]).to_string());
            (name, kept.collect())
        })
        .collect()
}

/// Each instruction of a function by mnemonic, with the RISC-V V shape (element bits,
/// vector length) it runs in.
type Shaped = Vec<(String, Option<(u32, usize)>)>;

/// The shape each instruction of each function in `asm` runs in, after RISC-V V's
/// `vsetvli`/`vsetivli` (a length in a register read from the `li` that set it; `zero,
/// zero` keeps the length).
fn shapes(asm: &str) -> Vec<(String, Shaped)> {
    functions(asm)
        .into_iter()
        .map(|(name, lines)| {
            let mut loaded: Vec<(String, usize)> = Vec::new();
            let mut current: Option<(u32, usize)> = None;
            let mut out = Vec::new();
            for line in lines {
                let m = mnemonic(line);
                let rest = line.trim().strip_prefix(m).unwrap_or("");
                let ops: Vec<&str> = rest.split(',').map(str::trim).collect();
                match m {
                    "li" if ops.len() == 2 => {
                        if let Ok(n) = ops[1].parse() {
                            loaded.push((ops[0].to_string(), n));
                        }
                    }
                    "vsetvli" | "vsetivli" if ops.len() >= 3 => {
                        let sew = ops[2].strip_prefix('e').and_then(|e| e.parse().ok());
                        let vl = match ops[1] {
                            "zero" => current.map(|c| c.1),
                            n => n
                                .parse()
                                .ok()
                                .or_else(|| loaded.iter().rev().find(|(r, _)| r == n).map(|l| l.1)),
                        };
                        current = sew.zip(vl);
                    }
                    _ => out.push((m.to_string(), current)),
                }
            }
            (name, out)
        })
        .collect()
}

/// Masks only a table instruction does in one step, as `Src` lanes for `g`: each block
/// reversed and rotated (with a zero lane where it makes them), and, for two operands,
/// lanes of both interleaved out of order; for a blend, lanes of both in two irregular
/// patterns.
fn table_masks(insn: &WideInsn, g: Geometry) -> Vec<Vec<Lane>> {
    let Produce::Table { zero, span } = insn.produce else {
        return Vec::new();
    };
    let (n, block) = (g.lanes(), span.width(g));
    // A blend: each lane of either operand, in two patterns no fixed blend does.
    if block == 1 {
        let pattern = |k: usize| -> Vec<Lane> {
            (0..n)
                .map(|i| {
                    Some(Src::Lane(
                        (i + if (i * 5 + k) % 3 == 0 { n } else { 0 }) as u8,
                    ))
                })
                .collect()
        };
        return vec![pattern(1), pattern(2)];
    }
    let one: Vec<Lane> = (0..n)
        .map(|i| {
            let base = i / block * block;
            Some(Src::Lane((base + (block - 1 - (i * 3 + 1) % block)) as u8))
        })
        .collect();
    let mut masks = vec![one.clone()];
    // The plain form of AArch64's `tbl` with zero lanes is `tbl` and a lane insertion
    // per zero lane: its zero lanes are the intrinsic's, checked with `target::insn`.
    if zero && insn.arch != Arch::AArch64 {
        let mut z = one.clone();
        z[1] = Some(Src::Zero);
        masks.push(z);
    }
    if insn.operands == 2 {
        masks.push(
            one.iter()
                .enumerate()
                .map(|(i, s)| match s {
                    Some(Src::Lane(l)) if i % 3 == 1 => Some(Src::Lane(*l + n as u8)),
                    other => *other,
                })
                .collect(),
        );
    }
    masks
}

/// A function computing `lanes` of `%a` and `%b` (`<lanes x iE>`) with plain
/// `shufflevector`s (zero lanes through a second one, undefined lanes poison), its
/// result consumed by an empty inline asm with the constraint `consumer`, or returned
/// where that is empty (as the plugin's measurement does).
fn wide_function(name: &str, g: Geometry, float: bool, lanes: &[Lane], consumer: &str) -> String {
    let n = g.lanes();
    let ty = match (float, g.element_bits) {
        (true, 32) => format!("<{n} x float>"),
        (true, _) => format!("<{n} x double>"),
        (false, bits) => format!("<{n} x i{bits}>"),
    };
    let sel = |s: &Lane| match s {
        Some(Src::Lane(l)) => format!("i32 {l}"),
        _ => "i32 poison".to_string(),
    };
    let first: Vec<String> = lanes.iter().map(sel).collect();
    let mut body = format!(
        "  %t = shufflevector {ty} %a, {ty} %b, <{n} x i32> <{}>\n",
        first.join(", ")
    );
    let mut last = "%t";
    if lanes.contains(&Some(Src::Zero)) {
        let second: Vec<String> = (0..n)
            .map(|i| match lanes[i] {
                Some(Src::Zero) => format!("i32 {n}"),
                _ => format!("i32 {i}"),
            })
            .collect();
        writeln!(
            body,
            "  %r = shufflevector {ty} %t, {ty} zeroinitializer, <{n} x i32> <{}>",
            second.join(", ")
        )
        .unwrap();
        last = "%r";
    }
    if consumer.is_empty() {
        return format!(
            "define {ty} @{name}({ty} %a, {ty} %b) nounwind {{\n{body}  ret {ty} {last}\n}}\n"
        );
    }
    format!(
        "define void @{name}({ty} %a, {ty} %b) nounwind {{\n{body}  call void asm sideeffect \"\", \"{consumer}\"({ty} {last})\n  ret void\n}}\n"
    )
}

/// Every wide description (`shuf::target::wide`) against `llc`: at every register and
/// element width it has, for every immediate (at most 256, evenly spread) and for masks
/// only a table does, on integer and floating-point elements (those of its domain), the
/// plain `shufflevector` of its lanes compiles to at most its cost in instructions,
/// counted as the plugin's measurement counts them, and to one of its mnemonics where it
/// costs that much, on the least CPU with its feature and on the wider ones the plugin
/// is measured on.
#[test]
fn every_wide_description_compiles_to_its_instruction() {
    use shuf::target::wide::{form_cost, WIDE};
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/insn-llc");
    fs::create_dir_all(&dir).unwrap();
    // Per feature: the functions, and what each must compile to.
    type Expected<'a> = (
        String,
        &'a WideInsn,
        Geometry,
        bool,
        Option<u32>,
        String,
        Vec<Lane>,
    );
    let mut by_feature: Vec<(&str, String, Vec<Expected>)> = Vec::new();
    let mut k = 0;
    for insn in WIDE {
        for (g, feature) in insn.forms() {
            let (register_bits, element_bits) = (g.register_bits, g.element_bits);
            let imms = insn.imms(g);
            let step = imms.div_ceil(256).max(1);
            let mut masks: Vec<(Option<u32>, Vec<Lane>)> = (0..imms)
                .step_by(step as usize)
                .filter_map(|imm| Some((Some(imm), insn.lanes(g, imm)?)))
                .collect();
            masks.extend(table_masks(insn, g).into_iter().map(|m| (None, m)));
            let consumer = match (insn.arch, register_bits) {
                (Arch::AArch64, _) => "w",
                // Returned, as the plugin's measurement does there.
                (Arch::RiscV64, _) => "",
                (_, 512) => "v",
                _ => "x",
            };
            let entry = match by_feature.iter().position(|(f, ..)| *f == feature) {
                Some(i) => i,
                None => {
                    by_feature.push((feature, String::new(), Vec::new()));
                    by_feature.len() - 1
                }
            };
            // Integers, and floating point where the elements can be.
            let domains: Vec<bool> = [false, true]
                .into_iter()
                .filter(|&f| insn.domain.admits(f) && (!f || element_bits >= 32))
                .collect();
            for (imm, lanes) in masks {
                for &float in &domains {
                    let name = format!("f_{k}");
                    k += 1;
                    let text = wide_function(&name, g, float, &lanes, consumer);
                    by_feature[entry].1.push_str(&text);
                    let what = format!("{g:?} float {float} {lanes:?}");
                    by_feature[entry]
                        .2
                        .push((name, insn, g, float, imm, what, lanes.clone()));
                }
            }
        }
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for (feature, module, expected) in &by_feature {
        for (c, cpu) in wide_cpus(feature).iter().enumerate() {
            let file = dir.join(format!("wide-{feature}-{c}.ll"));
            let flags = &cpu.flags;
            let asm = compile(&file, module, flags);
            let counts = match feature {
                &"v" => counts_without_settings(&asm),
                _ => measured_counts(&asm, false),
            };
            let shaped = match feature {
                &"v" => shapes(&asm),
                _ => Vec::new(),
            };
            for (name, insn, g, float, imm, what, lanes) in expected {
                checked += 1;
                let has = |f: &str| cpu.has(f);
                let cost = form_cost(insn, *g, imm.unwrap_or(0), *float, &has, false);
                let Some((_, insts)) = counts.iter().find(|(n, _)| n == name) else {
                    failures.push(format!("{}: {name} not in the output", insn.name));
                    continue;
                };
                let named = |m: &String| {
                    insn.asm.contains(&m.as_str())
                        || insn.asm.contains(&m.strip_prefix('v').unwrap_or(m))
                };
                let count = insts.len() as u32;
                // A form llc does otherwise (`wide::OTHERWISE`) is checked on its count, which
                // must still be what the entry says.
                let otherwise = cost != insn.cost;
                let fits = if otherwise {
                    count == cost
                } else {
                    count <= cost && (count < cost || insts.iter().any(named))
                };
                if !fits {
                    failures.push(format!(
                        "{} {what} ({}): llc emits {insts:?}, the description costs {cost}",
                        insn.name,
                        flags.join(" "),
                    ));
                }
                // On RISC-V V, the form's own instruction runs in the shape its entry says
                // (what the prediction counts `vsetvli`s by).
                if let Some((_, lines)) = shaped.iter().find(|(n, _)| n == name) {
                    let own = lines.iter().find(|(m, _)| m == insn.asm[0]);
                    let want = insn.works_on.shape(*g, lanes);
                    if let Some((_, shape)) = own.filter(|(_, s)| *s != Some(want)) {
                        failures.push(format!(
                            "{} {what}: {} runs in {shape:?}, the entry says {want:?}",
                            insn.name, insn.asm[0]
                        ));
                    }
                }
            }
        }
    }
    eprintln!("wide: {checked} forms checked, {} failures", failures.len());
    assert!(checked > 5000, "only {checked} forms");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every table instruction of `shuf::lower::tables` (AArch64 `tbl1`..`tbl4`,
/// `tbx1`..`tbx4`), built as its intrinsic on registers and an index that are
/// arguments, compiles to that one instruction reading as many registers (register
/// copies that put the table in consecutive registers aside).
#[test]
fn every_table_lookup_compiles_to_its_instruction() {
    use shuf::lower::tables::LOOKUPS;
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/insn-llc");
    fs::create_dir_all(&dir).unwrap();
    let mut module = String::new();
    for t in &LOOKUPS {
        let kept = if t.keeps { 1 } else { 0 };
        let params: Vec<String> = (0..kept + t.registers + 1)
            .map(|i| format!("<16 x i8> %r{i}"))
            .collect();
        writeln!(
            module,
            "define <16 x i8> @f_{}({}) {{\n  %v = call <16 x i8> @{}.v16i8({})\n  \
             ret <16 x i8> %v\n}}",
            t.name,
            params.join(", "),
            t.intrinsic,
            params.join(", ")
        )
        .unwrap();
    }
    let asm = compile(
        &dir.join("tables.ll"),
        &module,
        &["-mtriple=aarch64-linux-gnu", "-mcpu=neoverse-n1"],
    );
    let lines: Vec<(String, Vec<&str>)> = functions(&asm);
    assert_eq!(lines.len(), LOOKUPS.len(), "{asm}");
    for (t, (name, body)) in LOOKUPS.iter().zip(&lines) {
        assert_eq!(name, &format!("f_{}", t.name));
        let kept: Vec<&&str> = body
            .iter()
            .filter(|l| !["ret"].contains(&mnemonic(l)) && !is_copy(l))
            .collect();
        assert_eq!(kept.len(), 1, "{name}: {body:?}");
        let want = if t.keeps { "tbx" } else { "tbl" };
        assert_eq!(mnemonic(kept[0]), want, "{name}: {body:?}");
        // `{ v1.16b, v2.16b, v3.16b }` and the index: one `.16b` more than the table.
        assert_eq!(
            kept[0].matches(".16b").count(),
            t.registers + 2,
            "{name}: {body:?}"
        );
    }
}
