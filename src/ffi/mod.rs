//! The only layer that talks to the C++ shim (`plugin/shim.h`): its C ABI declared once,
//! and safe wrappers over it.
//!
//! [`Target`] is a safe view of the target's cost model (TargetTransformInfo), remarks and
//! statistics; [`Standalone`] builds one outside any pass, for tools; the rest are the few
//! IR queries and mutations the C API lacks. Values and types are `llvm_sys` handles:
//! this layer knows nothing of `ir` (which wraps them) or `pass`. The inbound entry points
//! (the functions the shim calls) live in `crate::plugin`.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};

use llvm_sys::prelude::{LLVMContextRef, LLVMModuleRef, LLVMTypeRef, LLVMValueRef};

use crate::algebra::mask::Mask;
use crate::target::{Arch, CostKind, Operation, ShuffleKind, TargetDesc};

/// Opaque per-function context owned by the shim (`struct ShufTarget`).
#[repr(C)]
pub struct ShufTarget {
    _private: [u8; 0],
}

/// `llvm::PassPluginLibraryInfo` (LLVM 22: API version 2, five fields).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    pub api_version: u32,
    pub plugin_name: *const c_char,
    pub plugin_version: *const c_char,
    pub register_pass_builder_callbacks: *const c_void,
    pub pre_codegen_callback: *const c_void,
}

/// Bits of the value `shuf_run_function` returns (`enum ShufRunResult`).
pub const RUN_CHANGED: c_int = 1;
pub const RUN_FAILED: c_int = 2;

extern "C" {
    /// The shim's description of the plugin (`llvmGetPassPluginInfo` returns it).
    pub fn shuf_plugin_info() -> PassPluginLibraryInfo;
    fn shuf_tti_shuffle_cost(
        t: *const ShufTarget,
        kind: c_uint,
        dst_ty: LLVMTypeRef,
        src_ty: LLVMTypeRef,
        mask: *const c_int,
        mask_len: usize,
        cost_kind: c_uint,
        index: c_int,
        sub_ty: LLVMTypeRef,
        cost: *mut i64,
    ) -> c_int;
    fn shuf_tti_instruction_cost(
        t: *const ShufTarget,
        inst: LLVMValueRef,
        cost_kind: c_uint,
        cost: *mut i64,
    ) -> c_int;
    fn shuf_tti_operation_cost(
        t: *const ShufTarget,
        operation: c_uint,
        dst: LLVMTypeRef,
        src: LLVMTypeRef,
        amount: u64,
        cost_kind: c_uint,
        cost: *mut i64,
    ) -> c_int;
    fn shuf_tti_vector_register_bits(t: *const ShufTarget) -> c_uint;
    fn shuf_timed_measurements(on: c_int) -> c_int;
    fn shuf_tti_is_type_legal(t: *const ShufTarget, ty: LLVMTypeRef) -> c_int;
    fn shuf_aa_may_alias(
        t: *const ShufTarget,
        a: LLVMValueRef,
        size_a: u64,
        b: LLVMValueRef,
        size_b: u64,
    ) -> c_int;
    fn shuf_transfers_execution(inst: LLVMValueRef) -> c_int;
    fn shuf_index_bits(ptr: LLVMValueRef) -> c_uint;
    fn shuf_aa_may_write(
        t: *const ShufTarget,
        inst: LLVMValueRef,
        ptr: LLVMValueRef,
        size: u64,
    ) -> c_int;
    fn shuf_aa_may_access(
        t: *const ShufTarget,
        inst: LLVMValueRef,
        ptr: LLVMValueRef,
        size: u64,
    ) -> c_int;
    fn shuf_tti_has_active_vector_length(t: *const ShufTarget) -> c_int;
    fn shuf_bitcast_selects(t: *const ShufTarget, ty: LLVMTypeRef) -> c_int;
    fn shuf_target_triple(t: *const ShufTarget) -> *const c_char;
    fn shuf_target_cpu(t: *const ShufTarget) -> *const c_char;
    fn shuf_target_features(t: *const ShufTarget) -> *const c_char;
    fn shuf_remarks_enabled(t: *const ShufTarget) -> c_int;
    fn shuf_remark(
        t: *const ShufTarget,
        kind: c_uint,
        name: *const c_char,
        inst: LLVMValueRef,
        message: *const c_char,
    );
    fn shuf_stat_add(name: *const c_char, desc: *const c_char, amount: u64);
    fn shuf_set_shuffle_mask(shuffle: LLVMValueRef, mask: *const c_int, mask_len: usize);
    fn shuf_set_pure_function(function: LLVMValueRef, reads: c_int);
    fn shuf_splat_value(value: LLVMValueRef) -> LLVMValueRef;
    fn shuf_definitive_initializer(global: LLVMValueRef) -> c_int;
    fn shuf_vscale_min(function: LLVMValueRef) -> c_uint;
    fn shuf_simplify(inst: LLVMValueRef) -> LLVMValueRef;
    fn shuf_removable(inst: LLVMValueRef) -> c_int;
    fn shuf_emitted_batch(
        t: *const ShufTarget,
        results: *const LLVMValueRef,
        num_results: usize,
        inputs: *const LLVMValueRef,
        input_starts: *const usize,
        count_constant_loads: *const c_int,
        counts: *mut Emitted,
    ) -> c_int;
    fn shuf_emitted_stores(
        t: *const ShufTarget,
        stores: *const LLVMValueRef,
        store_starts: *const usize,
        observed: *const LLVMValueRef,
        observed_starts: *const usize,
        inputs: *const LLVMValueRef,
        input_starts: *const usize,
        num_groups: usize,
        count_constant_loads: c_int,
        counts: *mut Emitted,
    ) -> c_int;
    fn shuf_stats_enabled() -> c_int;
    fn shuf_option_only() -> *const c_char;
    fn shuf_option_break_masks() -> c_int;
    fn shuf_vp_info(call: LLVMValueRef, info: *mut ShufVPInfo) -> c_int;
    fn shuf_intrinsic_declaration(
        module: LLVMModuleRef,
        id: c_uint,
        fn_ty: LLVMTypeRef,
    ) -> LLVMValueRef;
    fn shuf_standalone_create(
        ctx: LLVMContextRef,
        triple: *const c_char,
        cpu: *const c_char,
        features: *const c_char,
        err: *mut c_char,
        err_len: usize,
    ) -> *mut ShufStandalone;
    fn shuf_standalone_target(s: *const ShufStandalone) -> *const ShufTarget;
    fn shuf_standalone_dispose(s: *mut ShufStandalone);
}

