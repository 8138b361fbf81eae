// KERNEL: base64 digit of the low six bits of each byte, looked up in a 64-byte constant table
// CATEGORY: lookup
// ITEM: in=32 out=32
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

static const char alphabet[64] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n * 32; i++)
    out[i] = (uint8_t)alphabet[in[i] & 63];
}

void reference(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *in = (const uint8_t *)in_;
  uint8_t *out = (uint8_t *)out_;
  for (size_t i = 0; i < n * 32; i++) {
    unsigned d = in[i] % 64;
    out[i] = (uint8_t)(d < 26 ? 'A' + d : d < 52 ? 'a' + d - 26 : d < 62 ? '0' + d - 52
                                                                    : d == 62 ? '+' : '/');
  }
}
