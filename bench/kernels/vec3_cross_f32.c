// KERNEL: cross product of two packed float3 vectors (clang: ext_vector_type(3) swizzles; gcc: plain struct)
// CATEGORY: nonpow2
// ITEM: in=24 out=12
// INPUT: f32
#include "fp_exact.h"
#include <stddef.h>
#include <stdint.h>

#ifdef __clang__
typedef float v3f __attribute__((ext_vector_type(3)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v3f a = {0, 0, 0}, b = {0, 0, 0};
    __builtin_memcpy(&a, in + i * 24, 12);
    __builtin_memcpy(&b, in + i * 24 + 12, 12);
    v3f c = a.yzx * b.zxy - a.zxy * b.yzx;
    __builtin_memcpy(out + i * 12, &c, 12);
  }
}
#else
struct f3 {
  float x, y, z;
};

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    struct f3 a, b, c;
    __builtin_memcpy(&a, in + i * 24, 12);
    __builtin_memcpy(&b, in + i * 24 + 12, 12);
    c.x = a.y * b.z - a.z * b.y;
    c.y = a.z * b.x - a.x * b.z;
    c.z = a.x * b.y - a.y * b.x;
    __builtin_memcpy(out + i * 12, &c, 12);
  }
}
#endif

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const float *in = (const float *)in_;
  float *out = (float *)out_;
  for (size_t i = 0; i < n; i++) {
    const float *a = in + i * 6, *b = a + 3;
    for (int k = 0; k < 3; k++) {
      int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
      out[i * 3 + k] = a[k1] * b[k2] - a[k2] * b[k1];
    }
  }
}
