//! The fewest instructions, by the wide descriptions ([`crate::target::wide`]), that
//! compute a shuffle of two registers of any width and element size: the optimum of the
//! 8- and 16-lane sample (`scripts/sample_sweep.py`) and the candidates of their
//! selection.
//!
//! [`crate::lower::search`] and [`crate::lower::sequence`] do this for four 32-bit
//! lanes, where a value is one of 6561. Here a register is up to 64 bytes, so a value is
//! kept as its bytes, each a byte of `A ++ B` or zero: every element size is then one
//! space, and an instruction on 32-bit elements composes with one on bytes.
//!
//! The search covers trees of depth two, like `lower::sequence`: a last instruction
//! whose operands are `A`, `B`, a zero register, or *first-level* values (one
//! instruction on those). That is every sequence of one or two instructions and the
//! three-instruction trees whose inner two read only `A`, `B` and zero. The first
//! level is built once per context and indexed by byte (a bit set of values per byte
//! position and source, the values sorted by cost), so what an operand must hold is
//! answered by intersecting a few bit sets. Table instructions (`pshufb`, `vpermd`,
//! `vpermt2*`, `tbl`) take any lanes: in the first level they are fitted to what an
//! operand must hold; as the last instruction they read a first-level value that holds
//! every element they must place (within its block, for `pshufb`).
//!
//! Longer chains are not searched; where `llc` emits fewer instructions than this
//! bound, the sweep says so.

use std::sync::OnceLock;

use super::fast_hash::FastMap;
use crate::target::insn::Src;
use crate::target::wide::{self, form_cost, Context, Demand, Geometry, Produce, Shape, WideInsn};
use crate::target::Arch;

/// `or` of two registers: not a reordering instruction, but how x86 joins two byte
/// table lookups (each zeroing the other's bytes). [`Step::lanes`] is empty for it.
pub static OR: WideInsn = WideInsn {
    name: "or",
    arch: crate::target::Arch::X86_64,
    operands: 2,
    domain: wide::Domain::Any,
    feature: |_| None,
    produce: Produce::Table {
        zero: false,
        span: wide::Span::Register,
    },
    cost: 1,
    index_load: 0,
    works_on: wide::WorksOn::Lanes,
    asm: &["por", "orps", "orr"],
};

/// An operand of a step: the shuffle's operands, a zero register, or an earlier step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    A,
    B,
    Zero,
    Step(usize),
}

/// One instruction: `insn` on registers of `geometry`, output lane `i` taking
/// `lanes[i]` (a lane of `x ++ y`, zero, or anything where `None`: a table's unused
/// lanes).
#[derive(Clone)]
pub struct Step {
    pub insn: &'static WideInsn,
    pub geometry: Geometry,
    /// The immediate of a fixed form (0 for a table).
    pub imm: u32,
    pub lanes: Vec<Option<Src>>,
    pub x: Operand,
    pub y: Operand,
    /// Its cost where it stands ([`wide::form_cost`]).
    pub cost: u32,
}

/// Steps computing a shuffle; `result` is the value that is the shuffle (the last
/// step's, or an operand where none is needed).
#[derive(Clone)]
pub struct WideSequence {
    pub steps: Vec<Step>,
    pub result: Operand,
    /// The steps' costs, and the zero register where one is read outside a loop.
    pub cost: u32,
}

impl std::fmt::Debug for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}#{}({:?}, {:?})",
            self.insn.name, self.geometry.element_bits, self.imm, self.x, self.y
        )
    }
}

impl std::fmt::Debug for WideSequence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} -> {:?} (cost {})",
            self.steps, self.result, self.cost
        )
    }
}

impl WideSequence {
    fn new(steps: Vec<Step>, result: Operand, in_loop: bool) -> WideSequence {
        let zero = steps
            .iter()
            .any(|s| s.x == Operand::Zero || s.y == Operand::Zero)
            || result == Operand::Zero;
        // A loop hoists the zero register, as it does a table's index.
        let cost = steps.iter().map(|s| s.cost).sum::<u32>() + u32::from(zero && !in_loop);
        let cost = cost.saturating_add_signed(shared_index(&steps, in_loop));
        WideSequence {
            steps,
            result,
            cost,
        }
    }

    /// The instructions `llc` emits for it as the pass measures it: its cost, the loads
    /// measured with it (`loads`, the shape each loads in; x86 folds one into the
    /// instruction that reads it), and on RISC-V V a `vsetvli` for each change of shape
    /// from the loads on.
    pub fn predicted(&self, arch: Arch, loads: &[Shape]) -> u32 {
        let loaded = match arch {
            Arch::X86_64 => 0,
            _ => loads.len() as u32,
        };
        let settings = match arch {
            Arch::RiscV64 => wide::settings(
                loads.iter().copied().chain(
                    self.steps
                        .iter()
                        .map(|s| s.insn.works_on.shape(s.geometry, &s.lanes)),
                ),
            ),
            _ => 0,
        };
        self.cost + loaded + settings
    }

    /// `insn:bits` of each step, for remarks and reports.
    pub fn describe(&self) -> String {
        let names: Vec<String> = self
            .steps
            .iter()
            .map(|s| format!("{}:{}", s.insn.name, s.geometry.element_bits))
            .collect();
        if names.is_empty() {
            format!("{:?}", self.result)
        } else {
            names.join(" + ")
        }
    }
}

