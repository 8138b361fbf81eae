//! Robustness: random modules from `llvm-stress`, and every `.ll` under `test/`, go
//! through `opt -passes=shuffle-lib -verify-each` and through `default<O2>` with the
//! plugin loaded. Nothing may crash, and every output must verify.
//!
//! Quick by default (inside `cargo test`); `scripts/robustness.sh` runs thousands.
//! `SHUF_STRESS_MODULES` (default 100) and `SHUF_STRESS_SEED` (default 1) choose the
//! llvm-stress seeds; `SHUF_STRESS_SIZE` (default 400) the instructions per module.

mod common;

use common::{llvm_bin, plugin};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn env_u64(name: &str, default: u64) -> u64 {
    env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs the pass (alone, deciding for RISC-V V and for AArch64, with every rewrite
/// whatever its cost, then inside -O2) on `file`; an error describes the failure.
fn check_module(file: &Path, plugin: &Path) -> Result<(), String> {
    check_module_timed(file, plugin).map(|_| ())
}

/// [`check_module`], and the time its runs of the pass alone took (not `-O2`'s, which is
/// mostly stock LLVM's: about 50 s of its own on 10,000 shuffles of one source).
fn check_module_timed(file: &Path, plugin: &Path) -> Result<std::time::Duration, String> {
    let runs: [(&str, &[&str]); 5] = [
        ("shuffle-lib", &[]),
        (
            "shuffle-lib",
            &["-mtriple=riscv64-linux-gnu", "-mcpu=sifive-x280"],
        ),
        (
            "shuffle-lib",
            &["-mtriple=aarch64-linux-gnu", "-mcpu=neoverse-n1"],
        ),
        ("shuffle-lib<canon-always;lower-always>", &[]),
        ("default<O2>", &[]),
    ];
    // A module with a target of its own is not compiled for another.
    let text = fs::read_to_string(file).unwrap_or_default();
    let own_target = text.contains("target triple") || text.contains("\"target-cpu\"");
    let mut alone = std::time::Duration::ZERO;
    for (passes, target) in runs {
        if own_target && !target.is_empty() {
            continue;
        }
        let start = std::time::Instant::now();
        run_opt(file, plugin, passes, target)?;
        if passes.starts_with("shuffle-lib") {
            alone += start.elapsed();
        }
    }
    Ok(alone)
}

/// `opt -passes=<passes> -verify-each` with the plugin on `file` for `target`; an
/// error describes the failure (a caught panic, reported as a warning, is one too).
fn run_opt(file: &Path, plugin: &Path, passes: &str, target: &[&str]) -> Result<(), String> {
    let out = Command::new(llvm_bin().join("opt"))
        .arg(format!("-load-pass-plugin={}", plugin.display()))
        .arg(format!("-passes={passes}"))
        .args(target)
        .args(["-verify-each", "-disable-output"])
        .arg(file)
        .env("RUST_BACKTRACE", "0")
        .output()
        .map_err(|e| format!("cannot run opt: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || stderr.contains("internal error") {
        return Err(format!(
            "{} with -passes={passes}: {}\n{stderr}",
            file.display(),
            out.status
        ));
    }
    Ok(())
}

fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/robustness");
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

#[test]
fn llvm_stress_modules() {
    let plugin = plugin();
    let count = env_u64("SHUF_STRESS_MODULES", 100);
    let first = env_u64("SHUF_STRESS_SEED", 1);
    let size = env_u64("SHUF_STRESS_SIZE", 400);
    let dir = scratch();
    let mut failures = Vec::new();
    let mut shuffles = 0;
    for seed in first..first + count {
        let file = dir.join(format!("stress-{seed}.ll"));
        let out = Command::new(llvm_bin().join("llvm-stress"))
            .args([format!("-seed={seed}"), format!("-size={size}")])
            .args(["-o".as_ref(), file.as_os_str()])
            .output()
            .expect("llvm-stress from LLVM 22");
        assert!(out.status.success(), "llvm-stress -seed={seed} failed");
        let text = fs::read_to_string(&file).expect("llvm-stress output");
        shuffles += text.matches("shufflevector").count();
        match check_module(&file, &plugin) {
            Ok(()) => {
                let _ = fs::remove_file(&file);
            }
            Err(e) => failures.push(e),
        }
    }
    eprintln!(
        "robustness: {count} llvm-stress modules (seeds {first}..{}), {shuffles} shuffles, {} failures",
        first + count - 1,
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_regression_test_input() {
    let plugin = plugin();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("test directory").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "ll") {
                files.push(path);
            }
        }
    }
    files.sort();
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| check_module(f, &plugin).err())
        .collect();
    eprintln!("robustness: {} test/ inputs", files.len());
    assert!(!files.is_empty());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A chain of 100,000 operations feeding a reduction of four lanes and a window of four
/// stores: the SLP reader reads each lane's operations only as deep as a tree may reach
/// (it recursed through the whole chain and overflowed the stack before 2026-11-25).
#[test]
fn deep_chains_do_not_overflow_the_stack() {
    let n = 100_000;
    let mut m = String::from("define i32 @deep(ptr %p, ptr %q, i32 %x) {\n");
    let mut prev = "%x".to_string();
    for k in 0..n {
        m += &format!("  %v{k} = sub i32 {prev}, 1\n");
        prev = format!("%v{k}");
    }
    for j in 0..4 {
        m += &format!(
            "  %g{j} = getelementptr i8, ptr %p, i64 {}\n  %l{j} = load i32, ptr %g{j}\n",
            4 * j
        );
    }
    m += &format!("  %a = add i32 {prev}, %l0\n  %b = add i32 %a, %l1\n  %c = add i32 %b, %l2\n");
    for j in 0..4 {
        let v = if j == 0 {
            prev.clone()
        } else {
            format!("%l{j}")
        };
        m += &format!(
            "  %s{j} = getelementptr i8, ptr %q, i64 {}\n  store i32 {v}, ptr %s{j}\n",
            4 * j
        );
    }
    m += "  ret i32 %c\n}\n";
    checked("deep-chain.ll", &m);
}

/// One bitcast, then 100,000 shuffles each read once by the next: the chain reader
/// follows a chain 32 links down (it recursed once a link and overflowed the stack
/// before 2026-11-27, and walked the chain again from each link read through a bitcast).
#[test]
fn deep_shuffle_chains_do_not_overflow_the_stack() {
    let n = 100_000;
    let mut m = String::from(
        "define <4 x i32> @deep(<2 x i64> %x) {\n  %v = bitcast <2 x i64> %x to <4 x i32>\n",
    );
    let mut prev = "%v".to_string();
    for k in 0..n {
        m += &format!(
            "  %s{k} = shufflevector <4 x i32> {prev}, <4 x i32> poison, \
             <4 x i32> <i32 1, i32 2, i32 3, i32 0>\n"
        );
        prev = format!("%s{k}");
    }
    m += &format!("  ret <4 x i32> {prev}\n}}\n");
    checked("deep-shuffle-chain.ll", &m);
}

/// 10,000 shuffles of the same two sources: each shuffle's siblings were listed with a
/// linear search per use (cubic in all: over 120 s before 2026-11-27, under a second
/// after). A guard against that, not a speed goal: 60 s for the five runs.
#[test]
fn many_shuffles_of_one_source_finish() {
    let n = 10_000;
    let mut m = String::from("define void @many(<8 x i32> %a, <8 x i32> %b, ptr %o) {\n");
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for k in 0..n {
        let lanes: Vec<String> = (0..8)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                format!("i32 {}", seed % 16)
            })
            .collect();
        m += &format!(
            "  %s{k} = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <{}>\n  \
             %p{k} = getelementptr <8 x i32>, ptr %o, i64 {k}\n  store <8 x i32> %s{k}, ptr %p{k}\n",
            lanes.join(", ")
        );
    }
    m += "  ret void\n}\n";
    checked_in_a_minute("many-shuffles.ll", &m);
}

