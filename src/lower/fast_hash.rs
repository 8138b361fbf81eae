//! A hasher for the searches' maps: their keys are small integers or short byte
//! strings (register maps, layouts) made and looked up by the thousand, where the
//! default SipHash was a third of the time (the network search's plans, the wide
//! searcher's first level). Not resistant to chosen keys; the keys here are ours.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` hashed by [`Fast`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fast>>;

/// A multiplicative hash, eight bytes at a step.
#[derive(Default)]
pub struct Fast(u64);

impl Hasher for Fast {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.write_u64(u64::from_le_bytes(last) ^ (bytes.len() as u64) << 56);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_strings_that_differ_hash_apart() {
        let hash = |b: &[u8]| {
            let mut h = Fast::default();
            h.write(b);
            h.finish()
        };
        // Trailing zeros and lengths count.
        assert_ne!(hash(&[1, 2, 3]), hash(&[1, 2, 3, 0]));
        assert_ne!(hash(&[0; 8]), hash(&[0; 16]));
        assert_ne!(hash(&[1; 9]), hash(&[1; 10]));
        let mut map: FastMap<Vec<u8>, usize> = FastMap::default();
        for i in 0..1000usize {
            map.insert(vec![(i % 251) as u8, (i / 251) as u8, 7], i);
        }
        assert_eq!(map.len(), 1000);
        assert_eq!(map[&vec![3, 2, 7]], 2 * 251 + 3);
    }
}