/// What tables with one index cost beyond their steps' costs. `llc` fills the lanes of
/// a table's index that nothing reads with 0 and gives equal indices one constant,
/// loaded once: a loaded index (`vpermd`, `tbl`) then costs one load fewer, and a
/// folded one (x86's `pshufb`, whose index is a memory operand) one load more, a
/// register the two read instead of two folds. A loop hoists the load: nothing changes
/// there.
fn shared_index(steps: &[Step], in_loop: bool) -> i32 {
    if in_loop {
        return 0;
    }
    let same_index = |a: &Step, b: &Step| {
        std::ptr::eq(a.insn, b.insn)
            && matches!(a.insn.produce, Produce::Table { .. })
            && a.geometry == b.geometry
            && index_of(a) == index_of(b)
    };
    let mut extra = 0;
    for (j, b) in steps.iter().enumerate() {
        let Some(i) = (0..j).find(|&i| same_index(&steps[i], b)) else {
            continue;
        };
        if b.insn.index_load > 0 {
            extra -= b.insn.index_load as i32;
        } else if !(0..i).any(|h| same_index(&steps[h], &steps[i])) {
            extra += 1;
        }
    }
    extra
}

/// A table step's index as `llc` keeps it: each lane's position in what it reads
/// (within its block for `pshufb`), `u32::MAX` for zero, and 0 where nothing reads it.
fn index_of(step: &Step) -> Vec<u32> {
    let g = step.geometry;
    let within = match step.insn.produce {
        Produce::Table {
            span: wide::Span::Block,
            ..
        } => g.block(),
        _ => g.lanes() * step.insn.operands as usize,
    } as u32;
    step.lanes
        .iter()
        .map(|l| match l {
            Some(Src::Lane(p)) => u32::from(*p) % within,
            Some(Src::Zero) => u32::MAX,
            None => 0,
        })
        .collect()
}

/// A byte of a value: `0..2R` a byte of `A ++ B` (`R` bytes a register), `2R` zero.
type Code = u8;
/// In what an operand must hold: any byte.
const ANY: Code = u8::MAX;
/// In a fixed form's map and in a value: a byte the instruction leaves undefined
/// ([`wide::Lane`]), which no wanted byte but [`ANY`] accepts.
const UNDEFINED: Code = u8::MAX - 1;

/// A fixed form of an instruction as a map of bytes: output byte `j` is byte `map[j]`
/// of `x ++ y`, zero (`2R`) or [`UNDEFINED`].
struct Move {
    insn: &'static WideInsn,
    geometry: Geometry,
    imm: u32,
    lanes: Vec<wide::Lane>,
    map: Vec<Code>,
    cost: u32,
}

/// A table instruction at one element size.
struct Table {
    insn: &'static WideInsn,
    geometry: Geometry,
    cost: u32,
    zero: bool,
    span: wide::Span,
}

/// A first-level value: one instruction on `A`, `B` and zero.
struct First {
    bytes: Vec<Code>,
    /// Its instruction, and the zero register if it reads one.
    cost: u32,
    /// Its instruction (an index into the moves) and operands.
    by: (u32, Operand, Operand),
    /// The codes it holds (bit `c`), to rule it out for a table quickly.
    present: [u64; 3],
}

/// What an operand of the last instruction is.
#[derive(Clone)]
enum Made {
    Direct(Operand),
    First(usize),
    Table(Step),
}

/// Every value one fixed form makes of `A`, `B` and zero.
struct FirstLevel {
    /// Cheapest first.
    first: Vec<First>,
    /// Per byte position and code, the first-level values holding it: a bit set of
    /// `words` words at `(position * codes + code) * words`.
    index: Vec<u64>,
    words: usize,
}

/// The operands a first-level value gives a fixed form of `insn`.
fn first_operands(insn: &WideInsn) -> &'static [(Operand, Operand)] {
    use Operand::{Zero, A, B};
    if insn.operands == 1 {
        &[(A, A), (B, B)]
    } else {
        &[
            (A, B),
            (B, A),
            (A, A),
            (B, B),
            (A, Zero),
            (Zero, A),
            (B, Zero),
            (Zero, B),
        ]
    }
}

/// The searcher of one context (target features, register, elements, loop).
pub struct WideSearcher {
    /// Bytes of a register.
    bytes: usize,
    /// Fixed forms, cheapest first, each map once.
    moves: Vec<Move>,
    tables: Vec<Table>,
    /// Built the first time a search needs it (most of the searcher's set-up: a shuffle
    /// one table instruction does as cheaply as anything can is answered without it).
    level: OnceLock<FirstLevel>,
    /// In a loop: index loads hoisted.
    in_loop: bool,
}

impl WideSearcher {
    /// The searcher for `cx`, with table instructions where `tables`.
    pub fn new(cx: Context, tables: bool) -> WideSearcher {
        let bytes = (cx.register_bits / 8) as usize;
        let zero = (2 * bytes) as Code;
        let mut moves: Vec<Move> = Vec::new();
        let mut seen: FastMap<Vec<Code>, usize> = FastMap::default();
        let mut table_list = Vec::new();
        for (g, insns) in wide::offered(cx) {
            let eb = (g.element_bits / 8) as usize;
            for (_, insn) in insns {
                match insn.produce {
                    Produce::Table { zero, span } => {
                        if tables {
                            table_list.push(Table {
                                insn,
                                geometry: g,
                                cost: form_cost(insn, g, 0, cx.float, cx.has, cx.in_loop),
                                zero,
                                span,
                            });
                        }
                    }
                    Produce::Imm { .. } => {
                        for imm in 0..insn.imms(g) {
                            let Some(lanes) = insn.lanes(g, imm) else {
                                continue;
                            };
                            let map: Vec<Code> = (0..bytes)
                                .map(|j| match lanes[j / eb] {
                                    Some(Src::Zero) => zero,
                                    Some(Src::Lane(l)) => (l as usize * eb + j % eb) as Code,
                                    None => UNDEFINED,
                                })
                                .collect();
                            let cost = form_cost(insn, g, imm, cx.float, cx.has, cx.in_loop);
                            let at = seen.get(&map).copied();
                            if at.is_some_and(|i| moves[i].cost <= cost) {
                                continue;
                            }
                            let m = Move {
                                insn,
                                geometry: g,
                                imm,
                                lanes,
                                map: map.clone(),
                                cost,
                            };
                            match at {
                                Some(i) => moves[i] = m,
                                None => {
                                    seen.insert(map, moves.len());
                                    moves.push(m);
                                }
                            }
                        }
                    }
                }
            }
        }
        moves.sort_by_key(|m| m.cost);
        WideSearcher {
            bytes,
            moves,
            tables: table_list,
            level: OnceLock::new(),
            in_loop: cx.in_loop,
        }
    }

