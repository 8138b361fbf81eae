// KERNEL: rotate the 4 int32 elements of each 128-bit lane of an 8 x i32 vector down by one, add the original
// CATEGORY: rotate
// ITEM: in=32 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef uint32_t v8u __attribute__((vector_size(32)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v8u x;
    __builtin_memcpy(&x, in + i * 32, 32);
    v8u r = __builtin_shufflevector(x, x, 1, 2, 3, 0, 5, 6, 7, 4) + x;
    __builtin_memcpy(out + i * 32, &r, 32);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint32_t *in = (const uint32_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int lane = 0; lane < 2; lane++)
      for (int k = 0; k < 4; k++)
        out[i * 8 + lane * 4 + k] = in[i * 8 + lane * 4 + (k + 1) % 4] + in[i * 8 + lane * 4 + k];
}
