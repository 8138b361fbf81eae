/*
 * The C ABI between the C++ shim and the Rust core (mirrored in src/ffi.rs).
 *
 * The shim registers the pass and answers questions only LLVM's C++ API can answer
 * (TargetTransformInfo, remarks, statistics, shuffle masks). Every decision is made in
 * Rust. Keep both sides in sync: src/ffi.rs declares the same functions and layouts.
 */
#ifndef SHUF_SHIM_H
#define SHUF_SHIM_H

#include <llvm-c/Types.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Per-function context handed to Rust: the target's cost model and remark emitter. */
typedef struct ShufTarget ShufTarget;

/* ---- implemented in Rust (src/ffi.rs) ---- */

/* Bits of the result of shuf_run_function. */
enum ShufRunResult {
  SHUF_CHANGED = 1, /* the IR was changed */
  /* Rust failed (a caught panic). Rewrites are planned before any is applied, so the
   * IR is valid: unchanged without SHUF_CHANGED, else with the earlier rounds applied. */
  SHUF_FAILED = 2,
};

/* Checks a pass parameter string ("a;b"). On error writes a message to err and returns 0. */
int shuf_check_params(const char *params, char *err, size_t err_len);

/* Runs the pass on one function with the given (already checked) parameters. */
int shuf_run_function(LLVMValueRef fn, const ShufTarget *target, const char *params);

/* ---- implemented in the shim (plugin/shim.cpp) ---- */

/* TTI cost kinds, as TargetTransformInfo::TargetCostKind. */
enum ShufCostKind {
  SHUF_COST_THROUGHPUT = 0,
  SHUF_COST_LATENCY = 1,
  SHUF_COST_CODESIZE = 2,
  SHUF_COST_SIZE_AND_LATENCY = 3,
};

/* TTI::getShuffleCost. kind is a TTI::ShuffleKind; sub_ty may be NULL. Returns 0 when the
 * cost is invalid (the target cannot lower it), else 1 and the cost in *cost. */
int shuf_tti_shuffle_cost(const ShufTarget *t, unsigned kind, LLVMTypeRef dst_ty,
                          LLVMTypeRef src_ty, const int *mask, size_t mask_len,
                          unsigned cost_kind, int index, LLVMTypeRef sub_ty, int64_t *cost);

/* TTI::getInstructionCost of an existing instruction. Same return convention. */
int shuf_tti_instruction_cost(const ShufTarget *t, LLVMValueRef inst, unsigned cost_kind,
                              int64_t *cost);

/* The operations of a lowering recipe (src/lower), for shuf_tti_operation_cost. */
enum ShufOperation {
  SHUF_OP_ZEXT = 0,  /* zext src to dst */
  SHUF_OP_TRUNC = 1, /* trunc src to dst */
  SHUF_OP_LSHR = 2,  /* lshr by a splat constant */
  SHUF_OP_SHL = 3,   /* shl by a splat constant */
  SHUF_OP_FSHR = 4,  /* llvm.fshr(x, x, splat constant): a rotate */
  SHUF_OP_BSWAP = 5  /* llvm.bswap */
};

/* TTI's cost of one such operation (casts: getCastInstrCost; shifts:
 * getArithmeticInstrCost with a uniform constant amount; fshr, bswap:
 * getIntrinsicInstrCost). dst is the result type, src the operand type, amount the
 * shift or rotate amount (a splat constant). Same return
 * convention as shuf_tti_shuffle_cost. */
int shuf_tti_operation_cost(const ShufTarget *t, unsigned operation, LLVMTypeRef dst,
                            LLVMTypeRef src, uint64_t amount, unsigned cost_kind,
                            int64_t *cost);

/* Width in bits of a fixed-width vector register (0: no vector registers). */
unsigned shuf_tti_vector_register_bits(const ShufTarget *t);

/* TTI::isTypeLegal. */
int shuf_tti_is_type_legal(const ShufTarget *t, LLVMTypeRef ty);

/* TTI::hasActiveVectorLength: the target has EVL-predicated instructions. */
int shuf_tti_has_active_vector_length(const ShufTarget *t);

/* Target description of the function: module triple, target-cpu and target-features
 * attributes. The strings live as long as the function. */
const char *shuf_target_triple(const ShufTarget *t);
const char *shuf_target_cpu(const ShufTarget *t);
const char *shuf_target_features(const ShufTarget *t);

