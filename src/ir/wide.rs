//! Building a sequence of the wide descriptions (`crate::lower::wide_search`) in place
//! of a shufflevector of any width.
//!
//! Each fixed form is a `shufflevector` on vectors of its element size (the form the
//! descriptions are checked in by `tests/insn_llc.rs`); a table is its intrinsic with a
//! constant index (`pshufb`, `vpermd`/`vpermps`, AVX-512's `vpermt2*` and
//! `vpermw`/`vpermb`, AArch64 `tbl1`/`tbl2`, whose out-of-range index zeroes a lane),
//! since `llc` lowers most byte shuffles otherwise; the `or` join an `or`. Between two steps the
//! value goes through `llvm.arithmetic.fence` (as in `ir::lower::build_sequence`), so
//! that the DAG combiner does not merge the steps back into the shuffle they replace.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::lower::BuiltSequence;
use super::Inst;
use crate::lower::wide_search::{Operand, Step, WideSequence, OR};
use crate::target::insn::Src;
use crate::target::wide::Produce;

/// Builds `seq` on the operands of the shufflevector `inst` right before it (floating
/// point elements where `float` and the step's are 32 or 64 bits); `None` (nothing
/// built) where a step has no emitted form here.
pub fn build_wide_sequence(inst: Inst, seq: &WideSequence, float: bool) -> Option<BuiltSequence> {
    let raw = inst.raw();
    // SAFETY: `inst` is a live shufflevector; everything is built right before it, and
    // on failure every instruction built is erased, last first.
    unsafe {
        let (a, b) = (LLVMGetOperand(raw, 0), LLVMGetOperand(raw, 1));
        let ty = LLVMTypeOf(a);
        if LLVMTypeOf(raw) != ty || seq.steps.is_empty() {
            return None;
        }
        let ctx = LLVMGetTypeContext(ty);
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(raw)));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, raw);
        let mut b_ = Build {
            builder,
            ctx,
            module,
            built: Vec::new(),
        };
        // Poison stays in its lanes only in one step on elements no wider than the
        // shuffle's (a shuffle or a table lookup of its lanes, or of their bytes): a
        // step on wider elements, or a fence between steps (read as `float`s), makes a
        // poison element poison its neighbours, lanes the shuffle reads defined (found
        // by a helper's hunt). So anything else reads the operands frozen (a poison
        // lane then holds some value, which poison may become), as the recipes do.
        let element_bits = super::Type(ty).element_bits().unwrap_or(0);
        let lane_wise = seq.steps.len() == 1
            && !std::ptr::eq(seq.steps[0].insn, &OR)
            && seq.steps[0].geometry.element_bits <= element_bits;
        let (a, b) = match lane_wise {
            true => (a, b),
            false => {
                let fa = b_.freeze(a);
                (fa, if b == a { fa } else { b_.freeze(b) })
            }
        };
        let mut values: Vec<LLVMValueRef> = Vec::new();
        for (k, step) in seq.steps.iter().enumerate() {
            let operand = |o: Operand| match o {
                Operand::A => a,
                Operand::B => b,
                Operand::Zero => LLVMConstNull(ty),
                Operand::Step(i) => values[i],
            };
            let last = k + 1 == seq.steps.len();
            // A step's free lanes are poison; before a later step they are frozen: the
            // fence (a lane of `i16`s is half a `float`) or a step on wider elements
            // would spread their poison to lanes read.
            let free = step.lanes.contains(&None);
            let built = b_
                .step(step, operand(step.x), operand(step.y), float)
                .map(|v| if last || !free { v } else { b_.freeze(v) })
                .and_then(|v| if last { Some(v) } else { b_.fence(v) });
            let Some(v) = built else {
                super::lower::erase_built(&b_.built);
                LLVMDisposeBuilder(builder);
                return None;
            };
            values.push(v);
        }
        let result = match seq.result {
            Operand::Step(i) => values[i],
            _ => {
                super::lower::erase_built(&b_.built);
                LLVMDisposeBuilder(builder);
                return None;
            }
        };
        let result = b_.cast(result, ty);
        LLVMDisposeBuilder(builder);
        if LLVMIsAInstruction(result).is_null() {
            super::lower::erase_built(&b_.built);
            return None;
        }
        Some(BuiltSequence::new(Inst(result), b_.built))
    }
}

struct Build {
    builder: LLVMBuilderRef,
    ctx: LLVMContextRef,
    module: LLVMModuleRef,
    built: Vec<LLVMValueRef>,
}

impl Build {
    unsafe fn note(&mut self, v: LLVMValueRef) -> LLVMValueRef {
        if !LLVMIsAInstruction(v).is_null() {
            self.built.push(v);
        }
        v
    }

