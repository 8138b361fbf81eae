// KERNEL: the high halves of two 8 x i16 vectors interleaved (zip2 / punpckhwd; RISC-V V has no one instruction for it)
// CATEGORY: interleave
// ITEM: in=32 out=16
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef int16_t v8s __attribute__((vector_size(16)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v8s a, b;
    __builtin_memcpy(&a, in + i * 32, 16);
    __builtin_memcpy(&b, in + i * 32 + 16, 16);
    a += 1;
    b += 1;
    v8s s = __builtin_shufflevector(a, b, 4, 12, 5, 13, 6, 14, 7, 15);
    __builtin_memcpy(out + i * 16, &s, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const int16_t *in = (const int16_t *)in_;
  int16_t *out = (int16_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 4; k++) {
      out[i * 8 + 2 * k] = (int16_t)(in[i * 16 + 4 + k] + 1);
      out[i * 8 + 2 * k + 1] = (int16_t)(in[i * 16 + 8 + 4 + k] + 1);
    }
}
