//! Runs every `.ll` and `.c` file under `test/` as its own test case, the way `lit` does.
//!
//! A file's `RUN:` lines (a trailing `\` continues a line) are run in order by bash with
//! `pipefail`; the case fails on the first line that exits non-zero. `REQUIRES:` names
//! features the case needs; a case whose features are missing is ignored (the reason is
//! printed on stderr). The same files run under `lit` with `test/lit.cfg.py`.
//!
//! Substitutions: `%s` the file, `%S` its directory, `%t` a scratch path for the case,
//! `%shuf-bin` the `shuf` tool, `%shuf` the plugin, `%opt` `opt` with the plugin loaded,
//! `%clang` `clang` with it as a pass plugin, `%FileCheck`, `%llc`, `%lli`, `%not`. LLVM 22's bin directory comes
//! first on `PATH`, so bare `opt`, `FileCheck`, `not` and `llc` are LLVM 22's too.
//!
//! Features: `x86-registered-target`, `aarch64-registered-target`,
//! `riscv-registered-target`, `mips-registered-target`, `powerpc-registered-target`
//! (from `llc --version`), `native-x86_64` (this machine runs x86-64 code).

mod common;

use common::{llvm_bin, plugin};
use std::collections::BTreeSet;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

struct Config {
    llvm_bin: PathBuf,
    plugin: PathBuf,
    scratch: PathBuf,
    features: BTreeSet<String>,
}

fn features(llvm_bin: &Path) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    let out = Command::new(llvm_bin.join("llc"))
        .arg("--version")
        .output()
        .expect("llc from LLVM 22 (run scripts/setup.sh)");
    let text = String::from_utf8_lossy(&out.stdout);
    for (target, feature) in [
        ("x86-64", "x86-registered-target"),
        ("aarch64", "aarch64-registered-target"),
        ("riscv64", "riscv-registered-target"),
        ("mips64el", "mips-registered-target"),
        ("ppc64le", "powerpc-registered-target"),
    ] {
        if text.lines().any(|l| l.trim_start().starts_with(target)) {
            set.insert(feature.to_string());
        }
    }
    if cfg!(target_arch = "x86_64") {
        set.insert("native-x86_64".to_string());
    }
    set
}

/// The `RUN:` commands and `REQUIRES:` features of a test file.
fn directives(text: &str) -> (Vec<String>, Vec<String>) {
    let mut runs = Vec::new();
    let mut requires = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        if let Some((_, rest)) = line.split_once("REQUIRES:") {
            requires.extend(rest.split(',').map(|f| f.trim().to_string()));
            continue;
        }
        let Some((_, rest)) = line.split_once("RUN:") else {
            continue;
        };
        let rest = rest.trim();
        match rest.strip_suffix('\\') {
            Some(head) => {
                pending.push_str(head);
                pending.push(' ');
            }
            None => {
                pending.push_str(rest);
                runs.push(std::mem::take(&mut pending));
            }
        }
    }
    (runs, requires)
}

fn substitute(cmd: &str, file: &Path, tmp: &Path, cfg: &Config) -> String {
    let bin = |tool: &str| cfg.llvm_bin.join(tool).display().to_string();
    let plugin = cfg.plugin.display().to_string();
    let pairs = [
        ("%opt", format!("{} -load-pass-plugin={plugin}", bin("opt"))),
        ("%clang", format!("{} -fpass-plugin={plugin}", bin("clang"))),
        ("%FileCheck", bin("FileCheck")),
        ("%shuf-bin", env!("CARGO_BIN_EXE_shuf").to_string()),
        ("%shuf", plugin.clone()),
        ("%llc", bin("llc")),
        ("%lli", bin("lli")),
        ("%not", bin("not")),
        ("%s", file.display().to_string()),
        ("%S", file.parent().unwrap().display().to_string()),
        ("%t", tmp.display().to_string()),
    ];
    let mut out = cmd.to_string();
    for (key, value) in pairs {
        out = out.replace(key, &value);
    }
    out
}

fn run_file(file: &Path, cfg: &Config) -> Result<(), Failed> {
    let text = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let (runs, _) = directives(&text);
    if runs.is_empty() {
        return Err(format!("{} has no RUN line", file.display()).into());
    }
    let stem = file.file_name().unwrap().to_string_lossy().into_owned();
    let tmp = cfg.scratch.join(format!("{stem}.tmp"));
    let path = format!(
        "{}:{}",
        cfg.llvm_bin.display(),
        env::var("PATH").unwrap_or_default()
    );
    for run in runs {
        let cmd = substitute(&run, file, &tmp, cfg);
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {cmd}"))
            .env("PATH", &path)
            .env("RUST_BACKTRACE", "0")
            .current_dir(&cfg.scratch)
            .output()
            .map_err(|e| format!("cannot run bash: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "RUN line failed ({}):\n  {cmd}\n--- stdout\n{}--- stderr\n{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )
            .into());
        }
    }
    Ok(())
}

fn test_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n != "Inputs" && n != "Output")
            {
                test_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "ll" || e == "c") {
            out.push(path);
        }
    }
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let llvm_bin = llvm_bin();
    let scratch = root.join("target/filecheck");
    fs::create_dir_all(&scratch).expect("scratch directory");
    let cfg = std::sync::Arc::new(Config {
        features: features(&llvm_bin),
        plugin: plugin(),
        llvm_bin,
        scratch,
    });

    let mut files = Vec::new();
    test_files(&root.join("test"), &mut files);
    files.sort();
    let trials = files
        .into_iter()
        .map(|file| {
            let name = file
                .strip_prefix(&root)
                .unwrap_or(&file)
                .display()
                .to_string();
            let text = fs::read_to_string(&file).unwrap_or_default();
            let (_, requires) = directives(&text);
            let missing: Vec<_> = requires
                .iter()
                .filter(|f| !cfg.features.contains(*f))
                .cloned()
                .collect();
            let cfg = cfg.clone();
            let trial = Trial::test(name, move || run_file(&file, &cfg));
            if missing.is_empty() {
                trial
            } else {
                eprintln!("ignored {}: needs {}", trial.name(), missing.join(", "));
                trial.with_ignored_flag(true)
            }
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