/// [`check_module`] on `module`, written to `name` in the scratch directory: the time
/// its runs of the pass alone took.
fn checked(name: &str, module: &str) -> std::time::Duration {
    let file = scratch().join(name);
    fs::write(&file, module).expect("write the module");
    check_module_timed(&file, &plugin()).unwrap()
}

/// [`check_module`] on `module`, its four runs of the pass alone within 60 s: a guard
/// against a blowup, not a speed goal. (The `-O2` run is checked, not timed: stock
/// LLVM's own time there varied from 50 to 90 s on a loaded machine.)
fn checked_in_a_minute(name: &str, module: &str) {
    let took = checked(name, module);
    assert!(
        took.as_secs() < 60,
        "four runs of the pass on {name} took {took:?}"
    );
}

/// A block of 4,096 eight-lane reductions, each stored, and one of 4,096 stores whose
/// loads all come first: the SLP seeds of a long block. Each tree copied all the
/// block's scalars, and each checked what was between its accesses, and what came
/// after it, by walking the block: quadratic (over 60 s for the five runs before
/// 2026-11-27, about 10 s after). A guard, not a speed goal.
#[test]
fn long_blocks_of_slp_seeds_finish() {
    let n = 4096;
    let mut m = String::from("define void @reductions(ptr %a, ptr %out) {\n");
    for r in 0..n {
        for k in 0..8 {
            let i = r * 8 + k;
            m += &format!(
                "  %pa{i} = getelementptr inbounds i8, ptr %a, i64 {}\n  \
                 %l{i} = load i32, ptr %pa{i}, align 4\n",
                4 * i
            );
        }
        let mut sum = String::new();
        for k in 0..8 {
            // Lanes out of order: a permutation node, which stock SLP prices worst.
            let lane = format!("%l{}", r * 8 + (k * 5) % 8);
            sum = match k {
                0 => lane,
                _ => {
                    m += &format!("  %s{r}_{k} = add i32 {sum}, {lane}\n");
                    format!("%s{r}_{k}")
                }
            };
        }
        m += &format!(
            "  %po{r} = getelementptr inbounds i8, ptr %out, i64 {}\n  \
             store i32 {sum}, ptr %po{r}, align 4\n",
            4 * r
        );
    }
    m += "  ret void\n}\n\ndefine void @hoisted(ptr noalias %a, ptr noalias %b) {\n";
    for i in 0..n {
        m += &format!(
            "  %pa{i} = getelementptr inbounds i8, ptr %a, i64 {}\n  \
             %l{i} = load i32, ptr %pa{i}, align 4\n",
            4 * i
        );
    }
    for i in 0..n {
        m += &format!(
            "  %x{i} = add i32 %l{i}, {}\n  \
             %pb{i} = getelementptr inbounds i8, ptr %b, i64 {}\n  \
             store i32 %x{i}, ptr %pb{i}, align 4\n",
            i % 7 + 1,
            4 * (i / 8 * 8 + 7 - i % 8)
        );
    }
    m += "  ret void\n}\n";
    checked_in_a_minute("long-slp-blocks.ll", &m);
}

