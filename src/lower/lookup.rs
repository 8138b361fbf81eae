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
//! index; AArch64's `tbl2`..`tbl4` take two to four 16-byte parts in one instruction);
//! [`run`] is its meaning (x86 `pshufb`: a set top bit gives zero, else the low four
//! bits index the 128-bit lane; AArch64 `tbl`: an index past the table gives zero),
//! which the tests check against the table read directly for every index the range
//! proof allows. Index ranges are proved by the IR layer, never assumed.
//!
//! RISC-V V has no fixed-width table instruction but `vrgather.vv`, which reads each
//! lane from the lane of a whole register (group) its index names: a table of up to as
//! many bytes as the vector has lanes at the least (`N × vscale_min` for `<vscale x N x
//! i8>`) is one instruction, the table inserted at lane 0 of a register
//! ([`plan_in_register`], [`run_in_register`]). The loop vectorizer leaves such loops as
//! `vp.gather`s from the table (`vluxei8`: an indexed load, lane by lane in hardware).
//!
//! [`vector_forms`] lists the lane counts a table can be looked up at on a target: the
//! vector forms of a scalar table load that the loop vectorizer is offered (see
//! `crate::pass::lookup`), where it would otherwise leave the loop scalar.

/// A byte-table instruction for one vector width.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableInsn {
    pub name: &'static str,
    /// Lanes of the index and the result.
    pub lanes: usize,
    /// x86: the table repeats per 128-bit lane (pshufb indexes within its lane);
    /// AArch64: one table of 16 bytes for any index width.
    pub per_128_bit_lane: bool,
    /// AArch64: one instruction takes every 16-byte part of a table of up to 64 bytes
    /// (`tbl1`..`tbl4`, the intrinsic's name ends in the number of parts); x86 looks each
    /// part up apart and chooses between the results.
    pub parts_in_one: bool,
    /// The feature it needs (LLVM's name).
    pub feature: &'static str,
    /// The intrinsic; with `parts_in_one`, its name before the number of parts, and
    /// overloaded on the result.
    pub intrinsic: &'static str,
}

impl TableInsn {
    /// The intrinsic that looks up a table of `parts` 16-byte parts (one call of it),
    /// and whether it is overloaded on its result type.
    pub fn intrinsic_for(&self, parts: usize) -> (String, bool) {
        match self.parts_in_one {
            true => (format!("{}{parts}", self.intrinsic), true),
            false => (self.intrinsic.to_string(), false),
        }
    }
}

pub const TABLE_INSNS: &[TableInsn] = &[
    TableInsn {
        name: "pshufb",
        lanes: 16,
        per_128_bit_lane: true,
        parts_in_one: false,
        feature: "ssse3",
        intrinsic: "llvm.x86.ssse3.pshuf.b.128",
    },
    TableInsn {
        name: "vpshufb",
        lanes: 32,
        per_128_bit_lane: true,
        parts_in_one: false,
        feature: "avx2",
        intrinsic: "llvm.x86.avx2.pshuf.b",
    },
    TableInsn {
        name: "tbl",
        lanes: 16,
        per_128_bit_lane: false,
        parts_in_one: true,
        feature: "neon",
        intrinsic: "llvm.aarch64.neon.tbl",
    },
    TableInsn {
        name: "tbl",
        lanes: 8,
        per_128_bit_lane: false,
        parts_in_one: true,
        feature: "neon",
        intrinsic: "llvm.aarch64.neon.tbl",
    },
];

/// One lookup: the instruction and its 16-byte table parts. A table of up to 16 bytes
/// is one part; a longer one (up to 64) is split in 16-byte parts, which AArch64's
/// `tbl2`..`tbl4` take in one instruction, while x86 looks each up with the low four
/// bits of the index and chooses between the results by bits 4 and 5 of the index
/// (`select`s, which x86 does with `pblendvb`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    pub insn: &'static TableInsn,
    /// For each part, the table operand's bytes: 16 (AArch64), or 16 per 128-bit lane of
    /// the result.
    pub tables: Vec<Vec<u8>>,
}

