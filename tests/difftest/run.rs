//! The runner: a module of programs goes through `opt -passes=shuffle-lib`, both
//! versions run under `lli`, and their outputs are compared.

use crate::common::{plugin, Cross};
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::program::{module_text, Program};
use super::reduce;

/// The tools and where scratch files go.
#[derive(Clone, Debug)]
pub struct Tools {
    pub opt: PathBuf,
    pub lli: PathBuf,
    pub plugin: PathBuf,
    /// The `-passes=` pipeline: `SHUF_DIFF_PASSES`, by default
    /// `shuffle-lib<canon-always;lower-always>` so that every rewrite is exercised
    /// whatever the costs.
    pub passes: String,
    /// The target whose costs decide what the pass does (`-mtriple`, `-mcpu`); the
    /// result runs on this machine under `lli` all the same (the pass emits no target
    /// intrinsics), its triple and data layout removed.
    pub target: Vec<String>,
    /// Where both versions run: under `lli` here, or compiled for another architecture
    /// and run under `qemu-user`.
    pub runner: Runner,
    /// `target/differential`.
    pub scratch: PathBuf,
}

/// How a module runs.
#[derive(Clone, Debug)]
pub enum Runner {
    Lli,
    /// Compiled with `llc`, linked against the Debian cross libc, run under `qemu-user`.
    Qemu(Cross),
}

impl Runner {
    /// The runner for a CPU of `TARGETS` under qemu: AArch64 and RISC-V V.
    pub fn qemu_for(cpu: &str) -> Option<Runner> {
        Cross::for_cpu(cpu).map(Runner::Qemu)
    }
}

/// The targets the differential test decides for, by CPU name.
pub const TARGETS: [&str; 4] = ["x86-64", "x86-64-v3", "neoverse-n1", "sifive-x280"];

/// `opt`'s flags for a CPU of `TARGETS`.
pub fn target_flags(cpu: &str) -> Vec<String> {
    let triple = match cpu {
        "neoverse-n1" => "aarch64-linux-gnu",
        "sifive-x280" => "riscv64-linux-gnu",
        _ => "x86_64-linux-gnu",
    };
    vec![format!("-mtriple={triple}"), format!("-mcpu={cpu}")]
}

impl Tools {
    pub fn find() -> Tools {
        let bin = env::var_os("LLVM_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin"));
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        Tools {
            opt: bin.join("opt"),
            lli: bin.join("lli"),
            plugin: plugin(),
            passes: env::var("SHUF_DIFF_PASSES")
                .unwrap_or_else(|_| "shuffle-lib<canon-always;lower-always>".to_string()),
            target: target_flags("x86-64"),
            runner: Runner::Lli,
            scratch: root.join("target/differential"),
        }
    }
}

/// Rewrites the text of `after.ll` before it runs; tests use it to fake a wrong pass.
pub type Mutator = fn(&str) -> String;

/// Why a module failed.
#[derive(Clone, Debug)]
pub enum Failure {
    /// `opt` crashed, failed verification, exited non-zero or reported an internal error.
    Opt { status: String, stderr: String },
    /// `lli` failed on the original module: a generator bug, not the pass's.
    LliBefore { status: String, stderr: String },
    /// `lli` failed on the transformed module.
    LliAfter { status: String, stderr: String },
    /// The original module printed something else than the generator's model predicts:
    /// a generator (or LLVM) bug, not the pass's.
    Model { expected: String, before: String },
    /// The transformed module printed something else than the original.
    Mismatch { before: String, after: String },
}

