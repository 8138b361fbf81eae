//! Compiles the C++ shim in `plugin/` against LLVM 22's headers.
//!
//! The shim is linked whole (`+whole-archive`) so that its pass registration and
//! `cl::opt`s land in `libshuf.so` even though Rust only calls a few of its symbols.

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn llvm_config() -> PathBuf {
    if let Ok(path) = env::var("LLVM_CONFIG") {
        return PathBuf::from(path);
    }
    let prefix = env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    PathBuf::from(prefix).join("bin/llvm-config")
}

fn query(config: &PathBuf, arg: &str) -> String {
    let out = Command::new(config).arg(arg).output().unwrap_or_else(|e| {
        panic!(
            "cannot run {} {arg}: {e}\nLLVM 22 is missing: run scripts/setup.sh",
            config.display()
        )
    });
    assert!(out.status.success(), "{} {arg} failed", config.display());
    String::from_utf8(out.stdout)
        .expect("llvm-config prints UTF-8")
        .trim()
        .to_string()
}

fn main() {
    let config = llvm_config();
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    for file in ["plugin/shim.cpp", "plugin/shim.h"] {
        println!("cargo:rerun-if-changed={file}");
    }

    let version = query(&config, "--version");
    assert!(
        version.starts_with("22."),
        "shuf needs LLVM 22, {} reports {version}: run scripts/setup.sh",
        config.display()
    );

    let mut build = cc::Build::new();
    build
        .cpp(true)
        .file("plugin/shim.cpp")
        .cargo_metadata(false);
    // LLVM's flags (include path, -std, -fno-exceptions) so the shim matches libLLVM's ABI.
    // LLVM's headers are system headers: their warnings are not ours.
    for flag in query(&config, "--cxxflags").split_whitespace() {
        match flag.strip_prefix("-I") {
            Some(dir) => build.flag("-isystem").flag(dir),
            None => build.flag(flag),
        };
    }
    if query(&config, "--assertion-mode") != "ON" {
        build.define("NDEBUG", None);
    }
    if query(&config, "--has-rtti") != "YES" {
        build.flag("-fno-rtti");
    }
    build.flag("-fvisibility-inlines-hidden").warnings(true);
    build.compile("shufshim");

    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo:rustc-link-search=native={out_dir}");
    println!("cargo:rustc-link-lib=static:+whole-archive=shufshim");
    println!("cargo:rustc-link-lib=dylib=stdc++");
    println!("cargo:rustc-env=SHUF_LLVM_VERSION={version}");
    // What the measurement cache (`pass::memo`) is valid for: these sources and LLVM.
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=plugin");
    println!(
        "cargo:rustc-env=SHUF_BUILD_ID={:016x}",
        source_hash(&version)
    );
}

/// FNV-1a over the LLVM version and every file of `src/` and `plugin/`, by path.
fn source_hash(version: &str) -> u64 {
    fn files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    files(&p, out);
                } else {
                    out.push(p);
                }
            }
        }
    }
    let mut all = Vec::new();
    files(std::path::Path::new("src"), &mut all);
    files(std::path::Path::new("plugin"), &mut all);
    all.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(version.as_bytes());
    for f in all {
        eat(f.to_string_lossy().as_bytes());
        eat(&std::fs::read(&f).unwrap_or_default());
    }
    h
}