/// The lookup of `lanes` bytes from `table` by indices no greater than `max_index`,
/// with the instructions whose feature `has` allows; `None` where the table is longer
/// than 64 bytes or an index could reach past it.
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
    // x86 chooses between parts by index bits: a power of two of them.
    let parts = match insn.parts_in_one {
        true => table.len().div_ceil(16),
        false => table.len().div_ceil(16).next_power_of_two(),
    };
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
                // tbl: the parts are one table; an index past it gives zero.
                let (part, at) = (usize::from(x / 16), usize::from(x % 16));
                lookup.tables.get(part).map_or(0, |t| t[at])
            }
        })
        .collect()
}

/// RISC-V V's register gather, described as data like [`TABLE_INSNS`]: the table sits in
/// lanes `0..` of a register (group) of the index's type; it needs the table to fit in
/// the fewest lanes the type can have.
pub const REGISTER_GATHER: TableInsn = TableInsn {
    name: "vrgather.vv",
    lanes: 0,
    per_128_bit_lane: false,
    parts_in_one: true,
    feature: "v",
    intrinsic: "llvm.riscv.vrgather.vv",
};

/// The table operand of a [`REGISTER_GATHER`] lookup in a scalable vector of at least
/// `min_lanes` byte lanes: `table` padded to a power of two (a fixed vector the backend
/// loads whole); `None` where an index could reach past the table or the table does
/// not fit in the fewest lanes.
pub fn plan_in_register(table: &[u8], max_index: u8, min_lanes: usize) -> Option<Vec<u8>> {
    if table.is_empty() || usize::from(max_index) >= table.len() {
        return None;
    }
    let padded = table.len().next_power_of_two();
    if padded > min_lanes {
        return None;
    }
    let mut bytes = table.to_vec();
    bytes.resize(padded, 0);
    Some(bytes)
}

/// What `vrgather.vv` computes at `vlmax` lanes from `indices` with `table` (from
/// [`plan_in_register`]) in the low lanes of its source register, `rest` in the lanes
/// above it (never written: the tests give a marker to see that it is never read): lane
/// `i` is the source's lane `indices[i]`, zero at or past `vlmax`.
pub fn run_in_register(table: &[u8], rest: u8, vlmax: usize, indices: &[u8]) -> Vec<u8> {
    indices
        .iter()
        .map(|&x| match usize::from(x) {
            at if at >= vlmax => 0,
            at => table.get(at).copied().unwrap_or(rest),
        })
        .collect()
}

