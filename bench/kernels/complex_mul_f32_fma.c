// KERNEL: multiply interleaved complex floats a[i] * b[i] with fused multiply-adds (fmaf), as a plain loop (the vectorizer's llvm.fma of deinterleaved parts, interleaved back)
// CATEGORY: complex
// ITEM: in=16 out=8
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const float *restrict a = (const float *)in_;
  const float *restrict b = a + 2 * n;
  float *restrict out = (float *)out_;
  for (size_t i = 0; i < n; i++) {
    float ar = a[2 * i], ai = a[2 * i + 1], br = b[2 * i], bi = b[2 * i + 1];
    out[2 * i] = __builtin_fmaf(ar, br, -(ai * bi));
    out[2 * i + 1] = __builtin_fmaf(ar, bi, ai * br);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++) {
    float ar = in[2 * i], ai = in[2 * i + 1];
    float br = in[2 * n + 2 * i], bi = in[2 * n + 2 * i + 1];
    out[2 * i] = __builtin_fmaf(ar, br, -(ai * bi));
    out[2 * i + 1] = __builtin_fmaf(ar, bi, ai * br);
  }
}
