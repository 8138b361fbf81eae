// KERNEL: zero-extend 16 uint16 to uint32 written as low/high interleaves with a zero vector (little-endian)
// CATEGORY: extend
// ITEM: in=32 out=64
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint16_t v16u16 __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  const v16u16 z = {0};
  for (size_t i = 0; i < n; i++) {
    v16u16 x;
    __builtin_memcpy(&x, in + i * 32, 32);
    v16u16 lo = __builtin_shufflevector(x, z, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    v16u16 hi = __builtin_shufflevector(x, z, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30,
                                        15, 31);
    __builtin_memcpy(out + i * 64, &lo, 32);
    __builtin_memcpy(out + i * 64 + 32, &hi, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint16_t *in = (const uint16_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n * 16; i++)
    out[i] = in[i];
}