/// `struct ShufVPInfo` of shim.h.
#[repr(C)]
struct ShufVPInfo {
    intrinsic_id: c_uint,
    mask_pos: c_int,
    evl_pos: c_int,
    memory_pointer_pos: c_int,
    memory_data_pos: c_int,
    functional_opcode: *const c_char,
    functional_intrinsic: c_uint,
    is_reduction: c_int,
    reduction_start_pos: c_int,
    reduction_vector_pos: c_int,
    compare_predicate: c_int,
    alignment: c_uint,
}

/// What LLVM's VP table says of a call (VPIntrinsics.def, through `VPIntrinsic`).
#[derive(Clone, Debug)]
pub struct VpInfo {
    pub intrinsic_id: u32,
    pub mask_pos: Option<usize>,
    pub evl_pos: Option<usize>,
    pub memory_pointer_pos: Option<usize>,
    pub memory_data_pos: Option<usize>,
    /// The equivalent instruction's opcode name (`"add"`), or empty.
    pub functional_opcode: String,
    /// The equivalent intrinsic's ID, or 0.
    pub functional_intrinsic: u32,
    pub is_reduction: bool,
    pub reduction_start_pos: Option<usize>,
    pub reduction_vector_pos: Option<usize>,
    /// `vp.icmp`/`vp.fcmp`: the predicate (LLVMIntPredicate / LLVMRealPredicate).
    pub compare_predicate: Option<i32>,
    pub alignment: u32,
}

/// LLVM's description of a VP intrinsic call, `None` for any other instruction.
pub(crate) fn vp_info(call: LLVMValueRef) -> Option<VpInfo> {
    let pos = |p: c_int| (p >= 0).then_some(p as usize);
    // SAFETY: a live instruction; the shim fills the struct; the opcode name is static.
    unsafe {
        let mut raw: ShufVPInfo = std::mem::zeroed();
        if shuf_vp_info(call, &mut raw) == 0 {
            return None;
        }
        Some(VpInfo {
            intrinsic_id: raw.intrinsic_id,
            mask_pos: pos(raw.mask_pos),
            evl_pos: pos(raw.evl_pos),
            memory_pointer_pos: pos(raw.memory_pointer_pos),
            memory_data_pos: pos(raw.memory_data_pos),
            functional_opcode: CStr::from_ptr(raw.functional_opcode)
                .to_string_lossy()
                .into_owned(),
            functional_intrinsic: raw.functional_intrinsic,
            is_reduction: raw.is_reduction != 0,
            reduction_start_pos: pos(raw.reduction_start_pos),
            reduction_vector_pos: pos(raw.reduction_vector_pos),
            compare_predicate: (raw.compare_predicate >= 0).then_some(raw.compare_predicate),
            alignment: raw.alignment.max(1),
        })
    }
}

