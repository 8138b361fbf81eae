// Windows of three times a power of two: 32 RGB pixels packed from three planes that
// lie side by side in one buffer (96 byte copies) become one <96 x i8> load, the
// three-way interleave shuffle and one store; AArch64 stores it with two `st3` (stock
// LLVM 22 leaves the unrolled copies scalar there: 96 loads and 96 stores).
// REQUIRES: x86-registered-target, aarch64-registered-target
// RUN: %clang --target=aarch64-linux-gnu -mcpu=neoverse-n1 -O3 -ffreestanding -S -emit-llvm -o - %s | FileCheck %s --check-prefix=IR
// RUN: %clang --target=aarch64-linux-gnu -mcpu=neoverse-n1 -O3 -ffreestanding -S -o - %s | FileCheck %s --check-prefix=A64
// RUN: %clang --target=aarch64-linux-gnu -mcpu=neoverse-n1 -O3 -ffreestanding -Rpass=shuffle-lib -S -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang --target=aarch64-linux-gnu -mcpu=neoverse-n1 -O3 -ffreestanding -mllvm -disable-shuffle-lib -S -o - %s | FileCheck %s --check-prefix=STOCK

// IR-LABEL: @pack(
// IR:         load <96 x i8>
// IR:         shufflevector <96 x i8> {{%.*}}, <96 x i8> poison, <96 x i32> <i32 0, i32 32, i32 64, i32 1, i32 33, i32 65,
// IR:         store <96 x i8>
// IR-LABEL: @unpack(
// IR:         load <96 x i8>
// IR:         shufflevector <96 x i8> {{%.*}}, <96 x i8> poison, <96 x i32> <i32 0, i32 3, i32 6, i32 9,
// IR:         store <96 x i8>
// A64-LABEL: pack:
// A64-COUNT-2:  st3 { v{{[0-9]+}}.16b, v{{[0-9]+}}.16b, v{{[0-9]+}}.16b }
// A64-NOT:     ldrb
// A64:         ret
// REMARK: remark: slp: 96 scalar copies (llc 192) became <96 x i8> vector code with loads and shuffles
// STOCK-LABEL: pack:
// STOCK:       ldrb

#include <stdint.h>

void pack(const uint8_t *restrict planes, uint8_t *restrict out) {
  for (int k = 0; k < 32; k++) {
    out[3 * k + 0] = planes[k];
    out[3 * k + 1] = planes[32 + k];
    out[3 * k + 2] = planes[64 + k];
  }
}

void unpack(const uint8_t *restrict in, uint8_t *restrict planes) {
  for (int k = 0; k < 32; k++) {
    planes[k] = in[3 * k + 0];
    planes[32 + k] = in[3 * k + 1];
    planes[64 + k] = in[3 * k + 2];
  }
}
