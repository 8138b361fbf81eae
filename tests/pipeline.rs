//! The measurement's code generation pipeline is built once per target machine and run
//! on every probe module in turn (the shim's `measuringPipeline`, as `llc
//! -compile-twice` runs one pass manager twice). `SHUF_CHECK_PIPELINE=1` compiles each
//! probe again with a pipeline built for it alone and reports any difference in the
//! instructions; here every stage that measures, on the four kinds of target it
//! measures on, must report none after several compilations in one process.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::{llvm_bin, plugin};

/// Inputs that measure, each with the target it is measured for.
const CASES: [(&str, &str, &str); 8] = [
    ("test/network/x86.ll", "x86_64-linux-gnu", "x86-64-v3"),
    (
        "test/network/aarch64.ll",
        "aarch64-linux-gnu",
        "neoverse-n1",
    ),
    ("test/select/x86-v2.ll", "x86_64-linux-gnu", "x86-64-v2"),
    ("test/select/wide.ll", "x86_64-linux-gnu", "x86-64-v4"),
    ("test/narrow/x86.ll", "x86_64-linux-gnu", "x86-64-v3"),
    ("test/lower/measured.ll", "aarch64-linux-gnu", "neoverse-n1"),
    ("test/join/transpose.ll", "riscv64-linux-gnu", "sifive-x280"),
    ("test/slp/trees.ll", "x86_64-linux-gnu", "x86-64-v3"),
];

#[test]
fn a_reused_pipeline_emits_what_a_fresh_one_does() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut compilations = 0;
    for (file, triple, cpu) in CASES {
        let out = Command::new(llvm_bin().join("opt"))
            .env("SHUF_CHECK_PIPELINE", "1")
            .env("SHUF_TIME_PROBES", "1")
            .arg(format!("-load-pass-plugin={}", plugin().display()))
            .args([
                "-passes=shuffle-lib",
                &format!("-mtriple={triple}"),
                &format!("-mcpu={cpu}"),
                "-disable-output",
            ])
            .arg(root.join(file))
            .output()
            .expect("opt runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{file}: {stderr}");
        assert!(
            !stderr.contains("shuf-pipeline-mismatch"),
            "{file} ({cpu}): the reused pipeline emitted other instructions:\n{stderr}"
        );
        let here = stderr.matches("shuf-probe:").count();
        assert!(
            here >= 2,
            "{file} ({cpu}): {here} compilations, none reused"
        );
        compilations += here;
    }
    assert!(
        compilations >= 20,
        "only {compilations} compilations checked"
    );
}