    fn level(&self) -> &FirstLevel {
        self.level.get_or_init(|| self.build_first_level())
    }

    /// The step that makes a first-level value.
    fn first_step(&self, f: &First) -> Step {
        let (k, x, y) = f.by;
        let m = &self.moves[k as usize];
        Step {
            insn: m.insn,
            geometry: m.geometry,
            imm: m.imm,
            lanes: m.lanes.clone(),
            x,
            y,
            cost: m.cost,
        }
    }

    /// The `or` join as a move (its map unused).
    fn or_move(&self) -> Move {
        Move {
            insn: &OR,
            geometry: Geometry {
                register_bits: (self.bytes * 8) as u32,
                element_bits: 8,
            },
            imm: 0,
            lanes: Vec::new(),
            map: Vec::new(),
            cost: OR.cost,
        }
    }

    fn zero(&self) -> Code {
        (2 * self.bytes) as Code
    }

    /// The bytes of an operand of the shuffle.
    fn operand_bytes(&self, o: Operand) -> Vec<Code> {
        match o {
            Operand::A => (0..self.bytes).map(|j| j as Code).collect(),
            Operand::B => (self.bytes..2 * self.bytes).map(|j| j as Code).collect(),
            _ => vec![self.zero(); self.bytes],
        }
    }

    fn apply(&self, map: &[Code], x: &[Code], y: &[Code]) -> Vec<Code> {
        let r = self.bytes as Code;
        map.iter()
            .map(|&c| {
                if c == self.zero() || c == UNDEFINED {
                    c
                } else if c < r {
                    x[c as usize]
                } else {
                    y[(c - r) as usize]
                }
            })
            .collect()
    }

    /// Every value one fixed form makes of `A`, `B` and zero, the cheapest way, and the
    /// index by byte.
    fn build_first_level(&self) -> FirstLevel {
        use Operand::{Zero, A, B};
        let mut seen: FastMap<Vec<Code>, usize> = FastMap::default();
        let mut first: Vec<First> = Vec::new();
        let sources = [A, B, Zero].map(|o| self.operand_bytes(o));
        let source = |o: Operand| match o {
            A => &sources[0],
            B => &sources[1],
            _ => &sources[2],
        };
        for (k, m) in self.moves.iter().enumerate() {
            for &(x, y) in first_operands(m.insn) {
                let bytes = self.apply(&m.map, source(x), source(y));
                let cost = m.cost + u32::from(x == Zero || y == Zero);
                if seen.get(&bytes).is_some_and(|&i| first[i].cost <= cost) {
                    continue;
                }
                let mut present = [0u64; 3];
                for &c in bytes.iter().filter(|&&c| c != UNDEFINED) {
                    present[c as usize / 64] |= 1 << (c % 64);
                }
                let value = First {
                    bytes: Vec::new(),
                    cost,
                    by: (k as u32, x, y),
                    present,
                };
                match seen.get(&bytes) {
                    Some(&i) => first[i] = First { bytes, ..value },
                    None => {
                        seen.insert(bytes.clone(), first.len());
                        first.push(First { bytes, ..value });
                    }
                }
            }
        }
        first.sort_by_key(|f| f.cost);
        let codes = 2 * self.bytes + 1;
        let words = first.len().div_ceil(64).max(1);
        let mut index = vec![0u64; self.bytes * codes * words];
        for (i, f) in first.iter().enumerate() {
            for (pos, &c) in f.bytes.iter().enumerate().filter(|(_, &c)| c != UNDEFINED) {
                index[(pos * codes + c as usize) * words + i / 64] |= 1 << (i % 64);
            }
        }
        FirstLevel {
            first,
            index,
            words,
        }
    }

    /// Whether one fixed form on `A`, `B` and zero (a first-level value) holds `want`
    /// at no more than `limit`.
    fn fixed_holds(&self, want: &[Code], limit: u32) -> bool {
        use Operand::{Zero, A, B};
        let sources = [A, B, Zero].map(|o| self.operand_bytes(o));
        let source = |o: Operand| match o {
            A => &sources[0],
            B => &sources[1],
            _ => &sources[2],
        };
        let r = self.bytes as Code;
        self.moves.iter().take_while(|m| m.cost <= limit).any(|m| {
            first_operands(m.insn).iter().any(|&(x, y)| {
                let cost = m.cost + u32::from(x == Zero || y == Zero);
                let (x, y) = (source(x), source(y));
                cost <= limit
                    && m.map.iter().zip(want).all(|(&c, &w)| {
                        let byte = if c == self.zero() || c == UNDEFINED {
                            c
                        } else if c < r {
                            x[c as usize]
                        } else {
                            y[(c - r) as usize]
                        };
                        w == ANY || w == byte
                    })
            })
        })
    }