/// Runs `opt -passes=shuffle-lib -verify-each` once on `module` for `target`, within
/// 60 s: a guard against a blowup found by a review, not a speed goal.
fn finishes_in_a_minute(name: &str, module: &str, target: &[&str]) {
    let file = scratch().join(name);
    fs::write(&file, module).expect("write the module");
    let start = std::time::Instant::now();
    run_opt(&file, &plugin(), "shuffle-lib", target).unwrap();
    let took = start.elapsed();
    assert!(took.as_secs() < 60, "{name} took {took:?}");
}

/// A function of one block: `header` (its `define` line and what the items share),
/// then `item(i)` for each of `n` items, then `ret void`.
fn straight_line(header: &str, n: usize, item: impl Fn(usize) -> String) -> String {
    let mut m = String::from(header);
    for i in 0..n {
        m += &item(i);
    }
    m + "  ret void\n}\n"
}

const AARCH64: [&str; 2] = ["-mtriple=aarch64-linux-gnu", "-mcpu=neoverse-n1"];

/// 48,000 blocks in a line, each with a chain of shuffles through bitcasts: whether a
/// chain is in a loop walked every block below it, per block (quadratic: 148 s on
/// AArch64 here before 2026-11-27; now one pass over the CFG a function, 1.8 s).
#[test]
fn many_blocks_finish() {
    let n = 48_000;
    let mut m = String::from("define void @f(ptr %p, ptr %o, i1 %c) {\nentry:\n  br label %b0\n");
    for i in 0..n {
        let next = if i + 1 < n {
            format!("b{}", i + 1)
        } else {
            "e".into()
        };
        m += &format!(
            "b{i}:\n  %pa{i} = getelementptr <4 x i32>, ptr %p, i64 {i}\n  \
             %x{i} = load <4 x i32>, ptr %pa{i}\n  \
             %y{i} = add <4 x i32> %x{i}, <i32 1, i32 2, i32 3, i32 4>\n  \
             %s{i} = shufflevector <4 x i32> %x{i}, <4 x i32> %y{i}, <4 x i32> <i32 0, i32 4, i32 1, i32 5>\n  \
             %c{i} = bitcast <4 x i32> %s{i} to <8 x i16>\n  \
             %t{i} = shufflevector <8 x i16> %c{i}, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>\n  \
             %po{i} = getelementptr <8 x i16>, ptr %o, i64 {i}\n  \
             store <8 x i16> %t{i}, ptr %po{i}\n  br i1 %c, label %{next}, label %e\n"
        );
    }
    m += "e:\n  ret void\n}\n";
    finishes_in_a_minute("many-blocks.ll", &m, &AARCH64);
}

