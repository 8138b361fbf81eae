// KERNEL: out[i] = x*0.5 + z*y over packed xyz float triples (stride-3 loads)
// CATEGORY: stride
// ITEM: in=12 out=4
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const float *restrict a = (const float *)in_;
  float *restrict out = (float *)out_;
  for (size_t i = 0; i < n; i++)
    out[i] = a[3 * i] * 0.5f + a[3 * i + 2] * a[3 * i + 1];
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *a = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++) {
    float x = a[3 * i + 0], y = a[3 * i + 1], z = a[3 * i + 2];
    float t0 = x * 0.5f;
    float t1 = z * y;
    out[i] = t0 + t1;
  }
}
