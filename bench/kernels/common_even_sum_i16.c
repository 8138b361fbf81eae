// KERNEL: left channel of the sum of two interleaved stereo i16 streams, each deinterleaved by one two-register shuffle: the shuffle commoned out of the addition
// CATEGORY: common
// ITEM: in=128 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef int16_t v16h __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v16h a0, a1, b0, b1;
    __builtin_memcpy(&a0, in + i * 128, 32);
    __builtin_memcpy(&a1, in + i * 128 + 32, 32);
    __builtin_memcpy(&b0, in + i * 128 + 64, 32);
    __builtin_memcpy(&b1, in + i * 128 + 96, 32);
    v16h la = __builtin_shufflevector(a0, a1, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    v16h lb = __builtin_shufflevector(b0, b1, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    v16h sum = la + lb;
    __builtin_memcpy(out + i * 32, &sum, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 16; k++) {
      int16_t a, b;
      __builtin_memcpy(&a, in + i * 128 + 4 * k, 2);
      __builtin_memcpy(&b, in + i * 128 + 64 + 4 * k, 2);
      int16_t s = (int16_t)(uint16_t)((uint16_t)a + (uint16_t)b);
      __builtin_memcpy(out + i * 32 + 2 * k, &s, 2);
    }
}