/// The declaration of intrinsic `id` with function type `fn_ty`, in `module`.
pub(crate) fn intrinsic_declaration(
    module: LLVMModuleRef,
    id: u32,
    fn_ty: LLVMTypeRef,
) -> Option<LLVMValueRef> {
    // SAFETY: a live module and function type.
    let decl = unsafe { shuf_intrinsic_declaration(module, id, fn_ty) };
    (!decl.is_null()).then_some(decl)
}

/// Opaque: a target machine and TTI owned by the shim (`struct ShufStandalone`).
#[repr(C)]
pub struct ShufStandalone {
    _private: [u8; 0],
}

/// Whether `-stats` was given.
/// Where the address arithmetic of pointer instruction `ptr` wraps: its address space's
/// index width in bits (`None` for anything else).
///
/// # Safety
/// `ptr` is a live value.
pub unsafe fn index_bits(ptr: LLVMValueRef) -> Option<u32> {
    let bits = shuf_index_bits(ptr);
    (bits != 0).then_some(bits)
}

pub fn stats_enabled() -> bool {
    // SAFETY: reads a flag.
    unsafe { shuf_stats_enabled() != 0 }
}

/// `-shuffle-lib-only`, as given on the command line (empty: every function).
pub fn option_only() -> String {
    // SAFETY: a static std::string's C string, alive while LLVM is.
    unsafe {
        CStr::from_ptr(shuf_option_only())
            .to_string_lossy()
            .into_owned()
    }
}

/// `-shuffle-lib-break-masks` (testing only).
pub fn option_break_masks() -> bool {
    // SAFETY: reads a flag.
    unsafe { shuf_option_break_masks() != 0 }
}

/// A target outside any pass, for tools: `TargetMachine` and TTI for a triple and CPU.
pub struct Standalone(*mut ShufStandalone);

impl Standalone {
    /// # Safety
    /// `ctx` must outlive the returned value.
    pub unsafe fn new(
        ctx: LLVMContextRef,
        triple: &str,
        cpu: &str,
        features: &str,
    ) -> Result<Standalone, String> {
        let c = |s: &str| CString::new(s).map_err(|_| "NUL in a target string".to_string());
        let (triple, cpu, features) = (c(triple)?, c(cpu)?, c(features)?);
        let mut err = [0 as c_char; 512];
        let raw = shuf_standalone_create(
            ctx,
            triple.as_ptr(),
            cpu.as_ptr(),
            features.as_ptr(),
            err.as_mut_ptr(),
            err.len(),
        );
        if raw.is_null() {
            return Err(CStr::from_ptr(err.as_ptr()).to_string_lossy().into_owned());
        }
        Ok(Standalone(raw))
    }

    pub fn target(&self) -> Target<'_> {
        // SAFETY: valid until drop.
        unsafe { Target(&*shuf_standalone_target(self.0)) }
    }
}

impl Drop for Standalone {
    fn drop(&mut self) {
        // SAFETY: created by shuf_standalone_create, disposed once.
        unsafe { shuf_standalone_dispose(self.0) }
    }
}

/// Kinds of optimization remark.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RemarkKind {
    Passed = 0,
    Missed = 1,
    Analysis = 2,
}

/// What the backend emits for one measured slice: its instructions and their weight,
/// the same but on RISC-V V, where each instruction weighs its reciprocal throughput by
/// the CPU's scheduling model (at least one: a `vrgather.vv` of 32 bytes 36 on
/// sifive-x280); and their block reciprocal throughput by that model, as llvm-mca's
/// summary computes it, or for a loop's block llvm-mca's simulated cycles an iteration
/// where more, in hundredths of a cycle (0 where unknown). Decisions compare
/// weights (a rewrite of equal weight and fewer instructions is no cheaper:
/// sifive-x280's two dependent slides against one masked one); a few, where a rewrite
/// trades a shuffle for a load or store of as many instructions, also the throughput
/// ([`Emitted::faster_than`]); remarks report the counts.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Emitted {
    pub weight: i64,
    pub instructions: i64,
    pub cycles: i64,
}

