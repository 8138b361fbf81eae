//! What the integration tests share: where LLVM 22 and the freshly built plugin are.
//! (Each test crate includes this module and uses part of it.)
#![allow(dead_code)]

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

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

/// A CPU the tests run under `qemu-user`: AArch64, and RISC-V V.
#[derive(Clone, Copy, Debug)]
pub struct Cross {
    pub triple: &'static str,
    pub cpu: &'static str,
    pub qemu: &'static str,
    pub qemu_args: &'static [&'static str],
    /// The Debian cross libc (`libc6-dev-arm64-cross`, `libc6-dev-riscv64-cross`).
    pub sysroot: &'static str,
}

pub const CROSS: [Cross; 2] = [
    Cross {
        triple: "aarch64-linux-gnu",
        cpu: "neoverse-n1",
        qemu: "qemu-aarch64",
        qemu_args: &[],
        sysroot: "/usr/aarch64-linux-gnu",
    },
    Cross {
        triple: "riscv64-linux-gnu",
        cpu: "sifive-x280",
        qemu: "qemu-riscv64",
        // sifive-x280 has VLEN 512 (zvl512b): code for it assumes that much.
        qemu_args: &["-cpu", "rv64,v=true,vlen=512"],
        sysroot: "/usr/riscv64-linux-gnu",
    },
];

impl Cross {
    pub fn for_cpu(cpu: &str) -> Option<Cross> {
        CROSS.iter().copied().find(|c| c.cpu == cpu)
    }

    /// The commands that compile `file` with `llc` (code generation only, as `lli`
    /// does: clang -O2 would inline and fold constant inputs), link `obj` against the
    /// cross libc with lld into `exe`, and run it under qemu.
    pub fn commands(&self, file: &Path, obj: &Path, exe: &Path) -> [Command; 3] {
        let lib = format!("{}/lib", self.sysroot);
        let mut llc = Command::new(llvm_bin().join("llc"));
        llc.args([
            format!("-mtriple={}", self.triple),
            format!("-mcpu={}", self.cpu),
        ])
        .args(["-O2", "-filetype=obj", "-relocation-model=pic"])
        .arg(file)
        .arg("-o")
        .arg(obj);
        let mut link = Command::new(llvm_bin().join("clang"));
        link.arg(format!("--target={}", self.triple))
            .args(["-fuse-ld=lld", "-nostdlib"])
            .args([format!("{lib}/crt1.o"), format!("{lib}/crti.o")])
            .arg(obj)
            .args([
                format!("-L{lib}"),
                "-lc".to_string(),
                format!("{lib}/crtn.o"),
            ])
            .arg("-o")
            .arg(exe);
        let mut run = Command::new(self.qemu);
        run.args(self.qemu_args).args(["-L", self.sysroot]).arg(exe);
        [llc, link, run]
    }
}
