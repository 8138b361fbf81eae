//! What the pass remembers for the process, and the measurement of rewrites against
//! what they replace.
//!
//! Every decision that compiles code (selection, narrowing, chains, the lowering's
//! veto, networks, SLP) is remembered under a key naming the target, the types, the
//! mask or shape and the context, so that a distinct shape is compiled at most once or
//! twice in a process. [`measure_pairs`] compiles candidates against what they would
//! replace, all of a function's in one compilation.
//!
//! With `SHUF_CACHE_DIR` set, the measurements (not the decisions built on them) are
//! also kept across processes: appended to `measurements-<build>.tsv` there, one line
//! per key (`memo`, key, value; tab-separated; appends of whole lines, so that
//! parallel compilations may share the file), read at the first use in a process. The
//! file is named by a hash of the plugin's sources and LLVM's version, so a rebuilt
//! plugin starts a new one. Off by default.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::ffi::{Emitted, Probe, Target};
use crate::ir::lower::{BuiltSequence, Value};
use crate::ir::{self, Inst};

/// A value that may be kept in the measurement cache: as text, or not at all.
pub trait Persisted: Sized {
    fn encode(&self) -> Option<String> {
        None
    }
    fn decode(_text: &str) -> Option<Self> {
        None
    }
}

/// What one slice emits: `n` instructions, or `n/w` where they weigh `w`; then `@c`
/// where their throughput is known (`c` hundredths of a cycle).
pub fn encode_emitted(e: Emitted) -> String {
    let mut out = if e.weight == e.instructions {
        e.instructions.to_string()
    } else {
        format!("{}/{}", e.instructions, e.weight)
    };
    if e.cycles != 0 {
        out += &format!("@{}", e.cycles);
    }
    out
}

pub fn decode_emitted(text: &str) -> Option<Emitted> {
    let (counts, cycles) = match text.split_once('@') {
        Some((counts, c)) => (counts, c.parse().ok()?),
        None => (text, 0),
    };
    let mut e = match counts.split_once('/') {
        Some((n, w)) => Emitted {
            weight: w.parse().ok()?,
            instructions: n.parse().ok()?,
            cycles: 0,
        },
        None => Emitted::plain(counts.parse().ok()?),
    };
    e.cycles = cycles;
    Some(e)
}

/// A pair of counts: `a b`, or `-` for none.
impl Persisted for Pair {
    fn encode(&self) -> Option<String> {
        Some(match self {
            Some((a, b)) => format!("{} {}", encode_emitted(*a), encode_emitted(*b)),
            None => "-".to_string(),
        })
    }
    fn decode(text: &str) -> Option<Pair> {
        if text == "-" {
            return Some(None);
        }
        let (a, b) = text.split_once(' ')?;
        Some(Some((decode_emitted(a)?, decode_emitted(b)?)))
    }
}

/// One count: `n`, or `-` for none.
impl Persisted for Option<i64> {
    fn encode(&self) -> Option<String> {
        Some(self.map_or("-".to_string(), |n| n.to_string()))
    }
    fn decode(text: &str) -> Option<Option<i64>> {
        match text {
            "-" => Some(None),
            n => Some(Some(n.parse().ok()?)),
        }
    }
}

impl Persisted for bool {
    fn encode(&self) -> Option<String> {
        Some(self.to_string())
    }
    fn decode(text: &str) -> Option<bool> {
        text.parse().ok()
    }
}

/// Values remembered by key for the process (a `static`), and, for a memo with a
/// name, in the measurement cache when one is set.
pub struct Memo<T> {
    map: OnceLock<Mutex<HashMap<String, T>>>,
    name: Option<&'static str>,
}

impl<T: Clone + Persisted> Memo<T> {
    pub const fn new() -> Memo<T> {
        Memo {
            map: OnceLock::new(),
            name: None,
        }
    }

