// KERNEL: shift a 16-byte vector left by 3 bytes (towards higher indices), zero fill (pslldq-like)
// CATEGORY: byteshift
// ITEM: in=16 out=16
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint8_t v16u8 __attribute__((vector_size(16)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  const v16u8 z = {0};
  for (size_t i = 0; i < n; i++) {
    v16u8 x;
    __builtin_memcpy(&x, in + i * 16, 16);
    v16u8 r = __builtin_shufflevector(z, x, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                                      27, 28);
    __builtin_memcpy(out + i * 16, &r, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 16; k++)
      out[i * 16 + k] = k >= 3 ? in[i * 16 + k - 3] : 0;
}
