//! The measurement cache (`SHUF_CACHE_DIR`, `pass::memo`): a second compilation reads
//! what the first measured, compiles nothing more, and decides the same.

mod common;

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use common::{llvm_bin, plugin};

/// `opt -passes=shuffle-lib` with the cache in `cache`: its output, and whether it
/// compiled anything to measure (`SHUF_DUMP_PROBES` prints each compiled probe).
fn opt_with_cache(input: &PathBuf, cache: &PathBuf) -> (String, bool) {
    let out = Command::new(llvm_bin().join("opt"))
        .env("SHUF_CACHE_DIR", cache)
        .env("SHUF_DUMP_PROBES", "1")
        .arg(format!("-load-pass-plugin={}", plugin().display()))
        .args([
            "-passes=shuffle-lib",
            "-mtriple=x86_64-linux-gnu",
            "-mcpu=x86-64-v3",
            "-S",
        ])
        .arg(input)
        .output()
        .expect("opt runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let compiled = String::from_utf8_lossy(&out.stderr).contains("shuf_probe");
    (String::from_utf8_lossy(&out.stdout).into_owned(), compiled)
}

#[test]
fn a_second_compilation_reads_the_first_ones_measurements() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let cache = root.join("target/cache-test");
    let _ = fs::remove_dir_all(&cache);
    let input = root.join("test/network/x86.ll");
    let (first, compiled) = opt_with_cache(&input, &cache);
    assert!(compiled, "the first compilation measured nothing");
    let file = fs::read_dir(&cache)
        .expect("the cache directory was made")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "tsv"))
        .expect("a measurements file");
    let lines = fs::read_to_string(&file).unwrap().lines().count();
    assert!(lines > 0, "nothing measured");
    let (second, compiled) = opt_with_cache(&input, &cache);
    assert_eq!(first, second, "the cache changed a decision");
    assert!(!compiled, "the second compilation compiled probes");
    let again = fs::read_to_string(&file).unwrap().lines().count();
    assert_eq!(lines, again, "the second compilation measured again");
}