impl Emitted {
    /// Instructions that weigh one each, of unknown throughput.
    pub const fn plain(instructions: i64) -> Emitted {
        Emitted {
            weight: instructions,
            instructions,
            cycles: 0,
        }
    }

    /// Whether it weighs less than `other`.
    pub fn cheaper_than(self, other: Emitted) -> bool {
        self.weight < other.weight
    }

    /// Whether it weighs less than `other`, or as much with a known and lower block
    /// throughput (the busiest port less busy: x86's `vinsertf128` from memory instead of
    /// a load and a `vperm2f128`).
    pub fn faster_than(self, other: Emitted) -> bool {
        self.cheaper_than(other)
            || (self.weight == other.weight
                && self.cycles > 0
                && other.cycles > 0
                && self.cycles < other.cycles)
    }

    /// One cycle, as measurements give cycles (in hundredths).
    pub const CYCLE: i64 = 100;

    /// Whether it is better than `original`, both measured: in a loop where both
    /// throughputs are known, by the cycles an iteration (never more; as many and
    /// lighter; fewer, by a cycle at least where it has more instructions:
    /// [`Emitted::fewer_cycles_than`]); else lighter, or as heavy in fewer cycles. (By
    /// instructions first, random loops on x86-64-v4 took a network of 125
    /// instructions in 144 cycles against 168 in 112, and a one-source byte
    /// permutation as `vpermw` where `vpshufb` was twice as fast.)
    pub fn beats(self, original: Emitted, in_loop: bool) -> bool {
        if !in_loop || self.cycles <= 0 || original.cycles <= 0 {
            return self.faster_than(original);
        }
        match self.cycles.cmp(&original.cycles) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => self.cheaper_than(original),
            std::cmp::Ordering::Less => self.fewer_cycles_than(original),
        }
    }

    /// Whether it takes fewer cycles than `other`, both known; by a cycle at least where
    /// it has more instructions: they take dispatch slots, and a loop around has work of
    /// its own to dispatch (its counter, compare and branch, pointers: about four
    /// micro-ops, a cycle at the x86 models' width of four).
    pub fn fewer_cycles_than(self, other: Emitted) -> bool {
        let margin = if self.instructions > other.instructions {
            Emitted::CYCLE
        } else {
            0
        };
        other.cycles > 0 && self.cycles > 0 && self.cycles + margin < other.cycles
    }

    /// With `n` more instructions of weight one (their throughput unknown: dropped).
    pub fn plus(self, n: i64) -> Emitted {
        Emitted {
            weight: self.weight + n,
            instructions: self.instructions + n,
            cycles: 0,
        }
    }
}

impl Emitted {
    /// As shown (`4`, `4 weighing 9`), then `in 2.50 cycles` where the throughput is
    /// known.
    pub fn timed(self) -> String {
        match self.cycles {
            0 => self.to_string(),
            c => format!("{self} in {}.{:02} cycles", c / 100, c % 100),
        }
    }
}

/// `4`, or `4 weighing 9` where the weight differs.
impl std::fmt::Display for Emitted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.instructions)?;
        if self.weight != self.instructions {
            write!(f, " weighing {}", self.weight)?;
        }
        Ok(())
    }
}

/// One result to measure with [`Target::emitted_batch`]: the instructions between
/// `inputs` and `result`.
pub struct Probe {
    pub result: LLVMValueRef,
    pub inputs: Vec<LLVMValueRef>,
    /// Count constants (not in a loop, which hoists them).
    pub count_constant_loads: bool,
}

/// One group to measure with [`Target::emitted_for_slices`]: simple stores of one
/// block and values handed on, with what computes them back to `inputs`.
pub struct Slice {
    pub stores: Vec<LLVMValueRef>,
    pub observed: Vec<LLVMValueRef>,
    pub inputs: Vec<LLVMValueRef>,
}

/// The target of the function being transformed: TTI, remarks, statistics.
pub struct Target<'a>(&'a ShufTarget);

