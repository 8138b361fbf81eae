// KERNEL: hex digit of the low nibble of each byte, looked up in a 16-byte constant table
// CATEGORY: lookup
// ITEM: in=32 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

static const char digits[16] = "0123456789abcdef";

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n * 32; i++)
    out[i] = (uint8_t)digits[in[i] & 15];
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n * 32; i++) {
    unsigned d = in[i] % 16;
    out[i] = (uint8_t)(d < 10 ? '0' + d : 'a' + d - 10);
  }
}
