//! Networks: a shuffle wider than a register whose mask permutes the bits of the element
//! index, rebuilt as stages of register-wide shuffles (seed 004).
//!
//! A transpose of 2^a x 2^b elements, a 2^k-way interleave or deinterleave of registers:
//! each moves the element at index `i` to the index whose bits are the bits of `i` in
//! another order (a transpose swaps the row bits with the column bits, an interleave
//! rotates them). The backend splits a wide shuffle into registers and builds each
//! output register from any input register it reads, element by element when more than
//! two: an 8x8 f32 transpose written as one `<64 x float>` shuffle is about 100
//! instructions on x86-64-v3 where three stages of eight `unpck`/`shufps`/`vperm2f128`
//! do.
//!
//! Element `i` sits in register `i >> l`, lane `i & (2^l - 1)` (`2^l` lanes a register):
//! the low `l` bits of an index are *lane positions*, the others *register positions*.
//! A layout says which bit of the source index is at each position. A **stage** takes
//! every register to a new one built from at most two (one shuffle each): it brings one
//! bit from a register position into the lanes, sends one lane bit to that register
//! position, and puts the lane bits in any order. Register positions may be in any order
//! (naming registers costs nothing), so the search state is the tuple of lane bits.
//! [`plan`] finds the cheapest sequence of stages from the source's layout to the one
//! the mask asks for (Dijkstra over lane tuples; a stage's cost is the sum of its
//! shuffles' costs from the target), and [`run`] evaluates a network on tagged lanes,
//! which `plan` checks against the mask before it returns.
//!
//! ```text
//! %t = shufflevector <64 x float> %m, poison, <0,8,16,..,56, 1,9,..>   ; 8x8 transpose
//! =>  (x86-64-v3: 8 registers of 8 lanes, three stages)
//! unpcklps/unpckhps (8), shufps (8), vperm2f128 (8), then the 8 results concatenated
//! ```

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::{Mutex, OnceLock};

/// One register of a stage: `shufflevector first, second, mask` over the previous
/// registers (`second` `None`: one source).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegisterShuffle {
    pub first: usize,
    pub second: Option<usize>,
    pub mask: Vec<i32>,
}

/// Stages of register shuffles from `inputs` registers of `lanes` lanes; the result's
/// register `k` is register `outputs[k]` of the last stage. With `loads_first`, the
/// first stage puts whole halves of registers side by side ([`halves`]): loaded
/// inputs then load it half by half (see [`plan`]). With `deinterleave` N above one,
/// the inputs are loaded N registers at a time deinterleaved ([`deinterleaved`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub lanes: usize,
    pub inputs: usize,
    pub stages: Vec<Vec<RegisterShuffle>>,
    pub outputs: Vec<usize>,
    pub loads_first: bool,
    pub deinterleave: usize,
    /// Stages whose registers pass through `llvm.arithmetic.fence` before the next
    /// reads them, so that the backend does not merge the two stages' shuffles back
    /// into one ([`with_blends`]).
    pub fenced: Vec<usize>,
}

impl Network {
    /// Register shuffles in all (a register passed on as it is, no instruction, aside).
    pub fn shuffles(&self) -> usize {
        let passed_on = |s: &&RegisterShuffle| {
            s.second.is_none() && s.mask.iter().enumerate().all(|(i, &m)| m == i as i32)
        };
        let all: usize = self.stages.iter().map(Vec::len).sum();
        all - self.stages.iter().flatten().filter(passed_on).count()
    }
}

/// The index-bit permutation `mask` performs, if it is one: bit `p` of an output index
/// is bit `sigma[p]` of the source index it reads. Poison lanes fit any; a mask of
/// poison only, or of a length that is not a power of two, is none.
pub fn bit_permutation(mask: &[i32]) -> Option<Vec<usize>> {
    let len = mask.len();
    if len < 2 || !len.is_power_of_two() {
        return None;
    }
    let n = len.trailing_zeros() as usize;
    let defined: Vec<(usize, usize)> = mask
        .iter()
        .enumerate()
        .filter(|(_, &m)| m >= 0)
        .map(|(j, &m)| (j, m as usize))
        .collect();
    if defined.is_empty() || defined.iter().any(|&(_, m)| m >= len) {
        return None;
    }
    // fits[p][b]: bit p of every defined output index equals bit b of what it reads.
    let fits: Vec<Vec<bool>> = (0..n)
        .map(|p| {
            (0..n)
                .map(|b| defined.iter().all(|&(j, m)| (j >> p) & 1 == (m >> b) & 1))
                .collect()
        })
        .collect();
    let mut sigma = vec![usize::MAX; n];
    let mut used = vec![false; n];
    assign(&fits, 0, &mut sigma, &mut used).then_some(sigma)
}

/// Backtracking: positions `p..` get distinct bits that fit.
fn assign(fits: &[Vec<bool>], p: usize, sigma: &mut [usize], used: &mut [bool]) -> bool {
    if p == fits.len() {
        return true;
    }
    for b in 0..fits.len() {
        if fits[p][b] && !used[b] {
            used[b] = true;
            sigma[p] = b;
            if assign(fits, p + 1, sigma, used) {
                return true;
            }
            used[b] = false;
        }
    }
    false
}

/// Lane tuples longer than this get stages that insert the incoming bit among the
/// others kept in order (every `unpck`, `zip`, `shufps`, lane-exchange shape) rather
/// than every order of the lane bits.
const ALL_ORDERS_UP_TO: usize = 3;

/// Up to 256 elements: the search grows with the lane tuples (about 3 ms for 64
/// elements in 8 lanes; a 256-byte transpose in 32-lane registers, with the A* bound,
/// 35-50 ms a network on x86-64-v3 with its measurements).
const MAX_INDEX_BITS: usize = 8;

/// Stages beyond the fewest that can work, in the search.
const EXTRA_STAGES: usize = 2;

/// The search's costs are instructions times this, less one for each register of a
/// first stage loaded half by half (more registers than this never are: 256 elements
/// of 2 lanes at most): among networks of as many instructions, fewer shuffles.
const SCALE: u32 = 256;

/// The register shuffle's mask as halves put side by side: for each half of the
/// result, the register it reads (0 the first, 1 the second) and which half of it,
/// whole and in order; `None` for any other mask (or an odd number of lanes).
pub fn halves(mask: &[i32], lanes: usize) -> Option<[(usize, usize); 2]> {
    let half = lanes / 2;
    if lanes < 2 || lanes % 2 != 0 || mask.len() != lanes {
        return None;
    }
    let read = |j: usize| -> Option<(usize, usize)> {
        let first = usize::try_from(mask[j * half]).ok()?;
        let whole = (0..half).all(|t| mask[j * half + t] == (first + t) as i32);
        (whole && first % half == 0 && first < 2 * lanes)
            .then_some((first / lanes, first % lanes / half))
    };
    Some([read(0)?, read(1)?])
}

