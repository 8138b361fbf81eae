//! Every instruction description (`shuf::target::insn`) against `llc`: for each
//! instruction and each immediate, the `shufflevector` of the lanes it describes
//! compiles, for the least CPU that has the instruction, to at most the instructions the
//! description costs, and, where that is one, to one of its mnemonics. Table
//! instructions are checked on a mask only they do in one step. (The assembly wins: a
//! description `llc` does not reach would make the optimum a lie.)

mod common;

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

use common::llvm_bin;
use shuf::target::insn::{Emit, Insn, Lanes, Src, INSNS};
use shuf::target::Arch;

/// The least CPU with `feature`, as llc's flags.
fn cpu_for(insn: &Insn) -> [&'static str; 2] {
    match (insn.arch, insn.feature) {
        (Arch::AArch64, _) => ["-mtriple=aarch64-linux-gnu", "-mcpu=neoverse-n1"],
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
}

/// The instructions of each function in `asm`, `ret` and register copies excluded.
fn bodies(asm: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in asm.lines() {
        let label = line
            .split_whitespace()
            .next()
            .and_then(|t| t.strip_suffix(':'));
        if let Some(name) = label.filter(|n| n.starts_with("f_")) {
            out.push((name.to_string(), Vec::new()));
        } else if line.starts_with('\t') && !line.starts_with("\t.") {
            let m = line.split_whitespace().next().unwrap_or("").to_string();
            if let Some((_, insts)) = out.last_mut() {
                if !m.starts_with(['#', '/']) && m != "ret" && m != "retq" && !is_copy(line) {
                    insts.push(m);
                }
            }
        }
    }
    out
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
        fs::write(&file, module).unwrap();
        let out = Command::new(llvm_bin().join("llc"))
            .args(cpu_for(insn))
            .arg(&file)
            .args(["-o", "-"])
            .output()
            .expect("llc runs");
        assert!(out.status.success(), "llc failed on {}", file.display());
        let asm = String::from_utf8_lossy(&out.stdout);
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
        fs::write(&file, function).unwrap();
        let out = Command::new(llvm_bin().join("llc"))
            .args(["-mtriple=x86_64-linux-gnu", cpu(feature)])
            .arg(&file)
            .args(["-o", "-"])
            .output()
            .expect("llc runs");
        assert!(out.status.success(), "llc failed on {}", file.display());
        let asm = String::from_utf8_lossy(&out.stdout);
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