/* LLVM's alias analysis for the function (the pass manager's AAManager), on ranges of
 * `size` bytes from a pointer, or from somewhere around it where `size` is 0. Each
 * answers 1 where it may, or where there is no alias analysis (tools), 0 where it
 * cannot. May the two ranges overlap? May `inst` write the range? Read or write it? */
int shuf_aa_may_alias(const ShufTarget *t, LLVMValueRef a, uint64_t size_a, LLVMValueRef b,
                      uint64_t size_b);
int shuf_aa_may_write(const ShufTarget *t, LLVMValueRef inst, LLVMValueRef ptr, uint64_t size);
int shuf_aa_may_access(const ShufTarget *t, LLVMValueRef inst, LLVMValueRef ptr,
                       uint64_t size);

/* Whether execution surely goes on past `inst` to the next instruction (LLVM's
 * isGuaranteedToTransferExecutionToSuccessor: not a call that may not return or may
 * throw, not a volatile access); 0 for anything else. */
int shuf_transfers_execution(LLVMValueRef inst);

/* The width in bits of the index of `ptr`'s address space (DataLayout's
 * getIndexSizeInBits: where its address arithmetic wraps), for a pointer instruction
 * of a module; 0 for anything else. */
unsigned shuf_index_bits(LLVMValueRef ptr);

/* Whether the backend selects a bitcast from or to `ty` on the function's target, as far
 * as known (not those of `bfloat` vectors on some targets): what recipes, which read
 * their source as integers, ask first. */
int shuf_bitcast_selects(const ShufTarget *t, LLVMTypeRef ty);

/* Whether remarks of pass "shuffle-lib" are requested (so Rust builds their text only then). */
int shuf_remarks_enabled(const ShufTarget *t);

/* Optimization remarks, pass name "shuffle-lib". kind: 0 passed, 1 missed, 2 analysis.
 * name is a short identifier (e.g. "Canonicalize"); inst anchors the location. */
void shuf_remark(const ShufTarget *t, unsigned kind, const char *name, LLVMValueRef inst,
                 const char *message);

/* Adds to the statistic `name` (printed at exit under -stats, in LLVM's format).
 * desc must be a static string. */
void shuf_stat_add(const char *name, const char *desc, uint64_t amount);

/* Whether -stats was given (so Rust classifies shuffles for statistics only then). */
int shuf_stats_enabled(void);

/* -shuffle-lib-only: the functions to run on ("" for all), as given. */
const char *shuf_option_only(void);

/* -shuffle-lib-break-masks (testing only). */
int shuf_option_break_masks(void);

/* A target outside any pass, for tools (`shuf explain`): a TargetMachine for triple/cpu/
 * features, and TTI for an empty function in `ctx`. NULL on error, with a message in err. */
typedef struct ShufStandalone ShufStandalone;
ShufStandalone *shuf_standalone_create(LLVMContextRef ctx, const char *triple, const char *cpu,
                                       const char *features, char *err, size_t err_len);
const ShufTarget *shuf_standalone_target(const ShufStandalone *s);
void shuf_standalone_dispose(ShufStandalone *s);

/* What LLVM's VP table (VPIntrinsics.def, through VPIntrinsic) says of a call. Positions
 * are operand indices, -1 when absent. */
typedef struct ShufVPInfo {
  unsigned intrinsic_id;
  int mask_pos;
  int evl_pos;
  int memory_pointer_pos;
  int memory_data_pos;
  /* The equivalent instruction (its opcode name: "add", "fptosi", ...) or intrinsic
   * (its ID), when the table has one; "" and 0 otherwise. */
  const char *functional_opcode;
  unsigned functional_intrinsic;
  int is_reduction;
  int reduction_start_pos;
  int reduction_vector_pos;
  /* vp.icmp / vp.fcmp: the predicate, in the numbering of LLVMIntPredicate and
   * LLVMRealPredicate; -1 otherwise. */
  int compare_predicate;
  /* The pointer alignment of a memory intrinsic (1 when unknown). */
  unsigned alignment;
} ShufVPInfo;

/* Fills *info and returns 1 if `call` is a VP intrinsic call, else 0. */
int shuf_vp_info(LLVMValueRef call, ShufVPInfo *info);

/* The declaration of intrinsic `id` whose type is `fn_ty` (overloads derived from it),
 * inserted into `module`; NULL if the type does not fit the intrinsic. */
LLVMValueRef shuf_intrinsic_declaration(LLVMModuleRef module, unsigned id, LLVMTypeRef fn_ty);