impl<'a> Target<'a> {
    /// # Safety
    /// `raw` is the shim's context for the function being run, valid for `'a`.
    pub unsafe fn from_raw(raw: *const ShufTarget) -> Target<'a> {
        Target(&*raw)
    }

    /// `TTI::getShuffleCost`; `None` when the target cannot lower the shuffle.
    pub fn shuffle_cost(
        &self,
        kind: ShuffleKind,
        dst: impl Into<LLVMTypeRef>,
        src: impl Into<LLVMTypeRef>,
        mask: &Mask,
        cost_kind: CostKind,
    ) -> Option<i64> {
        let mut cost = 0;
        let sel = mask.as_slice();
        // SAFETY: valid context and types; the mask outlives the call.
        let ok = unsafe {
            shuf_tti_shuffle_cost(
                self.0,
                kind as c_uint,
                dst.into(),
                src.into(),
                sel.as_ptr(),
                sel.len(),
                cost_kind as c_uint,
                0,
                std::ptr::null_mut(),
                &mut cost,
            )
        };
        (ok != 0).then_some(cost)
    }

    /// `TTI::getInstructionCost` of an instruction as it stands.
    pub fn instruction_cost(
        &self,
        inst: impl Into<LLVMValueRef>,
        cost_kind: CostKind,
    ) -> Option<i64> {
        let mut cost = 0;
        // SAFETY: valid context and instruction.
        let ok = unsafe {
            shuf_tti_instruction_cost(self.0, inst.into(), cost_kind as c_uint, &mut cost)
        };
        (ok != 0).then_some(cost)
    }

    /// TTI's cost of a cast, shift or intrinsic of a lowering (`amount`: the constant
    /// shift or rotate amount); `None` when the target cannot do it.
    pub fn operation_cost(
        &self,
        operation: Operation,
        dst: impl Into<LLVMTypeRef>,
        src: impl Into<LLVMTypeRef>,
        amount: u64,
        cost_kind: CostKind,
    ) -> Option<i64> {
        let mut cost = 0;
        // SAFETY: valid context and types.
        let ok = unsafe {
            shuf_tti_operation_cost(
                self.0,
                operation as c_uint,
                dst.into(),
                src.into(),
                amount,
                cost_kind as c_uint,
                &mut cost,
            )
        };
        (ok != 0).then_some(cost)
    }

    /// The instructions the backend emits for each of `results` computed from `inputs`
    /// alone (the instructions between them compiled as a function of its own that
    /// hands the result to an empty inline asm taking it in any vector register, or
    /// returns it where no such asm fits; all in one compilation; `ret` and `vzeroupper`
    /// excluded); `None` when a slice cannot be measured (it reads memory, spans blocks,
    /// calls a function, or the target has no backend here). Constants (constant-pool
    /// loads, zero idioms) count only with `count_constant_loads` (not in a loop, which
    /// would hoist them).
    pub fn emitted_instructions<R: Into<LLVMValueRef> + Copy, V: Into<LLVMValueRef> + Copy>(
        &self,
        results: &[R],
        inputs: &[V],
        count_constant_loads: bool,
    ) -> Option<Vec<Emitted>> {
        let inputs: Vec<LLVMValueRef> = inputs.iter().map(|&v| v.into()).collect();
        let probes: Vec<Probe> = results
            .iter()
            .map(|&r| Probe {
                result: r.into(),
                inputs: inputs.clone(),
                count_constant_loads,
            })
            .collect();
        self.emitted_batch(&probes).into_iter().collect()
    }

    /// [`Target::emitted_instructions`] for several results with inputs of their own,
    /// in one compilation: a count for each, `None` where its slice cannot be measured.
    pub fn emitted_batch(&self, probes: &[Probe]) -> Vec<Option<Emitted>> {
        let results: Vec<LLVMValueRef> = probes.iter().map(|p| p.result).collect();
        let mut inputs: Vec<LLVMValueRef> = Vec::new();
        let mut starts = vec![0usize];
        for p in probes {
            inputs.extend(&p.inputs);
            starts.push(inputs.len());
        }
        let flags: Vec<c_int> = probes
            .iter()
            .map(|p| p.count_constant_loads as c_int)
            .collect();
        let mut counts = vec![Emitted::plain(-1); probes.len()];
        if probes.is_empty() {
            return Vec::new();
        }
        let _timer = Measuring::start(probes.len());
        // SAFETY: valid context; results and inputs are live values of its function;
        // `starts` has one more entry than there are results, `flags` and `counts` one
        // per result.
        let ok = unsafe {
            shuf_emitted_batch(
                self.0,
                results.as_ptr(),
                results.len(),
                inputs.as_ptr(),
                starts.as_ptr(),
                flags.as_ptr(),
                counts.as_mut_ptr(),
            )
        };
        counts
            .into_iter()
            .map(|c| (ok != 0 && c.instructions >= 0).then_some(c))
            .collect()
    }

    /// Like [`Target::emitted_instructions`] for simple stores of one block and what
    /// they store back to `inputs`, compiled together as one function (the backend may
    /// merge them, as it would in place).
    pub fn emitted_for_stores<S: Into<LLVMValueRef> + Copy, V: Into<LLVMValueRef> + Copy>(
        &self,
        stores: &[S],
        inputs: &[V],
        count_constant_loads: bool,
    ) -> Option<Emitted> {
        self.emitted_for_store_groups(&[(stores, inputs)], count_constant_loads)[0]
    }

    /// [`Target::emitted_for_stores`] of the stores as they are and of those that would
    /// replace them, from the same inputs, in one compilation (its setup costs about as
    /// much as a small function).
    pub fn emitted_for_stores_both<S: Into<LLVMValueRef> + Copy, V: Into<LLVMValueRef> + Copy>(
        &self,
        stock: &[S],
        replacing: &[S],
        inputs: &[V],
        count_constant_loads: bool,
    ) -> Option<(Emitted, Emitted)> {
        let counts = self.emitted_for_store_groups(
            &[(stock, inputs), (replacing, inputs)],
            count_constant_loads,
        );
        Some((counts[0]?, counts[1]?))
    }

    /// [`Target::emitted_for_stores`] for several groups of stores, each with its
    /// inputs and compiled as its own function, all in one compilation: a count for
    /// each, `None` where it cannot be measured.
    pub fn emitted_for_store_groups<S: Into<LLVMValueRef> + Copy, V: Into<LLVMValueRef> + Copy>(
        &self,
        groups: &[(&[S], &[V])],
        count_constant_loads: bool,
    ) -> Vec<Option<Emitted>> {
        let slices: Vec<Slice> = groups
            .iter()
            .map(|(s, i)| Slice {
                stores: s.iter().map(|&v| v.into()).collect(),
                observed: Vec::new(),
                inputs: i.iter().map(|&v| v.into()).collect(),
            })
            .collect();
        self.emitted_for_slices(&slices, count_constant_loads)
    }

    /// [`Target::emitted_for_store_groups`] for groups that also hand values on (each to
    /// an empty inline asm that takes it in a register, as code that goes on using it
    /// would: a scalar read outside an SLP tree, or its lane extracted); one vector no
    /// register takes as it is (wider than one, or RISC-V V's) is returned instead.
    /// `None` for a group with another value no register takes (`i1`, `half`).
    pub fn emitted_for_slices(
        &self,
        groups: &[Slice],
        count_constant_loads: bool,
    ) -> Vec<Option<Emitted>> {
        let mut stores: Vec<LLVMValueRef> = Vec::new();
        let mut observed: Vec<LLVMValueRef> = Vec::new();
        let mut inputs: Vec<LLVMValueRef> = Vec::new();
        let (mut store_starts, mut observed_starts, mut input_starts) =
            (vec![0usize], vec![0usize], vec![0usize]);
        for g in groups {
            stores.extend(&g.stores);
            observed.extend(&g.observed);
            inputs.extend(&g.inputs);
            store_starts.push(stores.len());
            observed_starts.push(observed.len());
            input_starts.push(inputs.len());
        }
        let mut counts = vec![Emitted::plain(-1); groups.len()];
        if groups.is_empty() {
            return Vec::new();
        }
        let _timer = Measuring::start(groups.len());
        // SAFETY: valid context; stores and inputs are live values of its function; the
        // start arrays have one more entry than there are groups, `counts` one per group.
        let ok = unsafe {
            shuf_emitted_stores(
                self.0,
                stores.as_ptr(),
                store_starts.as_ptr(),
                observed.as_ptr(),
                observed_starts.as_ptr(),
                inputs.as_ptr(),
                input_starts.as_ptr(),
                groups.len(),
                count_constant_loads as c_int,
                counts.as_mut_ptr(),
            )
        };
        counts
            .into_iter()
            .map(|c| (ok != 0 && c.instructions >= 0).then_some(c))
            .collect()
    }

    /// Runs `measure` with measurements that give their cycles ([`Emitted::cycles`];
    /// otherwise 0: parsing each listing back costs about a millisecond). On x86, a loop's
    /// block is also simulated (`shuf_timed_measurements`). Not on AArch64: there the
    /// simulated listings differed from their loops by a few percent either way, and of
    /// 300 random network loops on neoverse-n1 the simulation made 5 faster and 7 slower
    /// (a group of two `<8 x i64>` extracts as `ld2`s, 21 cycles an iteration either way
    /// and five instructions fewer, measured 17 in 20 cycles against 22 in 18).
    pub fn timed<R>(&self, measure: impl FnOnce() -> R) -> R {
        /// Puts the setting back, even past a panic.
        struct Restore(c_int);
        impl Drop for Restore {
            fn drop(&mut self) {
                // SAFETY: a thread-local setting of the shim.
                unsafe { shuf_timed_measurements(self.0) };
            }
        }
        let how = match self.desc().arch() {
            Arch::X86_64 => 2,
            _ => 1,
        };
        // SAFETY: as above.
        let _restore = Restore(unsafe { shuf_timed_measurements(how) });
        measure()
    }

    pub fn vector_register_bits(&self) -> u32 {
        // SAFETY: valid context.
        unsafe { shuf_tti_vector_register_bits(self.0) }
    }

    /// Whether `a_bytes` from `a` and `b_bytes` from `b` may overlap, by LLVM's alias
    /// analysis for the function (a size of 0: somewhere around the pointer). True
    /// without one.
    pub fn may_alias(
        &self,
        a: impl Into<LLVMValueRef>,
        a_bytes: u64,
        b: impl Into<LLVMValueRef>,
        b_bytes: u64,
    ) -> bool {
        // SAFETY: valid context; live pointer values of the function.
        unsafe { shuf_aa_may_alias(self.0, a.into(), a_bytes, b.into(), b_bytes) != 0 }
    }

    /// Whether `inst` may write any of `bytes` from `ptr` (as [`Target::may_alias`]).
    pub fn may_write(
        &self,
        inst: impl Into<LLVMValueRef>,
        ptr: impl Into<LLVMValueRef>,
        bytes: u64,
    ) -> bool {
        // SAFETY: valid context; a live instruction and pointer of the function.
        unsafe { shuf_aa_may_write(self.0, inst.into(), ptr.into(), bytes) != 0 }
    }

    /// Whether execution surely goes on past `inst` (LLVM's
    /// `isGuaranteedToTransferExecutionToSuccessor`).
    pub fn transfers_execution(&self, inst: impl Into<LLVMValueRef>) -> bool {
        // SAFETY: a live instruction (anything else answers no).
        unsafe { shuf_transfers_execution(inst.into()) != 0 }
    }

    /// Whether `inst` may read or write any of `bytes` from `ptr`.
    pub fn may_access(
        &self,
        inst: impl Into<LLVMValueRef>,
        ptr: impl Into<LLVMValueRef>,
        bytes: u64,
    ) -> bool {
        // SAFETY: valid context; a live instruction and pointer of the function.
        unsafe { shuf_aa_may_access(self.0, inst.into(), ptr.into(), bytes) != 0 }
    }

    pub fn is_type_legal(&self, ty: impl Into<LLVMTypeRef>) -> bool {
        // SAFETY: valid context and type.
        unsafe { shuf_tti_is_type_legal(self.0, ty.into()) != 0 }
    }

    pub fn has_active_vector_length(&self) -> bool {
        // SAFETY: valid context.
        unsafe { shuf_tti_has_active_vector_length(self.0) != 0 }
    }

    /// Whether the backend selects a bitcast from or to `ty` (the shim's
    /// `bitcastSelects`: not wide `bfloat` vectors on AArch64, none on PowerPC), which
    /// a recipe makes of its source. A probe with one it does not select is not
    /// compiled either.
    pub fn bitcast_selects(&self, ty: impl Into<LLVMTypeRef>) -> bool {
        // SAFETY: valid context and type.
        unsafe { shuf_bitcast_selects(self.0, ty.into()) != 0 }
    }

    pub fn desc(&self) -> TargetDesc {
        let text = |p: *const c_char| {
            // SAFETY: the shim returns strings that live as long as the function.
            unsafe { CStr::from_ptr(p).to_string_lossy().into_owned() }
        };
        // SAFETY: valid context.
        unsafe {
            TargetDesc {
                triple: text(shuf_target_triple(self.0)),
                cpu: text(shuf_target_cpu(self.0)),
                features: text(shuf_target_features(self.0)),
            }
        }
    }

    pub fn remarks_enabled(&self) -> bool {
        // SAFETY: valid context.
        unsafe { shuf_remarks_enabled(self.0) != 0 }
    }

    /// Emits a remark of pass `shuffle-lib` anchored at `at`.
    pub fn remark(
        &self,
        kind: RemarkKind,
        name: &CStr,
        at: impl Into<LLVMValueRef>,
        message: &str,
    ) {
        let message = CString::new(message.replace('\0', " ")).expect("no NUL left");
        // SAFETY: valid context, instruction and C strings.
        unsafe {
            shuf_remark(
                self.0,
                kind as c_uint,
                name.as_ptr(),
                at.into(),
                message.as_ptr(),
            )
        }
    }
}

