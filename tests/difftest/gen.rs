//! The random program generator: deterministic from a seed.

use super::program::{BinOp, CastOp, Const, Elem, Inst, Lane, Operand, Program, Scalar, VTy};
use super::rng::Rng;

const LANES: [u32; 14] = [1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 12, 16, 2, 4];

struct Gen {
    rng: Rng,
    /// The element types and lane counts this program favours, so that values meet.
    elems: [Elem; 2],
    lanes: [u32; 2],
    params: Vec<VTy>,
    insts: Vec<Inst>,
    /// Values (parameters first, then instructions) used so far.
    used: Vec<bool>,
    /// Instructions the program may still take (the next included): the shapes of
    /// several instructions are made only where they fit.
    room: usize,
}

/// The program for `seed`.
pub fn program(seed: u64) -> Program {
    // One seed in eight: a lone shuffle of two four-lane 32-bit parameters, the shape
    // the pass replaces by instruction sequences (rare in the general programs).
    if seed % 8 == 7 {
        return four_lane_program(seed);
    }
    let mut rng = Rng::new(seed);
    let elems = [random_elem(&mut rng), random_elem(&mut rng)];
    let lanes = [*rng.pick(&LANES), *rng.pick(&LANES)];
    let mut g = Gen {
        rng,
        elems,
        lanes,
        params: Vec::new(),
        insts: Vec::new(),
        used: Vec::new(),
        room: 0,
    };
    let nparams = g.rng.range(1, 3);
    for _ in 0..nparams {
        let mut ty = g.random_ty();
        // LLVM 22's AArch64 backend crashes on some float vectors of odd lengths passed
        // as arguments (`define @f(<12 x float> %p0, <3 x float> %p1)`: llc segfaults),
        // before shuffle-lib runs: parameters take a power of two above 4 lanes there.
        if !ty.elem.is_int() && ty.lanes > 4 && !ty.lanes.is_power_of_two() {
            ty = VTy::new(ty.elem, ty.lanes.next_power_of_two());
        }
        g.params.push(ty);
        g.used.push(false);
    }
    let args = g
        .params
        .clone()
        .iter()
        .map(|ty| (0..ty.lanes).map(|_| g.arg_bits(ty.elem)).collect())
        .collect();
    let ninsts = g.rng.range(3, 12) as usize;
    // Some of the budget goes to merging values nothing uses into the result.
    let body = ninsts - g.rng.below(ninsts as u64 / 2 + 1) as usize;
    while g.insts.len() < body {
        g.room = ninsts - g.insts.len();
        let inst = g.instruction();
        g.push(inst);
    }
    while g.insts.len() < ninsts {
        if !g.merge(ninsts - g.insts.len()) {
            g.room = ninsts - g.insts.len();
            let inst = g.instruction();
            g.push(inst);
        }
    }
    let ret = g.result_inst();
    Program {
        seed,
        ret_ty: g.insts[ret].result_ty(),
        params: g.params,
        args,
        insts: g.insts,
        ret: Operand::Inst(ret),
    }
}

/// `shufflevector <4 x T> %p0, <4 x T> %p1 (or zero), <random mask>` for T = i32 or
/// float: any lane of either operand or poison.
fn four_lane_program(seed: u64) -> Program {
    let mut rng = Rng::new(seed);
    let elem = *rng.pick(&[Elem::I32, Elem::F32]);
    let ty = VTy::new(elem, 4);
    let mut g = Gen {
        rng,
        elems: [elem, elem],
        lanes: [4, 4],
        params: vec![ty, ty],
        insts: Vec::new(),
        used: vec![false, false],
        room: 1,
    };
    let args = (0..2)
        .map(|_| (0..4).map(|_| g.lane_bits(elem)).collect())
        .collect();
    let b = match g.rng.chance(15) {
        true => Operand::Const(Const::Zero),
        false => Operand::Param(1),
    };
    let mask = (0..4)
        .map(|_| match g.rng.below(9) {
            8 => None,
            l => Some(l as u32),
        })
        .collect();
    g.push(Inst::Shuffle {
        ty,
        a: Operand::Param(0),
        b,
        mask,
    });
    Program {
        seed,
        ret_ty: ty,
        params: g.params,
        args,
        insts: g.insts,
        ret: Operand::Inst(0),
    }
}

