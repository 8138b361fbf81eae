#!/usr/bin/env bash
# Idempotent setup: installs what shuf needs on a fresh Debian machine.
# LLVM 22 (dev headers, libLLVM, clang, opt/llc/FileCheck/lit/llvm-mca/lli) comes from
# the distribution's packages, and so do qemu-user and the AArch64 and RISC-V C libraries
# the differential test runs those targets' code with. Nothing is installed when it is
# already present.
set -euo pipefail

LLVM_PREFIX=/usr/lib/llvm-22
need=()

have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

for pkg in llvm-22-dev llvm-22-tools clang-22 libclang-rt-22-dev lld-22 zlib1g-dev libzstd-dev libedit-dev libffi-dev libxml2-dev libncurses-dev \
  qemu-user libc6-dev-arm64-cross libc6-dev-riscv64-cross; do
  have_pkg "$pkg" || need+=("$pkg")
done

if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

for tool in /usr/bin/qemu-aarch64 /usr/bin/qemu-riscv64; do
  if [ ! -x "$tool" ]; then
    echo "setup: missing $tool after install" >&2
    exit 1
  fi
done

for tool in opt llc clang FileCheck llvm-config llvm-mca lli not; do
  if [ ! -x "$LLVM_PREFIX/bin/$tool" ]; then
    echo "setup: missing $LLVM_PREFIX/bin/$tool after install" >&2
    exit 1
  fi
done
