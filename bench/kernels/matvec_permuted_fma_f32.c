// KERNEL: y = M*v with fused multiply-adds (fmaf) for a row-major 4x4 float matrix, rows stored to permuted slots (2,0,3,1): straight-line SLP code
// CATEGORY: slp
// ITEM: in=80 out=16
// INPUT: f32
#include <stddef.h>
#include <stdint.h>

static inline float row(const float *restrict m, const float *restrict v) {
  return __builtin_fmaf(m[3], v[3], __builtin_fmaf(m[2], v[2], __builtin_fmaf(m[1], v[1], m[0] * v[0])));
}

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const float *restrict in = (const float *)in_;
  float *restrict out = (float *)out_;
  for (size_t i = 0; i < n; i++) {
    const float *restrict m = in + i * 20;
    const float *restrict v = m + 16;
    float *restrict o = out + i * 4;
    float y0 = row(m, v);
    float y1 = row(m + 4, v);
    float y2 = row(m + 8, v);
    float y3 = row(m + 12, v);
    o[2] = y0;
    o[0] = y1;
    o[3] = y2;
    o[1] = y3;
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  static const int slot[4] = {2, 0, 3, 1};
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++) {
    const float *m = in + i * 20, *v = m + 16;
    for (int r = 0; r < 4; r++) {
      float acc = m[r * 4] * v[0];
      for (int c = 1; c < 4; c++)
        acc = __builtin_fmaf(m[r * 4 + c], v[c], acc);
      out[i * 4 + slot[r]] = acc;
    }
  }
}