impl Failure {
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Opt { .. } => "opt failed",
            Failure::LliBefore { .. } => "lli failed on the original module (generator bug)",
            Failure::LliAfter { .. } => "lli failed on the transformed module",
            Failure::Model { .. } => {
                "the original module disagrees with the generator's model (generator bug)"
            }
            Failure::Mismatch { .. } => "outputs differ before and after shuffle-lib",
        }
    }

    fn same_kind(&self, other: &Failure) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// The functions whose printed lanes differ (mismatches of output only).
    pub fn differing_functions(&self) -> Vec<String> {
        let (a, b) = match self {
            Failure::Mismatch { before, after } => (before, after),
            Failure::Model { expected, before } => (expected, before),
            _ => return Vec::new(),
        };
        let group = |text: &str| {
            let mut map = std::collections::BTreeMap::<String, Vec<String>>::new();
            for line in text.lines() {
                let name = line.split(' ').next().unwrap_or("").to_string();
                map.entry(name).or_default().push(line.to_string());
            }
            map
        };
        let (ga, gb) = (group(a), group(b));
        let mut names: Vec<String> = ga.keys().chain(gb.keys()).cloned().collect();
        names.sort();
        names.dedup();
        names.retain(|n| ga.get(n) != gb.get(n));
        names
    }

    /// A description with the outputs.
    pub fn details(&self) -> String {
        match self {
            Failure::Opt { status, stderr }
            | Failure::LliBefore { status, stderr }
            | Failure::LliAfter { status, stderr } => {
                // The stack dump's frames say nothing about the input.
                let stderr: String = stderr
                    .lines()
                    .filter(|l| !(l.trim_start().starts_with('#') && l.contains(" 0x")))
                    .map(|l| format!("{l}\n"))
                    .collect();
                format!("{} ({status})\n--- stderr\n{}", self.kind(), clip(&stderr))
            }
            Failure::Model { expected, before } => format!(
                "{}\n--- expected (model)\n{}--- lli before\n{}",
                self.kind(),
                clip(expected),
                clip(before)
            ),
            Failure::Mismatch { before, after } => format!(
                "{}\n--- lli before\n{}--- lli after\n{}",
                self.kind(),
                clip(before),
                clip(after)
            ),
        }
    }
}

