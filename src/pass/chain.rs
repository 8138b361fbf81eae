//! Chains of shuffles through bitcasts (`crate::lower::chain`) become one shuffle of
//! their leaves where that compiles to fewer instructions, measured as selection
//! measures (the chain and the composed shuffle compiled alone, in one compilation per
//! function); the composed shuffle then goes through selection like any other.
//!
//! ```text
//! ; neoverse-n1, in a loop: zip1, rev32, ext (3) -> tbl (1; its index hoisted)
//! %s3 = shufflevector <2 x i64> (bitcast (shufflevector <8 x i16> (bitcast (
//!         shufflevector <4 x i32> %a, %b, <0,4,1,5>)), <1,0,3,2,5,4,7,6>)), <1,0>
//! =>
//! %s3 = bitcast (shufflevector <8 x i16> %a', %b', <3,2,11,10,1,0,9,8>)
//! ```

use std::collections::HashSet;

use super::memo::{measure_pairs, Candidate, Memo, Pair};
use crate::ffi::{Emitted, RemarkKind, Statistic, Target};
use crate::ir::{self, Function};
use crate::lower::chain::widest;
use crate::target::Arch;

static CHAINS_COMPOSED: Statistic = Statistic {
    name: c"NumChainsComposed",
    desc: c"Chains of shuffles through bitcasts composed into one shuffle",
};

/// Lanes of at most this many bytes for the composed shuffle.
const MAX_LANE_BYTES: usize = 8;

static MEASURED: Memo<Pair> = Memo::persistent("chain");

/// Composes every chain of `func` whose composed shuffle compiles to strictly fewer
/// instructions; with `always` (testing), every chain.
pub fn compose_chains(
    func: Function,
    target: &Target,
    always: bool,
    remarks: bool,
    changed: &mut bool,
) {
    let desc = target.desc();
    // Little-endian targets only: there a bitcast keeps the bytes in lane order.
    if !always && !matches!(desc.arch(), Arch::X86_64 | Arch::AArch64 | Arch::RiscV64) {
        return;
    }
    // (Not left alone next to `half`s a target holds lane by lane, as selection is
    // (`super::select::halves_apart`): composed, a chain through them often takes them
    // out; of 649 random programs on sifive-x280 without `zvfh`, that lost two wins,
    // 106 -> 38 and 161 -> 115, against one loss kept out, 27 -> 44.)
    let chains = ir::chain::shuffle_chains(func);
    if chains.is_empty() {
        return;
    }
    let plans: Vec<_> = chains
        .into_iter()
        .map(|c| {
            let (w, mask) = widest(&c.bytes, c.leaf_bytes, MAX_LANE_BYTES);
            (c, w, mask)
        })
        .collect();
    let keys: Vec<String> = plans
        .iter()
        .map(|(c, ..)| {
            format!(
                "{}|{}|{}",
                desc.key(),
                ir::lower::in_cycle(c.root),
                c.signature
            )
        })
        .collect();
    // Each chain against its composition, all together (what is not remembered).
    let measured: Vec<Pair> = if always {
        vec![Some((Emitted::plain(0), Emitted::plain(0))); plans.len()]
    } else {
        let candidates = plans
            .iter()
            .zip(&keys)
            .map(|((c, w, mask), key)| Candidate {
                key: key.clone(),
                original: c.root,
                inputs: c.leaves.clone(),
                in_loop: ir::lower::in_cycle(c.root),
                build: Box::new(move || ir::chain::build_composed(c, *w, mask)),
            })
            .collect();
        measure_pairs(target, &MEASURED, candidates)
    };
    // What the chains rewritten so far erased: a chain may read another's root as a leaf
    // (a shuffle read by two bitcasts is a leaf of the chains above it and a root of its
    // own), and building on an erased value crashed the host compiler.
    let mut gone: HashSet<ir::lower::Value> = HashSet::new();
    for ((c, w, mask), measured) in plans.into_iter().zip(measured) {
        let Some((stock, emitted)) = measured.filter(|(s, e)| always || e.cheaper_than(*s)) else {
            continue;
        };
        if c.leaves.iter().any(|leaf| gone.contains(leaf)) {
            continue;
        }
        let Some(built) = ir::chain::build_composed(&c, w, &mask) else {
            continue;
        };
        if remarks {
            let shown: Vec<String> = mask.iter().map(|m| m.to_string()).collect();
            let message = format!(
                "chain: {} shuffles through {} bitcasts (llc {stock}) became one shuffle of \
                 i{} lanes <{}> (llc {emitted})",
                c.shuffles,
                c.bitcasts,
                8 * w,
                shown.join(",")
            );
            target.remark(RemarkKind::Passed, c"Chain", c.root, &message);
        }
        gone.insert(c.root.into());
        gone.extend(c.parts.iter().map(|&part| ir::lower::Value::from(part)));
        ir::chain::replace_chain(&c, built);
        *changed = true;
        CHAINS_COMPOSED.add(1);
    }
}