/// The cheapest network for `mask` (a bit permutation of `2^n` elements, see
/// [`bit_permutation`]) on registers of `lanes` lanes, and its cost; `cost` prices one
/// register shuffle (mask over `lanes` lanes, or `2 * lanes` with two sources; `None`:
/// the target cannot). `None` when the mask is no bit permutation (of at most 256
/// elements), fits in one register,
/// needs no lane to cross registers, or no network is found.
///
/// `floor` is what no register shuffle costs less than (0 if unknown): the search is
/// A* with, as the estimate of what remains, a stage for each bit still to bring into
/// the lanes (a stage brings one) at `floor` a register; the cheapest network is found
/// all the same, exploring far fewer layouts (a 128-byte four-plane deinterleave: about
/// 20 ms a plan without it).
/// The layouts and stages it walks are made once per process for each number of index
/// and lane bits ([`Graph`]; but for the largest, see [`MAX_KEPT_EDGES`]); a search
/// then only prices stage shapes and walks.
///
/// With `loads_first` (the source is in memory, and the target loads a register's
/// halves with as many instructions as a register and a shuffle of two: x86's
/// `vinsertf128` from memory), a first stage that puts whole halves side by side is
/// preferred among networks of as many instructions: its shuffles become loads, which
/// leave the shuffle port to the other stages (x86-64-v3, four-plane f32
/// deinterleave: 12 shuffles a loop iteration -> 8).
pub fn plan(
    mask: &[i32],
    lanes: usize,
    floor: u32,
    loads_first: bool,
    cost: &mut dyn FnMut(&[i32], bool) -> Option<u32>,
) -> Option<(Network, u32)> {
    let sigma = bit_permutation(mask)?;
    let n = sigma.len();
    if !lanes.is_power_of_two() || lanes < 2 || lanes >= mask.len() || n > MAX_INDEX_BITS {
        return None;
    }
    let l = lanes.trailing_zeros() as usize;
    let goal: Vec<usize> = sigma[..l].to_vec();
    let needed = goal.iter().filter(|&&b| b >= l).count();
    if needed == 0 {
        return None;
    }
    let max_stages = needed + EXTRA_STAGES;
    let mut costs: HashMap<(Vec<i32>, bool), Option<u32>> = HashMap::new();
    let mut price = |shuffles: &[(Vec<i32>, bool)]| -> Option<u32> {
        let mut total = 0u32;
        for (mask, two) in shuffles {
            let c = *costs
                .entry((mask.clone(), *two))
                .or_insert_with(|| cost(mask, *two));
            total = total.checked_add(c?)?;
        }
        Some(total)
    };
    let mut graph = take_graph(n, l);
    // Per stage shape (the graph's numbering), its price: a stage's shuffles depend on
    // where its lane bits were, not on which bits they are (the same masks, maybe for
    // other registers: their sum is the same).
    let mut stage_costs: Vec<Option<Option<u32>>> = Vec::new();
    // At least one stage per goal bit outside the lanes, one if the lanes hold the goal
    // bits out of order; every stage writes every register.
    let registers = (mask.len() / lanes) as u32;
    let per_stage = floor.saturating_mul(registers).saturating_mul(SCALE);
    // What a first stage loaded half by half may take off.
    let discount = if loads_first { registers } else { 0 };
    let estimate = |at: &[usize]| -> u32 {
        let missing = goal.iter().filter(|b| !at[..l].contains(b)).count();
        let stages = if missing == 0 && at[..l] != goal[..] {
            1
        } else {
            missing
        };
        per_stage
            .saturating_mul(stages as u32)
            .saturating_sub(discount)
    };
    // Dijkstra over layouts (register positions sorted: their order is free), by
    // (cost, stages), ties to the layout first in order; each state remembers how it
    // was reached (the state before, the layout as reached, the stage's shape).
    let mut best: FastMap<(u32, usize)> = FastMap::default();
    let mut came_from: FastMap<(u32, u32, u32)> = FastMap::default();
    let mut heap = BinaryHeap::new();
    best.insert(START, (0, 0));
    heap.push(Reverse((
        estimate(&graph.layouts[0]),
        0u32,
        0usize,
        graph.order[0],
        START,
    )));
    let mut reached = None;
    while let Some(Reverse((_, c, depth, _, id))) = heap.pop() {
        if best.get(&id).is_some_and(|&b| b < (c, depth)) {
            continue;
        }
        if graph.layouts[id as usize][..l] == goal[..] {
            reached = Some(id);
            break;
        }
        if depth == max_stages {
            continue;
        }
        for e in 0..graph.edges(id).len() {
            let edge = graph.edges(id)[e];
            let shape = edge.shape as usize;
            if stage_costs.len() <= shape {
                stage_costs.resize(shape + 1, None);
            }
            let priced = *stage_costs[shape].get_or_insert_with(|| price(&graph.shapes[shape]));
            let Some(stage_cost) = priced else {
                continue;
            };
            let loaded = depth == 0 && loads_first && edge.halves;
            let stage_cost =
                stage_cost
                    .saturating_mul(SCALE)
                    .saturating_sub(if loaded { discount } else { 0 });
            let entry = (c.saturating_add(stage_cost), depth + 1);
            if best.get(&edge.to).map_or(true, |&b| entry < b) {
                best.insert(edge.to, entry);
                came_from.insert(edge.to, (id, edge.next, edge.shape));
                let to = edge.to as usize;
                let priority = entry.0.saturating_add(estimate(&graph.layouts[to]));
                heap.push(Reverse((
                    priority,
                    entry.0,
                    entry.1,
                    graph.order[to],
                    edge.to,
                )));
            }
        }
    }
    // The path back, then the stages rebuilt on the layouts as reached (before their
    // register positions were sorted, which renames registers).
    let found = reached.and_then(|goal_id| {
        let mut path = Vec::new();
        let mut total = 0u32;
        let mut at = goal_id;
        while at != START {
            let &(prev, next, shape) = came_from.get(&at)?;
            // Instructions, without the tie-break.
            total = total.checked_add(stage_costs[shape as usize].flatten()?)?;
            path.push((graph.layouts[prev as usize].clone(), unpack(next, n)));
            at = prev;
        }
        path.reverse();
        Some((path, total))
    });
    put_graph(n, l, graph);
    let (path, total) = found?;
    let start: Vec<usize> = (0..n).collect();
    let loads_first = loads_first
        && path
            .first()
            .is_some_and(|(prev, next)| halves_stage(prev, next, l));
    let mut stages = Vec::new();
    let mut layout = start;
    for (prev, next) in path {
        // `prev` is canonical; the layout in hand is the same up to register order.
        let renamed = rename_registers(&layout, &prev, l);
        let mut shuffles = stage(&prev, &next, l);
        for s in &mut shuffles {
            s.first = renamed[s.first];
            s.second = s.second.map(|r| renamed[r]);
        }
        stages.push(shuffles);
        layout = next;
    }
    let outputs = output_registers(&layout, &sigma, l);
    let network = Network {
        lanes,
        inputs: mask.len() / lanes,
        stages,
        outputs,
        loads_first,
        deinterleave: 1,
        fenced: Vec::new(),
    };
    computes(&network, mask).then_some((network, total))
}

