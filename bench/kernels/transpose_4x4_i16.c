// KERNEL: transpose one row-major 4x4 int16 matrix per item (two 8x i16 vectors, two shuffle rounds)
// CATEGORY: transpose
// ITEM: in=32 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

typedef int16_t v8s __attribute__((vector_size(16)));

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const unsigned char *in = (const unsigned char *)in_;
  unsigned char *out = (unsigned char *)out_;
  for (size_t i = 0; i < n; i++) {
    v8s r01, r23;
    __builtin_memcpy(&r01, in + i * 32, 16);      /* rows 0,1 */
    __builtin_memcpy(&r23, in + i * 32 + 16, 16); /* rows 2,3 */
    /* interleave rows 0/1 and 2/3 element-wise */
    v8s t0 = __builtin_shufflevector(r01, r01, 0, 4, 1, 5, 2, 6, 3, 7);
    v8s t1 = __builtin_shufflevector(r23, r23, 0, 4, 1, 5, 2, 6, 3, 7);
    /* interleave 32-bit pairs: columns 0,1 then 2,3 */
    v8s c01 = __builtin_shufflevector(t0, t1, 0, 1, 8, 9, 2, 3, 10, 11);
    v8s c23 = __builtin_shufflevector(t0, t1, 4, 5, 12, 13, 6, 7, 14, 15);
    __builtin_memcpy(out + i * 32, &c01, 16);
    __builtin_memcpy(out + i * 32 + 16, &c23, 16);
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const int16_t *in = (const int16_t *)in_;
  int16_t *out = (int16_t *)out_;
  for (size_t i = 0; i < n; i++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
        out[i * 16 + c * 4 + r] = in[i * 16 + r * 4 + c];
}
