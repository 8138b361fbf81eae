// KERNEL: sum of eight int32 products per item, the pairs taken in a permuted order (a horizontal reduction SLP must reorder)
// CATEGORY: slp
// ITEM: in=64 out=4
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const int32_t *restrict in = (const int32_t *)in_;
  int32_t *restrict out = (int32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const int32_t *restrict a = in + i * 16;
    const int32_t *restrict b = a + 8;
    /* unsigned arithmetic: wrapping is defined */
    uint32_t s = (uint32_t)a[3] * (uint32_t)b[5] + (uint32_t)a[0] * (uint32_t)b[1] +
                 (uint32_t)a[6] * (uint32_t)b[2] + (uint32_t)a[1] * (uint32_t)b[7] +
                 (uint32_t)a[5] * (uint32_t)b[0] + (uint32_t)a[2] * (uint32_t)b[4] +
                 (uint32_t)a[7] * (uint32_t)b[6] + (uint32_t)a[4] * (uint32_t)b[3];
    out[i] = (int32_t)s;
  }
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  static const int pa[8] = {3, 0, 6, 1, 5, 2, 7, 4};
  static const int pb[8] = {5, 1, 2, 7, 0, 4, 6, 3};
  const int32_t *in = (const int32_t *)in_;
  int32_t *out = (int32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    uint32_t s = 0;
    for (int k = 0; k < 8; k++)
      s += (uint32_t)in[i * 16 + pa[k]] * (uint32_t)in[i * 16 + 8 + pb[k]];
    out[i] = (int32_t)s;
  }
}