static COMPILATIONS: Statistic = Statistic {
    name: c"MeasureCompilations",
    desc: c"Compilations to measure emitted instructions",
};
static SLICES: Statistic = Statistic {
    name: c"MeasureSlices",
    desc: c"Slices measured by compiling them",
};
static MICROSECONDS: Statistic = Statistic {
    name: c"MeasureMicroseconds",
    desc: c"Microseconds spent compiling measurements",
};

/// Counts one in-process compilation of `slices` slices and, when dropped, its time
/// (`-stats`: the measure of shuffle-lib's compile time).
struct Measuring(std::time::Instant);

impl Measuring {
    fn start(slices: usize) -> Measuring {
        COMPILATIONS.add(1);
        SLICES.add(slices as u64);
        Measuring(std::time::Instant::now())
    }
}

impl Drop for Measuring {
    fn drop(&mut self) {
        MICROSECONDS.add(self.0.elapsed().as_micros() as u64);
    }
}

/// A statistic of pass `shuffle-lib` (printed by `-stats`).
pub struct Statistic {
    pub name: &'static CStr,
    pub desc: &'static CStr,
}

impl Statistic {
    pub fn add(&self, amount: u64) {
        if amount > 0 {
            // SAFETY: static C strings, as the shim requires.
            unsafe { shuf_stat_add(self.name.as_ptr(), self.desc.as_ptr(), amount) }
        }
    }
}

