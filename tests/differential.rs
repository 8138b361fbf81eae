//! Differential test of `shuffle-lib`: random functions built from shuffles (and
//! bitcasts, integer arithmetic, selects, insert/extractelement) run under `lli` before
//! and after `opt -passes='shuffle-lib<canon-always;lower-always>' -verify-each` (every
//! rewrite, whatever its cost; `SHUF_DIFF_PASSES` chooses another pipeline), and after the
//! default `shuffle-lib` deciding for each of four targets, and for AArch64 and RISC-V V
//! both again compiled for those targets and run under qemu-user; every result lane the original
//! program defines (not poison, not undef) must print the same. A failure is minimized
//! and written to `target/differential/repro-SEED.ll`.
//!
//! `SHUF_DIFF_FUNCTIONS` (default 400) and `SHUF_DIFF_SEED` (default 1) choose the seeds;
//! `scripts/differential.sh` runs a long campaign with a release build.

mod common;
mod difftest;

use std::env;
use std::fs;
use std::io::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use difftest::gen;
use difftest::program::{
    module_text, BinOp, Const, Elem, Inst, Lane, Operand, Program, Scalar, VTy,
};
use difftest::run::{self, Failure, Run, Stats, Tools};

/// Functions per module: `lli` starts once per module.
const MODULE_SIZE: u64 = 80;
/// Failing modules that are minimized (each takes a while).
const MAX_INVESTIGATED: usize = 3;

fn env_u64(name: &str, default: u64) -> u64 {
    match env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v:?} is not a number")),
        Err(_) => default,
    }
}

/// Two kinds of campaign: every rewrite whatever its cost
/// (`shuffle-lib<canon-always;lower-always>`, or `SHUF_DIFF_PASSES`), and the pass as it
/// runs by default, deciding by the costs of each target of `run::TARGETS` (or of
/// `SHUF_DIFF_TARGET` alone); the result runs here either way.
#[test]
fn differential() {
    let count = env_u64("SHUF_DIFF_FUNCTIONS", 400);
    let first = env_u64("SHUF_DIFF_SEED", 1);
    let targets: Vec<String> = match env::var("SHUF_DIFF_TARGET") {
        Ok(cpu) => vec![cpu],
        Err(_) => run::TARGETS.iter().map(|s| s.to_string()).collect(),
    };
    let always = Tools::find();
    let mut campaigns = vec![("always".to_string(), always.clone())];
    // Every rewrite with x86's descriptions too (sequences are selected only for a
    // target with descriptions), run here.
    if env::var("SHUF_DIFF_TARGET").is_err() {
        let mut tools = always.clone();
        tools.target = run::target_flags("x86-64-v2");
        campaigns.push(("always-x86-64-v2".to_string(), tools));
    }
    for cpu in targets {
        let mut tools = always.clone();
        tools.passes = "shuffle-lib".to_string();
        tools.target = run::target_flags(&cpu);
        campaigns.push((cpu, tools));
    }
    // On AArch64 and RISC-V V the default pass and every rewrite also run there, under
    // qemu: their backends compile what the pass wrote.
    for cpu in ["neoverse-n1", "sifive-x280"] {
        if env::var("SHUF_DIFF_TARGET").is_ok_and(|t| t != cpu) {
            continue;
        }
        for (tag, passes) in [("", "shuffle-lib"), ("always-", always.passes.as_str())] {
            let mut tools = always.clone();
            tools.passes = passes.to_string();
            tools.target = run::target_flags(cpu);
            tools.runner = run::Runner::qemu_for(cpu).expect("a qemu target");
            campaigns.push((format!("{tag}{cpu}-qemu"), tools));
        }
    }
    for (name, mut tools) in campaigns {
        tools.scratch = tools.scratch.join(&name);
        campaign(&tools, &name, count, first);
    }
}