    /// A memo whose values the measurement cache keeps under `name`.
    pub const fn persistent(name: &'static str) -> Memo<T> {
        Memo {
            map: OnceLock::new(),
            name: Some(name),
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, T>> {
        self.map
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, key: &str) -> Option<T> {
        if let Some(v) = self.map().get(key).cloned() {
            return Some(v);
        }
        let name = self.name?;
        let v = T::decode(&disk::get(name, key)?)?;
        self.map().insert(key.to_string(), v.clone());
        Some(v)
    }

    pub fn insert(&self, key: String, value: T) {
        if let (Some(name), Some(text)) = (self.name, value.encode()) {
            disk::put(name, &key, &text);
        }
        self.map().insert(key, value);
    }

    /// How many values the process remembers (it only grows: a changed count says
    /// something was added).
    pub fn len(&self) -> usize {
        self.map().len()
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

/// What a measurement of `site` alone depends on, for keys: the target, whether it is in
/// a loop (constants hoisted), which operands are loads measured with it, the types,
/// the mask and the operands' kinds.
pub fn site_key(target: &Target, site: &ir::ShuffleSite) -> String {
    format!(
        "{}|{}|{:?}|{:?}|{}|{}|{}",
        target.desc().key(),
        ir::lower::in_cycle(site.inst),
        ir::lower::lone_loads(site.inst),
        ir::lower::measured_forms(site.inst),
        site.source_ty,
        site.shuffle.mask,
        ir::lower::operand_key(site.inst)
    )
}

/// A measurement as remarks show it; `?` where there is none.
pub fn shown(e: Option<Emitted>) -> String {
    e.map_or("?".to_string(), |e| e.to_string())
}

/// The instructions the original and the rewrite compile to, each alone; `None` where
/// either cannot be measured.
pub type Pair = Option<(Emitted, Emitted)>;

/// One rewrite to measure: its key, the instruction it replaces, what both are computed
/// from, whether it is in a loop (constants then do not count), and how to build it.
pub struct Candidate<'a> {
    pub key: String,
    pub original: Inst,
    pub inputs: Vec<Value>,
    pub in_loop: bool,
    pub build: Box<dyn FnOnce() -> Option<BuiltSequence> + 'a>,
}

/// Whether a rewrite measured against its original (`(stock, rewrite)`) is taken:
/// lighter; in a loop by [`Emitted::beats`], the cycles an iteration first, where
/// [`measure_pairs_by_cycles`] measured them (on x86-64-v4 a one-source byte
/// permutation as one `vpermw` is lighter than `vpshufb` with its index, and half as
/// fast in a loop).
pub fn wins((stock, rewrite): (Emitted, Emitted), in_loop: bool) -> bool {
    match in_loop {
        true => rewrite.beats(stock, true),
        false => rewrite.cheaper_than(stock),
    }
}

/// `measure`, with the cycles an iteration where `in_loop` ([`Target::timed`]: reading
/// a listing back costs about a millisecond, which only decisions in loops need).
pub fn timed_in_loop<R>(target: &Target, in_loop: bool, measure: impl FnOnce() -> R) -> R {
    match in_loop {
        true => target.timed(measure),
        false => measure(),
    }
}

/// Measures every candidate whose key `memo` does not know (the first of each key),
/// original and rewrite, in one compilation; remembers the pairs; returns each
/// candidate's pair.
pub fn measure_pairs(target: &Target, memo: &Memo<Pair>, candidates: Vec<Candidate>) -> Vec<Pair> {
    measure_pairs_timed(target, memo, candidates, false)
}

/// [`measure_pairs`], candidates in a loop also timed (their cycles an iteration), for
/// decisions by [`wins`].
pub fn measure_pairs_by_cycles(
    target: &Target,
    memo: &Memo<Pair>,
    candidates: Vec<Candidate>,
) -> Vec<Pair> {
    measure_pairs_timed(target, memo, candidates, true)
}

fn measure_pairs_timed(
    target: &Target,
    memo: &Memo<Pair>,
    candidates: Vec<Candidate>,
    by_cycles: bool,
) -> Vec<Pair> {
    let keys: Vec<String> = candidates.iter().map(|c| c.key.clone()).collect();
    let mut built = Vec::new();
    let mut probes = Vec::new();
    let mut in_loop = false;
    for (i, c) in candidates.into_iter().enumerate() {
        if memo.get(&c.key).is_some() || keys[..i].contains(&c.key) {
            continue;
        }
        in_loop |= c.in_loop;
        let Some(b) = (c.build)() else {
            continue;
        };
        let inputs: Vec<_> = c
            .inputs
            .iter()
            .copied()
            .chain(b.hoisted())
            .map(|v| v.into())
            .collect();
        for result in [c.original.raw(), b.result.raw()] {
            probes.push(Probe {
                result,
                inputs: inputs.clone(),
                count_constant_loads: !c.in_loop,
            });
        }
        built.push((i, b));
    }
    let counts = timed_in_loop(target, by_cycles && in_loop, || {
        target.emitted_batch(&probes)
    });
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

/// The measurement cache on disk (`SHUF_CACHE_DIR`).
mod disk {
    use std::collections::HashMap;
    use std::io::Write;
    use std::path::PathBuf;
    use std::sync::{Mutex, OnceLock};

    struct Cache {
        path: PathBuf,
        lines: HashMap<String, String>,
    }

    fn cache() -> &'static Mutex<Option<Cache>> {
        static CACHE: OnceLock<Mutex<Option<Cache>>> = OnceLock::new();
        CACHE.get_or_init(|| {
            let open = || -> Option<Cache> {
                // Unset or empty: no cache (an empty path would be the working
                // directory).
                let dir = std::env::var_os("SHUF_CACHE_DIR").filter(|d| !d.is_empty())?;
                let dir = PathBuf::from(dir);
                std::fs::create_dir_all(&dir).ok()?;
                let path = dir.join(format!("measurements-{}.tsv", env!("SHUF_BUILD_ID")));
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let lines = text
                    .lines()
                    .filter_map(|l| {
                        let (name_key, value) = l.rsplit_once('\t')?;
                        Some((name_key.to_string(), value.to_string()))
                    })
                    .collect();
                Some(Cache { path, lines })
            };
            Mutex::new(open())
        })
    }

    pub fn get(name: &str, key: &str) -> Option<String> {
        let guard = cache().lock().unwrap_or_else(|e| e.into_inner());
        guard
            .as_ref()?
            .lines
            .get(&format!("{name}\t{key}"))
            .cloned()
    }

    pub fn put(name: &str, key: &str, value: &str) {
        // A key or value with a tab or a line break cannot be a line: not kept.
        if [name, key, value].iter().any(|s| s.contains(['\t', '\n'])) {
            return;
        }
        let mut guard = cache().lock().unwrap_or_else(|e| e.into_inner());
        let Some(cache) = guard.as_mut() else { return };
        let name_key = format!("{name}\t{key}");
        if cache.lines.get(&name_key).map(String::as_str) == Some(value) {
            return;
        }
        let line = format!("{name_key}\t{value}\n");
        // One write of a whole line, appended: parallel compilers interleave lines,
        // never parts of them.
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&cache.path)
            .and_then(|mut f| f.write_all(line.as_bytes()));
        if written.is_ok() {
            cache.lines.insert(name_key, value.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_as_written() {
        let weighed = Emitted {
            weight: 9,
            instructions: 4,
            cycles: 0,
        };
        let timed = Emitted {
            weight: 5,
            instructions: 5,
            cycles: 1625,
        };
        for p in [
            None,
            Some((Emitted::plain(3), Emitted::plain(1))),
            Some((Emitted::plain(-1), weighed)),
            Some((
                timed,
                Emitted {
                    cycles: 300,
                    ..weighed
                },
            )),
        ] {
            assert_eq!(<Pair as Persisted>::decode(&p.encode().unwrap()), Some(p));
        }
        for n in [None, Some(7i64)] {
            assert_eq!(
                <Option<i64> as Persisted>::decode(&n.encode().unwrap()),
                Some(n)
            );
        }
        assert_eq!(<Pair as Persisted>::decode("3"), None);
    }
}
