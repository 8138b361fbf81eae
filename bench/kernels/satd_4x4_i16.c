// KERNEL: 4x4 SATD of two 4x4 u8 blocks: difference, row and column Hadamard butterflies, sum of |.| / 2
// CATEGORY: slp
// ITEM: in=32 out=4
// INPUT: bytes
#include <stddef.h>
#include <stdint.h>

void kernel(const void *restrict in_, void *restrict out_, size_t n) {
  const uint8_t *restrict in = (const uint8_t *)in_;
  uint32_t *restrict out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    const uint8_t *restrict p1 = in + i * 32;
    const uint8_t *restrict p2 = p1 + 16;
    int16_t t[4][4];
    for (int r = 0; r < 4; r++) {
      int d0 = p1[r * 4 + 0] - p2[r * 4 + 0];
      int d1 = p1[r * 4 + 1] - p2[r * 4 + 1];
      int d2 = p1[r * 4 + 2] - p2[r * 4 + 2];
      int d3 = p1[r * 4 + 3] - p2[r * 4 + 3];
      int s01 = d0 + d1, m01 = d0 - d1, s23 = d2 + d3, m23 = d2 - d3;
      t[r][0] = (int16_t)(s01 + s23);
      t[r][2] = (int16_t)(s01 - s23);
      t[r][1] = (int16_t)(m01 + m23);
      t[r][3] = (int16_t)(m01 - m23);
    }
    uint32_t sum = 0;
    for (int c = 0; c < 4; c++) {
      int s01 = t[0][c] + t[1][c], m01 = t[0][c] - t[1][c];
      int s23 = t[2][c] + t[3][c], m23 = t[2][c] - t[3][c];
      int h0 = s01 + s23, h2 = s01 - s23, h1 = m01 + m23, h3 = m01 - m23;
      sum += (uint32_t)((h0 < 0 ? -h0 : h0) + (h1 < 0 ? -h1 : h1) + (h2 < 0 ? -h2 : h2) +
                        (h3 < 0 ? -h3 : h3));
    }
    out[i] = sum >> 1;
  }
}

/* Reference: D = P1 - P2, T = H D H^T with the Sylvester Hadamard matrix H,
 * SATD = sum |T| / 2. */
void reference(const void *restrict in_, void *restrict out_, size_t n) {
  static const int H[4][4] = {{1, 1, 1, 1}, {1, -1, 1, -1}, {1, 1, -1, -1}, {1, -1, -1, 1}};
  const uint8_t *in = (const uint8_t *)in_;
  uint32_t *out = (uint32_t *)out_;
  for (size_t i = 0; i < n; i++) {
    int d[4][4], hd[4][4];
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
        d[r][c] = in[i * 32 + r * 4 + c] - in[i * 32 + 16 + r * 4 + c];
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++) {
        int acc = 0;
        for (int k = 0; k < 4; k++)
          acc += H[r][k] * d[k][c];
        hd[r][c] = acc;
      }
    uint32_t sum = 0;
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++) {
        int acc = 0;
        for (int k = 0; k < 4; k++)
          acc += hd[r][k] * H[c][k];
        sum += (uint32_t)(acc < 0 ? -acc : acc);
      }
    out[i] = sum / 2;
  }
}