/// A graph with more stages than this (16 bytes each) is not kept past its search: of
/// the shapes up to 256 elements, only 64-lane registers (8 index bits, 6 lane bits:
/// 20,160 layouts of 72 stages each) may grow past it.
const MAX_KEPT_EDGES: usize = 1 << 20;

/// The graph of `n` index bits and `l` lane bits, taken from those kept (or new): no
/// lock is held while a search asks for prices, and searches on other threads go on.
fn take_graph(n: usize, l: usize) -> Graph {
    let graphs = GRAPHS.get_or_init(Default::default);
    let taken = graphs
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .remove(&(n, l));
    taken.unwrap_or_else(|| Graph::new(n, l))
}

/// `graph` kept for the next search of its shape, unless it grew large.
fn put_graph(n: usize, l: usize, graph: Graph) {
    if graph.edge_count <= MAX_KEPT_EDGES {
        let graphs = GRAPHS.get_or_init(Default::default);
        graphs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert((n, l), graph);
    }
}

/// The state of the source's own layout (`0..n`), first in every graph.
const START: u32 = 0;

/// The search graphs by (index bits, lane bits), filled in as searches reach their
/// layouts: the next search of that shape (the next round of prices, the next shuffle)
/// finds them made. A search takes its graph out and puts it back ([`take_graph`]).
static GRAPHS: OnceLock<Mutex<HashMap<(usize, usize), Graph>>> = OnceLock::new();

/// The layouts the searches over `n` index bits with `l` lane bits reached, and the
/// stages between them, numbered. A search spent most of its time making successors,
/// stage shapes and keys, the same in each of the rounds [`plan`] runs for one shuffle
/// (`pass::network`: about a millisecond a round for a 64-byte four-way interleave in
/// 32-lane registers); only the prices differ between searches.
struct Graph {
    l: usize,
    /// Canonical layouts (register positions sorted), by state.
    layouts: Vec<Vec<usize>>,
    /// Each state's place in the order of layouts: the search's tie-break.
    order: Vec<u32>,
    /// States by packed layout.
    ids: FastMap<u32>,
    /// Each state's stages once expanded, in the order of [`successors`].
    edges: Vec<Option<Vec<Edge>>>,
    /// Stages made, in all.
    edge_count: usize,
    /// The register shuffles (mask, two sources) of each stage shape, by shape.
    shapes: Vec<Vec<(Vec<i32>, bool)>>,
    /// Shapes by packed [`stage_shape`].
    shape_ids: FastMap<u32>,
}

/// A stage from one state: the state it reaches, its layout as reached (packed, before
/// its register positions are sorted), its shape, and whether it only puts halves side
/// by side ([`halves_stage`]).
#[derive(Clone, Copy)]
struct Edge {
    to: u32,
    next: u32,
    shape: u32,
    halves: bool,
}

impl Graph {
    fn new(n: usize, l: usize) -> Graph {
        let mut graph = Graph {
            l,
            layouts: Vec::new(),
            order: Vec::new(),
            ids: FastMap::default(),
            edges: Vec::new(),
            edge_count: 0,
            shapes: Vec::new(),
            shape_ids: FastMap::default(),
        };
        graph.state((0..n).collect());
        graph
    }

    /// The state of canonical `layout`, numbered when first seen.
    fn state(&mut self, layout: Vec<usize>) -> u32 {
        let key = pack(&layout);
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.layouts.len() as u32;
        // Entry 0 highest: numbers in the order of the layouts.
        self.order
            .push(layout.iter().fold(0, |acc, &x| acc << 3 | x as u32));
        self.layouts.push(layout);
        self.edges.push(None);
        self.ids.insert(key, id);
        id
    }

    /// The stages from state `id`, made the first time.
    fn edges(&mut self, id: u32) -> &[Edge] {
        let l = self.l;
        if self.edges[id as usize].is_none() {
            let at = self.layouts[id as usize].clone();
            let mut out = Vec::new();
            for next in successors(&at, l) {
                let packed_shape = pack(&stage_shape(&at, &next, l));
                let shape = match self.shape_ids.get(&packed_shape) {
                    Some(&s) => s,
                    None => {
                        let s = self.shapes.len() as u32;
                        let shuffles = stage(&at, &next, l)
                            .into_iter()
                            .map(|r| (r.mask, r.second.is_some()))
                            .collect();
                        self.shapes.push(shuffles);
                        self.shape_ids.insert(packed_shape, s);
                        s
                    }
                };
                let halves = halves_stage(&at, &next, l);
                let packed_next = pack(&next);
                let mut key = next;
                key[l..].sort_unstable();
                out.push(Edge {
                    to: self.state(key),
                    next: packed_next,
                    shape,
                    halves,
                });
            }
            self.edge_count += out.len();
            self.edges[id as usize] = Some(out);
        }
        self.edges[id as usize].as_deref().unwrap_or_default()
    }
}

/// Whether the stage from `at` to `next` only brings a register bit into the top lane
/// position: each register is halves of (at most) two, whole and in order.
fn halves_stage(at: &[usize], next: &[usize], l: usize) -> bool {
    l >= 1 && at[..l - 1] == next[..l - 1] && at[l..].contains(&next[l - 1])
}

/// Every register shuffle a stage of [`plan`] may use on `2^n` elements in registers of
/// `lanes` lanes, each once, with whether it reads two registers: the masks to price
/// before planning (a stage's shuffles depend on its shape only, and every shape is
/// one step from the source's layout).
pub fn register_masks(n: usize, lanes: usize) -> Vec<(Vec<i32>, bool)> {
    if !lanes.is_power_of_two() || lanes < 2 || (1usize << n) <= lanes {
        return Vec::new();
    }
    // The same few shapes come back in every function: worked out once per process.
    type Known = HashMap<(usize, usize), Vec<(Vec<i32>, bool)>>;
    static KNOWN: OnceLock<Mutex<Known>> = OnceLock::new();
    let known = KNOWN.get_or_init(Default::default);
    if let Some(masks) = known.lock().ok().and_then(|k| k.get(&(n, lanes)).cloned()) {
        return masks;
    }
    let masks = all_register_masks(n, lanes);
    if let Ok(mut k) = known.lock() {
        k.insert((n, lanes), masks.clone());
    }
    masks
}

/// [`register_masks`], worked out.
fn all_register_masks(n: usize, lanes: usize) -> Vec<(Vec<i32>, bool)> {
    let l = lanes.trailing_zeros() as usize;
    let start: Vec<usize> = (0..n).collect();
    let mut out: Vec<(Vec<i32>, bool)> = Vec::new();
    for next in successors(&start, l) {
        for s in stage(&start, &next, l) {
            let entry = (s.mask, s.second.is_some());
            if !out.contains(&entry) {
                out.push(entry);
            }
        }
    }
    out
}

/// A layout or stage shape (at most [`MAX_INDEX_BITS`] entries below 8) as one number:
/// the search's keys.
fn pack(v: &[usize]) -> u32 {
    // Three bits an entry: indices below 8, at most 8 entries (24 bits).
    const _: () = assert!(MAX_INDEX_BITS <= 8);
    v.iter().rev().fold(0, |acc, &x| acc << 3 | x as u32)
}