/// The lane counts at which `table`, read by indices no greater than `max_index`, can
/// be looked up with the instructions `has` allows, fewest lanes first.
pub fn vector_forms(table: &[u8], max_index: u8, has: impl Fn(&str) -> bool) -> Vec<usize> {
    let mut lanes: Vec<usize> = TABLE_INSNS
        .iter()
        .map(|t| t.lanes)
        .filter(|&n| plan(table, max_index, n, &has).is_some())
        .collect();
    lanes.sort_unstable();
    lanes.dedup();
    lanes
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
                    let lookup = plan(&table, max, lanes, all).unwrap();
                    // Every index the proof allows, in every lane.
                    for shift in 0..=max {
                        let indices: Vec<u8> =
                            (0..lanes).map(|i| (i as u8 + shift) % (max + 1)).collect();
                        let want: Vec<u8> =
                            indices.iter().map(|&x| table[usize::from(x)]).collect();
                        assert_eq!(run(&lookup, &indices), want, "{len} {max} {lanes}");
                        // AArch64 alone: tbl1..tbl4 (8 and 16 lanes).
                        if lanes <= 16 {
                            let neon = plan(&table, max, lanes, |f| f == "neon").unwrap();
                            assert_eq!(neon.tables.len(), len.div_ceil(16));
                            assert_eq!(run(&neon, &indices), want, "neon {len} {max} {lanes}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn register_gathers_read_the_table() {
        let mut state = 11u64;
        let mut byte = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            (state >> 33) as u8
        };
        for len in 1..=256usize {
            let table: Vec<u8> = (0..len).map(|_| byte()).collect();
            for min_lanes in [8, 16, 32, 64, 128, 256, 512] {
                for max in [0, len / 2, len - 1].map(|m| m as u8) {
                    let Some(operand) = plan_in_register(&table, max, min_lanes) else {
                        // Refused only where the table does not fit the fewest lanes.
                        assert!(len.next_power_of_two() > min_lanes, "{len} {min_lanes}");
                        continue;
                    };
                    assert_eq!(&operand[..len], &table[..]);
                    // Every index the proof allows, at every register length the type
                    // can have from its fewest lanes on; the lanes above the table hold
                    // a marker that must never be read.
                    let indices: Vec<u8> = (0..=max).collect();
                    let want: Vec<u8> = indices.iter().map(|&x| table[usize::from(x)]).collect();
                    for vlmax in [min_lanes, min_lanes * 2, min_lanes * 8] {
                        for rest in [0x5a, 0xa5] {
                            assert_eq!(
                                run_in_register(&operand, rest, vlmax, &indices),
                                want,
                                "{len} {max} {min_lanes} {vlmax}"
                            );
                        }
                    }
                }
            }
        }
        // An index that could reach past the table, or a table longer than the fewest
        // lanes: no plan.
        assert!(plan_in_register(&[1, 2, 3], 3, 16).is_none());
        assert!(plan_in_register(&[0; 17], 3, 16).is_none());
        assert_eq!(plan_in_register(&[0; 10], 9, 16).unwrap().len(), 16);
        assert!(plan_in_register(&[], 0, 16).is_none());
    }

    #[test]
    fn vector_forms_per_target() {
        let neon = |f: &str| f == "neon";
        let avx2 = |f: &str| f == "ssse3" || f == "avx2";
        let sse2 = |_: &str| false;
        assert_eq!(vector_forms(&[7; 16], 15, neon), [8, 16]);
        assert_eq!(vector_forms(&[7; 64], 63, neon), [8, 16]);
        assert_eq!(vector_forms(&[7; 64], 63, avx2), [16, 32]);
        assert_eq!(vector_forms(&[7; 16], 15, sse2), Vec::<usize>::new());
        // An index that could read past the table: no form.
        assert_eq!(vector_forms(&[7; 10], 10, neon), Vec::<usize>::new());
    }

    #[test]
    fn no_lookup_past_the_table() {
        assert!(plan(&[1, 2, 3], 3, 16, all).is_none());
        assert!(plan(&[0; 65], 3, 16, all).is_none());
        assert_eq!(plan(&[0; 17], 3, 16, all).unwrap().tables.len(), 2);
        assert_eq!(plan(&[0; 33], 3, 16, all).unwrap().tables.len(), 4);
        let tbl2 = plan(&[0; 17], 3, 16, |f| f == "neon").unwrap();
        assert_eq!(
            (tbl2.tables.len(), tbl2.insn.intrinsic_for(2).0.as_str()),
            (2, "llvm.aarch64.neon.tbl2")
        );
        assert_eq!(
            plan(&[0; 33], 3, 8, |f| f == "neon").unwrap().tables.len(),
            3
        ); // tbl3
        assert!(plan(&[0; 16], 15, 64, all).is_none()); // no 512-bit form described
        assert!(plan(&[0; 16], 15, 32, |f| f != "avx2").is_none());
        // An index past a short table reads the padding, which is why it must be proved.
        let lookup = plan(&[9, 9], 1, 16, all).unwrap();
        assert_eq!(run(&lookup, &[2; 16]), [0; 16]);
    }
}