fn campaign(tools: &Tools, cpu: &str, count: u64, first: u64) {
    let started = Instant::now();

    let modules: Vec<(u64, u64)> = (0..count.div_ceil(MODULE_SIZE))
        .map(|m| {
            let start = first + m * MODULE_SIZE;
            (start, MODULE_SIZE.min(first + count - start))
        })
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(modules.len())
        .max(1);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Result<Stats, Failure>)>> = Mutex::new(Vec::new());
    let llvm_failures: Mutex<Vec<u64>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for t in 0..threads {
            let (modules, next, results) = (&modules, &next, &results);
            let llvm_failures = &llvm_failures;
            s.spawn(move || {
                let dir = tools
                    .scratch
                    .join(format!("worker-{}-{t}", std::process::id()));
                loop {
                    let m = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(start, len)) = modules.get(m) else {
                        break;
                    };
                    let programs: Vec<Program> = (start..start + len).map(gen::program).collect();
                    let (result, stock_fails) = check_around_llvm(tools, &dir, &programs);
                    llvm_failures.lock().unwrap().extend(stock_fails);
                    if result.is_err() || env::var_os("SHUF_DIFF_KEEP").is_some() {
                        // Keep the failing module's files; the worker reuses its directory.
                        for f in ["before.ll", "after.ll"] {
                            let _ = fs::copy(
                                dir.join(f),
                                tools.scratch.join(format!("module-{start}.{f}")),
                            );
                        }
                    }
                    results.lock().unwrap().push((m, result));
                }
                let _ = fs::remove_dir_all(&dir);
            });
        }
    });

    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(m, _)| *m);
    let mut total = Stats::default();
    let mut failures = Vec::new();
    let mut mismatches = 0;
    for (m, result) in results {
        match result {
            Ok(stats) => {
                total.functions += stats.functions;
                total.lanes += stats.lanes;
                total.shuffles += stats.shuffles;
                total.lowered += stats.lowered;
                total.networks += stats.networks;
                total.through_compute += stats.through_compute;
                total.commoned += stats.commoned;
                total.selected += stats.selected;
            }
            Err(failure) => {
                let (start, len) = modules[m];
                total.functions += len as usize;
                total.shuffles += (start..start + len)
                    .map(|seed| gen::program(seed).shuffle_count())
                    .sum::<usize>();
                mismatches += failure.differing_functions().len().max(1);
                failures.push((start, len, failure));
            }
        }
    }
    let mut llvm_failures = llvm_failures.into_inner().unwrap();
    llvm_failures.sort_unstable();
    if !llvm_failures.is_empty() {
        let _ = writeln!(
            std::io::stderr(),
            "differential ({cpu}): stock LLVM cannot compile or run the original of {} \
             function(s), left out (LLVM bugs, not the pass's): seeds {:?}",
            llvm_failures.len(),
            &llvm_failures[..llvm_failures.len().min(10)]
        );
    }
    // Rare: more would mean the generator or the harness is broken.
    assert!(
        llvm_failures.len() * 200 <= count as usize,
        "differential ({cpu}): {} of {count} originals fail under stock LLVM",
        llvm_failures.len()
    );
    // Straight to stderr, not through the test harness's capture: shown on success too.
    let _ = writeln!(
        std::io::stderr(),
        "differential ({cpu}): {} functions in {} modules, {} lanes compared, {} shuffles \
         ({} lowered to non-shuffle IR, {} fences/insertps/table lookups of selected sequences, \
         {} networks, {} through compute, {} commoned), {mismatches} mismatches ({:.1} s, seeds {first}..={})",
        total.functions,
        modules.len(),
        total.lanes,
        total.shuffles,
        total.lowered,
        total.selected,
        total.networks,
        total.through_compute,
        total.commoned,
        started.elapsed().as_secs_f64(),
        first + count.saturating_sub(1),
    );
    if failures.is_empty() {
        return;
    }

    let mut report = String::new();
    for (start, len, failure) in failures.iter().take(MAX_INVESTIGATED) {
        let programs: Vec<Program> = (*start..start + len).map(gen::program).collect();
        let dir = tools.scratch.join(format!("reduce-{start}"));
        match run::investigate(tools, &dir, &programs, failure, None) {
            Some(repro) => report.push_str(&repro.message()),
            None => report.push_str(&format!(
                "module of seeds {start}..{} fails, but no function fails alone; see {}\n{}",
                start + len - 1,
                tools
                    .scratch
                    .join(format!("module-{start}.before.ll"))
                    .display(),
                failure.details()
            )),
        }
        report.push('\n');
    }
    panic!(
        "differential: {} failing module(s); the first {} minimized:\n{report}",
        failures.len(),
        failures.len().min(MAX_INVESTIGATED)
    );
}

/// Checks `programs`, leaving out the functions whose original stock LLVM cannot compile
/// or run on the campaign's target (a crash in its backend, before the pass changes
/// anything, or code that computes another result than LLVM's interpreter): halves the
/// module until they are alone, and returns their seeds.
fn check_around_llvm(
    tools: &Tools,
    dir: &std::path::Path,
    programs: &[Program],
) -> (Result<Stats, Failure>, Vec<u64>) {
    match run::check(tools, dir, programs, None, &mut Run::default()) {
        Err(Failure::LliBefore { .. }) if programs.len() == 1 => {
            (Ok(Stats::default()), vec![programs[0].seed])
        }
        // Halved also where the original disagrees with the model: alone, a function
        // whose compiled code disagrees with LLVM's interpreter is stock LLVM's failure.
        Err(Failure::LliBefore { .. } | Failure::Model { .. }) if programs.len() > 1 => {
            let (a, b) = programs.split_at(programs.len() / 2);
            let (ra, mut fa) = check_around_llvm(tools, dir, a);
            let (rb, fb) = check_around_llvm(tools, dir, b);
            fa.extend(fb);
            let result = match (ra, rb) {
                (Ok(x), Ok(y)) => Ok(Stats {
                    functions: x.functions + y.functions,
                    lanes: x.lanes + y.lanes,
                    shuffles: x.shuffles + y.shuffles,
                    lowered: x.lowered + y.lowered,
                    networks: x.networks + y.networks,
                    through_compute: x.through_compute + y.through_compute,
                    commoned: x.commoned + y.commoned,
                    selected: x.selected + y.selected,
                }),
                (Err(e), _) | (_, Err(e)) => Err(e),
            };
            (result, fa)
        }
        other => (other, Vec::new()),
    }
}