/// [`pack`] undone, for `n` entries.
fn unpack(v: u32, n: usize) -> Vec<usize> {
    (0..n).map(|i| (v >> (3 * i) & 7) as usize).collect()
}

/// A map keyed by [`pack`]ed layouts.
type FastMap<V> = super::fast_hash::FastMap<u32, V>;

/// The layouts one stage reaches from `at`: one register bit into the lanes in place of
/// one lane bit (which takes its register position), lane bits in any order (or the
/// incoming bit inserted among the others in order, for long tuples); and, for short
/// tuples, the lane bits reordered alone.
fn successors(at: &[usize], l: usize) -> Vec<Vec<usize>> {
    let n = at.len();
    let mut out = Vec::new();
    let lanes = &at[..l];
    for k in 0..l {
        for m in l..n {
            let kept: Vec<usize> = lanes
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .map(|(_, &b)| b)
                .collect();
            let orders: Vec<Vec<usize>> = if l <= ALL_ORDERS_UP_TO {
                let mut all = kept.clone();
                all.push(at[m]);
                permutations(&all)
            } else {
                (0..l)
                    .map(|t| {
                        let mut v = kept.clone();
                        v.insert(t, at[m]);
                        v
                    })
                    .collect()
            };
            for order in orders {
                let mut next = at.to_vec();
                next[..l].copy_from_slice(&order);
                next[m] = at[k];
                out.push(next);
            }
        }
    }
    if l <= ALL_ORDERS_UP_TO {
        for order in permutations(lanes) {
            if order != lanes {
                let mut next = at.to_vec();
                next[..l].copy_from_slice(&order);
                out.push(next);
            }
        }
    }
    out
}

/// Every order of `items` (at most `ALL_ORDERS_UP_TO + 1`), from the orders of their
/// indices, worked out once.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    static ORDERS: OnceLock<Vec<Vec<Vec<usize>>>> = OnceLock::new();
    let orders = ORDERS.get_or_init(|| (0..=ALL_ORDERS_UP_TO + 1).map(index_orders).collect());
    match orders.get(items.len()) {
        Some(orders) => orders
            .iter()
            .map(|order| order.iter().map(|&i| items[i]).collect())
            .collect(),
        None => index_orders(items.len())
            .iter()
            .map(|order| order.iter().map(|&i| items[i]).collect())
            .collect(),
    }
}

/// Every order of `0..k`, in lexicographic order.
fn index_orders(k: usize) -> Vec<Vec<usize>> {
    if k <= 1 {
        return vec![(0..k).collect()];
    }
    let mut out = Vec::new();
    for first in 0..k {
        for rest in index_orders(k - 1) {
            let mut p = vec![first];
            p.extend(rest.into_iter().map(|i| if i >= first { i + 1 } else { i }));
            out.push(p);
        }
    }
    out
}

/// What a stage's shuffles depend on: for each lane position after it, the position
/// its bit had before (any register position counts as one), and the lane position
/// whose bit leaves (`l` if none).
fn stage_shape(from: &[usize], to: &[usize], l: usize) -> Vec<usize> {
    let mut shape: Vec<usize> = to[..l]
        .iter()
        .map(|b| from.iter().position(|x| x == b).map_or(l, |p| p.min(l)))
        .collect();
    let leaving = (0..l).find(|&p| !to[..l].contains(&from[p])).unwrap_or(l);
    shape.push(leaving);
    shape
}

/// Where the element at location `loc` under layout `from` is under layout `to`.
fn relocate(loc: usize, from: &[usize], to: &[usize]) -> usize {
    let mut bits = [0usize; usize::BITS as usize];
    for (p, &b) in from.iter().enumerate() {
        bits[b] = (loc >> p) & 1;
    }
    to.iter().enumerate().map(|(p, &b)| bits[b] << p).sum()
}

/// The register shuffles that take layout `from` to layout `to` (registers numbered by
/// their register positions): each new register from the one or two it reads.
fn stage(from: &[usize], to: &[usize], l: usize) -> Vec<RegisterShuffle> {
    let lanes = 1usize << l;
    let registers = 1usize << (from.len() - l);
    (0..registers)
        .map(|r| {
            let reads: Vec<(usize, usize)> = (0..lanes)
                .map(|q| {
                    let old = relocate((r << l) | q, to, from);
                    (old >> l, old & (lanes - 1))
                })
                .collect();
            let mut sources: Vec<usize> = reads.iter().map(|&(reg, _)| reg).collect();
            sources.sort_unstable();
            sources.dedup();
            let mask = reads
                .iter()
                .map(|&(reg, lane)| {
                    let side = sources.iter().position(|&s| s == reg).unwrap_or(0);
                    (side * lanes + lane) as i32
                })
                .collect();
            RegisterShuffle {
                first: sources[0],
                second: sources.get(1).copied(),
                mask,
            }
        })
        .collect()
}

/// For layouts equal up to the order of register positions, the register of `actual`
/// that each register of `canonical` is.
fn rename_registers(actual: &[usize], canonical: &[usize], l: usize) -> Vec<usize> {
    let registers = 1usize << (actual.len() - l);
    (0..registers)
        .map(|r| relocate(r << l, canonical, actual) >> l)
        .collect()
}

/// The register of the final layout `at` that holds each register of the result.
fn output_registers(at: &[usize], sigma: &[usize], l: usize) -> Vec<usize> {
    let registers = 1usize << (at.len() - l);
    (0..registers)
        .map(|k| {
            // Output index j = k << l reads source index i with bit sigma[p] = bit p of j.
            let j = k << l;
            let i: usize = sigma
                .iter()
                .enumerate()
                .map(|(p, &b)| ((j >> p) & 1) << b)
                .sum();
            relocate(i, &(0..at.len()).collect::<Vec<_>>(), at) >> l
        })
        .collect()
}

/// Where each element of a source of `len` elements sits once loaded `factor` registers
/// of `lanes` lanes at a time deinterleaved (AArch64 `ld2`/`ld4`: register `g·N + j`,
/// lane `q` holds element `g·N·L + N·q + j`): `at[i]` is element `i`'s index among the
/// registers side by side. `None` where the registers do not group by `factor`.
pub fn deinterleave_positions(len: usize, lanes: usize, factor: usize) -> Option<Vec<usize>> {
    if factor < 2 || lanes == 0 || len % (factor * lanes) != 0 {
        return None;
    }
    let group = factor * lanes;
    Some(
        (0..len)
            .map(|i| {
                let (g, within) = (i / group, i % group);
                let (q, j) = (within / factor, within % factor);
                (g * factor + j) * lanes + q
            })
            .collect(),
    )
}

/// `mask` as a mask over the registers a deinterleaving load of its source produces
/// ([`deinterleave_positions`]): what is left to do once the load has deinterleaved.
pub fn deinterleaved(mask: &[i32], lanes: usize, factor: usize) -> Option<Vec<i32>> {
    let at = deinterleave_positions(mask.len(), lanes, factor)?;
    mask.iter()
        .map(|&m| match m {
            m if m < 0 => Some(-1),
            m => at.get(m as usize).map(|&p| p as i32),
        })
        .collect()
}