impl Gen {
    /// A type, mostly from the program's palette.
    fn random_ty(&mut self) -> VTy {
        let elem = match self.rng.chance(75) {
            true => *self.rng.pick(&self.elems),
            false => random_elem(&mut self.rng),
        };
        VTy::new(elem, self.lane_count())
    }

    fn lane_count(&mut self) -> u32 {
        match self.rng.chance(70) {
            true => *self.rng.pick(&self.lanes),
            false => *self.rng.pick(&LANES),
        }
    }

    fn push(&mut self, inst: Inst) {
        for (op, _) in inst.operands() {
            if let Some(v) = self.value_index(op) {
                self.used[v] = true;
            }
        }
        self.insts.push(inst);
        self.used.push(false);
    }

    /// The instructions `i` depends on, itself included.
    fn live_set(&self, i: usize) -> Vec<bool> {
        let mut live = vec![false; self.insts.len()];
        live[i] = true;
        for j in (0..=i).rev() {
            if live[j] {
                for (op, _) in self.insts[j].operands() {
                    if let Operand::Inst(k) = op {
                        live[*k] = true;
                    }
                }
            }
        }
        live
    }

    /// The instruction that depends on the most others (the latest of equals).
    fn result_inst(&self) -> usize {
        (0..self.insts.len())
            .max_by_key(|&i| (self.live_set(i).iter().filter(|&&l| l).count(), i))
            .unwrap()
    }