/// Marks `function` (one the plugin defined) as not throwing, always returning, and
/// writing no memory; reading memory only if `reads` (the C API cannot set memory
/// effects).
pub(crate) fn set_pure_function(function: LLVMValueRef, reads: bool) {
    // SAFETY: `function` is a live function (ir's contract).
    unsafe { shuf_set_pure_function(function, c_int::from(reads)) }
}

/// The value every lane of the constant vector `value` holds, scalable splats included
/// (`Constant::getSplatValue`); `None` where it is not a constant splat.
pub(crate) fn splat_value(value: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: `value` is a live value (ir's contract); the shim only reads it.
    let splat = unsafe { shuf_splat_value(value) };
    (!splat.is_null()).then_some(splat)
}

/// Whether the global variable `global`'s initializer is what the program sees
/// (`GlobalVariable::hasDefinitiveInitializer`: no other definition may replace it,
/// also where semantic interposition is on, and it is not externally initialized).
pub(crate) fn definitive_initializer(global: LLVMValueRef) -> bool {
    // SAFETY: `global` is a live value (ir's contract); the shim only reads it.
    unsafe { shuf_definitive_initializer(global) != 0 }
}

/// What LLVM's InstSimplify folds the instruction `inst` to: an existing value or a
/// constant (`select c, poison, poison` is poison), or `None`.
pub(crate) fn simplify(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: `inst` is a live instruction (ir's contract); the shim only reads it.
    let folded = unsafe { shuf_simplify(inst) };
    (!folded.is_null()).then_some(folded)
}

/// Whether the instruction `inst` could be erased were nothing to read it (no side
/// effects: `wouldInstructionBeTriviallyDead`).
pub(crate) fn removable(inst: LLVMValueRef) -> bool {
    // SAFETY: `inst` is a live instruction (ir's contract); the shim only reads it.
    unsafe { shuf_removable(inst) != 0 }
}

/// The least vscale `function` promises (its `vscale_range`), 1 without one.
pub(crate) fn vscale_min(function: LLVMValueRef) -> u32 {
    // SAFETY: `function` is a live function (ir's contract); the shim only reads it.
    unsafe { shuf_vscale_min(function) }
}

/// `ShuffleVectorInst::setShuffleMask` (the C API cannot change a mask).
pub(crate) fn set_shuffle_mask(shuffle: LLVMValueRef, mask: &[i32]) {
    // SAFETY: `shuffle` is a live shufflevector with a mask of the same length (ir's
    // contract); the slice outlives the call.
    unsafe { shuf_set_shuffle_mask(shuffle, mask.as_ptr(), mask.len()) }
}