    /// `freeze v`: constants too (one with poison elements spreads them as a value
    /// does; an `undef` operand's lanes, frozen, hold some value, which `undef` may),
    /// and `poison` (a step may read its lanes to fill lanes free in the result, beside
    /// lanes read: RISC-V's widening interleave of a `poison` first operand did).
    unsafe fn freeze(&mut self, v: LLVMValueRef) -> LLVMValueRef {
        let f = LLVMBuildFreeze(self.builder, v, c"".as_ptr());
        self.note(f)
    }

    unsafe fn cast(&mut self, v: LLVMValueRef, to: LLVMTypeRef) -> LLVMValueRef {
        if LLVMTypeOf(v) == to {
            v
        } else {
            let c = LLVMBuildBitCast(self.builder, v, to, c"".as_ptr());
            self.note(c)
        }
    }

    /// `<bits / element x iN>` (or `float`/`double` where `float`).
    unsafe fn vector(&self, bits: u32, element: u32, float: bool) -> LLVMTypeRef {
        let elt = match (float, element) {
            (true, 32) => LLVMFloatTypeInContext(self.ctx),
            (true, 64) => LLVMDoubleTypeInContext(self.ctx),
            _ => LLVMIntTypeInContext(self.ctx, element),
        };
        LLVMVectorType(elt, bits / element)
    }

    /// A call of the intrinsic `name`; `None` where this LLVM has none of that name.
    unsafe fn call(
        &mut self,
        name: &str,
        overload: &[LLVMTypeRef],
        args: &mut [LLVMValueRef],
    ) -> Option<LLVMValueRef> {
        let v = super::build_intrinsic_call(self.builder, self.module, name, overload, args)?;
        Some(self.note(v))
    }

    unsafe fn fence(&mut self, v: LLVMValueRef) -> Option<LLVMValueRef> {
        let bits = super::Type(LLVMTypeOf(v)).fixed_lanes().unwrap_or(0)
            * super::Type(LLVMTypeOf(v)).element_bits().unwrap_or(0);
        let floats = self.vector(bits, 32, true);
        let f = self.cast(v, floats);
        self.call("llvm.arithmetic.fence", &[floats], &mut [f])
    }

    unsafe fn constants(&self, bits: u32, values: &[u64]) -> LLVMValueRef {
        let t = LLVMIntTypeInContext(self.ctx, bits);
        let mut v: Vec<LLVMValueRef> = values.iter().map(|&x| LLVMConstInt(t, x, 0)).collect();
        LLVMConstVector(v.as_mut_ptr(), v.len() as u32)
    }

    /// One step on `x` and `y`; `None` where it has no emitted form.
    unsafe fn step(
        &mut self,
        step: &Step,
        x: LLVMValueRef,
        y: LLVMValueRef,
        float: bool,
    ) -> Option<LLVMValueRef> {
        let g = step.geometry;
        let bits = g.register_bits;
        if std::ptr::eq(step.insn, &OR) {
            let ints = self.vector(bits, 64, false);
            let (ix, iy) = (self.cast(x, ints), self.cast(y, ints));
            let v = LLVMBuildOr(self.builder, ix, iy, c"".as_ptr());
            return Some(self.note(v));
        }
        match step.insn.produce {
            Produce::Imm { .. } => self.plain(step, x, y, float),
            Produce::Table { .. } => self.table(step, x, y, float),
        }
    }

    /// A step as one `shufflevector` of its lanes at its element size: the fixed forms,
    /// and the tables `llc` selects from a plain shuffle (a byte blend, RISC-V V's
    /// gather).
    unsafe fn plain(
        &mut self,
        step: &Step,
        x: LLVMValueRef,
        y: LLVMValueRef,
        float: bool,
    ) -> Option<LLVMValueRef> {
        let g = step.geometry;
        let n = g.lanes();
        let vt = self.vector(g.register_bits, g.element_bits, float);
        let vx = self.cast(x, vt);
        let vy = if y == x { vx } else { self.cast(y, vt) };
        let zero_lanes = step.lanes.contains(&Some(Src::Zero));
        // Zero lanes come from a zero second operand (one-operand forms only).
        let second = match (step.insn.operands, zero_lanes) {
            (1, true) => LLVMConstNull(vt),
            (1, false) => LLVMGetPoison(vt),
            (_, false) => vy,
            _ => return None,
        };
        let i32t = LLVMInt32TypeInContext(self.ctx);
        let mut mask: Vec<LLVMValueRef> = step
            .lanes
            .iter()
            .map(|l| match l {
                Some(Src::Lane(p)) => LLVMConstInt(i32t, u64::from(*p), 0),
                Some(Src::Zero) => LLVMConstInt(i32t, n as u64, 0),
                None => LLVMGetPoison(i32t),
            })
            .collect();
        let mask = LLVMConstVector(mask.as_mut_ptr(), n as u32);
        let v = LLVMBuildShuffleVector(self.builder, vx, second, mask, c"".as_ptr());
        Some(self.note(v))
    }

