//! Table lookups: a vector of bytes loaded one by one from a small constant table,
//! indexed by the lanes of a vector, as one byte-table instruction with the table as a
//! constant vector.
//!
//! The loop vectorizer leaves `out[i] = digits[in[i] & 15]` as 32 `extractelement`s,
//! 32 scalar loads and 32 `insertelement`s per 32 bytes (x86-64-v3: 252 instructions in
//! the loop body); `vpshufb` with the table in both 128-bit lanes does it in one.
//!
//! ```text
//! %x = and <32 x i8> %in, splat (i8 15)             ; every index below 16, proved
//! %e0 = extractelement %x, 0  %p0 = gep i8, @digits, zext %e0  %l0 = load i8, %p0
//! ...  %v = insertelement .. %l31, 31
//! =>
//! %v = call <32 x i8> @llvm.x86.avx2.pshuf.b(<32 x i8> <"0123456789abcdef" x 2>, %x)
//! ```
//!
//! A [`Lookup`] is the instruction and its table operands (x86 splits a table of up to
//! 64 bytes in 16-byte parts and chooses between their results by bits 4 and 5 of the
//! index); [`run`] is its meaning (x86 `pshufb`: a set top bit gives zero, else the low
//! four bits index the 128-bit lane; AArch64 `tbl`: an index past the table gives zero),
//! which the tests check against the table read directly for every index the range
//! proof allows. Index ranges are proved by the IR layer, never assumed.

/// A byte-table instruction for one vector width.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableInsn {
    pub name: &'static str,
    /// Lanes of the index and the result.
    pub lanes: usize,
    /// x86: the table repeats per 128-bit lane (pshufb indexes within its lane);
    /// AArch64: one table of 16 bytes for any index width.
    pub per_128_bit_lane: bool,
    /// The feature it needs (LLVM's name).
    pub feature: &'static str,
    pub intrinsic: &'static str,
}

pub const TABLE_INSNS: &[TableInsn] = &[
    TableInsn {
        name: "pshufb",
        lanes: 16,
        per_128_bit_lane: true,
        feature: "ssse3",
        intrinsic: "llvm.x86.ssse3.pshuf.b.128",
    },
    TableInsn {
        name: "vpshufb",
        lanes: 32,
        per_128_bit_lane: true,
        feature: "avx2",
        intrinsic: "llvm.x86.avx2.pshuf.b",
    },
    TableInsn {
        name: "tbl",
        lanes: 16,
        per_128_bit_lane: false,
        feature: "neon",
        intrinsic: "llvm.aarch64.neon.tbl1.v16i8",
    },
    TableInsn {
        name: "tbl",
        lanes: 8,
        per_128_bit_lane: false,
        feature: "neon",
        intrinsic: "llvm.aarch64.neon.tbl1.v8i8",
    },
];

/// One lookup: the instruction and the table operand of each of its uses. A table of
/// up to 16 bytes is one use; on x86 a longer one (up to 64) is split in 16-byte parts,
/// each looked up with the low four bits of the index, and bits 4 and 5 of the index
/// choose between the results (`select`s, which x86 does with `pblendvb`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    pub insn: &'static TableInsn,
    /// For each part, the table operand's bytes: 16 (AArch64), or 16 per 128-bit lane of
    /// the result.
    pub tables: Vec<Vec<u8>>,
}

/// The lookup of `lanes` bytes from `table` by indices no greater than `max_index`,
/// with the instructions whose feature `has` allows; `None` where the table is longer
/// than the instruction takes (16 bytes; 64 on x86, in parts) or an index could reach
/// past it.
pub fn plan(
    table: &[u8],
    max_index: u8,
    lanes: usize,
    has: impl Fn(&str) -> bool,
) -> Option<Lookup> {
    if table.is_empty() || table.len() > 64 || usize::from(max_index) >= table.len() {
        return None;
    }
    let insn = TABLE_INSNS
        .iter()
        .find(|t| t.lanes == lanes && has(t.feature))?;
    let parts = table.len().div_ceil(16).next_power_of_two();
    if parts > 1 && !insn.per_128_bit_lane {
        return None;
    }
    // Entries past the table are never read (the indices are proved below its length).
    let mut padded = table.to_vec();
    padded.resize(16 * parts, 0);
    let copies = if insn.per_128_bit_lane { lanes / 16 } else { 1 };
    Some(Lookup {
        insn,
        tables: padded.chunks(16).map(|part| part.repeat(copies)).collect(),
    })
}

/// What the instructions of `lookup` compute from `indices` (any byte values below
/// 128 where the table has parts: their `select`s test bits 4 and 5).
pub fn run(lookup: &Lookup, indices: &[u8]) -> Vec<u8> {
    indices
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            if lookup.insn.per_128_bit_lane {
                // pshufb: top bit set gives zero; else the low 4 bits, in this lane, of
                // the part bits 4 and 5 choose.
                let part = usize::from(x >> 4 & 3) % lookup.tables.len();
                if x & 0x80 != 0 {
                    0
                } else {
                    lookup.tables[part][i / 16 * 16 + usize::from(x & 15)]
                }
            } else {
                // tbl: an index past the table gives zero.
                lookup.tables[0].get(usize::from(x)).copied().unwrap_or(0)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(_: &str) -> bool {
        true
    }

    #[test]
    fn lookups_read_the_table() {
        let mut state = 7u64;
        let mut byte = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            (state >> 33) as u8
        };
        for len in 1..=64usize {
            let table: Vec<u8> = (0..len).map(|_| byte()).collect();
            for max in 0..len as u8 {
                for lanes in [8, 16, 32] {
                    let Some(lookup) = plan(&table, max, lanes, all) else {
                        // Only AArch64's 8-lane `tbl` stops at 16 bytes.
                        assert!(len > 16 && lanes == 8);
                        continue;
                    };
                    // Every index the proof allows, in every lane.
                    for shift in 0..=max {
                        let indices: Vec<u8> =
                            (0..lanes).map(|i| (i as u8 + shift) % (max + 1)).collect();
                        let want: Vec<u8> =
                            indices.iter().map(|&x| table[usize::from(x)]).collect();
                        assert_eq!(run(&lookup, &indices), want, "{len} {max} {lanes}");
                    }
                }
            }
        }
    }

    #[test]
    fn no_lookup_past_the_table() {
        assert!(plan(&[1, 2, 3], 3, 16, all).is_none());
        assert!(plan(&[0; 65], 3, 16, all).is_none());
        assert_eq!(plan(&[0; 17], 3, 16, all).unwrap().tables.len(), 2);
        assert_eq!(plan(&[0; 33], 3, 16, all).unwrap().tables.len(), 4);
        assert!(plan(&[0; 17], 3, 16, |f| f == "neon").is_none()); // tbl1 takes 16
        assert!(plan(&[0; 16], 15, 64, all).is_none()); // no 512-bit form described
        assert!(plan(&[0; 16], 15, 32, |f| f != "avx2").is_none());
        // An index past a short table reads the padding, which is why it must be proved.
        let lookup = plan(&[9, 9], 1, 16, all).unwrap();
        assert_eq!(run(&lookup, &[2; 16]), [0; 16]);
    }
}
