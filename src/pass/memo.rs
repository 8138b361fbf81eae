//! What the pass remembers for the process, and the measurement of rewrites against
//! what they replace.
//!
//! Every decision that compiles code (selection, narrowing, chains, the lowering's
//! veto) is remembered under a key naming the target, the types, the mask or shape and
//! the context, so that a distinct shape is compiled at most once or twice in a
//! process. [`measure_pairs`] compiles candidates against what they would replace, all
//! of a function's in one compilation.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::ffi::{Probe, Target};
use crate::ir::lower::{BuiltSequence, Value};
use crate::ir::{self, Inst};

/// Values remembered by key for the process (a `static`).
pub struct Memo<T> {
    map: OnceLock<Mutex<HashMap<String, T>>>,
}

impl<T: Clone> Memo<T> {
    pub const fn new() -> Memo<T> {
        Memo {
            map: OnceLock::new(),
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, T>> {
        self.map
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, key: &str) -> Option<T> {
        self.map().get(key).cloned()
    }

    pub fn insert(&self, key: String, value: T) {
        self.map().insert(key, value);
    }

    /// The value under `key`, else `make`'s (then remembered). `make` runs unlocked: it
    /// may compile code.
    pub fn get_or_make(&self, key: String, make: impl FnOnce() -> T) -> T {
        if let Some(v) = self.get(&key) {
            return v;
        }
        let v = make();
        self.insert(key, v.clone());
        v
    }
}

/// The instructions the original and the rewrite compile to, each alone; `None` where
/// either cannot be measured.
pub type Pair = Option<(i64, i64)>;

/// One rewrite to measure: its key, the instruction it replaces, what both are computed
/// from, whether it is in a loop (constants then do not count), and how to build it.
pub struct Candidate<'a> {
    pub key: String,
    pub original: Inst,
    pub inputs: Vec<Value>,
    pub in_loop: bool,
    pub build: Box<dyn FnOnce() -> Option<BuiltSequence> + 'a>,
}

/// Measures every candidate whose key `memo` does not know (the first of each key),
/// original and rewrite, in one compilation; remembers the pairs; returns each
/// candidate's pair.
pub fn measure_pairs(target: &Target, memo: &Memo<Pair>, candidates: Vec<Candidate>) -> Vec<Pair> {
    let keys: Vec<String> = candidates.iter().map(|c| c.key.clone()).collect();
    let mut built = Vec::new();
    let mut probes = Vec::new();
    for (i, c) in candidates.into_iter().enumerate() {
        if memo.get(&c.key).is_some() || keys[..i].contains(&c.key) {
            continue;
        }
        let Some(b) = (c.build)() else {
            continue;
        };
        let inputs: Vec<_> = c.inputs.iter().map(|&v| v.into()).collect();
        for result in [c.original.raw(), b.result.raw()] {
            probes.push(Probe {
                result,
                inputs: inputs.clone(),
                count_constant_loads: !c.in_loop,
            });
        }
        built.push((i, b));
    }
    let counts = target.emitted_batch(&probes);
    for (k, (i, b)) in built.into_iter().enumerate() {
        ir::lower::discard(b);
        let pair = match (counts.get(2 * k), counts.get(2 * k + 1)) {
            (Some(&Some(stock)), Some(&Some(emitted))) => Some((stock, emitted)),
            _ => None,
        };
        memo.insert(keys[i].clone(), pair);
    }
    keys.iter().map(|k| memo.get(k).flatten()).collect()
}