    /// The least any sequence of two instructions or more can cost: a fixed form last
    /// (one operand at least made, at one or more), a table last on a first-level
    /// value, or two made operands joined by `or`.
    fn two_floor(&self) -> u32 {
        let Some(cheapest_move) = self.moves.first().map(|m| m.cost) else {
            return OR.cost + 2;
        };
        let cheapest_table = self.tables.iter().map(|t| t.cost).min();
        let table_last = cheapest_table.map_or(u32::MAX, |t| t + cheapest_move);
        (cheapest_move + 1).min(table_last).min(OR.cost + 2)
    }

    /// The first-level values holding every byte `want` asks for, as a bit set; `None`
    /// where `want` asks for nothing.
    fn matching(&self, want: &[Code]) -> Option<Vec<u64>> {
        let codes = 2 * self.bytes + 1;
        let mut set: Option<Vec<u64>> = None;
        for (pos, &c) in want.iter().enumerate() {
            if c == ANY {
                continue;
            }
            let level = self.level();
            let at = (pos * codes + c as usize) * level.words;
            let row = &level.index[at..at + level.words];
            match &mut set {
                None => set = Some(row.to_vec()),
                Some(s) => {
                    let mut any = false;
                    for (w, r) in s.iter_mut().zip(row) {
                        *w &= r;
                        any |= *w != 0;
                    }
                    if !any {
                        return Some(vec![0; 0]);
                    }
                }
            }
        }
        set
    }