fn clip(s: &str) -> String {
    const MAX: usize = 4000;
    if s.len() <= MAX {
        return s.to_string();
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n[... {} more bytes]\n", &s[..end], s.len() - end)
}

/// What a passing module contributed.
#[derive(Copy, Clone, Default, Debug)]
pub struct Stats {
    pub functions: usize,
    pub lanes: usize,
    pub shuffles: usize,
    /// Shuffles the pass lowered to non-shuffle IR (each recipe starts with `freeze`,
    /// which the generator never writes).
    pub lowered: usize,
    /// Instruction sequences the pass selected, seen by what only they write: the
    /// fences between their steps and `insertps` calls.
    pub selected: usize,
    /// Wide shuffles rebuilt as networks, and shuffles moved below operations (the
    /// pass's remarks).
    pub networks: usize,
    pub through_compute: usize,
    /// Shuffles by one mask commoned out of operations (their own remark).
    pub commoned: usize,
}

/// The files and outputs of one check.
#[derive(Clone, Debug, Default)]
pub struct Run {
    pub after_ir: String,
    pub before_out: String,
    pub after_out: String,
}

/// A tool that runs longer than this is stopped and counts as failed (a hang).
const TIMEOUT: Duration = Duration::from_secs(120);

/// `module` compiled by llc (beside `lli`) for its functions' CPU, linked by clang and
/// run on this machine.
fn run_natively(
    dir: &Path,
    lli: &Path,
    module: &Path,
) -> Result<(String, String), (String, String)> {
    let (obj, exe) = (dir.join("native.o"), dir.join("native.exe"));
    run_tool(
        dir,
        "native-llc",
        Command::new(lli.with_file_name("llc"))
            .args(["-O2", "-relocation-model=pic", "-filetype=obj", "-o"])
            .arg(&obj)
            .arg(module),
    )?;
    run_tool(
        dir,
        "native-link",
        Command::new(lli.with_file_name("clang"))
            .arg(&obj)
            .arg("-o")
            .arg(&exe),
    )?;
    run_tool(dir, "native-run", &mut Command::new(&exe))
}

/// Runs a tool with its output in `dir/<name>.stdout` and `.stderr`: `Ok((stdout,
/// stderr))` on success, else `Err((status, stderr))`.
fn run_tool(
    dir: &Path,
    name: &str,
    cmd: &mut Command,
) -> Result<(String, String), (String, String)> {
    let out_path = dir.join(format!("{name}.stdout"));
    let err_path = dir.join(format!("{name}.stderr"));
    let file = |p: &Path| fs::File::create(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(file(&out_path))
        .stderr(file(&err_path))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for a tool") {
            break Some(status);
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let read = |p: &Path| String::from_utf8_lossy(&fs::read(p).unwrap_or_default()).into_owned();
    let (stdout, stderr) = (read(&out_path), read(&err_path));
    match status {
        Some(status) if status.success() => Ok((stdout, stderr)),
        Some(status) => Err((status.to_string(), stderr)),
        None => Err((format!("timed out after {} s", TIMEOUT.as_secs()), stderr)),
    }
}

/// Checks `programs` as one module in `dir`: `before.ll`, `after.ll`.
pub fn check(
    tools: &Tools,
    dir: &Path,
    programs: &[Program],
    mutate: Option<Mutator>,
    run: &mut Run,
) -> Result<Stats, Failure> {
    fs::create_dir_all(dir).expect("scratch directory");
    let before = dir.join("before.ll");
    let after = dir.join("after.ll");
    fs::write(&before, module_text(programs)).expect("write before.ll");
    let _ = fs::remove_file(&after);

    let opt = run_tool(
        dir,
        "opt",
        Command::new(&tools.opt)
            .arg(format!("-load-pass-plugin={}", tools.plugin.display()))
            .arg(format!("-passes={}", tools.passes))
            .args(["-verify-each", "-S", "-pass-remarks-filter=shuffle-lib"])
            .arg(format!(
                "-pass-remarks-output={}",
                dir.join("remarks.yaml").display()
            ))
            .args(&tools.target)
            .arg(&before)
            .arg("-o")
            .arg(&after),
    );
    match opt {
        Err((status, stderr)) => return Err(Failure::Opt { status, stderr }),
        // A caught panic is reported as a warning and leaves the function alone.
        Ok((_, stderr)) if !stderr.trim().is_empty() => {
            return Err(Failure::Opt {
                status: "exit 0 with diagnostics".to_string(),
                stderr,
            })
        }
        Ok(_) => {}
    }
    // Runs here whatever target decided it.
    run.after_ir = fs::read_to_string(&after)
        .expect("read after.ll")
        .lines()
        .filter(|l| !l.starts_with("target triple") && !l.starts_with("target datalayout"))
        .map(|l| format!("{l}\n"))
        .collect();
    fs::write(&after, &run.after_ir).expect("write after.ll");
    if let Some(mutate) = mutate {
        run.after_ir = mutate(&run.after_ir);
        fs::write(&after, &run.after_ir).expect("write after.ll");
    }
    if matches!(tools.runner, Runner::Lli) && run.after_ir.contains("@llvm.aarch64.neon.tbl") {
        // AArch64's table lookups cannot run here: their meaning in generic IR (the
        // qemu campaigns run the instruction itself).
        fs::write(&after, host_model(&run.after_ir)).expect("write after.ll");
    }

    let lli = |file: &Path, name: &str| match &tools.runner {
        Runner::Lli => run_tool(dir, name, Command::new(&tools.lli).arg(file)),
        Runner::Qemu(cross) => {
            let (obj, exe) = (
                dir.join(format!("{name}.o")),
                dir.join(format!("{name}.exe")),
            );
            let [mut llc, mut link, mut qemu] = cross.commands(file, &obj, &exe);
            run_tool(dir, &format!("{name}-llc"), &mut llc)?;
            run_tool(dir, &format!("{name}-link"), &mut link)?;
            run_tool(dir, name, &mut qemu)
        }
    };
    run.before_out = match lli(&before, "lli-before") {
        Ok((out, _)) => out,
        Err((status, stderr)) => return Err(Failure::LliBefore { status, stderr }),
    };
    let expected: String = programs.iter().map(|p| p.expected_output()).collect();
    if run.before_out != expected {
        // Where LLVM's interpreter computes what the model says, LLVM's own code for the
        // host is wrong (LLVM 22: lane 7 of a `<16 x i1>` bitcast's shuffle with zeros,
        // seed 140499), not the generator: left out like a function stock LLVM cannot
        // run.
        let interpreted = run_tool(
            dir,
            "lli-interpreter",
            Command::new(&tools.lli)
                .arg("-force-interpreter")
                .arg(&before),
        );
        if let Some((out, _)) = interpreted.ok().filter(|(out, _)| *out == expected) {
            return Err(Failure::LliBefore {
                status: "stock LLVM's code computes another result than its interpreter"
                    .to_string(),
                stderr: format!("--- compiled\n{}--- interpreted\n{out}", run.before_out),
            });
        }
        return Err(Failure::Model {
            expected,
            before: run.before_out.clone(),
        });
    }
    // The original as stock LLVM compiles it for the target that decided (opt's
    // `-mtriple`/`-mcpu` put the same `target-cpu` on every function of `after.ll`):
    // where that differs from the original without it, LLVM's own code for the target
    // is wrong (LLVM 22 on x86-64-v3, seed 72728), not the pass; the function is left
    // out like one stock LLVM cannot run.
    if !tools.target.is_empty() {
        let stock = dir.join("before-target.ll");
        let opt = run_tool(
            dir,
            "opt-stock",
            Command::new(&tools.opt)
                .args(["-passes=verify", "-S"])
                .args(&tools.target)
                .arg(&before)
                .arg("-o")
                .arg(&stock),
        );
        if let Err((status, stderr)) = opt {
            return Err(Failure::LliBefore { status, stderr });
        }
        let text: String = fs::read_to_string(&stock)
            .expect("read before-target.ll")
            .lines()
            .filter(|l| !l.starts_with("target triple") && !l.starts_with("target datalayout"))
            .map(|l| format!("{l}\n"))
            .collect();
        fs::write(&stock, text).expect("write before-target.ll");
        match lli(&stock, "lli-before-target") {
            Ok((out, _)) if out == run.before_out => {}
            Ok((out, _)) => {
                return Err(Failure::LliBefore {
                    status: "stock LLVM computes another result for the target".to_string(),
                    stderr: format!(
                        "--- without the target\n{}--- for the target\n{out}",
                        run.before_out
                    ),
                })
            }
            Err((status, stderr)) => return Err(Failure::LliBefore { status, stderr }),
        }
    }
    run.after_out = match lli(&after, "lli-after") {
        Ok((out, _)) => out,
        // lli's JIT selects instructions for this machine's CPU as llc does not: LLVM 22
        // on a znver4 VM without some of its AVX-512 features cannot select a
        // `zero_extend_vector_inreg` of a `<16 x float>` argument's low half (seed 202089),
        // where llc compiles the same module for the same CPU and features. The module
        // is then compiled by llc for this machine, linked and run natively (LLVM's
        // interpreter knows no `freeze`), and its output compared.
        Err((status, stderr))
            if matches!(tools.runner, Runner::Lli)
                && stderr.contains("LLVM ERROR: Cannot select") =>
        {
            match run_natively(dir, &tools.lli, &after) {
                Ok((out, _)) => out,
                Err(_) => return Err(Failure::LliAfter { status, stderr }),
            }
        }
        Err((status, stderr)) => return Err(Failure::LliAfter { status, stderr }),
    };
    if run.after_out != run.before_out {
        return Err(Failure::Mismatch {
            before: run.before_out.clone(),
            after: run.after_out.clone(),
        });
    }
    Ok(Stats {
        functions: programs.len(),
        lanes: run.before_out.lines().count(),
        shuffles: programs.iter().map(Program::shuffle_count).sum(),
        lowered: run.after_ir.matches(" = freeze ").count(),
        networks: passed_remarks(&dir.join("remarks.yaml"), "Network"),
        through_compute: passed_remarks(&dir.join("remarks.yaml"), "ThroughCompute"),
        commoned: passed_remarks(&dir.join("remarks.yaml"), "Commoned"),
        selected: [
            " = call <4 x float> @llvm.arithmetic.fence",
            " = call <4 x float> @llvm.x86.sse41.insertps",
            " = call <16 x i8> @llvm.x86.ssse3.pshuf.b.128",
            " = call <16 x i8> @llvm.aarch64.neon.tbl",
            " = call <4 x i32> @llvm.x86.avx512.vpermi2var",
        ]
        .iter()
        .map(|call| run.after_ir.matches(call).count())
        .sum(),
    })
}

/// A minimized failure, written to `repro-SEED.ll`.
#[derive(Debug)]
pub struct Repro {
    pub seed: u64,
    pub path: PathBuf,
    pub failure: Failure,
    pub original_insts: usize,
    pub minimized: Program,
    pub run: Run,
}

impl Repro {
    pub fn message(&self) -> String {
        format!(
            "differential: {} for @{} (seed {}); minimized from {} to {} instructions: {}\n\
             --- minimized function\n{}--- after shuffle-lib\n{}{}",
            self.failure.kind(),
            self.minimized.name(),
            self.seed,
            self.original_insts,
            self.minimized.insts.len(),
            self.path.display(),
            self.minimized.function_text(),
            function_in(&self.run.after_ir, &self.minimized.name()),
            self.failure.details()
        )
    }
}

/// The text of `@name`'s definition in a module.
pub fn function_in(module: &str, name: &str) -> String {
    let head = format!("@{name}(");
    let mut out = String::new();
    let mut inside = false;
    for line in module.lines() {
        if line.starts_with("define") && line.contains(&head) {
            inside = true;
        }
        if inside {
            out.push_str(line);
            out.push('\n');
            if line == "}" {
                break;
            }
        }
    }
    out
}

/// For a failing module: finds a failing program, minimizes it, writes the reproducer.
/// `None` if no single program fails on its own.
pub fn investigate(
    tools: &Tools,
    dir: &Path,
    programs: &[Program],
    failure: &Failure,
    mutate: Option<Mutator>,
) -> Option<Repro> {
    let fails_alone = |p: &Program, run: &mut Run| -> Option<Failure> {
        match check(tools, dir, std::slice::from_ref(p), mutate, run) {
            Err(f) if f.same_kind(failure) => Some(f),
            _ => None,
        }
    };
    // The functions named by differing output first, then every one.
    let named = failure.differing_functions();
    let mut order: Vec<&Program> = programs
        .iter()
        .filter(|p| named.contains(&p.name()))
        .collect();
    order.extend(programs.iter().filter(|p| !named.contains(&p.name())));
    let mut run = Run::default();
    let culprit = order
        .into_iter()
        .find(|p| fails_alone(p, &mut run).is_some())?
        .clone();

    let minimized = reduce::minimize(&culprit, |p| fails_alone(p, &mut Run::default()).is_some());
    let mut run = Run::default();
    let last = fails_alone(&minimized, &mut run).expect("the minimized program fails");

    let path = tools.scratch.join(format!("repro-{}.ll", culprit.seed));
    let repro = Repro {
        seed: culprit.seed,
        path,
        failure: last,
        original_insts: culprit.insts.len(),
        minimized,
        run,
    };
    write_repro(tools, &repro);
    Some(repro)
}

fn write_repro(tools: &Tools, repro: &Repro) {
    let mut s = String::new();
    let comment = |s: &mut String, title: &str, text: &str| {
        writeln!(s, "; {title}").unwrap();
        for line in text.lines() {
            writeln!(s, ";   {line}").unwrap();
        }
    };
    writeln!(
        s,
        "; differential repro, seed {}: {}",
        repro.seed,
        repro.failure.kind()
    )
    .unwrap();
    writeln!(
        s,
        "; minimized from {} to {} instructions",
        repro.original_insts,
        repro.minimized.insts.len()
    )
    .unwrap();
    writeln!(
        s,
        "; run: {} -load-pass-plugin={} '-passes={}' -S {} -o after.ll; {} after.ll",
        tools.opt.display(),
        tools.plugin.display(),
        tools.passes,
        repro.path.display(),
        tools.lli.display()
    )
    .unwrap();
    comment(
        &mut s,
        "expected (the model, lanes defined in the original):",
        &repro.minimized.expected_output(),
    );
    comment(&mut s, "lli before:", &repro.run.before_out);
    comment(&mut s, "lli after:", &repro.run.after_out);
    comment(&mut s, "failure:", &repro.failure.details());
    comment(
        &mut s,
        "after shuffle-lib:",
        &function_in(&repro.run.after_ir, &repro.minimized.name()),
    );
    s.push('\n');
    s.push_str(&module_text(std::slice::from_ref(&repro.minimized)));
    fs::create_dir_all(&tools.scratch).expect("scratch directory");
    fs::write(&repro.path, s).expect("write the reproducer");
    fs::write(repro.path.with_extension("after.ll"), &repro.run.after_ir)
        .expect("write the reproducer's after.ll");
}

/// `ir` with every AArch64 `tbl1`..`tbl4` and `tbx1`..`tbx4` of a constant index
/// written in generic IR: a shufflevector of the tables' bytes side by side, then zero
/// (`tbl`) or the kept lane (`tbx`, its first argument) where the index is past them.
fn host_model(ir: &str) -> String {
    let mut out = String::new();
    for (n, line) in ir.lines().enumerate() {
        let Some((result, call)) = line.split_once(" = call <16 x i8> @llvm.aarch64.neon.tb")
        else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        // `l2.v16i8(<16 x i8> %t, <16 x i8> %u, <16 x i8> <i8 .., ..>)`, or `x1.v16i8(<16
        // x i8> %kept, <16 x i8> %t, <16 x i8> <..>)`.
        let keeps = call.starts_with('x');
        let tables: usize = call[1..2].parse().expect("tbl1..tbl4, tbx1..tbx4");
        let args = &call[call.find('(').expect("a call") + 1..call.rfind(')').expect("a call")];
        let count = usize::from(keeps) + tables + 1;
        let parts: Vec<String> = args
            .splitn(count, ", <16 x i8> ")
            .map(|p| p.trim_start_matches("<16 x i8> ").to_string())
            .collect();
        let kept = if keeps {
            parts[0].clone()
        } else {
            "zeroinitializer".to_string()
        };
        let table = |i: usize| match i < tables {
            true => parts[usize::from(keeps) + i].clone(),
            false => "poison".to_string(),
        };
        let index: Vec<u32> = parts[count - 1]
            .trim_matches(|c| c == '<' || c == '>')
            .split(", ")
            .map(|e| {
                let v: i64 = e
                    .trim_start_matches("i8 ")
                    .parse()
                    .expect("a constant index");
                (v & 0xff) as u32
            })
            .collect();
        let limit = 16 * tables as u32;
        let lanes = |k: usize| {
            (0..k)
                .map(|i| format!("i32 {i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!(
            "  %tbl.lo.{n} = shufflevector <16 x i8> {}, <16 x i8> {}, <32 x i32> <{}>\n\
             \x20 %tbl.hi.{n} = shufflevector <16 x i8> {}, <16 x i8> {}, <32 x i32> <{}>\n\
             \x20 %tbl.all.{n} = shufflevector <32 x i8> %tbl.lo.{n}, <32 x i8> %tbl.hi.{n}, <64 x i32> <{}>\n",
            table(0),
            table(1),
            lanes(32),
            table(2),
            table(3),
            lanes(32),
            lanes(64)
        ));
        let mask: Vec<String> = index
            .iter()
            .map(|&i| format!("i32 {}", if i < limit { i } else { 0 }))
            .collect();
        let past: Vec<String> = index
            .iter()
            .map(|&i| if i < limit { "i1 false" } else { "i1 true" }.to_string())
            .collect();
        out.push_str(&format!(
            "  %tbl.model.{n} = shufflevector <64 x i8> %tbl.all.{n}, <64 x i8> poison, <16 x i32> <{}>\n",
            mask.join(", ")
        ));
        out.push_str(&format!(
            "{result} = select <16 x i1> <{}>, <16 x i8> {kept}, <16 x i8> %tbl.model.{n}\n",
            past.join(", ")
        ));
    }
    out
}

/// How many remarks named `name` passed, in `opt -pass-remarks-output`'s YAML.
fn passed_remarks(file: &Path, name: &str) -> usize {
    let text = fs::read_to_string(file).unwrap_or_default();
    text.split("--- !")
        .filter(|r| r.starts_with("Passed") && r.contains(&format!("\nName:            {name}\n")))
        .count()
}
