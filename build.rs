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
}