/// 64,000 loads at variable indices into one object, summed: the getelementptr-index
/// seed compared the indices pairwise (quadratic: stopped after 400 s here before
/// 2026-11-27; 1.6 s after).
#[test]
fn many_indexed_loads_finish() {
    let n = 64_000;
    let mut m = String::from("define i32 @f(ptr noalias %g, ptr noalias %a, ptr noalias %b) {\n");
    let mut sum = String::new();
    for i in 0..n {
        m += &format!(
            "  %pa{i} = getelementptr inbounds i8, ptr %a, i64 {o}\n  \
             %a{i} = load i32, ptr %pa{i}, align 4\n  \
             %pb{i} = getelementptr inbounds i8, ptr %b, i64 {o}\n  \
             %b{i} = load i32, ptr %pb{i}, align 4\n  \
             %d{i} = sub nsw i32 %a{i}, %b{i}\n  %e{i} = sext i32 %d{i} to i64\n  \
             %p{i} = getelementptr inbounds i32, ptr %g, i64 %e{i}\n  \
             %g{i} = load i32, ptr %p{i}, align 4\n",
            o = 4 * i
        );
        sum = match i {
            0 => "%g0".into(),
            _ => {
                m += &format!("  %s{i} = add i32 {sum}, %g{i}\n");
                format!("%s{i}")
            }
        };
    }
    m += &format!("  ret i32 {sum}\n}}\n");
    finishes_in_a_minute("many-indexed-loads.ll", &m, &[]);
}

/// A loop of one block with 80,000 accumulator phis: each window of phis walked the
/// block for calls (quadratic: 64,000 took 67 s here before 2026-11-27, 1.6 s after;
/// now once a block).
#[test]
fn many_phis_finish() {
    let n = 80_000;
    let mut m = String::from(
        "define void @f(ptr noalias %p, ptr noalias %o, i64 %n) {\nentry:\n  br label %l\nl:\n  \
         %i = phi i64 [ 0, %entry ], [ %i1, %l ]\n",
    );
    for k in 0..n {
        m += &format!("  %x{k} = phi i32 [ 0, %entry ], [ %y{k}, %l ]\n");
    }
    m += "  %base = getelementptr i32, ptr %p, i64 %i\n";
    for k in 0..n {
        m += &format!(
            "  %q{k} = getelementptr inbounds i8, ptr %base, i64 {}\n  \
             %v{k} = load i32, ptr %q{k}, align 4\n  %y{k} = add i32 %x{k}, %v{k}\n",
            4 * k
        );
    }
    m += "  %i1 = add i64 %i, 1\n  %d = icmp eq i64 %i1, %n\n  br i1 %d, label %e, label %l\ne:\n";
    for k in 0..n {
        m += &format!(
            "  %r{k} = getelementptr inbounds i8, ptr %o, i64 {}\n  store i32 %y{k}, ptr %r{k}\n",
            4 * k
        );
    }
    m += "  ret void\n}\n";
    finishes_in_a_minute("many-phis.ll", &m, &[]);
}