    unsafe fn table(
        &mut self,
        step: &Step,
        x: LLVMValueRef,
        y: LLVMValueRef,
        float: bool,
    ) -> Option<LLVMValueRef> {
        let g = step.geometry;
        let bits = g.register_bits;
        let lane = |l: &Option<Src>, zero: u64, within: usize| match l {
            Some(Src::Lane(p)) => *p as u64 % within as u64,
            _ => zero,
        };
        match (step.insn.name, bits, g.element_bits) {
            ("pblendvb" | "vrgather.vv", ..) => self.plain(step, x, y, float),
            ("pshufb", 128 | 256 | 512, 8) => {
                let name = match bits {
                    128 => "llvm.x86.ssse3.pshuf.b.128",
                    256 => "llvm.x86.avx2.pshuf.b",
                    _ => "llvm.x86.avx512.pshuf.b.512",
                };
                // Within each 16-byte block; the top bit zeroes.
                let index: Vec<u64> = step.lanes.iter().map(|l| lane(l, 0x80, 16)).collect();
                let bytes = self.vector(bits, 8, false);
                let bx = self.cast(x, bytes);
                let idx = self.constants(8, &index);
                self.call(name, &[], &mut [bx, idx])
            }
            ("vpermd", 256, 32) => {
                let index: Vec<u64> = step.lanes.iter().map(|l| lane(l, 0, 8)).collect();
                let idx = self.constants(32, &index);
                let (name, vt) = if float {
                    ("llvm.x86.avx2.permps", self.vector(256, 32, true))
                } else {
                    ("llvm.x86.avx2.permd", self.vector(256, 32, false))
                };
                let vx = self.cast(x, vt);
                self.call(name, &[], &mut [vx, idx])
            }
            ("vpermt2", 128 | 256 | 512, eb) => {
                // Lane `l` of `x ++ y`; the index is the middle operand.
                let float = float && eb >= 32;
                let suffix = match (eb, float) {
                    (8, _) => "qi",
                    (16, _) => "hi",
                    (32, false) => "d",
                    (32, true) => "ps",
                    (64, false) => "q",
                    _ => "pd",
                };
                let n = g.lanes();
                let index: Vec<u64> = step.lanes.iter().map(|l| lane(l, 0, 2 * n)).collect();
                let idx = self.constants(eb, &index);
                let vt = self.vector(bits, eb, float);
                let vx = self.cast(x, vt);
                // A second table nothing reads is the first: the instruction writes over
                // a table or the index, and a poison one may be given the register of a
                // value from before (in a loop, the last iteration's result: each then
                // waits for the one before, 1.4 -> 13 cycles an iteration).
                let reads_y = (step.lanes.iter())
                    .any(|l| matches!(l, Some(Src::Lane(p)) if (*p as usize) >= n));
                let vy = if y == x || !reads_y {
                    vx
                } else {
                    self.cast(y, vt)
                };
                let name = format!("llvm.x86.avx512.vpermi2var.{suffix}.{bits}");
                self.call(&name, &[], &mut [vx, idx, vy])
            }
            ("vpermw", 128 | 256 | 512, eb @ (8 | 16)) => {
                let suffix = if eb == 8 { "qi" } else { "hi" };
                let index: Vec<u64> = step.lanes.iter().map(|l| lane(l, 0, g.lanes())).collect();
                let idx = self.constants(eb, &index);
                let vx = self.cast(x, self.vector(bits, eb, false));
                let name = format!("llvm.x86.avx512.permvar.{suffix}.{bits}");
                self.call(&name, &[], &mut [vx, idx])
            }
            ("tbl1" | "tbl2", 128, 8) => {
                let two = step.insn.name == "tbl2";
                let index: Vec<u64> = step
                    .lanes
                    .iter()
                    .map(|l| lane(l, 0xff, if two { 32 } else { 16 }))
                    .collect();
                let bytes = self.vector(128, 8, false);
                let idx = self.constants(8, &index);
                let bx = self.cast(x, bytes);
                if two {
                    let by = if y == x { bx } else { self.cast(y, bytes) };
                    self.call("llvm.aarch64.neon.tbl2", &[bytes], &mut [bx, by, idx])
                } else {
                    self.call("llvm.aarch64.neon.tbl1", &[bytes], &mut [bx, idx])
                }
            }
            _ => None,
        }
    }
}
