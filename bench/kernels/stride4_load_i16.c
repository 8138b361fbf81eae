// KERNEL: out[i] = a[4i] - a[4i+3] + (a[4i+1] >> 1) over int16 quadruples (stride-4 loads)
// CATEGORY: stride
// ITEM: in=8 out=2
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const int16_t *restrict a = (const int16_t *)in_;
  uint16_t *restrict out = (uint16_t *)out_;
  for (size_t i = 0; i < n; i++)
    out[i] = (uint16_t)(a[4 * i] - a[4 * i + 3] + (a[4 * i + 1] >> 1));
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const int16_t *a = (const int16_t *)in_;
  uint16_t *out = (uint16_t *)out_;
  for (size_t i = 0; i < n; i++) {
    int32_t x = a[4 * i + 0], y = a[4 * i + 1], w = a[4 * i + 3];
    int32_t half_y = y >> 1; /* arithmetic shift: floor(y / 2) */
    out[i] = (uint16_t)(x - w + half_y);
  }
}
