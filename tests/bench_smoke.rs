//! A quick slice of the benchmark harness inside `cargo test`: the static comparison
//! (two kernels, two targets), the native comparison (two kernels: built, checked
//! against the scalar reference, timed), the compile-time script in its quick form and
//! a slice of the random network loops. The full runs are `scripts/bench.py all`,
//! `scripts/compile_time.py` and `scripts/network_loops.py`.

mod common;

use std::env;
use std::process::Command;

use common::plugin;

fn run_script(args: &[&str]) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .args(args)
        .current_dir(root)
        .env("SHUF_PLUGIN", plugin())
        .output()
        .expect("python3");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{args:?} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn static_comparison_measures_both_compilers() {
    let out = run_script(&[
        "scripts/bench.py",
        "static",
        "--no-report",
        "--targets",
        "x86-64-v3,neoverse-n1",
        "--kernels",
        "transpose_4x4_f32,zext_u8_u16_shuffle",
    ]);
    for kernel in ["transpose_4x4_f32", "zext_u8_u16_shuffle"] {
        let rows = out
            .lines()
            .filter(|l| l.starts_with(&format!("| {kernel} ")));
        // One measured row per target, no FAIL.
        let rows: Vec<&str> = rows.collect();
        assert_eq!(rows.len(), 2, "{out}");
        assert!(rows.iter().all(|r| !r.contains("FAIL")), "{out}");
    }
    assert_eq!(out.matches("Geometric mean").count(), 2, "{out}");
}

#[test]
fn native_comparison_checks_against_the_reference() {
    let out = run_script(&[
        "scripts/bench.py",
        "native",
        "--no-report",
        "--kernels",
        "reverse_i32,rgb_deinterleave_u8",
    ]);
    assert_eq!(out.matches("| ok |").count(), 2, "{out}");
    assert!(out.contains("Failures: none."), "{out}");
}

#[test]
fn compile_time_quick() {
    let out = run_script(&["scripts/compile_time.py", "--quick"]);
    assert!(out.contains("| shuffles-2000 |"), "{out}");
    assert!(out.contains("Growth with the width"), "{out}");
    assert!(out.contains("| 1024 | "), "{out}");
}

#[test]
fn network_loops_slice() {
    // Every function builds with the plugin and is measured by llvm-mca (the script
    // fails otherwise); over the slice the loops are no slower than stock's.
    let out = run_script(&[
        "scripts/network_loops.py",
        "--no-report",
        "--cpus",
        "x86-64-v4:24:424242,neoverse-n1:12:515151",
        "--work",
        "target/network-loops-slice",
    ]);
    for cpu in ["x86-64-v4", "neoverse-n1"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("| {cpu} |")) && l.contains("stock → shuf"))
            .unwrap_or_else(|| panic!("no {cpu} row:\n{out}"));
        let geomean: f64 = line
            .trim_end_matches(" |")
            .rsplit("| ")
            .next()
            .and_then(|g| g.trim().parse().ok())
            .unwrap_or_else(|| panic!("no geomean in {line}"));
        assert!(geomean <= 1.0, "{cpu}: loops slower than stock: {line}");
    }
}
