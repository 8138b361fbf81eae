//! What the integration tests share: where LLVM 22 and the freshly built plugin are.
//! (Each test crate includes this module and uses part of it.)
#![allow(dead_code)]

use std::env;
use std::path::PathBuf;

/// LLVM 22's bin directory (`LLVM_BIN` overrides).
pub fn llvm_bin() -> PathBuf {
    env::var_os("LLVM_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin"))
}

/// The freshly built `libshuf.so`: `target/<profile>/deps/`, next to the test binary
/// (`SHUF_PLUGIN` overrides).
pub fn plugin() -> PathBuf {
    if let Some(path) = env::var_os("SHUF_PLUGIN") {
        return PathBuf::from(path);
    }
    let exe = env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("deps directory");
    [deps, deps.parent().unwrap_or(deps)]
        .iter()
        .map(|d| d.join("libshuf.so"))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("libshuf.so not found next to {}", exe.display()))
}
