// KERNEL: byte-swap each of 8 uint32 elements with one 32-byte shuffle
// CATEGORY: reverse
// ITEM: in=32 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint8_t v32u8 __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v32u8 x;
    __builtin_memcpy(&x, in + i * 32, 32);
    v32u8 r = __builtin_shufflevector(x, x, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                      19, 18, 17, 16, 23, 22, 21, 20, 27, 26, 25, 24, 31, 30, 29, 28);
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *in = (const uint32_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n * 8; i++) {
    uint32_t v = in[i];
    out[i] = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
  }
}