/// The cheapest network for `mask` from registers loaded `factor` at a time
/// deinterleaved (see [`plan`] for `floor` and `cost`): none where the load leaves every
/// result register a whole loaded register, one stage of in-register shuffles where
/// their lanes are only out of order, else the stages [`plan`] finds for what is left.
pub fn plan_deinterleaved(
    mask: &[i32],
    lanes: usize,
    factor: usize,
    floor: u32,
    cost: &mut dyn FnMut(&[i32], bool) -> Option<u32>,
) -> Option<(Network, u32)> {
    let left = deinterleaved(mask, lanes, factor)?;
    let registers = mask.len() / lanes;
    // Each result register from one loaded register: which, and its lanes' order.
    let single: Option<Vec<(usize, Vec<i32>)>> = left
        .chunks(lanes)
        .map(|out| {
            let from = out.iter().find(|&&m| m >= 0).map(|&m| m as usize / lanes)?;
            out.iter()
                .all(|&m| m < 0 || m as usize / lanes == from)
                .then(|| {
                    (
                        from,
                        out.iter().map(|&m| m.max(-1) % lanes as i32).collect(),
                    )
                })
        })
        .collect();
    let (mut network, total) = match single {
        Some(single) => {
            let in_order = single
                .iter()
                .all(|(_, m)| m.iter().enumerate().all(|(q, &x)| x < 0 || x as usize == q));
            let (stages, total) = match in_order {
                true => (Vec::new(), 0),
                false => {
                    let mut total = 0u32;
                    let mut stage = Vec::new();
                    for (from, m) in &single {
                        total = total.checked_add(cost(m, false)?)?;
                        stage.push(RegisterShuffle {
                            first: *from,
                            second: None,
                            mask: m.clone(),
                        });
                    }
                    (vec![stage], total)
                }
            };
            let outputs = match in_order {
                true => single.iter().map(|(from, _)| *from).collect(),
                false => (0..registers).collect(),
            };
            let network = Network {
                lanes,
                inputs: registers,
                stages,
                outputs,
                loads_first: false,
                deinterleave: factor,
                fenced: Vec::new(),
            };
            (network, total)
        }
        None => plan(&left, lanes, floor, false, cost)?,
    };
    network.deinterleave = factor;
    // Checked whole, the load included.
    computes(&network, mask).then_some((network, total))
}

/// `network` with each pair of a stage's registers that read the same two registers,
/// one keeping lanes of one in place and the other of the other, rebuilt as one
/// shuffle of the two and two blends with it (x86: one `vshufps` and two `vblendps`
/// where there were two `vshufps`; a blend runs on three ports, a shuffle on one):
///
/// ```text
/// x = <a0 a1 b0 b1>, y = <a2 a3 b2 b3>
/// =>  v = <a2 a3 b0 b1> (one shuffle), x = blend(a, v) <a0 a1 v2 v3>, y = blend(v, b) <v0 v1 b2 b3>
/// ```
///
/// Each such stage becomes two: the first passes every register on (identity masks,
/// no instruction) with the pairs' shuffles after them, fenced; the second blends. `one`
/// says whether a shuffle of two registers is one instruction. `None` where no stage
/// has such a pair (a first stage loaded half by half stays as it is).
pub fn with_blends(network: &Network, one: &mut dyn FnMut(&[i32]) -> bool) -> Option<Network> {
    if network.deinterleave > 1 {
        return None;
    }
    let w = network.lanes;
    let identity: Vec<i32> = (0..w as i32).collect();
    let mut stages: Vec<Vec<RegisterShuffle>> = Vec::new();
    // The stages fenced, renumbered as stages are added.
    let mut fenced = Vec::new();
    let mut any = false;
    let mut previous = network.inputs;
    for (k, stage) in network.stages.iter().enumerate() {
        let loaded = k == 0 && network.loads_first;
        let pairs = if loaded {
            Vec::new()
        } else {
            blend_pairs(stage, w, one)
        };
        if pairs.is_empty() {
            if network.fenced.contains(&k) {
                fenced.push(stages.len());
            }
            stages.push(stage.clone());
            previous = stage.len();
            continue;
        }
        any = true;
        // Every register passed on, then one shuffle per pair.
        let mut pass: Vec<RegisterShuffle> = (0..previous)
            .map(|r| RegisterShuffle {
                first: r,
                second: None,
                mask: identity.clone(),
            })
            .collect();
        let mut blended = stage.clone();
        for p in &pairs {
            let v = pass.len();
            pass.push(p.shuffle.clone());
            for (at, (keep, mask)) in p.blends.iter().enumerate() {
                let (first, second) = if p.shuffle_first[at] {
                    (v, *keep)
                } else {
                    (*keep, v)
                };
                blended[p.registers[at]] = RegisterShuffle {
                    first,
                    second: Some(second),
                    mask: mask.clone(),
                };
            }
        }
        fenced.push(stages.len());
        stages.push(pass);
        if network.fenced.contains(&k) {
            fenced.push(stages.len());
        }
        stages.push(blended);
        previous = stage.len();
    }
    let blended = Network {
        stages,
        fenced,
        ..network.clone()
    };
    // The same lanes as the network it came from (a shuffle's lanes that neither blend
    // reads are poison, and no stage reads them).
    let tags: Vec<usize> = (0..network.inputs * w).collect();
    (any && run(&blended, &tags) == run(network, &tags)).then_some(blended)
}

/// Two registers of a stage as one shuffle and two blends ([`with_blends`]).
struct BlendPair {
    /// The two registers of the stage.
    registers: [usize; 2],
    /// The shuffle both blend with (of the previous stage's registers).
    shuffle: RegisterShuffle,
    /// Per register: the register whose lanes it keeps in place, and the blend's mask.
    blends: [(usize, Vec<i32>); 2],
    /// Per register: whether the shuffle is the blend's first operand.
    shuffle_first: [bool; 2],
}

