// KERNEL: zero-extend 16 uint8 to uint16 written as an interleave with a zero vector (little-endian)
// CATEGORY: extend
// ITEM: in=16 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint8_t v16u8 __attribute__((vector_size(16)));
typedef uint8_t v32u8 __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  const v16u8 z = {0};
  for (size_t i = 0; i < n; i++) {
    v16u8 x;
    __builtin_memcpy(&x, in + i * 16, 16);
    v32u8 r = __builtin_shufflevector(x, z, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23,
                                      8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint16_t *out = (uint16_t *)out_;
  for (size_t i = 0; i < n * 16; i++)
    out[i] = in[i];
}