/* What the backend emits for one measured slice: its instruction lines, and their weight
 * (the same, except on RISC-V V, where each instruction weighs its reciprocal throughput
 * by the CPU's scheduling model, at least one); all -1 where it cannot be measured. And
 * their block reciprocal throughput by the scheduling model, as llvm-mca's summary
 * computes it, in hundredths of a cycle (0 where the CPU has no model). */
typedef struct ShufEmitted {
  int64_t weight;
  int64_t instructions;
  int64_t cycles;
} ShufEmitted;

/* The instructions the backend emits for each of `results`, result r computed from
 * inputs[input_starts[r] .. input_starts[r + 1]] alone: the instructions between them
 * (one basic block, no memory access but simple loads, calls only to intrinsics) are
 * copied into a function of their own that hands the result to an empty inline asm
 * taking it in any vector register (x86, AArch64; elsewhere it is returned), all of
 * them in one scratch module compiled to assembly with the function's target, CPU and
 * features at -O3, and the instruction lines of each body counted (`ret` and
 * `vzeroupper` excluded; constants, constant-pool loads and zero idioms, only if
 * count_constant_loads[r]: loops hoist them; a constant folded into an instruction
 * counts with it). This is how shuf lets the assembly win over a cost model. Returns 0
 * when nothing could be compiled, else 1 and the counts in counts[0..num_results]
 * (-1 for a result whose slice cannot be measured). */
int shuf_emitted_batch(const ShufTarget *t, const LLVMValueRef *results, size_t num_results,
                       const LLVMValueRef *inputs, const size_t *input_starts,
                       const int *count_constant_loads, ShufEmitted *counts);

/* Like shuf_emitted_batch for groups of simple stores, each of one basic block, and what
 * they store, back to their inputs: group g is stores[store_starts[g]..store_starts[g+1]]
 * and observed[observed_starts[g]..observed_starts[g+1]] (values handed on besides,
 * each to an empty inline asm taking it in a register) with
 * inputs[input_starts[g]..input_starts[g+1]], all of a group's stores in one
 * function (so the backend may merge them, as it would in place), all groups in one
 * compilation; one observed value no register takes as it is (a vector wider than one)
 * is returned instead. Returns 0 when nothing could be compiled, else 1 and the counts
 * in counts[0..num_groups] (-1 for a group that cannot be measured, or with another
 * value no register takes). */
int shuf_emitted_stores(const ShufTarget *t, const LLVMValueRef *stores,
                        const size_t *store_starts, const LLVMValueRef *observed,
                        const size_t *observed_starts, const LLVMValueRef *inputs,
                        const size_t *input_starts, size_t num_groups,
                        int count_constant_loads, ShufEmitted *counts);

/* Whether the measurements of the calling thread give their cycles, from now on: 0 not,
 * 1 their block throughput, 2 that or, for a loop's block, its simulated cycles an
 * iteration where more. Returns the setting before. Off by default: parsing each
 * listing back costs about a millisecond. */
int shuf_timed_measurements(int how);

/* ShuffleVectorInst::setShuffleMask: -1 is a poison lane. The length must not change. */
void shuf_set_shuffle_mask(LLVMValueRef shuffle, const int *mask, size_t mask_len);

/* Marks a function the plugin defined as one that neither throws nor writes memory and
 * always returns: it reads memory (reads != 0) or none at all (Function::setOnlyReads-
 * Memory / setDoesNotAccessMemory, which the C API cannot set). */
void shuf_set_pure_function(LLVMValueRef fn, int reads);

/* The value every lane of the constant vector `value` holds (Constant::getSplatValue,
 * which also reads scalable splats), or NULL where it is not a constant splat. */
LLVMValueRef shuf_splat_value(LLVMValueRef value);

/* Whether the global variable `global`'s initializer is what runs: it has one, and
   no other definition may replace it at link or load time (not interposable: also
   under -fsemantic-interposition) and nothing initializes it before main
   (GlobalVariable::hasDefinitiveInitializer). 0 for anything else. */
int shuf_definitive_initializer(LLVMValueRef global);

/* The least vscale the function promises (its vscale_range attribute), 1 without one. */
unsigned shuf_vscale_min(LLVMValueRef fn);

/* What InstSimplify folds the instruction `inst` to (`simplifyInstruction`: an
   existing value or a constant), or null. Only a query: the caller replaces. */
LLVMValueRef shuf_simplify(LLVMValueRef inst);

/* Whether `inst` could be erased were nothing to read it (wouldInstructionBeTrivially-
   Dead: no side effects; a call of `llvm.smin` may go, a store may not). */
int shuf_removable(LLVMValueRef inst);

#ifdef __cplusplus
}
#endif

#endif