#[test]
fn generator_is_deterministic() {
    for seed in [0, 1, 2, 77, 123_456_789, u64::MAX] {
        let a = gen::program(seed);
        let b = gen::program(seed);
        assert_eq!(a, b);
        assert_eq!(a.function_text(), b.function_text());
    }
    let batch = |s: u64| module_text(&(s..s + 20).map(gen::program).collect::<Vec<_>>());
    assert_eq!(batch(5), batch(5));
    assert_ne!(batch(5), batch(6));
    assert_ne!(
        gen::program(1).function_text(),
        gen::program(2).function_text()
    );
}

/// Every generated program has 3 to 12 instructions (one for the four-lane programs,
/// one seed in eight), shuffles dominate, and every element type and the odd lane
/// counts occur.
#[test]
fn generator_covers_the_space() {
    let programs: Vec<Program> = (1..=2000).map(gen::program).collect();
    let mut elems = std::collections::BTreeSet::new();
    let mut lanes = std::collections::BTreeSet::new();
    let (mut insts, mut shuffles, mut poison_lanes) = (0, 0, 0);
    for p in &programs {
        let size = if p.seed % 8 == 7 { 1..=1 } else { 3..=12 };
        assert!(size.contains(&p.insts.len()), "{}", p.function_text());
        insts += p.insts.len();
        shuffles += p.shuffle_count();
        for inst in &p.insts {
            let ty = inst.result_ty();
            elems.insert(format!("{}", ty.elem));
            lanes.insert(ty.lanes);
            if let Inst::Shuffle { mask, .. } = inst {
                poison_lanes += mask.iter().filter(|s| s.is_none()).count();
            }
        }
    }
    assert!(shuffles * 2 > insts, "{shuffles} shuffles of {insts}");
    assert!(poison_lanes > 0);
    assert_eq!(elems.len(), 7, "{elems:?}");
    for n in [1, 2, 3, 4, 5, 6, 7, 8, 12, 16] {
        assert!(lanes.contains(&n), "no {n}-lane value");
    }
}

fn v4i32() -> VTy {
    VTy::new(Elem::I32, 4)
}

/// The poison tracking on a small hand-built program.
#[test]
fn poison_tracking_marks_the_right_lanes() {
    let v6 = VTy::new(Elem::I32, 6);
    let p = Program {
        seed: 1,
        params: vec![v4i32()],
        args: vec![vec![1, 2, 3, 4]],
        insts: vec![
            // <1, poison (poison element), poison (poison selector), undef, 9, 7>
            Inst::Shuffle {
                ty: v4i32(),
                a: Operand::Param(0),
                b: Operand::Const(Const::Elems(vec![
                    Lane::Val(7),
                    Lane::Poison,
                    Lane::Undef,
                    Lane::Val(9),
                ])),
                mask: vec![Some(0), Some(5), None, Some(6), Some(7), Some(4)],
            },
            // <3 x i64>: lane 0 overlaps the poison lane 1, lane 1 the poison lanes 2 and
            // 3, lane 2 is 9 | 7 << 32.
            Inst::Bitcast {
                from: v6,
                src: Operand::Inst(0),
                to: VTy::new(Elem::I64, 3),
            },
            // <12 x i16>: lanes 0 and 1 come from lane 0 of %v0.
            Inst::Bitcast {
                from: v6,
                src: Operand::Inst(0),
                to: VTy::new(Elem::I16, 12),
            },
            // Lane-wise: poison in either input, or undef, is poison out.
            Inst::Bin {
                op: BinOp::Xor,
                ty: v6,
                a: Operand::Inst(0),
                b: Operand::Inst(0),
            },
            // Takes the chosen lane's state; a poison condition lane is poison.
            Inst::Select {
                ty: v6,
                cond: vec![
                    Some(false),
                    Some(false),
                    Some(true),
                    None,
                    Some(true),
                    Some(false),
                ],
                a: Operand::Inst(0),
                b: Operand::Const(Const::Zero),
            },
            // Lane 2 defined again, from lane 3 of %p0.
            Inst::Insert {
                ty: v6,
                vec: Operand::Inst(0),
                lane: 2,
                scalar: Scalar::Extract {
                    ty: v4i32(),
                    src: Operand::Param(0),
                    lane: 3,
                },
            },
        ],
        ret: Operand::Inst(5),
        ret_ty: v6,
    };
    let v = p.eval();
    assert_eq!(v[0], vec![Some(1), None, None, None, Some(9), Some(7)]);
    assert_eq!(v[1], vec![None, None, Some(9 | (7 << 32))]);
    assert_eq!(&v[2][..4], &[Some(1), Some(0), None, None]);
    assert_eq!(&v[2][8..], &[Some(9), Some(0), Some(7), Some(0)]);
    assert_eq!(v[3], vec![Some(0), None, None, None, Some(0), Some(0)]);
    assert_eq!(v[4], vec![Some(0), Some(0), None, None, Some(9), Some(0)]);
    assert_eq!(v[5], vec![Some(1), None, Some(4), None, Some(9), Some(7)]);
    assert_eq!(
        p.expected_output(),
        "f1 lane 0 = 1\nf1 lane 2 = 4\nf1 lane 4 = 9\nf1 lane 5 = 7\n"
    );
    // Only defined lanes are printed by main.
    let text = module_text(std::slice::from_ref(&p));
    assert!(text.contains("i32 4, i64 %z0.4)"), "{text}");
    assert!(!text.contains("%e0.1 "), "{text}");
}

