// KERNEL: truncate 16 uint32 to uint16 by shuffling out the even (low) halves of two vectors (little-endian)
// CATEGORY: narrow
// ITEM: in=64 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint16_t v16u16 __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v16u16 lo, hi;
    __builtin_memcpy(&lo, in + i * 64, 32);
    __builtin_memcpy(&hi, in + i * 64 + 32, 32);
    v16u16 r = __builtin_shufflevector(lo, hi, 0, 2, 4, 6, 8, 10, 12, 14,
                                       16, 18, 20, 22, 24, 26, 28, 30);
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *in = (const uint32_t *)in_;
  uint16_t *out = (uint16_t *)out_;
  for (size_t i = 0; i < n * 16; i++)
    out[i] = (uint16_t)in[i];
}
