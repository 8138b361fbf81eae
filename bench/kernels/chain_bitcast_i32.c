// KERNEL: interleave two i32 vectors, swap the 16-bit halves of each i32, swap the 64-bit halves: three shuffles through bitcasts that compose to one
// CATEGORY: chain
// ITEM: in=32 out=16
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint32_t v4u __attribute__((vector_size(16)));
typedef uint16_t v8h __attribute__((vector_size(16)));
typedef uint64_t v2d __attribute__((vector_size(16)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v4u a, b;
    __builtin_memcpy(&a, in + i * 32, 16);
    __builtin_memcpy(&b, in + i * 32 + 16, 16);
    v4u x = a + b, y = a - b;
    v4u s1 = __builtin_shufflevector(x, y, 0, 4, 1, 5);
    v8h s2 = __builtin_shufflevector((v8h)s1, (v8h)s1, 1, 0, 3, 2, 5, 4, 7, 6);
    v2d s3 = __builtin_shufflevector((v2d)s2, (v2d)s2, 1, 0);
    __builtin_memcpy(out + i * 16, &s3, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *in = (const uint32_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint32_t *a = in + i * 8, *b = a + 4;
    uint32_t x0 = a[0] + b[0], x1 = a[1] + b[1], y0 = a[0] - b[0], y1 = a[1] - b[1];
    // interleave: x0 y0 x1 y1; rotate each by 16 bits; swap the 64-bit halves.
    uint32_t t[4] = {x1, y1, x0, y0};
    for (int k = 0; k < 4; k++)
      out[i * 4 + k] = (t[k] << 16) | (t[k] >> 16);
  }
}