    fn lowest(set: &[u64]) -> Option<usize> {
        set.iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The cheapest way to make an operand holding `want`: an operand of the shuffle, a
    /// first-level value, or a table on the shuffle's operands.
    fn make(&self, want: &[Code], set: Option<&[u64]>) -> Option<(u32, Made)> {
        if want.iter().all(|&c| c == ANY) {
            return Some((0, Made::Direct(Operand::A)));
        }
        for o in [Operand::A, Operand::B] {
            let bytes = self.operand_bytes(o);
            if want.iter().zip(&bytes).all(|(&w, &b)| w == ANY || w == b) {
                return Some((0, Made::Direct(o)));
            }
        }
        if want.iter().all(|&c| c == ANY || c == self.zero()) {
            return Some((1, Made::Direct(Operand::Zero)));
        }
        let mut best: Option<(u32, Made)> = set
            .and_then(Self::lowest)
            .map(|i| (self.level().first[i].cost, Made::First(i)));
        for t in &self.tables {
            if best.as_ref().is_some_and(|(c, _)| *c <= t.cost) {
                continue;
            }
            use Operand::{Zero, A, B};
            let choices: &[(Operand, Operand)] = if t.insn.operands == 1 {
                &[(A, A), (B, B)]
            } else {
                &[(A, B), (A, Zero), (B, Zero)]
            };
            for &(x, y) in choices {
                let xs = self.operand_bytes(x);
                let ys = self.operand_bytes(y);
                let operands: Vec<&[Code]> = if t.insn.operands == 1 {
                    vec![&xs]
                } else {
                    vec![&xs, &ys]
                };
                if let Some(lanes) = self.place(t, want, &operands) {
                    let cost = t.cost + u32::from(y == Zero);
                    if best.as_ref().map_or(true, |(c, _)| cost < *c) {
                        best = Some((cost, Made::Table(self.table_step(t, lanes, x, y))));
                    }
                }
            }
        }
        best
    }

    fn table_step(&self, t: &Table, lanes: Vec<Option<Src>>, x: Operand, y: Operand) -> Step {
        Step {
            insn: t.insn,
            geometry: t.geometry,
            imm: 0,
            lanes,
            x,
            y: if t.insn.operands == 1 { x } else { y },
            cost: t.cost,
        }
    }

    /// The lanes of table `t` that give every byte of `want` from `operands` (one or
    /// two values), where it can.
    fn place(&self, t: &Table, want: &[Code], operands: &[&[Code]]) -> Option<Vec<Option<Src>>> {
        let g = t.geometry;
        let (eb, n) = ((g.element_bits / 8) as usize, g.lanes());
        (0..n)
            .map(|i| {
                let bytes = &want[i * eb..(i + 1) * eb];
                if bytes.iter().all(|&c| c == ANY) {
                    return Some(None);
                }
                if t.zero && bytes.iter().all(|&c| c == ANY || c == self.zero()) {
                    return Some(Some(Src::Zero));
                }
                (0..n * operands.len())
                    .filter(|&p| t.span.admits(g, p % n, i))
                    .find(|&p| {
                        let from = &operands[p / n][(p % n) * eb..(p % n + 1) * eb];
                        bytes.iter().zip(from).all(|(&w, &f)| w == ANY || w == f)
                    })
                    .map(|p| Some(Src::Lane(p as u8)))
            })
            .collect()
    }

    /// The cheapest sequence this search finds for `demand` (a mask's lanes on
    /// `cx.element_bits` elements, filling the register); `None` where none within its
    /// reach.
    pub fn search(&self, demand: &[Demand], element_bits: u32) -> Option<WideSequence> {
        self.search_from(demand, element_bits, true)
    }

    /// [`WideSearcher::search`]; without `shortcut`, the whole search every time (the
    /// tests check that the shortcut finds what it would).
    fn search_from(
        &self,
        demand: &[Demand],
        element_bits: u32,
        shortcut: bool,
    ) -> Option<WideSequence> {
        let bytes = wide::resize(demand, element_bits, 8)?;
        if bytes.len() != self.bytes {
            return None;
        }
        let want: Vec<Code> = bytes
            .iter()
            .map(|d| match d {
                None => ANY,
                Some(Src::Zero) => self.zero(),
                Some(Src::Lane(l)) => *l,
            })
            .collect();
        // One table instruction (or none) where no fixed form does it as cheaply and
        // nothing longer can be cheaper: what the whole search would find, without its
        // first level.
        if let Some((cost, made)) = self.make(&want, None).filter(|_| shortcut) {
            let seq = self.assemble(None, vec![made]);
            if seq.cost <= self.two_floor() && !self.fixed_holds(&want, cost) {
                return Some(seq);
            }
        }
        let mut best: Option<WideSequence> = None;
        let better =
            |best: &Option<WideSequence>, cost: u32| best.as_ref().map_or(true, |b| cost < b.cost);
        // One instruction, or none.
        let whole = self.matching(&want);
        if let Some((_, made)) = self.make(&want, whole.as_deref()) {
            best = Some(self.assemble(None, vec![made]));
        }
        // A fixed last instruction on two made operands.
        for m in &self.moves {
            if !better(&best, m.cost + 1) {
                break;
            }
            let Some((wx, wy)) = self.operand_wants(&m.map, &want) else {
                continue;
            };
            let (sx, sy) = (self.matching(&wx), self.matching(&wy));
            let Some((cx, x)) = self.make(&wx, sx.as_deref()) else {
                continue;
            };
            let y = if m.insn.operands == 1 {
                None
            } else {
                match self.make(&wy, sy.as_deref()) {
                    Some(y) => Some(y),
                    None => continue,
                }
            };
            let mut total = m.cost + cx + y.as_ref().map_or(0, |(c, _)| *c);
            let mut made = vec![x.clone()];
            made.extend(y.map(|(_, y)| y));
            // One first-level value for both operands.
            if let (Some(sx), Some(sy)) = (&sx, &sy) {
                let both: Vec<u64> = sx.iter().zip(sy).map(|(a, b)| a & b).collect();
                if let Some(i) = Self::lowest(&both) {
                    if m.cost + self.level().first[i].cost < total {
                        total = m.cost + self.level().first[i].cost;
                        made = vec![Made::First(i), Made::First(i)];
                    }
                }
            }
            if better(&best, total) {
                let seq = self.assemble(Some(m), made);
                if better(&best, seq.cost) {
                    best = Some(seq);
                }
            }
        }
        // Two made operands joined by `or` where each has zeros in the other's bytes:
        // `A`'s bytes from one, `B`'s from the other (two `pshufb` and `por`).
        if better(&best, OR.cost + 2) {
            let part = |from_a: bool| -> Vec<Code> {
                want.iter()
                    .map(|&c| match c {
                        ANY => ANY,
                        c if c == self.zero() => c,
                        c if ((c as usize) < self.bytes) == from_a => c,
                        _ => self.zero(),
                    })
                    .collect()
            };
            let (wx, wy) = (part(true), part(false));
            let (sx, sy) = (self.matching(&wx), self.matching(&wy));
            if let (Some((_, x)), Some((_, y))) =
                (self.make(&wx, sx.as_deref()), self.make(&wy, sy.as_deref()))
            {
                let seq = self.assemble(Some(&self.or_move()), vec![x, y]);
                if better(&best, seq.cost) {
                    best = Some(seq);
                }
            }
        }
        // A table last, on a first-level value (and, for two operands, `A`, `B` or zero).
        for t in &self.tables {
            let mut required = [0u64; 3];
            for &c in want
                .iter()
                .filter(|&&c| c != ANY && !(t.zero && c == self.zero()))
            {
                required[c as usize / 64] |= 1 << (c % 64);
            }
            for f in &self.level().first {
                if !better(&best, t.cost + f.cost) {
                    break;
                }
                let others: &[Option<Operand>] = if t.insn.operands == 1 {
                    &[None]
                } else {
                    &[Some(Operand::A), Some(Operand::B), Some(Operand::Zero)]
                };
                for &other in others {
                    let ys = other.map(|o| self.operand_bytes(o));
                    let mut present = f.present;
                    for &c in ys.iter().flatten() {
                        present[c as usize / 64] |= 1 << (c % 64);
                    }
                    if (0..3).any(|w| required[w] & !present[w] != 0) {
                        continue;
                    }
                    let mut operands: Vec<&[Code]> = vec![&f.bytes];
                    operands.extend(ys.as_deref());
                    let Some(lanes) = self.place(t, &want, &operands) else {
                        continue;
                    };
                    let mut step = self.table_step(t, lanes, Operand::Step(0), Operand::Step(0));
                    if let Some(o) = other {
                        step.y = o;
                    }
                    let seq = WideSequence::new(
                        vec![self.first_step(f), step],
                        Operand::Step(1),
                        self.in_loop,
                    );
                    if better(&best, seq.cost) {
                        best = Some(seq);
                    }
                }
            }
        }
        best
    }

    /// What the operands of a fixed form must hold for its result to hold `want`;
    /// `None` where a zero lane of the form is wanted otherwise.
    fn operand_wants(&self, map: &[Code], want: &[Code]) -> Option<(Vec<Code>, Vec<Code>)> {
        let r = self.bytes;
        let mut wx = vec![ANY; r];
        let mut wy = vec![ANY; r];
        for (&c, &w) in map.iter().zip(want) {
            if w == ANY {
                continue;
            }
            if c == self.zero() || c == UNDEFINED {
                if w != c {
                    return None;
                }
                continue;
            }
            let (slot, at) = if (c as usize) < r {
                (&mut wx, c as usize)
            } else {
                (&mut wy, c as usize - r)
            };
            if slot[at] != ANY && slot[at] != w {
                return None;
            }
            slot[at] = w;
        }
        Some((wx, wy))
    }

    /// The sequence of `last` (none: the one made operand is the result) on the made
    /// operands.
    fn assemble(&self, last: Option<&Move>, made: Vec<Made>) -> WideSequence {
        let mut steps: Vec<Step> = Vec::new();
        let mut firsts: Vec<(usize, usize)> = Vec::new();
        let mut operand = |m: &Made, steps: &mut Vec<Step>| match m {
            Made::Direct(o) => *o,
            Made::First(i) => {
                if let Some(&(_, at)) = firsts.iter().find(|(f, _)| f == i) {
                    return Operand::Step(at);
                }
                steps.push(self.first_step(&self.level().first[*i]));
                firsts.push((*i, steps.len() - 1));
                Operand::Step(steps.len() - 1)
            }
            Made::Table(step) => {
                steps.push(step.clone());
                Operand::Step(steps.len() - 1)
            }
        };
        let operands: Vec<Operand> = made.iter().map(|m| operand(m, &mut steps)).collect();
        let Some(m) = last else {
            return WideSequence::new(steps, operands[0], self.in_loop);
        };
        let x = operands[0];
        let y = operands.get(1).copied().unwrap_or(x);
        steps.push(Step {
            insn: m.insn,
            geometry: m.geometry,
            imm: m.imm,
            lanes: m.lanes.clone(),
            x,
            y,
            cost: m.cost,
        });
        let result = Operand::Step(steps.len() - 1);
        WideSequence::new(steps, result, self.in_loop)
    }
}

/// What `seq` computes, byte by byte, on registers of `bytes` bytes: each byte a byte
/// of `A ++ B` (`0..2*bytes`), zero (`2*bytes`), or anything (`u8::MAX`, from a table's
/// unused lane). The reference the tests and the pass check sequences against.
pub fn evaluate(seq: &WideSequence, bytes: usize) -> Vec<u8> {
    let zero = (2 * bytes) as u8;
    let mut values: Vec<Vec<u8>> = Vec::new();
    let operand = |o: Operand, values: &Vec<Vec<u8>>| -> Vec<u8> {
        match o {
            Operand::A => (0..bytes).map(|j| j as u8).collect(),
            Operand::B => (bytes..2 * bytes).map(|j| j as u8).collect(),
            Operand::Zero => vec![zero; bytes],
            Operand::Step(i) => values[i].clone(),
        }
    };
    for step in &seq.steps {
        let (x, y) = (operand(step.x, &values), operand(step.y, &values));
        if std::ptr::eq(step.insn, &OR) {
            // Each byte from the operand whose byte is not zero; both: not known.
            let out = x
                .iter()
                .zip(&y)
                .map(|(&a, &b)| match (a == zero, b == zero) {
                    (true, _) => b,
                    (_, true) => a,
                    _ => ANY,
                })
                .collect();
            values.push(out);
            continue;
        }
        let eb = (step.geometry.element_bits / 8) as usize;
        let n = step.geometry.lanes();
        let out = (0..bytes)
            .map(|j| match step.lanes[j / eb] {
                None => ANY,
                Some(Src::Zero) => zero,
                Some(Src::Lane(l)) => {
                    let l = l as usize;
                    let from = if l < n { &x } else { &y };
                    from[(l % n) * eb + j % eb]
                }
            })
            .collect();
        values.push(out);
    }
    operand(seq.result, &values)
}

/// Whether `seq` gives every byte `demand` (on `element_bits` elements) asks for.
pub fn computes(seq: &WideSequence, demand: &[Demand], element_bits: u32, bytes: usize) -> bool {
    let Some(want) = wide::resize(demand, element_bits, 8) else {
        return false;
    };
    let got = evaluate(seq, bytes);
    want.len() == got.len()
        && want.iter().zip(&got).all(|(w, &g)| match w {
            None => true,
            Some(Src::Zero) => g == (2 * bytes) as u8,
            Some(Src::Lane(l)) => g == *l,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::insn::x86_level;
    use crate::target::wide::x86_has;
    use crate::target::Arch;

    fn x86(cpu: &'static str) -> impl Fn(&str) -> bool {
        move |f: &str| x86_has(x86_level(cpu), cpu, &|_| false, f)
    }

    /// The feature test of an x86 CPU, of NEON (`"neon"`) or of RISC-V V (`"v"`).
    fn features(cpu: &'static str) -> Box<dyn Fn(&str) -> bool> {
        match cpu {
            "neon" | "v" => Box::new(move |f: &str| f == cpu),
            cpu => Box::new(x86(cpu)),
        }
    }

    fn context<'a>(
        arch: Arch,
        has: &'a dyn Fn(&str) -> bool,
        bits: u32,
        element: u32,
    ) -> Context<'a> {
        Context {
            arch,
            has,
            register_bits: bits,
            element_bits: element,
            float: false,
            in_loop: false,
        }
    }

    /// A small deterministic generator (no dependency on the order tests run in).
    fn masks(n: usize, count: usize, seed: u64) -> Vec<Vec<i32>> {
        let mut s = seed;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        (0..count)
            .map(|k| {
                (0..n)
                    .map(|i| {
                        let r = next();
                        if r % 10 == 0 {
                            -1
                        } else if k % 2 == 0 {
                            (r / 16 % (2 * n as u64)) as i32
                        } else {
                            // Structured: a window, interleave or pairs, some lanes moved.
                            let base = (k / 2 % n) as i32;
                            match k % 6 {
                                1 => (i as i32 + base) % (2 * n as i32),
                                3 => (i / 2) as i32 + if i % 2 == 1 { n as i32 } else { 0 },
                                _ => ((i ^ 1) as i32 + base) % (2 * n as i32),
                            }
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Every sequence found computes its mask, costs what its steps cost, and every
    /// mask of two 128-bit operands is found on x86 and NEON (a table does any there;
    /// RISC-V V's gather reads one register).
    #[test]
    fn every_sequence_computes_its_mask() {
        let cases = [
            (Arch::X86_64, "x86-64-v2", 128, 16),
            (Arch::X86_64, "x86-64-v2", 128, 8),
            (Arch::X86_64, "x86-64-v3", 256, 32),
            (Arch::X86_64, "x86-64-v3", 256, 16),
            (Arch::X86_64, "x86-64-v4", 256, 16),
            (Arch::AArch64, "neon", 128, 16),
            (Arch::AArch64, "neon", 128, 8),
            (Arch::RiscV64, "v", 128, 16),
            (Arch::RiscV64, "v", 128, 8),
            (Arch::RiscV64, "v", 256, 32),
        ];
        for (arch, cpu, bits, element) in cases {
            let has = features(cpu);
            let searcher = WideSearcher::new(context(arch, &*has, bits, element), true);
            let n = (bits / element) as usize;
            for mask in masks(n, 200, 0x9e37_79b9 ^ u64::from(bits * element)) {
                let demand = wide::demand_of(&mask);
                let found = searcher.search(&demand, element);
                if bits == 128 && arch != Arch::RiscV64 {
                    assert!(found.is_some(), "{arch:?} {bits}/{element} {mask:?}");
                }
                let Some(seq) = found else { continue };
                assert!(
                    computes(&seq, &demand, element, (bits / 8) as usize),
                    "{arch:?} {bits}/{element} {mask:?}: {seq:?}"
                );
                let zero = seq
                    .steps
                    .iter()
                    .any(|s| s.x == Operand::Zero || s.y == Operand::Zero);
                let sum: u32 = seq.steps.iter().map(|s| s.cost).sum();
                let shared = shared_index(&seq.steps, false);
                assert_eq!(
                    i64::from(seq.cost),
                    i64::from(sum + u32::from(zero)) + i64::from(shared)
                );
            }
        }
    }

    /// A shuffle one table instruction does as cheaply as anything can is answered
    /// without the first level: the same sequence as the whole search, in loops (the
    /// index hoisted: one `pshufb` costs 1) and out of them, for masks within blocks and
    /// across them.
    #[test]
    fn the_table_shortcut_finds_what_the_whole_search_does() {
        let cases = [
            (Arch::X86_64, "x86-64-v2", 128, 8),
            (Arch::X86_64, "x86-64-v3", 256, 8),
            (Arch::X86_64, "x86-64-v3", 256, 32),
            (Arch::X86_64, "x86-64-v4", 256, 16),
            (Arch::AArch64, "neon", 128, 8),
        ];
        let mut shortcuts = 0;
        for (arch, cpu, bits, element) in cases {
            let has = features(cpu);
            for in_loop in [false, true] {
                let cx = Context {
                    in_loop,
                    ..context(arch, &*has, bits, element)
                };
                let (quick, searcher) = (WideSearcher::new(cx, true), WideSearcher::new(cx, true));
                let n = (bits / element) as usize;
                let block = (128 / element) as usize;
                // One operand, within each 128-bit block (what one `pshufb` does), first.
                let mut all: Vec<Vec<i32>> = masks(n, 150, 0x7a3 ^ u64::from(bits))
                    .into_iter()
                    .map(|m| {
                        m.iter()
                            .enumerate()
                            .map(|(i, &x)| match x {
                                -1 => -1,
                                x => (i / block * block + x as usize % block) as i32,
                            })
                            .collect()
                    })
                    .collect();
                all.extend(masks(n, 150, 0x51f1 ^ u64::from(bits + element)));
                for mask in all {
                    let demand = wide::demand_of(&mask);
                    let found = quick.search_from(&demand, element, true);
                    let whole = searcher.search_from(&demand, element, false);
                    let show = |s: &Option<WideSequence>| format!("{s:?}");
                    assert_eq!(
                        show(&found),
                        show(&whole),
                        "{arch:?} {bits}/{element} {mask:?}"
                    );
                    shortcuts += usize::from(quick.level.get().is_none());
                }
            }
        }
        // Not vacuous: some were answered before the first level was built.
        assert!(shortcuts > 0);
    }

    /// Two `pshufb` with one index (equal where read, 0 where not) cost a register
    /// load more than their steps: `llc` merges the constants and loads
    /// them once instead of folding each. Even bytes of two registers on x86-64-v2 are
    /// then two `pshufb` that zero each other's half and an `or` (3), not two with one
    /// index and an unpack (4, as `llc` compiles it); on NEON, two `tbl` with one index
    /// share its load.
    #[test]
    fn tables_with_one_index_share_its_load() {
        let v2 = x86("x86-64-v2");
        let searcher = WideSearcher::new(context(Arch::X86_64, &v2, 128, 8), true);
        let even: Vec<i32> = (0..16).map(|i| 2 * i).collect();
        let seq = searcher.search(&wide::demand_of(&even), 8).unwrap();
        assert_eq!(seq.cost, 3, "{seq:?}");
        assert_eq!(shared_index(&seq.steps, false), 0, "{seq:?}");
        let pshufb = searcher
            .tables
            .iter()
            .find(|t| t.insn.name == "pshufb")
            .unwrap();
        let half: Vec<Option<Src>> = (0..16)
            .map(|i| (i < 8).then_some(Src::Lane(2 * i as u8)))
            .collect();
        // A lane read by one and not the other is 0 in the other's index.
        let mut other = half.clone();
        other[12] = Some(Src::Lane(16));
        let a = searcher.table_step(pshufb, half.clone(), Operand::A, Operand::A);
        let b = searcher.table_step(pshufb, other, Operand::B, Operand::B);
        assert_eq!(shared_index(&[a.clone(), b.clone()], false), 1);
        assert_eq!(shared_index(&[a.clone(), b], true), 0);
        let mut clash = half;
        clash[12] = Some(Src::Lane(1));
        let c = searcher.table_step(pshufb, clash, Operand::B, Operand::B);
        assert_eq!(shared_index(&[a, c], false), 0);
        let neon = |f: &str| f == "neon";
        let searcher = WideSearcher::new(context(Arch::AArch64, &neon, 128, 8), true);
        let tbl = searcher
            .tables
            .iter()
            .find(|t| t.insn.name == "tbl1")
            .unwrap();
        let lanes: Vec<Option<Src>> = (0..16).map(|i| Some(Src::Lane(15 - i))).collect();
        let a = searcher.table_step(tbl, lanes.clone(), Operand::A, Operand::A);
        let b = searcher.table_step(tbl, lanes, Operand::B, Operand::B);
        assert_eq!(shared_index(&[a, b], false), -2);
    }

    /// Without tables, the search finds the fewest instructions over every tree of
    /// depth two, as an exhaustive enumeration of those trees does (64-bit registers of
    /// four 16-bit lanes: every value of one and two levels), on NEON and on RISC-V V
    /// (whose slides down and narrowing shifts leave lanes undefined).
    #[test]
    fn fixed_forms_match_the_exhaustive_trees() {
        for (arch, feature) in [(Arch::AArch64, "neon"), (Arch::RiscV64, "v")] {
            let has = features(feature);
            fixed_forms_match_the_exhaustive_trees_on(context(arch, &*has, 64, 16));
        }
    }

    fn fixed_forms_match_the_exhaustive_trees_on(cx: Context) {
        use std::collections::HashMap;
        let searcher = WideSearcher::new(cx, false);
        let r = searcher.bytes;
        // Level 0 and 1, then every move on every pair of them; a value of eight bytes
        // packed in a u64.
        let pack = |v: &[u8]| v.iter().fold(0u64, |k, &b| k << 8 | u64::from(b));
        let unpack = |k: u64| -> [u8; 8] { std::array::from_fn(|j| (k >> (8 * (7 - j))) as u8) };
        let mut level: HashMap<u64, u32> = HashMap::new();
        for o in [Operand::A, Operand::B] {
            level.insert(pack(&searcher.operand_bytes(o)), 0);
        }
        level.insert(pack(&searcher.operand_bytes(Operand::Zero)), 1);
        for f in &searcher.level().first {
            let c = level.entry(pack(&f.bytes)).or_insert(f.cost);
            *c = (*c).min(f.cost);
        }
        let operands: Vec<([u8; 8], u32)> = level.iter().map(|(&v, &c)| (unpack(v), c)).collect();
        let mut best: HashMap<u64, u32> = level.clone();
        let zero = (2 * r) as u8;
        for m in &searcher.moves {
            let ys: &[([u8; 8], u32)] = if m.insn.operands == 1 {
                &operands[..1]
            } else {
                &operands
            };
            for (x, cx) in &operands {
                for (y, cy) in ys {
                    // A one-operand form reads `x` only; one value as both operands once.
                    let cy = if m.insn.operands == 1 || y == x {
                        0
                    } else {
                        *cy
                    };
                    let v = m.map.iter().fold(0u64, |k, &c| {
                        let b = match c as usize {
                            c if c == 2 * r || c == UNDEFINED as usize => c as u8,
                            c if c < r => x[c],
                            c => y[c - r],
                        };
                        k << 8 | u64::from(b)
                    });
                    let c = m.cost + cx + cy;
                    let e = best.entry(v).or_insert(c);
                    *e = (*e).min(c);
                }
            }
        }
        // Masks without poison lanes, so that a value is looked up, not searched for.
        for mask in masks(4, 3000, 77) {
            let mask: Vec<i32> = mask.iter().map(|&m| m.max(0)).collect();
            let demand = wide::demand_of(&mask);
            let want: Vec<Option<u8>> = wide::resize(&demand, 16, 8)
                .unwrap()
                .iter()
                .map(|d| match d {
                    None => None,
                    Some(Src::Zero) => Some(zero),
                    Some(Src::Lane(l)) => Some(*l),
                })
                .collect();
            let want: Vec<u8> = want.into_iter().map(|w| w.expect("no poison")).collect();
            let exhaustive = best.get(&pack(&want)).copied();
            let found = searcher.search(&demand, 16).map(|s| s.cost);
            // The zero register counts once however many read it; the trees above count
            // it per operand, so they may only be dearer.
            match (exhaustive, found) {
                (Some(e), Some(f)) => assert!(f <= e && f + 1 >= e, "{mask:?}: {f} vs {e}"),
                (e, f) => assert_eq!(e.is_some(), f.is_some(), "{mask:?}"),
            }
        }
    }
}