/// A "pass" that reverses a mask the wrong way is caught, found and minimized.
#[test]
fn checker_catches_a_wrong_transformation() {
    let v8i8 = VTy::new(Elem::I8, 8);
    let p = Program {
        seed: 900_000_001,
        params: vec![v4i32(), v8i8],
        args: vec![vec![0x11, 0x22, 0x33, 0x44], vec![1, 2, 3, 4, 5, 6, 7, 8]],
        insts: vec![
            Inst::Bitcast {
                from: v8i8,
                src: Operand::Param(1),
                to: VTy::new(Elem::I32, 2),
            },
            Inst::Shuffle {
                ty: v4i32(),
                a: Operand::Param(0),
                b: Operand::Const(Const::Poison),
                mask: vec![Some(3), Some(2), Some(1), Some(0)],
            },
            Inst::Bin {
                op: BinOp::Add,
                ty: v4i32(),
                a: Operand::Inst(1),
                b: Operand::Const(Const::Elems(vec![Lane::Val(0x100); 4])),
            },
        ],
        ret: Operand::Inst(2),
        ret_ty: v4i32(),
    };
    fn wrong(after: &str) -> String {
        after.replace(
            "<4 x i32> <i32 3, i32 2, i32 1, i32 0>",
            "<4 x i32> <i32 0, i32 1, i32 2, i32 3>",
        )
    }
    let mut tools = Tools::find();
    tools.scratch = tools.scratch.join("selftest");
    let dir = tools.scratch.join("check");
    // Neighbours the mutation does not touch: the culprit must be told apart from them.
    let neighbour = |seed, mask: [u32; 4]| {
        let mut q = p.clone();
        q.seed = seed;
        if let Inst::Shuffle { mask: m, .. } = &mut q.insts[1] {
            *m = mask.iter().map(|&s| Some(s)).collect();
        }
        q
    };
    let programs = vec![
        neighbour(900_000_000, [1, 0, 3, 2]),
        p.clone(),
        neighbour(900_000_002, [2, 3, 0, 1]),
    ];

    // The honest pass agrees with itself.
    run::check(&tools, &dir, &programs, None, &mut Run::default()).expect("the real pass");

    let failure = run::check(&tools, &dir, &programs, Some(wrong), &mut Run::default())
        .expect_err("a mutated mask must be caught");
    assert!(matches!(failure, Failure::Mismatch { .. }), "{failure:?}");
    assert_eq!(failure.differing_functions(), vec![p.name()]);

    let repro = run::investigate(&tools, &dir, &programs, &failure, Some(wrong))
        .expect("the failing function is found");
    assert_eq!(repro.seed, p.seed);
    assert_eq!(repro.minimized.insts.len(), 1, "{}", repro.message());
    assert!(matches!(repro.minimized.insts[0], Inst::Shuffle { .. }));
    assert_eq!(repro.minimized.params.len(), 1, "{}", repro.message());
    let text = fs::read_to_string(&repro.path).expect("the reproducer file");
    assert!(text.contains("; lli after:"), "{text}");
    assert!(
        text.contains("define <4 x i32> @f900000001(<4 x i32> %p0)"),
        "{text}"
    );
    assert!(repro.message().contains("repro-900000001.ll"));
}
