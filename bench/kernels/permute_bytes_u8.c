// KERNEL: a fixed permutation of 64 bytes into 32 (byte i from byte (13 i + 5) mod 64): every 16 output bytes read all four input registers
// CATEGORY: single-shuffle permute
// ITEM: in=64 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint8_t v32u8 __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v32u8 a, b;
    __builtin_memcpy(&a, in + i * 64, 32);
    __builtin_memcpy(&b, in + i * 64 + 32, 32);
    v32u8 s = __builtin_shufflevector(a, b, 5, 18, 31, 44, 57, 6, 19, 32, 45, 58, 7, 20, 33,
                                      46, 59, 8, 21, 34, 47, 60, 9, 22, 35, 48, 61, 10, 23,
                                      36, 49, 62, 11, 24);
    __builtin_memcpy(out + i * 32, &s, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 32; k++)
      out[i * 32 + k] = in[i * 64 + (13 * k + 5) % 64];
}