/// The pairs of `stage` that one shuffle and two blends can make.
fn blend_pairs(
    stage: &[RegisterShuffle],
    w: usize,
    one: &mut dyn FnMut(&[i32]) -> bool,
) -> Vec<BlendPair> {
    // Where each lane of a register comes from: (previous register, lane).
    let sources = |s: &RegisterShuffle| -> Vec<Option<(usize, usize)>> {
        s.mask
            .iter()
            .map(|&m| match (m, s.second) {
                (m, _) if m < 0 => None,
                (m, _) if (m as usize) < w => Some((s.first, m as usize)),
                (m, Some(b)) => Some((b, m as usize - w)),
                (m, None) => Some((s.first, m as usize % w)),
            })
            .collect()
    };
    let mut out = Vec::new();
    let mut taken = vec![false; stage.len()];
    for i in 0..stage.len() {
        let Some(b) = stage[i].second.filter(|&b| b != stage[i].first) else {
            continue;
        };
        let a = stage[i].first;
        let partner = (i + 1..stage.len()).find(|&j| {
            !taken[j] && {
                let s = &stage[j];
                (s.first, s.second) == (a, Some(b)) || (s.first, s.second) == (b, Some(a))
            }
        });
        let (Some(j), false) = (partner, taken[i]) else {
            continue;
        };
        let (x, y) = (sources(&stage[i]), sources(&stage[j]));
        // x keeps lanes of `keep_x` in place, y of the other; both take the rest from v.
        for (keep_x, keep_y) in [(a, b), (b, a)] {
            let mut v: Vec<Option<(usize, usize)>> = vec![None; w];
            let mut fits = true;
            for (lanes, keep) in [(&x, keep_x), (&y, keep_y)] {
                for (l, src) in lanes.iter().enumerate() {
                    match *src {
                        None => {}
                        Some(s) if s == (keep, l) => {}
                        Some(s) => match v[l] {
                            Some(t) if t != s => fits = false,
                            _ => v[l] = Some(s),
                        },
                    }
                }
            }
            let mask: Vec<i32> = v
                .iter()
                .map(|s| match *s {
                    None => -1,
                    Some((r, l)) if r == a => l as i32,
                    Some((_, l)) => (w + l) as i32,
                })
                .collect();
            if !fits || !one(&mask) {
                continue;
            }
            // The blend of each: its kept register's lane in place, else v's.
            let blend = |lanes: &[Option<(usize, usize)>], keep: usize, shuffle_first: bool| {
                lanes
                    .iter()
                    .enumerate()
                    .map(|(l, src)| match *src {
                        None => -1,
                        Some(s) if s == (keep, l) => (l + if shuffle_first { w } else { 0 }) as i32,
                        Some(_) => (l + if shuffle_first { 0 } else { w }) as i32,
                    })
                    .collect::<Vec<i32>>()
            };
            out.push(BlendPair {
                registers: [i, j],
                shuffle: RegisterShuffle {
                    first: a,
                    second: Some(b),
                    mask,
                },
                blends: [
                    (keep_x, blend(&x, keep_x, false)),
                    (keep_y, blend(&y, keep_y, true)),
                ],
                shuffle_first: [false, true],
            });
            taken[i] = true;
            taken[j] = true;
            break;
        }
    }
    out
}

/// Whether `network` computes `mask` (every lane it defines), checked by running it.
fn computes(network: &Network, mask: &[i32]) -> bool {
    let out = run(network, &(0..mask.len()).collect::<Vec<_>>());
    mask.iter()
        .zip(&out)
        .all(|(&m, &got)| m < 0 || m as usize == got)
}

