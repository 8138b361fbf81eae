# lit configuration: the same tests `cargo test` runs (tests/filecheck.rs), under lit.
#   cargo build && /usr/lib/llvm-22/bin/lit -v test
# SHUF_PLUGIN overrides the plugin (default: target/debug/libshuf.so).
import os
import subprocess

import lit.formats

config.name = "shuf"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ll", ".c"]
config.excludes = ["Inputs", "Output"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, "Output")

root = os.path.dirname(config.test_source_root)
llvm_bin = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
plugin = os.environ.get("SHUF_PLUGIN", os.path.join(root, "target", "debug", "libshuf.so"))
if not os.path.exists(plugin):
    lit_config.fatal("libshuf.so not found at %s: run `cargo build` first" % plugin)


def tool(name):
    return os.path.join(llvm_bin, name)


# Longest first: %opt must not be taken for %o..., %shuf before %s.
config.substitutions.append(("%opt", "%s -load-pass-plugin=%s" % (tool("opt"), plugin)))
config.substitutions.append(("%clang", "%s -fpass-plugin=%s" % (tool("clang"), plugin)))
config.substitutions.append(("%FileCheck", tool("FileCheck")))
config.substitutions.append(("%shuf-bin", os.path.join(os.path.dirname(plugin), "shuf")))
config.substitutions.append(("%shuf", plugin))
config.substitutions.append(("%llc", tool("llc")))
config.substitutions.append(("%lli", tool("lli")))
config.substitutions.append(("%not", tool("not")))

config.environment["PATH"] = os.pathsep.join([llvm_bin, config.environment.get("PATH", "")])
config.environment["RUST_BACKTRACE"] = "0"

registered = subprocess.run([tool("llc"), "--version"], capture_output=True, text=True).stdout
for target, feature in [("x86-64", "x86-registered-target"),
                        ("aarch64", "aarch64-registered-target"),
                        ("riscv64", "riscv-registered-target"),
                        ("mips64el", "mips-registered-target"),
                        ("ppc64le", "powerpc-registered-target")]:
    if any(line.strip().startswith(target) for line in registered.splitlines()):
        config.available_features.add(feature)
if os.uname().machine == "x86_64":
    config.available_features.add("native-x86_64")
