// KERNEL: multiply 4 interleaved complex doubles a[k] by b[k] (plain loop over re/im pairs for the vectorizers)
// CATEGORY: complex
// ITEM: in=128 out=64
// INPUT: f64
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const double *restrict in = (const double *)in_;
  double *restrict out = (double *)out_;
  for (size_t i = 0; i < n; i++) {
    const double *restrict a = in + i * 16;
    const double *restrict b = a + 8;
    double *restrict c = out + i * 8;
    for (int k = 0; k < 4; k++) {
      c[2 * k] = a[2 * k] * b[2 * k] - a[2 * k + 1] * b[2 * k + 1];
      c[2 * k + 1] = a[2 * k] * b[2 * k + 1] + a[2 * k + 1] * b[2 * k];
    }
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const double *in = (const double *)in_;
  double *out = (double *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 4; k++) {
      double ar = in[i * 16 + 2 * k], ai = in[i * 16 + 2 * k + 1];
      double br = in[i * 16 + 8 + 2 * k], bi = in[i * 16 + 8 + 2 * k + 1];
      double rr = ar * br, ii = ai * bi, ri = ar * bi, ir = ai * br;
      out[i * 8 + 2 * k] = rr - ii;
      out[i * 8 + 2 * k + 1] = ri + ir;
    }
}