/// One shuffle read by 64,000 lane-wise trees, each shuffled again: each tree listed
/// all the shuffle's users (quadratic: 128,000 took 334 s on AArch64 here before
/// 2026-11-27; 64,000 take 1.8 s after: the search stops at the first user outside the
/// tree).
#[test]
fn a_shuffle_read_by_many_trees_finishes() {
    let n = 64_000;
    let swap = "<i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>";
    let reverse = "<i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>";
    let header = format!(
        "define void @f(<8 x i32> %a, <8 x i32> %b, ptr %o) {{\n  \
         %s = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> {swap}\n"
    );
    let m = straight_line(&header, n, |i| {
        format!(
            "  %x{i} = add <8 x i32> %s, splat (i32 {i})\n  \
             %r{i} = shufflevector <8 x i32> %x{i}, <8 x i32> poison, <8 x i32> {reverse}\n  \
             %q{i} = getelementptr <8 x i32>, ptr %o, i64 {i}\n  store <8 x i32> %r{i}, ptr %q{i}\n"
        )
    });
    finishes_in_a_minute("shared-shuffle.ll", &m, &AARCH64);
}

/// One product read by 64,000 blends of a subtraction and an addition of it: each
/// tree's key counted all the product's users (quadratic: 20,000 took 11.5 s on AArch64
/// here before 2026-11-27, 64,000 would take about two minutes; 64,000 take 0.7 s in
/// compute after: the key counts up to four).
#[test]
fn a_product_read_by_many_trees_finishes() {
    let n = 64_000;
    let header = "define void @f(<4 x float> %a, <4 x float> %b, <4 x float> %c, ptr %o) {\n  \
                  %m = fmul <4 x float> %a, %b\n";
    let m = straight_line(header, n, |i| {
        format!(
            "  %x{i} = fsub <4 x float> %m, %c\n  %y{i} = fadd <4 x float> %m, %c\n  \
             %r{i} = shufflevector <4 x float> %x{i}, <4 x float> %y{i}, <4 x i32> <i32 0, i32 5, i32 2, i32 7>\n  \
             %q{i} = getelementptr <4 x float>, ptr %o, i64 {i}\n  store <4 x float> %r{i}, ptr %q{i}\n"
        )
    });
    finishes_in_a_minute("shared-product.ll", &m, &AARCH64);
}

/// 2,000 interleaves of two registers, each stored, in one loop block: all of a block's
/// networks went into one measurement, where the backend's scheduler is superlinear
/// (70 s on AArch64 here before 2026-11-27, 6.6 s after on a busy machine; now at most
/// 16 a measurement).
#[test]
fn many_networks_in_a_loop_finish() {
    let n = 2_000;
    let mask: Vec<String> = (0..16)
        .map(|j| format!("i32 {}", j / 2 + if j % 2 == 1 { 8 } else { 0 }))
        .collect();
    let mask = mask.join(", ");
    let mut m = String::from(
        "define void @f(ptr %p, ptr %o, i64 %n) {\nentry:\n  br label %l\nl:\n  \
         %i = phi i64 [ 0, %entry ], [ %i1, %l ]\n",
    );
    for k in 0..n {
        m += &format!(
            "  %pa{k} = getelementptr <8 x i32>, ptr %p, i64 {a}\n  %a{k} = load <8 x i32>, ptr %pa{k}\n  \
             %pb{k} = getelementptr <8 x i32>, ptr %p, i64 {b}\n  %b{k} = load <8 x i32>, ptr %pb{k}\n  \
             %s{k} = shufflevector <8 x i32> %a{k}, <8 x i32> %b{k}, <16 x i32> <{mask}>\n  \
             %q{k} = getelementptr <16 x i32>, ptr %o, i64 {k}\n  store <16 x i32> %s{k}, ptr %q{k}\n",
            a = 2 * k,
            b = 2 * k + 1
        );
    }
    m += "  %i1 = add i64 %i, 1\n  %d = icmp eq i64 %i1, %n\n  br i1 %d, label %e, label %l\ne:\n  ret void\n}\n";
    finishes_in_a_minute("many-networks-in-a-loop.ll", &m, &AARCH64);
}
