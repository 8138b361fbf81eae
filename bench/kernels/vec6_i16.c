// KERNEL: 6-element uint16 vectors: r = (a5,a0,b1,a2,b3,a4) + pair-swapped a (clang: ext_vector_type(6); gcc: arrays)
// CATEGORY: nonpow2
// ITEM: in=24 out=12
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

#ifdef __clang__
typedef uint16_t v6u16 __attribute__((ext_vector_type(6)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v6u16 a = 0, b = 0;
    __builtin_memcpy(&a, in + i * 24, 12);
    __builtin_memcpy(&b, in + i * 24 + 12, 12);
    v6u16 p = __builtin_shufflevector(a, b, 5, 0, 7, 2, 9, 4);
    v6u16 q = __builtin_shufflevector(a, a, 1, 0, 3, 2, 5, 4);
    v6u16 r = p + q;
    __builtin_memcpy(out + i * 12, &r, 12);
  }
}
#else
void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  static const int sel[6] = {5, 0, 7, 2, 9, 4};
  for (size_t i = 0; i < n; i++) {
    uint16_t ab[12], r[6];
    __builtin_memcpy(ab, in + i * 24, 24);
    for (int k = 0; k < 6; k++)
      r[k] = (uint16_t)(ab[sel[k]] + ab[k ^ 1]);
    __builtin_memcpy(out + i * 12, r, 12);
  }
}
#endif

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint16_t *in = (const uint16_t *)in_;
  uint16_t *out = (uint16_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint16_t *a = in + i * 12, *b = a + 6;
    uint16_t p[6] = {a[5], a[0], b[1], a[2], b[3], a[4]};
    uint16_t q[6] = {a[1], a[0], a[3], a[2], a[5], a[4]};
    for (int k = 0; k < 6; k++)
      out[i * 6 + k] = (uint16_t)(p[k] + q[k]);
  }
}