/// Runs `network` on `source` (its elements in index order): the result in index order.
pub fn run<T: Copy>(network: &Network, source: &[T]) -> Vec<T> {
    let w = network.lanes;
    let loaded: Vec<T> = match deinterleave_positions(source.len(), w, network.deinterleave) {
        Some(at) => {
            let mut out = source.to_vec();
            for (i, &x) in source.iter().enumerate() {
                out[at[i]] = x;
            }
            out
        }
        None => source.to_vec(),
    };
    let mut registers: Vec<Vec<T>> = loaded.chunks(w).map(<[T]>::to_vec).collect();
    for stage in &network.stages {
        registers = stage
            .iter()
            .map(|s| {
                s.mask
                    .iter()
                    .map(|&m| {
                        // A poison lane (a shuffle's lane no later stage reads): any.
                        let m = usize::try_from(m).unwrap_or(0);
                        match (m < w, s.second) {
                            (true, _) => registers[s.first][m],
                            (false, Some(b)) => registers[b][m - w],
                            (false, None) => registers[s.first][m % w],
                        }
                    })
                    .collect()
            })
            .collect();
    }
    network
        .outputs
        .iter()
        .flat_map(|&r| registers[r].iter().copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transpose(rows: usize, cols: usize) -> Vec<i32> {
        (0..rows * cols)
            .map(|j| ((j % rows) * cols + j / rows) as i32)
            .collect()
    }

    /// Interleave of `k` registers of `w` lanes: output j reads register j % k, lane j / k.
    fn interleave(k: usize, w: usize) -> Vec<i32> {
        (0..k * w).map(|j| ((j % k) * w + j / k) as i32).collect()
    }

    /// Every shuffle costs 1: the network has the fewest stages.
    fn unit(_: &[i32], _: bool) -> Option<u32> {
        Some(1)
    }

    /// The mask of the bit permutation `sigma` (output bit `p` is source bit `sigma[p]`).
    fn bit_mask(sigma: &[usize]) -> Vec<i32> {
        (0..1usize << sigma.len())
            .map(|j| {
                sigma
                    .iter()
                    .enumerate()
                    .map(|(p, &b)| ((j >> p) & 1) << b)
                    .sum::<usize>() as i32
            })
            .collect()
    }

    #[test]
    fn transposes_and_interleaves_are_bit_permutations() {
        assert_eq!(
            bit_permutation(&transpose(8, 8)),
            Some(vec![3, 4, 5, 0, 1, 2])
        );
        assert_eq!(
            bit_permutation(&interleave(4, 8)),
            Some(vec![3, 4, 0, 1, 2])
        );
        assert_eq!(bit_permutation(&[0, 1, 3, 2]), None);
        assert_eq!(bit_permutation(&[-1, -1]), None);
        // Poison lanes fit whatever the others say.
        assert_eq!(bit_permutation(&[0, -1, 1, 3]), Some(vec![1, 0]));
    }

    #[test]
    fn an_8x8_transpose_takes_three_stages_of_eight() {
        let (net, cost) = plan(&transpose(8, 8), 8, 1, false, &mut unit).unwrap();
        assert_eq!((net.stages.len(), net.shuffles(), cost), (3, 24, 24));
        let (net, _) = plan(&transpose(8, 8), 4, 1, false, &mut unit).unwrap();
        // 16 registers of 4 lanes: two lane bits to bring in.
        assert_eq!((net.stages.len(), net.shuffles()), (2, 32));
    }

    #[test]
    fn costs_choose_the_stages() {
        // Only interleaves of the low halves or high halves (unpck/zip shapes) are
        // cheap: the 4x4 transpose on 4 lanes then takes two stages of zips.
        let zips = |m: &[i32], two: bool| -> Option<u32> {
            let lo: Vec<i32> = vec![0, 4, 1, 5];
            let hi: Vec<i32> = vec![2, 6, 3, 7];
            Some(if two && (m == lo || m == hi) { 1 } else { 10 })
        };
        let (net, cost) = plan(&transpose(4, 4), 4, 1, false, &mut { zips }).unwrap();
        assert_eq!((net.stages.len(), cost), (2, 8));
        for s in net.stages.iter().flatten() {
            assert!(s.mask == [0, 4, 1, 5] || s.mask == [2, 6, 3, 7], "{s:?}");
        }
    }

    /// Every bit permutation of up to 32 elements (and every seventh of 64), on every
    /// register width, computes what its mask says (`plan` checks it; here the check
    /// itself is checked); up to 8 lanes, every one that needs a network gets one.
    #[test]
    fn every_bit_permutation_is_planned_right() {
        for n in 2..=6usize {
            let all = permutations(&(0..n).collect::<Vec<_>>());
            for sigma in all.into_iter().step_by(if n == 6 { 7 } else { 1 }) {
                let mask = bit_mask(&sigma);
                for l in 1..n {
                    let needed = sigma[..l].iter().any(|&b| b >= l);
                    let planned = plan(&mask, 1 << l, 1, false, &mut unit);
                    if l <= ALL_ORDERS_UP_TO {
                        assert_eq!(planned.is_some(), needed, "{sigma:?} l={l}");
                    }
                    if let Some((net, _)) = planned {
                        let out = run(&net, &(0..mask.len()).collect::<Vec<_>>());
                        let want: Vec<usize> = mask.iter().map(|&m| m as usize).collect();
                        assert_eq!(out, want, "{sigma:?} l={l}");
                        assert!(net.stages.iter().flatten().all(|s| s.mask.len() == 1 << l));
                    }
                }
            }
        }
    }

    /// The masks to price are every mask a plan uses.
    #[test]
    fn register_masks_cover_every_plan() {
        for (mask, lanes) in [
            (transpose(8, 8), 8),
            (transpose(8, 8), 4),
            (interleave(4, 8), 8),
        ] {
            let n = mask.len().trailing_zeros() as usize;
            let known = register_masks(n, lanes);
            let mut asked = Vec::new();
            plan(&mask, lanes, 0, false, &mut |m, two| {
                asked.push((m.to_vec(), two));
                Some(1)
            })
            .unwrap();
            assert!(asked.iter().all(|a| known.contains(a)));
            assert!(known.len() <= 41, "{}", known.len());
        }
    }

    /// Every bit permutation of 16 and 32 elements and every `step`th of 64, as a mask,
    /// on every width (lane bits `l`), with prices from 1 to `top` by a hash of the
    /// mask (`seed` picks the hash).
    fn every_priced_permutation(
        step: usize,
        seed: u32,
        top: u32,
        mut check: impl FnMut(&[usize], &[i32], usize, &mut dyn FnMut(&[i32], bool) -> Option<u32>),
    ) {
        for n in 4..=6usize {
            let all = permutations(&(0..n).collect::<Vec<_>>());
            for (k, sigma) in all.into_iter().enumerate() {
                if n == 6 && k % step != 0 {
                    continue;
                }
                let mask = bit_mask(&sigma);
                for l in 1..n {
                    let mut price = |m: &[i32], two: bool| -> Option<u32> {
                        let h = m.iter().fold(u32::from(two), |h, &x| {
                            h.wrapping_mul(seed).wrapping_add(x as u32)
                        });
                        Some(1 + h % top)
                    };
                    check(&sigma, &mask, l, &mut price);
                }
            }
        }
    }

    /// The estimate changes what is explored, not what is found: with a floor the
    /// networks cost what they cost without one, under arbitrary prices.
    #[test]
    fn the_floor_finds_the_same_cost() {
        every_priced_permutation(11, 31, 16, |sigma, mask, l, price| {
            let without = plan(mask, 1 << l, 0, false, price).map(|p| p.1);
            let with = plan(mask, 1 << l, 1, false, price).map(|p| p.1);
            assert_eq!(with, without, "{sigma:?} l={l}");
        });
    }

    /// Deinterleave of four planes of 8 floats each, read from memory.
    fn deinterleave(k: usize, w: usize) -> Vec<i32> {
        (0..k * w).map(|j| ((j % w) * k + j / w) as i32).collect()
    }

    #[test]
    fn halves_read_whole_halves() {
        assert_eq!(
            halves(&[0, 1, 2, 3, 8, 9, 10, 11], 8),
            Some([(0, 0), (1, 0)])
        );
        assert_eq!(
            halves(&[12, 13, 14, 15, 4, 5, 6, 7], 8),
            Some([(1, 1), (0, 1)])
        );
        assert_eq!(halves(&[4, 5, 6, 7, 4, 5, 6, 7], 8), Some([(0, 1), (0, 1)]));
        assert_eq!(halves(&[1, 2, 3, 4, 8, 9, 10, 11], 8), None);
        assert_eq!(halves(&[0, 1, 3, 2, 8, 9, 10, 11], 8), None);
        assert_eq!(halves(&[-1, 1, 2, 3, 8, 9, 10, 11], 8), None);
        assert_eq!(halves(&[0, 1, 2], 3), None);
    }

    /// x86's prices on 8 lanes, roughly: a shuffle within 128-bit halves (`unpck`,
    /// `shufps`) or of whole halves (`vperm2f128`) one, any other two.
    fn in_lanes(m: &[i32], _: bool) -> Option<u32> {
        let within = m
            .iter()
            .enumerate()
            .all(|(j, &x)| x < 0 || (x as usize % 8) / 4 == j / 4);
        Some(if within || halves(m, 8).is_some() {
            1
        } else {
            2
        })
    }

    /// Loaded sources take a first stage of halves where it costs no more: the
    /// four-plane deinterleave on 8 lanes (two stages of `shufps` and `vpermpd` as dear
    /// as `vperm2f128` and two in-lane stages) starts with halves; the cost is the same.
    #[test]
    fn loaded_sources_start_with_halves() {
        let mask = deinterleave(4, 8);
        let (plain, cost) = plan(&mask, 8, 1, false, &mut in_lanes).unwrap();
        let (loaded, loaded_cost) = plan(&mask, 8, 1, true, &mut in_lanes).unwrap();
        assert_eq!(cost, loaded_cost);
        assert!(!plain.loads_first);
        assert!(loaded.loads_first);
        assert!(loaded.stages[0]
            .iter()
            .all(|s| halves(&s.mask, 8).is_some()));
        let out = run(&loaded, &(0..32).collect::<Vec<_>>());
        assert_eq!(out, mask.iter().map(|&m| m as usize).collect::<Vec<_>>());
    }

    /// An 8x8 transpose on 8 lanes (x86 registers of two 128-bit blocks), its first
    /// stage loaded: the in-block stage of `vshufps` pairs becomes one shuffle and two
    /// blends per pair (the seed's 12 shuffles on the shuffle port, from 16), fenced.
    #[test]
    fn pairs_of_in_block_shuffles_become_one_and_two_blends() {
        let mask = transpose(8, 8);
        let (net, _) = plan(&mask, 8, 1, true, &mut in_lanes).unwrap();
        assert!(net.loads_first);
        let in_block = |m: &[i32]| in_lanes(m, true) == Some(1) && halves(m, 8).is_none();
        let blended = with_blends(&net, &mut |m| in_block(m)).unwrap();
        assert!(computes(&blended, &mask));
        assert_eq!(blended.stages.len(), net.stages.len() + 1);
        assert_eq!(blended.fenced.len(), 1);
        let is_identity = |s: &RegisterShuffle| {
            s.second.is_none() && s.mask.iter().enumerate().all(|(i, &m)| m == i as i32)
        };
        let is_blend = |s: &RegisterShuffle| {
            s.second.is_some()
                && s.mask
                    .iter()
                    .enumerate()
                    .all(|(i, &m)| m < 0 || m as usize % 8 == i)
        };
        let f = blended.fenced[0];
        let shuffles = blended.stages[f].iter().filter(|s| !is_identity(s)).count();
        let blends = blended.stages[f + 1].iter().filter(|s| is_blend(s)).count();
        assert_eq!((shuffles, blends), (4, 8));
        assert_eq!(blended.stages[f + 1].len(), 8);
    }

    /// Stages fenced before keep their fence where blends add stages before them.
    #[test]
    fn fences_follow_their_stages() {
        let mask = transpose(8, 8);
        let (mut net, _) = plan(&mask, 8, 1, false, &mut in_lanes).unwrap();
        let last = net.stages.len() - 1;
        net.fenced = vec![last];
        let blended = with_blends(&net, &mut |_| true).unwrap();
        let end = blended.stages.len() - 1;
        assert!(blended.fenced.contains(&end), "{:?}", blended.fenced);
        assert_eq!(
            blended.fenced.len(),
            1 + blended.stages.len() - net.stages.len()
        );
        assert!(computes(&blended, &mask));
    }

    /// Every network of random bit permutations, with blends wherever a pair allows,
    /// computes its mask; a broken blend is caught by the check.
    #[test]
    fn blended_networks_compute_their_masks() {
        let mut blended_any = 0;
        every_priced_permutation(5, 11, 2, |_, mask, l, price| {
            for loads_first in [false, true] {
                let Some((net, _)) = plan(mask, 1 << l, 1, loads_first, price) else {
                    continue;
                };
                if let Some(b) = with_blends(&net, &mut |_| true) {
                    blended_any += 1;
                    assert!(computes(&b, mask), "{mask:?}");
                    let mut broken = b.clone();
                    let s = broken.stages.last_mut().unwrap().last_mut().unwrap();
                    if let Some(m) = s.mask.iter_mut().find(|m| **m >= 0) {
                        *m ^= 1;
                        assert!(!computes(&broken, mask));
                    }
                }
            }
        });
        assert!(blended_any > 20, "{blended_any}");
    }

    /// The tie-break never costs an instruction: under arbitrary prices every network
    /// costs the same with loaded sources; a network said to load its first stage
    /// starts with halves.
    #[test]
    fn loading_halves_costs_nothing_more() {
        every_priced_permutation(5, 37, 3, |sigma, mask, l, price| {
            let without = plan(mask, 1 << l, 1, false, price);
            let with = plan(mask, 1 << l, 1, true, price);
            assert_eq!(with.as_ref().map(|p| p.1), without.map(|p| p.1));
            if let Some((net, _)) = with {
                let halved = net.stages[0]
                    .iter()
                    .all(|s| halves(&s.mask, 1 << l).is_some());
                assert!(!net.loads_first || halved, "{sigma:?} l={l}");
                let out = run(&net, &(0..mask.len()).collect::<Vec<_>>());
                assert_eq!(out, mask.iter().map(|&m| m as usize).collect::<Vec<_>>());
            }
        });
    }

    /// AArch64's `ld4 {v0.4s-v3.4s}` of 16 floats: register j, lane q holds element
    /// 4q + j; `ld2` of 8 halfwords into two registers of 4 the same by twos.
    #[test]
    fn deinterleaving_loads_place_elements_as_ld4() {
        let at = deinterleave_positions(16, 4, 4).unwrap();
        for (j, q) in (0..4).flat_map(|j| (0..4).map(move |q| (j, q))) {
            assert_eq!(at[4 * q + j], j * 4 + q);
        }
        // Two groups: the second starts at element 16, register 4.
        let at = deinterleave_positions(32, 4, 4).unwrap();
        assert_eq!((at[16], at[17], at[20]), (16, 20, 17));
        let at = deinterleave_positions(8, 4, 2).unwrap();
        assert_eq!(at, [0, 4, 1, 5, 2, 6, 3, 7]);
        assert!(deinterleave_positions(24, 4, 4).is_none());
        assert!(deinterleave_positions(16, 4, 1).is_none());
    }

    /// A 4x4 transpose of rows loaded by `ld4` is the load alone; a 4-way deinterleave
    /// likewise; a lane reversal of each loaded register one stage of one-source
    /// shuffles.
    #[test]
    fn a_deinterleaving_load_may_be_the_whole_network() {
        let (net, cost) = plan_deinterleaved(&transpose(4, 4), 4, 4, 1, &mut unit).unwrap();
        assert_eq!((net.stages.len(), cost, net.deinterleave), (0, 0, 4));
        assert_eq!(net.outputs, [0, 1, 2, 3]);
        let (net, cost) = plan_deinterleaved(&deinterleave(2, 8), 8, 2, 1, &mut unit).unwrap();
        assert_eq!((net.stages.len(), cost), (0, 0));
        // Columns read bottom up: the loaded columns reversed, in-register.
        let reversed: Vec<i32> = (0..16).map(|j| (3 - j % 4) * 4 + j / 4).collect();
        let (net, cost) = plan_deinterleaved(&reversed, 4, 4, 1, &mut unit).unwrap();
        assert_eq!((net.stages.len(), cost), (1, 4));
        assert!(net.stages[0].iter().all(|s| s.second.is_none()));
        let out = run(&net, &(0..16).collect::<Vec<_>>());
        assert_eq!(
            out,
            reversed.iter().map(|&m| m as usize).collect::<Vec<_>>()
        );
    }

    /// Every index-bit permutation of 16 to 64 elements on 2 to 32 lanes, loaded two or
    /// four registers at a time, under arbitrary prices: a network found computes the
    /// mask, the load included (checked again here), and costs no more than planning
    /// what is left after the load does.
    #[test]
    fn deinterleaved_networks_compute_their_masks() {
        every_priced_permutation(7, 17, 9, |sigma, mask, l, price| {
            for factor in [2, 4] {
                let Some((net, cost)) = plan_deinterleaved(mask, 1 << l, factor, 1, price) else {
                    continue;
                };
                assert_eq!(net.deinterleave, factor);
                let out = run(&net, &(0..mask.len()).collect::<Vec<_>>());
                assert_eq!(
                    out,
                    mask.iter().map(|&m| m as usize).collect::<Vec<_>>(),
                    "{sigma:?} l={l} factor={factor}"
                );
                let left = deinterleaved(mask, 1 << l, factor).unwrap();
                if let Some((_, after)) = plan(&left, 1 << l, 1, false, price) {
                    assert!(cost <= after, "{sigma:?} l={l} factor={factor}");
                }
            }
        });
    }

    #[test]
    fn poison_lanes_are_free() {
        let mut mask = transpose(4, 4);
        mask[5] = -1;
        mask[10] = -1;
        let (net, _) = plan(&mask, 4, 1, false, &mut unit).unwrap();
        let out = run(&net, &(0..16).collect::<Vec<_>>());
        for (j, &m) in mask.iter().enumerate() {
            assert!(m < 0 || out[j] == m as usize);
        }
    }

    #[test]
    fn a_target_that_cannot_gives_no_network() {
        assert!(plan(&transpose(4, 4), 4, 1, false, &mut |_, _| None).is_none());
        // Within registers only: no network.
        assert!(plan(&[1, 0, 3, 2, 5, 4, 7, 6], 4, 1, false, &mut unit).is_none());
    }
}