    /// Folds a value the result does not depend on into the result, with at most `room`
    /// instructions: a bitcast to the result's element type if needed, a shuffle to its
    /// lane count if needed, then a two-operand shuffle, an integer operation or a select.
    fn merge(&mut self, room: usize) -> bool {
        let r = self.result_inst();
        let rt = self.insts[r].result_ty();
        let live = self.live_set(r);
        let plan = |d: usize, dt: VTy| -> Option<(Option<VTy>, bool, usize)> {
            let cast = if dt.elem == rt.elem {
                None
            } else {
                Some(*same_width_types(dt).iter().find(|t| t.elem == rt.elem)?)
            };
            let lanes = cast.unwrap_or(dt).lanes;
            let resize = lanes != rt.lanes;
            let cost = 1 + cast.is_some() as usize + resize as usize;
            (!live[d] && cost <= room).then_some((cast, resize, cost))
        };
        let candidates: Vec<usize> = (0..self.insts.len())
            .filter(|&d| plan(d, self.insts[d].result_ty()).is_some())
            .collect();
        if candidates.is_empty() {
            return false;
        }
        // Prefer values nothing uses.
        let unused: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&d| !self.used[self.params.len() + d])
            .collect();
        let d = *self.rng.pick(if unused.is_empty() {
            &candidates
        } else {
            &unused
        });
        let dt = self.insts[d].result_ty();
        let (cast, resize, _) = plan(d, dt).unwrap();
        let mut value = Operand::Inst(d);
        let mut ty = dt;
        if let Some(to) = cast {
            self.push(Inst::Bitcast {
                from: ty,
                src: value,
                to,
            });
            value = Operand::Inst(self.insts.len() - 1);
            ty = to;
        }
        if resize {
            let pattern = *self.rng.pick(&[0, 1, 2, 6, 8, 11, 13, 17]);
            let mask = self.mask(pattern, ty.lanes, rt.lanes);
            let b = self.operand(ty, 20);
            self.push(Inst::Shuffle {
                ty,
                a: value,
                b,
                mask,
            });
            value = Operand::Inst(self.insts.len() - 1);
        }
        let (a, b) = match self.rng.chance(50) {
            true => (Operand::Inst(r), value),
            false => (value, Operand::Inst(r)),
        };
        let inst = match self.rng.below(10) {
            0..=5 => {
                let pattern = *self.rng.pick(&[3, 4, 7, 10, 10, 10, 13, 17]);
                let mask = self.mask(pattern, rt.lanes, rt.lanes);
                Inst::Shuffle { ty: rt, a, b, mask }
            }
            6..=7 if rt.elem.is_int() => Inst::Bin {
                op: *self.rng.pick(&BinOp::ALL),
                ty: rt,
                a,
                b,
            },
            _ => Inst::Select {
                ty: rt,
                cond: (0..rt.lanes)
                    .map(|_| (!self.rng.chance(5)).then(|| self.rng.chance(50)))
                    .collect(),
                a,
                b,
            },
        };
        self.push(inst);
        true
    }

    fn value_count(&self) -> usize {
        self.params.len() + self.insts.len()
    }

    fn value(&self, v: usize) -> (Operand, VTy) {
        if v < self.params.len() {
            (Operand::Param(v), self.params[v])
        } else {
            let i = v - self.params.len();
            (Operand::Inst(i), self.insts[i].result_ty())
        }
    }

    fn value_index(&self, op: &Operand) -> Option<usize> {
        match op {
            Operand::Param(i) => Some(*i),
            Operand::Inst(i) => Some(self.params.len() + i),
            Operand::Const(_) => None,
        }
    }

    /// A value whose type satisfies `want`, preferring unused and recent ones.
    fn pick_value(&mut self, want: impl Fn(VTy) -> bool) -> Option<(Operand, VTy)> {
        let all: Vec<usize> = (0..self.value_count())
            .filter(|&v| want(self.value(v).1))
            .collect();
        if all.is_empty() {
            return None;
        }
        let unused: Vec<usize> = all.iter().copied().filter(|&v| !self.used[v]).collect();
        let v = if !unused.is_empty() && self.rng.chance(85) {
            *self.rng.pick(&unused)
        } else if self.rng.chance(50) {
            // Recent values make longer chains.
            all[all.len() - 1 - self.rng.below(all.len().min(3) as u64) as usize]
        } else {
            *self.rng.pick(&all)
        };
        Some(self.value(v))
    }

    /// Bits for an argument lane.
    fn arg_bits(&mut self, elem: Elem) -> u64 {
        match self.rng.below(10) {
            0 => self.rng.below(16) & elem.mask(),
            _ => self.rng.next_u64() & elem.mask(),
        }
    }

    /// A defined constant element (FP ones are never NaN, so they print exactly).
    fn lane_bits(&mut self, elem: Elem) -> u64 {
        let small = self.rng.below(9);
        let bits = match (self.rng.below(10), elem) {
            (0..=2, Elem::F32) => (small as f32).to_bits() as u64,
            (0..=2, Elem::F64) => (small as f64).to_bits(),
            (0..=2, _) => small,
            (3, Elem::F32) => (-0.0f32).to_bits() as u64,
            (3, Elem::F64) => (-0.0f64).to_bits(),
            (3, _) => u64::MAX,
            _ => self.rng.next_u64(),
        } & elem.mask();
        match elem {
            Elem::F32 if (bits >> 23) & 0xFF == 0xFF => bits & !(1 << 30),
            Elem::F64 if (bits >> 52) & 0x7FF == 0x7FF => bits & !(1 << 62),
            _ => bits,
        }
    }

    /// A constant of type `ty`: zero, poison, undef, splats (some with poison elements,
    /// as InstCombine leaves them) or arbitrary vectors with some poison/undef elements.
    fn constant(&mut self, ty: VTy) -> Const {
        let n = ty.lanes as usize;
        match self.rng.weighted(&[20, 12, 5, 15, 12, 25, 11]) {
            0 => Const::Zero,
            1 => Const::Poison,
            2 => Const::Undef,
            3 => {
                let v = self.lane_bits(ty.elem);
                Const::Elems(vec![Lane::Val(v); n])
            }
            4 => {
                // A splat (often of zero) with poison elements.
                let v = if self.rng.chance(50) {
                    0
                } else {
                    self.lane_bits(ty.elem)
                };
                Const::Elems(
                    (0..n)
                        .map(|_| {
                            if self.rng.chance(35) {
                                Lane::Poison
                            } else {
                                Lane::Val(v)
                            }
                        })
                        .collect(),
                )
            }
            5 => Const::Elems((0..n).map(|_| Lane::Val(self.lane_bits(ty.elem))).collect()),
            _ => Const::Elems(
                (0..n)
                    .map(|_| match self.rng.below(10) {
                        0..=1 => Lane::Poison,
                        2 => Lane::Undef,
                        _ => Lane::Val(self.lane_bits(ty.elem)),
                    })
                    .collect(),
            ),
        }
    }

    /// An operand of type `ty`: mostly a value, else a constant.
    fn operand(&mut self, ty: VTy, value_percent: u64) -> Operand {
        if self.rng.chance(value_percent) {
            if let Some((op, _)) = self.pick_value(|t| t == ty) {
                return op;
            }
        }
        Operand::Const(self.constant(ty))
    }

    /// A constant with few poison elements, for arithmetic and selects (where a poison
    /// or undef operand would leave no lane to compare).
    fn defined_constant(&mut self, ty: VTy) -> Const {
        let n = ty.lanes as usize;
        let poison = match self.rng.chance(20) {
            true => 15,
            false => 0,
        };
        match self.rng.below(10) {
            0..=1 => Const::Zero,
            2..=4 => {
                let v = self.lane_bits(ty.elem);
                Const::Elems(vec![Lane::Val(v); n])
            }
            _ => Const::Elems(
                (0..n)
                    .map(|_| match self.rng.chance(poison) {
                        true => Lane::Poison,
                        false => Lane::Val(self.lane_bits(ty.elem)),
                    })
                    .collect(),
            ),
        }
    }

    fn defined_operand(&mut self, ty: VTy, value_percent: u64) -> Operand {
        if self.rng.chance(value_percent) {
            if let Some((op, _)) = self.pick_value(|t| t == ty) {
                return op;
            }
        }
        match self.rng.chance(90) {
            true => Operand::Const(self.defined_constant(ty)),
            false => Operand::Const(self.constant(ty)),
        }
    }

    fn instruction(&mut self) -> Inst {
        loop {
            let inst = match self.rng.weighted(&[60, 10, 12, 8, 10, 6]) {
                0 => Some(self.shuffle()),
                1 => self.bitcast(),
                2 => self.binop(),
                3 => self.select(),
                4 => self.insert(),
                _ => self.cast(),
            };
            if let Some(inst) = inst {
                return inst;
            }
        }
    }

    fn shuffle(&mut self) -> Inst {
        // Now and then a shuffle by a mask used before, of other operands: operations
        // on two such are what commoning takes out of them.
        if self.room >= 1 && self.rng.chance(12) {
            let earlier: Vec<(VTy, Vec<Option<u32>>)> = (self.insts.iter())
                .filter_map(|i| match i {
                    Inst::Shuffle { ty, mask, .. } => Some((*ty, mask.clone())),
                    _ => None,
                })
                .collect();
            if !earlier.is_empty() {
                let (ty, mask) = self.rng.pick(&earlier).clone();
                let (a, b) = (self.operand(ty, 90), self.operand(ty, 60));
                return Inst::Shuffle { ty, a, b, mask };
            }
        }
        let ty = match self.pick_value(|_| true) {
            Some((_, ty)) if self.rng.chance(95) => ty,
            _ => self.random_ty(),
        };
        let n = ty.lanes;
        let m = match self.rng.below(10) {
            0..=3 => n,
            4 if 2 * n <= 16 => 2 * n,
            5 if n >= 2 => n / 2,
            6 => self.rng.range(1, 16) as u32,
            _ => self.lane_count(),
        };
        let pattern = match self.rng.below(24) {
            // The lowering's shapes need groups of lanes.
            16..=20 if n < 2 => 0,
            p => p,
        };
        // An index-bit permutation of both operands (transposes, interleaves: the
        // networks' shape) reads every lane of both.
        let m = if pattern == 23 && n.is_power_of_two() && n >= 2 {
            2 * n
        } else {
            m
        };
        let a = self.operand(ty, 90);
        let b = match pattern {
            // Shifts in zeros, zero extensions and shifts within elements.
            9 | 16 | 17 if self.rng.chance(70) => Operand::Const(Const::Zero),
            _ => self.operand(ty, 40),
        };
        let mask = self.mask(pattern, n, m);
        let (a, b, mask) = if self.rng.chance(25) {
            // The same meaning with the operands swapped.
            let swapped = mask.iter().map(|s| s.map(|s| (s + n) % (2 * n))).collect();
            (b, a, swapped)
        } else {
            (a, b, mask)
        };
        Inst::Shuffle { ty, a, b, mask }
    }

    /// A mask of `m` selectors over two `n`-lane operands.
    fn mask(&mut self, pattern: u64, n: u32, m: u32) -> Vec<Option<u32>> {
        let two = 2 * n;
        let r = self.rng.below(two as u64) as u32;
        let half = n / 2;
        // Groups of `w` lanes: a wider element, for the shapes the lowering rewrites.
        let w = [2, 4, 8][self.rng.below(3) as usize].min(n.max(1));
        let by = 1 + r % w.max(2).saturating_sub(1).max(1);
        let f = [2, 4][self.rng.below(2) as usize];
        // A random permutation of the bits of an index into both operands.
        let bits = two.trailing_zeros();
        let mut sigma: Vec<u32> = (0..bits).collect();
        for i in (1..sigma.len()).rev() {
            sigma.swap(i, self.rng.below(i as u64 + 1) as usize);
        }
        let permuted = |i: u32| -> u32 {
            let moved: u32 = (0..bits).map(|p| ((i >> p) & 1) << sigma[p as usize]).sum();
            moved % two
        };
        let mut mask: Vec<Option<u32>> = (0..m)
            .map(|i| match pattern {
                0 => Some(i % n),                                               // identity
                1 => (i < n).then_some(i),                                      // widen with poison
                2 => Some(n - 1 - i % n),                                       // reverse
                3 => Some(if i % 2 == 0 { 0 } else { n } + (i / 2) % n),        // interleave lo
                4 => Some(if i % 2 == 0 { 0 } else { n } + (half + i / 2) % n), // interleave hi
                5 => Some((2 * i + r % 2) % two),                               // even / odd
                6 => Some((i + r) % n),                                         // rotate
                7 => Some((i + r) % two),                                       // concat rotate
                8 => Some(r),                                                   // broadcast
                9 => Some(if i + r % n < n { i + r % n } else { n + i % n }),   // shift in
                10 => Some(i % n + if self.rng.chance(50) { n } else { 0 }),    // blend
                11 => Some(self.rng.below(n as u64) as u32),                    // first only
                12 => None,                                                     // all poison
                13 => Some(i % two),                                            // concat
                14 => Some(n + i % n),                                          // second identity
                15 => Some(n + (r % n)),                                        // broadcast second
                // Zero extension of lanes from r (zero lanes read the second operand).
                16 => Some(if i % f == 0 {
                    (r + i / f) % n
                } else {
                    n + i % n
                }),
                // Shift with zero fill within groups of w lanes.
                17 => Some(if i % w + by < w {
                    (i + by) % n
                } else {
                    n + i % n
                }),
                18 => Some((i / w * w + (i % w + by) % w) % n), // rotate within groups
                19 => Some((i / w * w + w - 1 - i % w) % n),    // reverse within groups
                20 => Some((i * f + r % f) % n),                // truncate / deinterleave
                23 if two.is_power_of_two() => Some(permuted(i)), // index-bit permutation
                _ => Some(self.rng.below(two as u64) as u32),   // random
            })
            .collect();
        if self.rng.chance(20) {
            let p = self.rng.range(10, 60);
            for s in &mut mask {
                if self.rng.chance(p) {
                    *s = None;
                }
            }
        }
        mask
    }

    fn bitcast(&mut self) -> Option<Inst> {
        let (src, from) = self.pick_value(|t| !same_width_types(t).is_empty())?;
        let to = *self.rng.pick(&same_width_types(from));
        Some(Inst::Bitcast { from, src, to })
    }

    fn binop(&mut self) -> Option<Inst> {
        let (a, ty) = self.pick_value(|t| t.elem.is_int())?;
        let op = *self.rng.pick(&BinOp::ALL);
        // Now and then an addition and a subtraction of the same operands, blended lane
        // by lane: an integer alternation.
        if self.room >= 3 && self.rng.chance(8) {
            let b = self.defined_operand(ty, 100);
            self.push(Inst::Bin {
                op: BinOp::Add,
                ty,
                a: a.clone(),
                b: b.clone(),
            });
            self.push(Inst::Bin {
                op: BinOp::Sub,
                ty,
                a,
                b,
            });
            let (add, sub) = (self.insts.len() - 2, self.insts.len() - 1);
            let n = ty.lanes;
            let mask = (0..n)
                .map(|j| Some(if self.rng.chance(50) { j } else { j + n }))
                .collect();
            return Some(Inst::Shuffle {
                ty,
                a: Operand::Inst(add),
                b: Operand::Inst(sub),
                mask,
            });
        }
        // Now and then, `a` a shuffle, a shuffle by its mask of other operands: what
        // commoning takes out of the operation.
        let shuffle = match &a {
            Operand::Inst(i) => self.insts.get(*i).cloned(),
            _ => None,
        };
        let fits = self.room >= 2;
        if let Some(Inst::Shuffle { ty: from, mask, .. }) =
            shuffle.filter(|_| fits && self.rng.chance(30))
        {
            let (x, y) = (self.operand(from, 90), self.operand(from, 60));
            self.push(Inst::Shuffle {
                ty: from,
                a: x,
                b: y,
                mask,
            });
            let b = Operand::Inst(self.insts.len() - 1);
            return Some(Inst::Bin { op, ty, a, b });
        }
        // Now and then, operations on permutations of one source by a permutation P,
        // by P twice and by P again: one permutation commoning takes out of all three.
        // (P no involution, P twice no identity, which the canonical form would drop;
        // now and then a lane of P twice poison.)
        let n = ty.lanes as usize;
        if n >= 3 && self.room >= 4 && self.rng.chance(12) {
            let mut p: Vec<u32> = (0..n as u32).collect();
            for _ in 0..4 {
                for k in (1..n).rev() {
                    p.swap(k, self.rng.below(k as u64 + 1) as usize);
                }
                if p.iter()
                    .enumerate()
                    .any(|(i, &l)| p[l as usize] != i as u32)
                {
                    break;
                }
            }
            let mut twice: Vec<Option<u32>> = p.iter().map(|&l| Some(p[l as usize])).collect();
            if self.rng.chance(25) {
                twice[self.rng.below(n as u64) as usize] = None;
            }
            let once: Vec<Option<u32>> = p.iter().map(|&l| Some(l)).collect();
            let permuted = |g: &mut Self, src: Operand, mask: Vec<Option<u32>>| {
                g.push(Inst::Shuffle {
                    ty,
                    a: src,
                    b: Operand::Const(Const::Poison),
                    mask,
                });
                Operand::Inst(g.insts.len() - 1)
            };
            let x = permuted(self, a, once.clone());
            let y = self.operand(ty, 90);
            let y = permuted(self, y, twice);
            self.push(Inst::Bin { op, ty, a: x, b: y });
            let xy = Operand::Inst(self.insts.len() - 1);
            let z = self.operand(ty, 90);
            let z = permuted(self, z, once);
            let op = *self.rng.pick(&BinOp::ALL);
            return Some(Inst::Bin {
                op,
                ty,
                a: xy,
                b: z,
            });
        }
        let b = match self.rng.below(10) {
            0 => a.clone(),
            1..=5 => self.defined_operand(ty, 100),
            _ => self.defined_operand(ty, 0),
        };
        let (a, b) = if self.rng.chance(30) { (b, a) } else { (a, b) };
        Some(Inst::Bin { op, ty, a, b })
    }

    /// An integer vector widened or narrowed lane by lane to another integer width.
    fn cast(&mut self) -> Option<Inst> {
        let (src, from) = self.pick_value(|t| t.elem.is_int())?;
        let ints = [Elem::I1, Elem::I8, Elem::I16, Elem::I32, Elem::I64];
        let elem = *self.rng.pick(&ints);
        let to = VTy::new(elem, from.lanes);
        let op = match elem.bits().cmp(&from.elem.bits()) {
            std::cmp::Ordering::Less => CastOp::Trunc,
            std::cmp::Ordering::Greater if self.rng.chance(50) => CastOp::SExt,
            std::cmp::Ordering::Greater => CastOp::ZExt,
            std::cmp::Ordering::Equal => return None,
        };
        Some(Inst::Cast { op, from, src, to })
    }

    fn select(&mut self) -> Option<Inst> {
        let (a, ty) = self.pick_value(|_| true)?;
        let b = self.defined_operand(ty, 60);
        let cond = (0..ty.lanes)
            .map(|_| (!self.rng.chance(5)).then(|| self.rng.chance(50)))
            .collect();
        let (a, b) = if self.rng.chance(30) { (b, a) } else { (a, b) };
        Some(Inst::Select { ty, cond, a, b })
    }

    fn insert(&mut self) -> Option<Inst> {
        let ty = match self.pick_value(|_| true) {
            Some((_, ty)) if self.rng.chance(50) => ty,
            _ => self.random_ty(),
        };
        let vec = match self.rng.below(10) {
            0..=3 => Operand::Const(Const::Poison),
            4 => Operand::Const(Const::Zero),
            5 => Operand::Const(Const::Undef),
            _ => self.operand(ty, 80),
        };
        let scalar = match self.pick_value(|t| t.elem == ty.elem) {
            Some((src, sty)) if self.rng.chance(75) => Scalar::Extract {
                ty: sty,
                src,
                lane: self.rng.below(sty.lanes as u64) as u32,
            },
            _ if self.rng.chance(10) => Scalar::Const(Lane::Poison),
            _ => Scalar::Const(Lane::Val(self.lane_bits(ty.elem))),
        };
        let lane = if self.rng.chance(50) {
            0
        } else {
            self.rng.below(ty.lanes as u64) as u32
        };
        Some(Inst::Insert {
            ty,
            vec,
            lane,
            scalar,
        })
    }
}

fn random_elem(rng: &mut Rng) -> Elem {
    Elem::ALL[rng.weighted(&[8, 12, 12, 20, 12, 14, 10])]
}

/// Other vector types (1 to 16 lanes) of the same width in bits.
pub fn same_width_types(ty: VTy) -> Vec<VTy> {
    let mut out = Vec::new();
    for elem in Elem::ALL {
        let bits = elem.bits();
        if ty.bits() % bits == 0 {
            let lanes = ty.bits() / bits;
            let t = VTy::new(elem, lanes);
            // LLVM 22's x86 backend miscompiles `bitcast <8 x i1> %arg to <1 x i8>` once
            // a shuffle widens the result (the lanes of the mask come out as 1 for 0x55,
            // before shuffle-lib runs at all): no 1-lane vectors from i1 vectors.
            let llvm_bug = ty.elem.bits() == 1 && lanes == 1;
            if (1..=16).contains(&lanes) && t != ty && !llvm_bug {
                out.push(t);
            }
        }
    }
    out
}
