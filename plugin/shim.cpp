//===- shim.cpp - libshuf.so's C++ side: registration and LLVM queries ----===//
//
// This file registers the `shuffle-lib` function pass with the new pass manager and
// answers the questions only LLVM's C++ API can answer (TargetTransformInfo, remarks,
// statistics, shuffle masks) through the C ABI of shim.h. It makes no decisions: the
// pass body is `shuf_run_function`, written in Rust (src/plugin/).
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MCA/Context.h"
#include "llvm/MCA/CustomBehaviour.h"
#include "llvm/MCA/HWEventListener.h"
#include "llvm/MCA/InstrBuilder.h"
#include "llvm/MCA/Pipeline.h"
#include "llvm/MCA/SourceMgr.h"
#include "llvm/MCA/Support.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

using namespace llvm;

static constexpr const char *PassName = "shuffle-lib";

static cl::opt<bool> DisableShuffleLib(
    "disable-shuffle-lib", cl::init(false),
    cl::desc("Do not run the shuffle-lib pass (neither from -passes nor in the "
             "default pipelines)"));

static cl::opt<std::string> ShuffleLibOnly(
    "shuffle-lib-only", cl::init(""),
    cl::desc("Run shuffle-lib only on these functions: names separated by commas, or "
             "@file with one name a line (to bisect a miscompile by function)"));

static cl::opt<int> ShuffleLibSlpThreshold(
    "shuffle-lib-slp-threshold", cl::init(0),
    cl::desc("In the default pipelines: shuffle-lib vectorizes an SLP tree only where "
             "the scalar code compiles to more than this many instructions more than "
             "the vector code (as the pass parameter slp-threshold=N)"));

static cl::opt<bool> ShuffleLibBreakMasks(
    "shuffle-lib-break-masks", cl::init(false), cl::Hidden,
    cl::desc("Testing only: rotate the mask of every shuffle by one lane, a deliberate "
             "miscompile that test harnesses must catch"));

struct ShufTarget {
  Function &F;
  const TargetTransformInfo &TTI;
  OptimizationRemarkEmitter &ORE;
  std::string CPU;
  std::string Features;
  // The function's alias analysis (the pass manager's AAManager); none for tools.
  AAResults *AA = nullptr;
};

namespace {

class ShuffleLibPass : public PassInfoMixin<ShuffleLibPass> {
  std::string Params; // Checked by shuf_check_params; interpreted in Rust.

public:
  explicit ShuffleLibPass(std::string Params) : Params(std::move(Params)) {}

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    if (DisableShuffleLib || F.isDeclaration())
      return PreservedAnalyses::all();
    ShufTarget T{F, AM.getResult<TargetIRAnalysis>(F),
                 AM.getResult<OptimizationRemarkEmitterAnalysis>(F),
                 F.getFnAttribute("target-cpu").getValueAsString().str(),
                 F.getFnAttribute("target-features").getValueAsString().str(),
                 &AM.getResult<AAManager>(F)};
    int Result = shuf_run_function(wrap(&F), &T, Params.c_str());
    if (Result & SHUF_FAILED) {
      std::string Msg = ("shuffle-lib: internal error on function '" + F.getName() +
                         ((Result & SHUF_CHANGED) ? "'; stopped after complete rewrites"
                                                  : "'; the function was left unchanged"))
                            .str();
      F.getContext().diagnose(DiagnosticInfoGeneric(Msg, DS_Warning));
    }
    if (!(Result & SHUF_CHANGED))
      return PreservedAnalyses::all();
    PreservedAnalyses PA;
    PA.preserveSet<CFGAnalyses>(); // Only instructions change, never the CFG.
    return PA;
  }

  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    OS << PassName;
    if (!Params.empty())
      OS << '<' << Params << '>';
  }
};

// Parses "shuffle-lib" or "shuffle-lib<params>"; an invalid parameter is reported here
// because the plugin callback can only answer yes or no.
bool parseShuffleLib(StringRef Name, FunctionPassManager &FPM,
                     ArrayRef<PassBuilder::PipelineElement> Inner) {
  if (!PassBuilder::checkParametrizedPassName(Name, PassName))
    return false;
  // A pass, not a pipeline: `shuffle-lib(instcombine)` is refused, not its inner passes
  // dropped without a word (a helper's hunt).
  if (!Inner.empty()) {
    static std::set<std::string> Reported;
    if (Reported.insert(Name.str()).second)
      errs() << "shuffle-lib: '" << Name << "' takes no inner pipeline\n";
    return false;
  }
  StringRef Params = Name.drop_front(StringRef(PassName).size());
  if (!Params.empty()) {
    if (!Params.consume_front("<") || !Params.consume_back(">"))
      return false;
  }
  std::string ParamStr = Params.str();
  char Err[512] = {0};
  if (!shuf_check_params(ParamStr.c_str(), Err, sizeof(Err))) {
    // Once a name: LLVM may ask the module and the function callbacks in turn.
    static std::set<std::string> Reported;
    if (Reported.insert(Name.str()).second)
      errs() << "shuffle-lib: " << Err << "\n";
    return false;
  }
  FPM.addPass(ShuffleLibPass(std::move(ParamStr)));
  return true;
}

// The parameters of a default pipeline's instance: its stage, and the options given
// on the command line.
std::string defaultParams(const char *Stage) {
  std::string Params = Stage;
  if (ShuffleLibSlpThreshold != 0)
    Params += ";slp-threshold=" + std::to_string(ShuffleLibSlpThreshold);
  return Params;
}

void registerCallbacks(PassBuilder &PB) {
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    PIC->addClassToPassName(ShuffleLibPass::name(), PassName);

  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement> Inner) {
        return parseShuffleLib(Name, FPM, Inner);
      });
  // In a module pipeline too (`default<O3>,shuffle-lib`), over every function, as
  // LLVM's own function passes are.
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement> Inner) {
        FunctionPassManager FPM;
        if (!parseShuffleLib(Name, FPM, Inner))
          return false;
        MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
        return true;
      });

  // Before the vectorizers: canonical form (later: SLP seeding).
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          FPM.addPass(ShuffleLibPass(defaultParams("early")));
      });
  // After them: rewriting of what the vectorizers produced.
  PB.registerVectorizerEndEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          FPM.addPass(ShuffleLibPass(defaultParams("late")));
      });
}

// Statistics for -stats. Debian's LLVM is built without LLVM_ENABLE_STATS, so its own
// Statistic objects print nothing; we keep our own and print them at exit in LLVM's
// format, after LLVM's own output (with plain stdio: LLVM may be shut down by then).
struct StatisticTable {
  std::mutex Lock;
  std::map<std::string, std::pair<const char *, uint64_t>> Values; // sorted by name
  bool Print = false;

  ~StatisticTable() {
    if (!Print || Values.empty())
      return;
    size_t ValueWidth = 0;
    for (auto &[Name, Entry] : Values)
      ValueWidth = std::max(ValueWidth, std::to_string(Entry.second).size());
    std::fprintf(stderr,
                 "===-------------------------------------------------------------"
                 "------------===\n"
                 "                       ... shuffle-lib Statistics Collected ...\n"
                 "===-------------------------------------------------------------"
                 "------------===\n\n");
    for (auto &[Name, Entry] : Values)
      std::fprintf(stderr, "%*llu %s - %s\n", (int)ValueWidth,
                   (unsigned long long)Entry.second, PassName, Entry.first);
    std::fprintf(stderr, "\n");
  }
};

StatisticTable &statistics() {
  static StatisticTable Table;
  return Table;
}

const TargetTransformInfo::TargetCostKind CostKinds[] = {
    TargetTransformInfo::TCK_RecipThroughput, TargetTransformInfo::TCK_Latency,
    TargetTransformInfo::TCK_CodeSize, TargetTransformInfo::TCK_SizeAndLatency};

int writeCost(InstructionCost C, int64_t *Out) {
  if (!C.isValid())
    return 0;
  *Out = C.getValue();
  return 1;
}

} // namespace

extern "C" {

// Called by the Rust-exported llvmGetPassPluginInfo (Rust's cdylib only exports Rust
// symbols, so the entry point itself lives in src/ffi.rs).
PassPluginLibraryInfo shuf_plugin_info() {
  return {LLVM_PLUGIN_API_VERSION, "shuf", "0.1.0", registerCallbacks, nullptr};
}

int shuf_tti_shuffle_cost(const ShufTarget *T, unsigned Kind, LLVMTypeRef DstTy,
                          LLVMTypeRef SrcTy, const int *Mask, size_t MaskLen,
                          unsigned CostKind, int Index, LLVMTypeRef SubTy, int64_t *Cost) {
  auto *Dst = dyn_cast_or_null<VectorType>(unwrap(DstTy));
  auto *Src = dyn_cast_or_null<VectorType>(unwrap(SrcTy));
  auto *Sub = dyn_cast_or_null<VectorType>(unwrap(SubTy));
  if (!Dst || !Src || Kind > TargetTransformInfo::SK_Splice || CostKind > 3)
    return 0;
  return writeCost(T->TTI.getShuffleCost(static_cast<TargetTransformInfo::ShuffleKind>(Kind),
                                         Dst, Src, ArrayRef<int>(Mask, MaskLen),
                                         CostKinds[CostKind], Index, Sub),
                   Cost);
}

int shuf_tti_instruction_cost(const ShufTarget *T, LLVMValueRef Inst, unsigned CostKind,
                              int64_t *Cost) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(Inst));
  if (!I || CostKind > 3)
    return 0;
  return writeCost(T->TTI.getInstructionCost(I, CostKinds[CostKind]), Cost);
}

int shuf_tti_operation_cost(const ShufTarget *T, unsigned Operation, LLVMTypeRef DstTy,
                            LLVMTypeRef SrcTy, uint64_t Amount, unsigned CostKind,
                            int64_t *Cost) {
  auto *Dst = dyn_cast_or_null<VectorType>(unwrap(DstTy));
  auto *Src = dyn_cast_or_null<VectorType>(unwrap(SrcTy));
  if (!Dst || !Src || CostKind > 3)
    return 0;
  auto Kind = CostKinds[CostKind];
  const TargetTransformInfo::OperandValueInfo Any = {TargetTransformInfo::OK_AnyValue,
                                                     TargetTransformInfo::OP_None};
  const TargetTransformInfo::OperandValueInfo Constant = {
      TargetTransformInfo::OK_UniformConstantValue, TargetTransformInfo::OP_None};
  switch (Operation) {
  case SHUF_OP_ZEXT:
  case SHUF_OP_TRUNC:
    return writeCost(T->TTI.getCastInstrCost(Operation == SHUF_OP_ZEXT ? Instruction::ZExt
                                                                       : Instruction::Trunc,
                                             Dst, Src, TargetTransformInfo::CastContextHint::None,
                                             Kind),
                     Cost);
  case SHUF_OP_LSHR:
  case SHUF_OP_SHL:
    return writeCost(T->TTI.getArithmeticInstrCost(
                         Operation == SHUF_OP_LSHR ? Instruction::LShr : Instruction::Shl, Dst,
                         Kind, Any, Constant),
                     Cost);
  case SHUF_OP_FSHR: {
    // The operands themselves, so that TTI sees a rotate by a constant.
    Value *X = PoisonValue::get(Dst);
    Value *By = ConstantInt::get(Dst, Amount);
    IntrinsicCostAttributes Attrs(Intrinsic::fshr, Dst, {X, X, By}, {Dst, Dst, Dst});
    return writeCost(T->TTI.getIntrinsicInstrCost(Attrs, Kind), Cost);
  }
  case SHUF_OP_BSWAP: {
    IntrinsicCostAttributes Attrs(Intrinsic::bswap, Dst, {Dst});
    return writeCost(T->TTI.getIntrinsicInstrCost(Attrs, Kind), Cost);
  }
  default:
    return 0;
  }
}

unsigned shuf_tti_vector_register_bits(const ShufTarget *T) {
  return T->TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
      .getFixedValue();
}

int shuf_tti_is_type_legal(const ShufTarget *T, LLVMTypeRef Ty) {
  return Ty && T->TTI.isTypeLegal(unwrap(Ty));
}

int shuf_tti_has_active_vector_length(const ShufTarget *T) {
  return T->TTI.hasActiveVectorLength();
}

const char *shuf_target_triple(const ShufTarget *T) {
  return T->F.getParent()->getTargetTriple().str().c_str();
}

const char *shuf_target_cpu(const ShufTarget *T) { return T->CPU.c_str(); }

const char *shuf_target_features(const ShufTarget *T) { return T->Features.c_str(); }

namespace {
// `Size` bytes from `Ptr`, or from somewhere around it (`Size` 0: unknown).
MemoryLocation location(LLVMValueRef Ptr, uint64_t Size) {
  return MemoryLocation(unwrap(Ptr), Size ? LocationSize::upperBound(Size)
                                          : LocationSize::beforeOrAfterPointer());
}
} // namespace

int shuf_aa_may_alias(const ShufTarget *T, LLVMValueRef A, uint64_t SizeA, LLVMValueRef B,
                      uint64_t SizeB) {
  if (!T->AA)
    return 1;
  return !T->AA->isNoAlias(location(A, SizeA), location(B, SizeB));
}

int shuf_aa_may_write(const ShufTarget *T, LLVMValueRef Inst, LLVMValueRef Ptr,
                      uint64_t Size) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(Inst));
  if (!T->AA || !I)
    return 1;
  return isModSet(T->AA->getModRefInfo(I, location(Ptr, Size)));
}

int shuf_aa_may_access(const ShufTarget *T, LLVMValueRef Inst, LLVMValueRef Ptr,
                       uint64_t Size) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(Inst));
  if (!T->AA || !I)
    return 1;
  return isModOrRefSet(T->AA->getModRefInfo(I, location(Ptr, Size)));
}

int shuf_transfers_execution(LLVMValueRef Inst) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(Inst));
  return I && isGuaranteedToTransferExecutionToSuccessor(I);
}

unsigned shuf_index_bits(LLVMValueRef Ptr) {
  Value *P = unwrap(Ptr);
  auto *Ty = dyn_cast<PointerType>(P->getType());
  if (!Ty)
    return 0;
  const Module *M = nullptr;
  if (auto *I = dyn_cast<Instruction>(P))
    M = I->getModule();
  // A constant address (a global's element) finds its module through its global.
  else if (auto *G = dyn_cast<GlobalValue>(getUnderlyingObject(P)))
    M = G->getParent();
  return M ? M->getDataLayout().getIndexSizeInBits(Ty->getAddressSpace()) : 0;
}

int shuf_remarks_enabled(const ShufTarget *T) {
  return T->ORE.allowExtraAnalysis(PassName);
}

void shuf_remark(const ShufTarget *T, unsigned Kind, const char *Name, LLVMValueRef Inst,
                 const char *Message) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(Inst));
  DebugLoc Loc = I ? I->getDebugLoc() : DebugLoc();
  const BasicBlock *BB = I ? I->getParent() : &T->F.getEntryBlock();
  switch (Kind) {
  case 0:
    T->ORE.emit(OptimizationRemark(PassName, Name, Loc, BB) << Message);
    break;
  case 1:
    T->ORE.emit(OptimizationRemarkMissed(PassName, Name, Loc, BB) << Message);
    break;
  default:
    T->ORE.emit(OptimizationRemarkAnalysis(PassName, Name, Loc, BB) << Message);
    break;
  }
}

void shuf_stat_add(const char *Name, const char *Desc, uint64_t Amount) {
  StatisticTable &Table = statistics();
  std::lock_guard<std::mutex> Guard(Table.Lock);
  // -stats was parsed before any pass runs; read it now, while LLVM is alive.
  Table.Print = Table.Print || AreStatisticsEnabled();
  auto &Entry = Table.Values[Name];
  Entry.first = Desc;
  Entry.second += Amount;
}

int shuf_stats_enabled(void) { return AreStatisticsEnabled(); }

const char *shuf_option_only(void) { return ShuffleLibOnly.c_str(); }

int shuf_option_break_masks(void) { return ShuffleLibBreakMasks; }

} // extern "C"

// Owns everything a ShufTarget refers to when there is no pass manager.
struct ShufStandalone {
  std::unique_ptr<TargetMachine> TM;
  std::unique_ptr<Module> M;
  std::optional<TargetTransformInfo> TTI;
  std::optional<OptimizationRemarkEmitter> ORE;
  std::optional<ShufTarget> T;
};

extern "C" {

ShufStandalone *shuf_standalone_create(LLVMContextRef Ctx, const char *TripleStr,
                                       const char *CPU, const char *Features, char *Err,
                                       size_t ErrLen) {
  static std::once_flag Once;
  std::call_once(Once, [] {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
  });
  Triple TT(TripleStr);
  std::string Error;
  const Target *TheTarget = TargetRegistry::lookupTarget(TT, Error);
  if (!TheTarget) {
    snprintf(Err, ErrLen, "%s", Error.c_str());
    return nullptr;
  }
  auto S = std::make_unique<ShufStandalone>();
  S->TM.reset(TheTarget->createTargetMachine(TT, CPU, Features, TargetOptions(),
                                             std::nullopt));
  if (!S->TM) {
    snprintf(Err, ErrLen, "cannot create a target machine for %s", TripleStr);
    return nullptr;
  }
  S->M = std::make_unique<Module>("shuf-standalone", *unwrap(Ctx));
  S->M->setTargetTriple(TT);
  S->M->setDataLayout(S->TM->createDataLayout());
  Function *F = Function::Create(FunctionType::get(Type::getVoidTy(*unwrap(Ctx)), false),
                                 GlobalValue::ExternalLinkage, "shuf_standalone", *S->M);
  if (*CPU)
    F->addFnAttr("target-cpu", CPU);
  if (*Features)
    F->addFnAttr("target-features", Features);
  IRBuilder<>(BasicBlock::Create(*unwrap(Ctx), "entry", F)).CreateRetVoid();
  S->TTI.emplace(S->TM->getTargetTransformInfo(*F));
  S->ORE.emplace(F);
  S->T.emplace(ShufTarget{*F, *S->TTI, *S->ORE, CPU, Features});
  return S.release();
}

const ShufTarget *shuf_standalone_target(const ShufStandalone *S) { return &*S->T; }

void shuf_standalone_dispose(ShufStandalone *S) { delete S; }

int shuf_vp_info(LLVMValueRef Call, ShufVPInfo *Info) {
  auto *VPI = dyn_cast_or_null<VPIntrinsic>(unwrap(Call));
  if (!VPI)
    return 0;
  Intrinsic::ID ID = VPI->getIntrinsicID();
  auto Pos = [](std::optional<unsigned> P) { return P ? int(*P) : -1; };
  Info->intrinsic_id = ID;
  Info->mask_pos = Pos(VPIntrinsic::getMaskParamPos(ID));
  Info->evl_pos = Pos(VPIntrinsic::getVectorLengthParamPos(ID));
  Info->memory_pointer_pos = Pos(VPIntrinsic::getMemoryPointerParamPos(ID));
  Info->memory_data_pos = Pos(VPIntrinsic::getMemoryDataParamPos(ID));
  std::optional<unsigned> Opc = VPIntrinsic::getFunctionalOpcodeForVP(ID);
  Info->functional_opcode = Opc ? Instruction::getOpcodeName(*Opc) : "";
  std::optional<Intrinsic::ID> FID = VPIntrinsic::getFunctionalIntrinsicIDForVP(ID);
  Info->functional_intrinsic = FID ? unsigned(*FID) : 0;
  Info->is_reduction = VPReductionIntrinsic::isVPReduction(ID);
  Info->reduction_start_pos = Pos(VPReductionIntrinsic::getStartParamPos(ID));
  Info->reduction_vector_pos = Pos(VPReductionIntrinsic::getVectorParamPos(ID));
  auto *Cmp = dyn_cast<VPCmpIntrinsic>(VPI);
  Info->compare_predicate = Cmp ? int(Cmp->getPredicate()) : -1;
  MaybeAlign A = VPI->getPointerAlignment();
  Info->alignment = A ? unsigned(A->value()) : 1;
  return 1;
}

LLVMValueRef shuf_intrinsic_declaration(LLVMModuleRef Module, unsigned ID, LLVMTypeRef FnTy) {
  auto *FT = dyn_cast_or_null<FunctionType>(unwrap(FnTy));
  if (!FT || ID == 0 || ID >= Intrinsic::num_intrinsics)
    return nullptr;
  SmallVector<Intrinsic::IITDescriptor, 8> Table;
  Intrinsic::getIntrinsicInfoTableEntries(Intrinsic::ID(ID), Table);
  ArrayRef<Intrinsic::IITDescriptor> Rest = Table;
  SmallVector<Type *, 4> Overloads;
  if (Intrinsic::matchIntrinsicSignature(FT, Rest, Overloads) !=
          Intrinsic::MatchIntrinsicTypes_Match ||
      Intrinsic::matchIntrinsicVarArg(FT->isVarArg(), Rest))
    return nullptr;
  return wrap(Intrinsic::getOrInsertDeclaration(unwrap(Module), Intrinsic::ID(ID), Overloads));
}

void shuf_set_shuffle_mask(LLVMValueRef Shuffle, const int *Mask, size_t MaskLen) {
  auto *SVI = cast<ShuffleVectorInst>(unwrap(Shuffle));
  SVI->setShuffleMask(ArrayRef<int>(Mask, MaskLen));
}

void shuf_set_pure_function(LLVMValueRef Fn, int Reads) {
  auto *F = cast<Function>(unwrap(Fn));
  F->setDoesNotThrow();
  F->setWillReturn();
  F->setNoSync();
  F->setDoesNotFreeMemory();
  if (Reads)
    F->setOnlyReadsMemory();
  else
    F->setDoesNotAccessMemory();
}

LLVMValueRef shuf_splat_value(LLVMValueRef Value) {
  auto *C = dyn_cast<Constant>(unwrap(Value));
  if (!C || !C->getType()->isVectorTy())
    return nullptr;
  return wrap(C->getSplatValue());
}

int shuf_definitive_initializer(LLVMValueRef Global) {
  auto *G = dyn_cast_or_null<GlobalVariable>(unwrap(Global));
  return G && G->hasDefinitiveInitializer();
}

LLVMValueRef shuf_simplify(LLVMValueRef Inst) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(Inst));
  if (!I || !I->getFunction())
    return nullptr;
  return wrap(simplifyInstruction(I, SimplifyQuery(I->getDataLayout(), I)));
}

int shuf_removable(LLVMValueRef Inst) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(Inst));
  return I && wouldInstructionBeTriviallyDead(I);
}

unsigned shuf_vscale_min(LLVMValueRef Fn) {
  auto *F = cast<Function>(unwrap(Fn));
  Attribute A = F->getFnAttribute(Attribute::VScaleRange);
  return A.isValid() ? std::max(1u, A.getVScaleRangeMin()) : 1u;
}

} // extern "C"

namespace {

void initializeTargets() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    InitializeAllAsmPrinters();
    InitializeAllAsmParsers();
    InitializeAllTargetMCAs();
  });
}

// What the machine's subtarget has (its CPU's features and the function's, parsed
// exactly, not matched as text: `+f` is no prefix of `+forced-atomics` here).
bool hasFeatures(const TargetMachine &TM, StringRef Features) {
  const MCSubtargetInfo *STI = TM.getMCSubtargetInfo();
  return STI && STI->checkFeatures(Features.str());
}

// One target machine per (triple, CPU, features), kept for the process: making one
// costs more than compiling a small function.
TargetMachine *measuringMachine(const Triple &TT, StringRef CPU, StringRef Features) {
  static std::mutex Lock;
  static std::map<std::string, std::unique_ptr<TargetMachine>> Machines;
  std::lock_guard<std::mutex> Guard(Lock);
  std::string Key = (TT.str() + "\n" + CPU + "\n" + Features).str();
  auto It = Machines.find(Key);
  if (It != Machines.end())
    return It->second.get();
  initializeTargets();
  std::string Error;
  const Target *TheTarget = TargetRegistry::lookupTarget(TT, Error);
  TargetMachine *TM = nullptr;
  if (TheTarget)
    TM = TheTarget->createTargetMachine(TT, CPU, Features, TargetOptions(), Reloc::PIC_,
                                        std::nullopt, CodeGenOptLevel::Aggressive);
  // Nothing is measured without the vector unit the code the pass writes needs, or
  // with soft float: the x86 and AArch64 backends cannot compile some vector code
  // then (`Do not know how to split the result of this operator`, an abort in the
  // host's process) and take minutes on other (the Linux kernel builds with
  // `-msoft-float`, `-mgeneral-regs-only`).
  bool NoVectorUnit =
      TM && ((TT.isX86() && (!hasFeatures(*TM, "+sse2") || hasFeatures(*TM, "+soft-float"))) ||
             (TT.isAArch64() && !hasFeatures(*TM, "+neon")));
  if (NoVectorUnit) {
    delete TM;
    TM = nullptr;
  }
  Machines[Key].reset(TM);
  return TM;
}

// The code generation pipeline of one target machine, built once and run on every
// probe module in turn, as `llc -compile-twice` runs one pass manager on two modules:
// building it (about 100 passes scheduled) costs as much as compiling a small function.
struct Pipeline {
  SmallString<4096> Asm;
  raw_svector_ostream OS{Asm};
  legacy::PassManager PM;
  // What each probe function measured, by `probeKey`: a block's original is measured
  // again against each of its candidates (a fifth of libjpeg-turbo's probe functions).
  std::map<std::string, ShufEmitted> Measured;
  std::mutex Lock;
};

Pipeline *measuringPipeline(TargetMachine &TM) {
  static std::mutex Lock;
  static std::map<TargetMachine *, std::unique_ptr<Pipeline>> Pipelines;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Pipelines.find(&TM);
  if (It != Pipelines.end())
    return It->second.get();
  auto P = std::make_unique<Pipeline>();
  if (TM.addPassesToEmitFile(P->PM, P->OS, nullptr, CodeGenFileType::AssemblyFile))
    P.reset();
  return (Pipelines[&TM] = std::move(P)).get();
}

// Whether an instruction line only makes a constant register from an immediate: zero
// (`vpxor %xmm0, %xmm0, %xmm0`, AArch64 `movi v0.2d, #0`, RISC-V `vmv.v.i v9, 0`), all
// ones (`vpcmpeqd %xmm0, %xmm0, %xmm0`, `vpternlogd $255` of one register), or any
// immediate AArch64 makes in one instruction (`movi v2.2d, #0xff00ff00ff00ff`, `mvni`,
// `fmov v0.4s, #1.0`). Like a constant-pool load it is hoisted out of loops. (Counted
// in a loop's listing, the `movi` of stock's `bit` masks made a network look an
// instruction cheaper than the stock code on neoverse-n1, and the loop ran a cycle
// slower: random loop `w5`.)
bool isConstantIdiom(StringRef Line) {
  auto [Mnemonic, Rest] = Line.split('\t');
  // AArch64 writes its immediates with `#` and its comments with `//`.
  if (Mnemonic == "movi" || Mnemonic == "mvni")
    return true;
  if (Mnemonic == "fmov")
    return Rest.split("//").first.contains('#');
  Rest = Rest.split('#').first.trim();
  // (Not RISC-V's other immediates: a mask constant lives in `v0`, which the loop's own
  // masked instructions take too, so it is made again where used: counted, a sequence
  // of sifive-x280 looked cheaper than stock's and its unrolled loop took 182
  // instructions for 100.)
  if (Mnemonic == "vmv.v.i")
    return Rest.ends_with(", 0");
  SmallVector<StringRef, 4> Ops;
  Rest.split(Ops, ", ");
  auto OneRegister = [&](ArrayRef<StringRef> Regs) {
    return !Regs.empty() &&
           all_of(Regs, [&](StringRef Op) { return Op.trim() == Regs[0].trim(); });
  };
  if (is_contained({"pxor", "vpxor", "xorps", "vxorps", "vpxord", "vpxorq", "pcmpeqb",
                    "pcmpeqw", "pcmpeqd", "pcmpeqq", "vpcmpeqb", "vpcmpeqw", "vpcmpeqd",
                    "vpcmpeqq"},
                   Mnemonic))
    return OneRegister(Ops);
  if (Mnemonic == "vpternlogd" || Mnemonic == "vpternlogq")
    return Ops.size() == 4 && Ops[0].trim() == "$255" &&
           OneRegister(ArrayRef(Ops).drop_front());
  return false;
}

// What the CPU's scheduling model says of a listing's instructions.
//
// Their weights, for targets whose instructions' cost depends on a vector shape set
// apart from them (RISC-V V: `vsetvli` sets the element width and register group the
// next instructions work on; llvm-mca's instrument manager turns those into the
// scheduling classes of that shape). An instruction weighs its reciprocal throughput in
// cycles, rounded, at least one: a `vadd.vv` of one register or less counts one as
// before, of a group of two registers two, and a `vrgather.vv`, which some CPUs do
// element by element, what it costs (sifive-x280: 36 for 32 bytes).
//
// And their block reciprocal throughput as llvm-mca's summary computes it without
// simulating (`mca::computeBlockRThroughput`): the most cycles any processor resource
// (a port, or a group of ports per unit) is busy, or the micro-ops over the dispatch
// width if more. What tells two listings of as many instructions apart by the port
// they compete for: x86's `vperm2f128` takes the shuffle port, `vinsertf128` from
// memory a load port and any of three ALU ports.
class ScheduleModel {
  // Collects the instructions an assembly text parses to.
  class Collector : public MCStreamer {
  public:
    std::vector<MCInst> Insts;
    explicit Collector(MCContext &Ctx) : MCStreamer(Ctx) {}
    void emitInstruction(const MCInst &Inst, const MCSubtargetInfo &) override {
      Insts.push_back(Inst);
    }
    bool emitSymbolAttribute(MCSymbol *, MCSymbolAttr) override { return true; }
    void emitCommonSymbol(MCSymbol *, uint64_t, Align) override {}
  };

  TargetMachine &TM;
  std::unique_ptr<mca::InstrumentManager> IM;
  std::unique_ptr<MCInstrAnalysis> Analysis;
  std::unique_ptr<mca::InstrBuilder> Builder;
  // Each processor resource's mask (llvm-mca's encoding of a resource and its units).
  SmallVector<uint64_t, 32> Masks;
  std::mutex Lock; // the instruction builder caches descriptors

  explicit ScheduleModel(TargetMachine &TM) : TM(TM) {
    const MCSubtargetInfo &STI = *TM.getMCSubtargetInfo();
    IM.reset(TM.getTarget().createInstrumentManager(STI, *TM.getMCInstrInfo()));
    // As llvm-mca: targets without instruments (all but RISC-V) get the plain manager.
    if (!IM)
      IM = std::make_unique<mca::InstrumentManager>(STI, *TM.getMCInstrInfo());
    if (!STI.getSchedModel().hasInstrSchedModel())
      return;
    Analysis.reset(TM.getTarget().createMCInstrAnalysis(TM.getMCInstrInfo()));
    Builder = std::make_unique<mca::InstrBuilder>(STI, *TM.getMCInstrInfo(),
                                                  *TM.getMCRegisterInfo(), Analysis.get(),
                                                  *IM, /*CallLatency=*/100);
    Masks.resize(STI.getSchedModel().getNumProcResourceKinds());
    mca::computeProcResourceMasks(STI.getSchedModel(), Masks);
  }

  // The scheduling model's reciprocal throughput of `Inst` under `Shape`.
  std::optional<double> throughput(const MCInst &Inst,
                                   const SmallVector<mca::Instrument *> &Shape) const {
    const MCSubtargetInfo &STI = *TM.getMCSubtargetInfo();
    const MCSchedModel &Model = STI.getSchedModel();
    unsigned Class = IM->getSchedClassID(*TM.getMCInstrInfo(), Inst, Shape);
    const MCSchedClassDesc *Desc = Model.getSchedClassDesc(Class);
    while (Desc && Desc->isValid() && Desc->isVariant()) {
      Class = STI.resolveVariantSchedClass(Class, &Inst, TM.getMCInstrInfo(),
                                           Model.getProcessorID());
      Desc = Model.getSchedClassDesc(Class);
    }
    if (!Desc || !Desc->isValid() || Desc->isVariant())
      return std::nullopt;
    return MCSchedModel::getReciprocalThroughput(STI, *Desc);
  }

  // The instructions of `Text`, or none where it cannot be read.
  std::vector<MCInst> parse(StringRef Text) const {
    const Target &T = TM.getTarget();
    SourceMgr Sources;
    Sources.setDiagHandler([](const SMDiagnostic &, void *) {});
    Sources.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(Text), SMLoc());
    MCContext Ctx(TM.getTargetTriple(), TM.getMCAsmInfo(), TM.getMCRegisterInfo(),
                  TM.getMCSubtargetInfo(), &Sources);
    std::unique_ptr<MCObjectFileInfo> Files(T.createMCObjectFileInfo(Ctx, /*PIC=*/true));
    Ctx.setObjectFileInfo(Files.get());
    Collector Insts(Ctx);
    std::unique_ptr<MCAsmParser> Parser(
        createMCAsmParser(Sources, Ctx, Insts, *TM.getMCAsmInfo()));
    MCTargetOptions Options;
    std::unique_ptr<MCTargetAsmParser> TargetParser(
        T.createMCAsmParser(*TM.getMCSubtargetInfo(), *Parser, *TM.getMCInstrInfo(), Options));
    if (!TargetParser)
      return {};
    Parser->setTargetParser(*TargetParser);
    if (Parser->Run(/*NoInitialTextSection=*/false))
      return {};
    return std::move(Insts.Insts);
  }

public:
  // One per target machine, kept for the process.
  static ScheduleModel &of(TargetMachine &TM) {
    static std::mutex Lock;
    static std::map<TargetMachine *, std::unique_ptr<ScheduleModel>> All;
    std::lock_guard<std::mutex> Guard(Lock);
    auto &W = All[&TM];
    if (!W)
      W.reset(new ScheduleModel(TM));
    return *W;
  }

  // Counts the cycles until half, and until all, of a simulation's iterations retired.
  class RetireClock : public mca::HWEventListener {
    uint64_t Cycle = 0, Retired = 0, Half, All;

  public:
    uint64_t AtHalf = 0, AtAll = 0;
    RetireClock(uint64_t Half, uint64_t All) : Half(Half), All(All) {}
    void onCycleEnd() override { ++Cycle; }
    void onEvent(const mca::HWInstructionEvent &Event) override {
      if (Event.Type != mca::HWInstructionEvent::Retired)
        return;
      ++Retired;
      if (Retired == Half)
        AtHalf = Cycle;
      if (Retired == All)
        AtAll = Cycle;
    }
  };

  // Cycles an iteration of `Sequence` run as a loop once the loop is under way, by
  // llvm-mca's simulation of an out-of-order core (its default pipeline, memory assumed
  // not to alias, as the tool does): from when half of the iterations retired to when
  // all did. Sees what the block bound does not: latencies the reorder buffer cannot
  // hide, such as those of a network that spills (random loops on x86-64-v4: 64 widened
  // `<2 x float>` groups, bound 208 -> 172 cycles, simulated 205 -> 390). None for
  // in-order CPUs (sifive-x280), whose simulation is all latency where the bound is
  // throughput.
  std::optional<double> simulate(MutableArrayRef<std::unique_ptr<mca::Instruction>> Sequence) {
    const MCSubtargetInfo &STI = *TM.getMCSubtargetInfo();
    if (Sequence.empty() || STI.getSchedModel().MicroOpBufferSize <= 0)
      return std::nullopt;
    // A register read before the block writes it is loop-invariant in the loop the block
    // stands for (a shuffle's index, hoisted; a pointer), never the last iteration's
    // result: `vpermw (%rdi), %ymm0, %ymm0` with its index in ymm0 would otherwise chain
    // each iteration to the last, 13 cycles where the loop takes one.
    const MCRegisterInfo &Registers = *TM.getMCRegisterInfo();
    SmallVector<MCPhysReg, 32> Written;
    for (const std::unique_ptr<mca::Instruction> &Inst : Sequence) {
      for (mca::ReadState &Use : Inst->getUses())
        if (none_of(Written, [&](MCPhysReg W) {
              return Registers.regsOverlap(W, Use.getRegisterID());
            }))
          Use.setIndependentFromDef();
      for (const mca::WriteState &Def : Inst->getDefs())
        if (Def.getRegisterID())
          Written.push_back(Def.getRegisterID());
    }
    // Enough iterations that the loop's start and whole-cycle rounding leave the window
    // (eight of a 6-instruction listing gave 4.50 cycles where a hundred give 4.07), as
    // few as eight for long listings (each iteration of 400 instructions takes about a
    // millisecond): 256 instructions' worth (512 cost libjpeg-turbo's compilation about
    // 0.3% more, 2048 0.5%).
    const unsigned Iterations =
        std::clamp<unsigned>(256 / std::max<size_t>(Sequence.size(), 1), 8, 100) & ~1u;
    mca::Context Context(*TM.getMCRegisterInfo(), STI);
    mca::CircularSourceMgr Source(Sequence, Iterations);
    std::unique_ptr<mca::CustomBehaviour> Behaviour(
        TM.getTarget().createCustomBehaviour(STI, Source, *TM.getMCInstrInfo()));
    if (!Behaviour)
      Behaviour = std::make_unique<mca::CustomBehaviour>(STI, Source, *TM.getMCInstrInfo());
    mca::PipelineOptions Options(/*UOPQSize=*/0, /*DecThr=*/0, /*DW=*/0, /*RFS=*/0,
                                 /*LQS=*/0, /*SQS=*/0, /*NoAlias=*/true);
    // Declared before the pipeline, which holds it until destroyed.
    RetireClock Clock(Sequence.size() * Iterations / 2, Sequence.size() * Iterations);
    std::unique_ptr<mca::Pipeline> Pipeline =
        Context.createDefaultPipeline(Options, Source, *Behaviour);
    Pipeline->addEventListener(&Clock);
    Expected<unsigned> Cycles = Pipeline->run();
    if (!Cycles) {
      consumeError(Cycles.takeError());
      return std::nullopt;
    }
    if (Clock.AtAll <= Clock.AtHalf)
      return std::nullopt;
    return double(Clock.AtAll - Clock.AtHalf) / (Iterations / 2);
  }

  // What the instructions of `Text` (instruction lines only) weigh beyond one each
  // (with `Weighed`; else 0), and, with `Timed` (else 0), their cycles in hundredths
  // of a cycle: the block reciprocal throughput, and for a loop's block (`Loop`) the
  // simulated cycles an iteration where those are more by 2% or more. Both 0 where the
  // CPU has no scheduling model or anything cannot be read.
  std::pair<int64_t, int64_t> measure(StringRef Text, bool Weighed, bool Timed, bool Loop) {
    if (!Builder || Text.empty())
      return {0, 0};
    std::vector<MCInst> Insts = parse(Text);
    if (Insts.empty())
      return {0, 0};
    const MCSchedModel &Model = TM.getMCSubtargetInfo()->getSchedModel();
    int64_t Extra = 0;
    unsigned MicroOps = 0;
    bool Unknown = false;
    SmallVector<unsigned, 32> Usage(Masks.size(), 0);
    SmallVector<mca::UniqueInstrument> Current;
    std::vector<std::unique_ptr<mca::Instruction>> Sequence;
    // The builder and its descriptors are shared; the simulation, of this listing's
    // own instructions, runs without the lock.
    {
      std::lock_guard<std::mutex> Guard(Lock);
      for (const MCInst &Inst : Insts) {
        // `vsetvli`/`vsetivli` set the shape of what follows.
        if (auto Shape = IM->createInstruments(Inst); !Shape.empty())
          Current = std::move(Shape);
        SmallVector<mca::Instrument *> Shape;
        for (auto &I : Current)
          Shape.push_back(I.get());
        if (Weighed)
          if (std::optional<double> Cycles = throughput(Inst, Shape))
            Extra += std::max<int64_t>(0, std::llround(*Cycles) - 1);
        // A call (a libcall the backend made): its cycles are not the model's, and
        // llvm-mca's builder would warn of it on the host's error stream (a helper's
        // hunt saw the warning on a clean `opt` run). The throughput is unknown.
        if (TM.getMCInstrInfo()->get(Inst.getOpcode()).isCall())
          Unknown = true;
        if (Unknown)
          continue;
        Expected<std::unique_ptr<mca::Instruction>> Built =
            Builder->createInstruction(Inst, Shape);
        if (!Built) {
          // The throughput is unknown; the weights go on.
          consumeError(Built.takeError());
          Unknown = true;
          continue;
        }
        const mca::InstrDesc &Desc = (*Built)->getDesc();
        Sequence.push_back(std::move(*Built));
        MicroOps += Desc.NumMicroOps;
        for (const auto &[Mask, Use] : Desc.Resources) {
          if (!Use.size())
            continue;
          auto At = find(Masks, Mask);
          if (At != Masks.end())
            Usage[At - Masks.begin()] += Use.size();
        }
      }
    }
    if (Unknown)
      return {Extra, 0};
    if (!Timed)
      return {Extra, 0};
    double Cycles = mca::computeBlockRThroughput(Model, Model.IssueWidth, MicroOps, Usage);
    // More by 2% at least: what is left of the loop's start in the window is less.
    if (std::optional<double> Simulated = Loop ? simulate(Sequence) : std::nullopt)
      if (*Simulated > Cycles * 1.02)
        Cycles = *Simulated;
    return {Extra, std::llround(Cycles * 100)};
  }
};

// Instruction lines of an assembly listing: indented, not a directive or a comment,
// not the return or the `vzeroupper` before it (a function's exit, not its work), and,
// unless asked, not a constant: one made from an immediate (`isConstantIdiom`) or a load
// of a constant-pool entry (`vmovdqa .LCPI0_0(%rip)`, `adrp` + `ldr` on AArch64): in a
// loop the backend hoists those, so a shuffle that needs one (`vpermt2d`'s index,
// `tbl`'s) costs only its own instructions there. A constant folded into an
// instruction (`vpshufb .LCPI0_0(%rip)`) counts.
//
// On RISC-V V an instruction weighs what its scheduling class says (`ScheduleModel`),
// not one: a `vrgather.vv` of 32 bytes costs sifive-x280 36 cycles, a `vadd.vv` of them
// one. Both the count and the weight are returned.
// Whether this thread's measurements also give their cycles (`shuf_timed_measurements`:
// 0 not, 1 the bound, 2 also simulated in loops): parsing a listing back costs about a
// millisecond, which only the decisions by cycles need (per thread: ThinLTO runs the
// pass in several at once).
thread_local int TimedMeasurements = 0;

// A return's mnemonic: `ret`, x86's `retq` and `retl` (i686: counted once, and llvm-mca
// warned of it on the host's error stream, a helper's hunt), AArch64's `retaa`/`retab`.
bool isReturn(StringRef Mnemonic) { return Mnemonic.starts_with("ret"); }

ShufEmitted countInstructions(TargetMachine &TM, StringRef Asm, bool CountConstantLoads) {
  int64_t Count = 0;
  std::string Counted;
  SmallVector<StringRef, 64> Lines;
  Asm.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (!Line.starts_with("\t"))
      continue;
    StringRef Mnemonic = Line.ltrim().split('\t').first.split(' ').first;
    if (Mnemonic.empty() || Mnemonic.starts_with(".") || Mnemonic.starts_with("#") ||
        Mnemonic.starts_with("//") || Mnemonic.starts_with(";") || isReturn(Mnemonic) ||
        Mnemonic == "vzeroupper")
      continue;
    bool ConstantLoad = Line.contains(".LCPI") &&
                        (Mnemonic == "adrp" || Mnemonic == "ldr" || Mnemonic == "lea" ||
                         Mnemonic.starts_with("mov") || Mnemonic.starts_with("vmov") ||
                         Mnemonic.starts_with("vpbroadcast") ||
                         Mnemonic.starts_with("vbroadcast"));
    if (CountConstantLoads || !(ConstantLoad || isConstantIdiom(Line.ltrim()))) {
      ++Count;
      (Counted += Line) += '\n';
    }
  }
  bool Weighed = TM.getTargetTriple().isRISCV();
  // The listing is read back (parsed as assembly) only for the targets the plugin is
  // made for: another target's assembly parser may need what a bare streamer lacks
  // (MIPS's `.ent`/`.frame` directives ask for its target streamer: the host compiler
  // crashed, found by a helper's hunt); elsewhere the count alone.
  const Triple &TT = TM.getTargetTriple();
  bool Modelled = TT.isX86() || TT.isAArch64() || TT.isRISCV();
  if (!Modelled || (!Weighed && TimedMeasurements == 0))
    return {Count, Count, 0};
  // A listing without its constants' loads stands for a loop's block (its cycles are an
  // iteration's): only then is it simulated.
  auto [Extra, Cycles] =
      ScheduleModel::of(TM).measure(Counted, Weighed, TimedMeasurements != 0,
                                    /*Loop=*/TimedMeasurements == 2 && !CountConstantLoads);
  return {Count + Extra, Count, Cycles};
}

// How a measured function hands on its result. Where it can, to an empty inline asm
// that takes it in any vector register (`x` on x86, `w` on AArch64): the backend can
// neither combine with the use nor has to move the result anywhere, as in a function
// that goes on using it. Returning it instead pins it to the return register, and a
// two-address instruction (SSE, NEON `ins`) whose result lands elsewhere pays a copy
// that real code rarely pays; a store lets the backend fold the shuffle into it.
// Only types that fit one register as they are (whole registers, lanes of 8 bits or
// more): an inline asm operand the backend cannot place is an error in the host's
// context.
const char *consumerConstraint(const TargetMachine &TM, Type *Ty) {
  const Triple &TT = TM.getTargetTriple();
  auto *VT = dyn_cast<FixedVectorType>(Ty);
  // Half-precision lanes are no register type on x86 without AVX512-FP16 (the asm
  // operand cannot be placed): returned instead, everywhere.
  if (!VT || VT->getScalarSizeInBits() < 8 || VT->getElementType()->isHalfTy() ||
      VT->getElementType()->isBFloatTy())
    return nullptr;
  uint64_t Bits = VT->getPrimitiveSizeInBits().getFixedValue();
  // Vector registers only where the subtarget has them (not with soft float: the
  // operand cannot be placed, an error in the host's context).
  // Lanes of 64 bits at most: `<1 x i128>` is no xmm operand ("couldn't allocate input
  // reg for constraint 'x'", found by a helper's hunt).
  if (TT.isX86() && Bits == 128 && VT->getScalarSizeInBits() <= 64 && hasFeatures(TM, "+sse2") &&
      !hasFeatures(TM, "+soft-float"))
    return "x";
  if (TT.isAArch64() && (Bits == 64 || Bits == 128) && hasFeatures(TM, "+neon"))
    return "w";
  return nullptr;
}

// The attributes of the function being transformed that decide its code beyond the
// CPU: a probe without "min-legal-vector-width" may use 512-bit registers where the
// function (x86-64-v4, which prefers 256) does not; vscale_range sizes scalable vectors.
void copyCodegenAttributes(const Function &From, Function &To) {
  for (const char *Name : {"tune-cpu", "prefer-vector-width", "min-legal-vector-width"})
    if (From.hasFnAttribute(Name))
      To.addFnAttr(From.getFnAttribute(Name));
  if (From.hasFnAttribute(Attribute::VScaleRange))
    To.addFnAttr(From.getFnAttribute(Attribute::VScaleRange));
}

// A measured function compiles as the function being transformed would: its CPU,
// features and code generation attributes; it does not unwind.
void setProbeAttributes(const ShufTarget &T, Function &F) {
  if (!T.CPU.empty())
    F.addFnAttr("target-cpu", T.CPU);
  if (!T.Features.empty())
    F.addFnAttr("target-features", T.Features);
  copyCodegenAttributes(T.F, F);
  F.addFnAttr(Attribute::NoUnwind);
}

// Whether a probe may take an unused first parameter of type `Ty`. LLVM 22's AArch64
// backend overflows its stack (llc crashes: SIGSEGV) on a function with an unused
// parameter of some vector types wider than a register whose lanes are not a power of
// two or that are wider than 512 bits (`<10 x float>`, `<14 x float>`, `<32 x float>`;
// found by the differential generator), which measuring in the host's process would
// crash the host with: such results are returned without it.
bool unusedParameterCompiles(const Triple &TT, Type *Ty) {
  auto *VT = dyn_cast<FixedVectorType>(Ty);
  if (!TT.isAArch64() || !VT)
    return true;
  uint64_t Bits = VT->getPrimitiveSizeInBits().getFixedValue();
  return Bits <= 128 || (isPowerOf2_32(VT->getNumElements()) && Bits <= 512);
}

// Whether LLVM 22's AArch64 backend compiles a probe taking `Params`: llc crashes
// (SIGSEGV) on a `<3 x float>` parameter passed on the stack, past the eight SIMD
// registers (nine `<3 x float>`, or eight `<4 x float>` and one; other shapes of three
// lanes compiled; found by review, reachable through commoning's trees of many inputs).
// Counted conservatively: no vector parameter of lanes not a power of two where the
// floating-point and vector parameters need more than eight registers of 128 bits.
bool parametersCompile(const Triple &TT, ArrayRef<Type *> Params) {
  if (!TT.isAArch64())
    return true;
  uint64_t Registers = 0;
  bool Odd = false;
  for (Type *Ty : Params) {
    if (!Ty->isVectorTy() && !Ty->isFloatingPointTy())
      continue;
    uint64_t Bits = Ty->getPrimitiveSizeInBits().getKnownMinValue();
    Registers += std::max<uint64_t>(1, (Bits + 127) / 128);
    if (auto *VT = dyn_cast<FixedVectorType>(Ty))
      Odd |= !isPowerOf2_32(VT->getNumElements());
  }
  return !Odd || Registers <= 8;
}

Function *probeFunction(Module &Probe, TargetMachine &TM, const ShufTarget &T,
                        ArrayRef<Type *> Inputs, Type *ResultTy, StringRef Name) {
  Probe.setTargetTriple(TM.getTargetTriple());
  Probe.setDataLayout(TM.createDataLayout());
  LLVMContext &Ctx = Probe.getContext();
  bool Returned = !consumerConstraint(TM, ResultTy);
  // A returned result: an unused first parameter of its type takes the return
  // register, so that no input arrives there and the result can be computed into it
  // (RISC-V V's `vzext` may not overwrite its source: returned in the input's register
  // it would pay a copy).
  SmallVector<Type *, 4> Params;
  if (Returned && unusedParameterCompiles(TM.getTargetTriple(), ResultTy))
    Params.push_back(ResultTy);
  Params.append(Inputs.begin(), Inputs.end());
  Function *F = Function::Create(
      FunctionType::get(Returned ? ResultTy : Type::getVoidTy(Ctx), Params, false),
      GlobalValue::ExternalLinkage, Name, Probe);
  setProbeAttributes(T, *F);
  return F;
}

// Ends a measured function: its result to the consumer, or returned.
void consume(IRBuilder<> &B, TargetMachine &TM, Value *Result) {
  Type *Ty = Result->getType();
  if (const char *Constraint = consumerConstraint(TM, Ty)) {
    auto *AsmTy = FunctionType::get(Type::getVoidTy(Ty->getContext()), {Ty}, false);
    B.CreateCall(AsmTy, InlineAsm::get(AsmTy, "", Constraint, /*hasSideEffects=*/true),
                 {Result});
    B.CreateRetVoid();
  } else {
    B.CreateRet(Result);
  }
}

// The constraint of an empty inline asm that takes a value a measured function hands
// on besides its stores (a scalar read outside an SLP tree, an index of a
// getelementptr): a general register for an integer or pointer, a floating-point or
// vector register for a float where the target has them, a vector as for results.
// None where the backend might not place it (an error in the host's context).
const char *observedConstraint(const TargetMachine &TM, Type *Ty) {
  const Triple &TT = TM.getTargetTriple();
  if (Ty->isVectorTy())
    return consumerConstraint(TM, Ty);
  if (Ty->isPointerTy() || (Ty->isIntegerTy() && Ty->getIntegerBitWidth() >= 8 &&
                            Ty->getIntegerBitWidth() <= (TT.isArch64Bit() ? 64 : 32) &&
                            isPowerOf2_32(Ty->getIntegerBitWidth())))
    return "r";
  if (!Ty->isFloatTy() && !Ty->isDoubleTy())
    return nullptr;
  bool Double = Ty->isDoubleTy();
  // Floating point in registers of its own only where the subtarget has them (no
  // `i686` without SSE, no soft float).
  if (TT.isX86() && TT.isArch64Bit() && hasFeatures(TM, Double ? "+sse2" : "+sse") &&
      !hasFeatures(TM, "+soft-float"))
    return "x";
  if (TT.isAArch64() && hasFeatures(TM, "+fp-armv8"))
    return "w";
  if (TT.isRISCV() && hasFeatures(TM, Double ? "+d" : "+f"))
    return "f";
  return nullptr;
}

// A splat of a constant that names no global (a scalable vector's `splat (i1 true)` is
// a constant expression).
bool isPlainSplat(const Constant *C) {
  const Constant *Lane = C->getSplatValue();
  return Lane && !isa<ConstantExpr>(Lane) && !isa<GlobalValue>(Lane);
}

// Whether a probe can hold constant `C`: data, a splat (a scalable vector's
// `splat (i1 true)` is a constant expression), or addresses of global variables and
// constant expressions of them (a global array's element, `getelementptr (i8, ptr @g,
// i64 12)`): `copySlice` declares those variables in the probe. Not functions, aliases
// or thread-local variables.
bool probeConstant(const Constant *C) {
  if (auto *G = dyn_cast<GlobalVariable>(C))
    return !G->isThreadLocal();
  if (isa<GlobalValue>(C) || isa<BlockAddress>(C) || isa<DSOLocalEquivalent>(C) ||
      isa<NoCFIValue>(C))
    return false;
  if (isa<ConstantExpr>(C) && isPlainSplat(C))
    return true;
  return all_of(C->operands(), [](const Use &U) { return probeConstant(cast<Constant>(U)); });
}

// Declares in `Probe` a variable for each global variable `C` holds (as a probe reads
// or writes it: the same type, address space, alignment, constness and locality, so
// that its addressing compiles alike), into `Map`.
void declareGlobals(Module &Probe, const Constant *C, ValueToValueMapTy &Map) {
  if (auto *G = dyn_cast<GlobalVariable>(C)) {
    if (Map.count(G))
      return;
    auto *Copy = new GlobalVariable(Probe, G->getValueType(), G->isConstant(),
                                    GlobalValue::ExternalLinkage, nullptr,
                                    "shuf_global_" + std::to_string(Map.size()), nullptr,
                                    GlobalValue::NotThreadLocal, G->getAddressSpace());
    Copy->setAlignment(G->getAlign());
    Copy->setDSOLocal(G->isDSOLocal() || G->hasLocalLinkage());
    Map[G] = Copy;
    return;
  }
  for (const Use &U : C->operands())
    declareGlobals(Probe, cast<Constant>(U), Map);
}

// `V` as an input of a probe (an argument), unless it is a constant: a probe holds
// constants as they are, and global variables as stand-ins (`declareGlobals`). Mapped to
// an argument, a global would make each constant expression of it (`getelementptr (i8,
// ptr @g, i64 12)`) one of an argument, which LLVM keeps in its context after the probe
// is gone (a helper's hunt: a use after free in the host).
void addInput(SmallVectorImpl<Value *> &Inputs, Value *V) {
  if (!isa<Constant>(V) && !is_contained(Inputs, V))
    Inputs.push_back(V);
}

// The instructions between `Inputs` and `Results`, in order: one basic block, no memory
// access but simple loads, gathers and the results themselves if they are simple stores, no phi,
// calls only to intrinsics, constants only as data or global variables' addresses
// (`probeConstant`).
bool sliceBetween(ArrayRef<Value *> Inputs, ArrayRef<Instruction *> Results,
                  SmallVectorImpl<Instruction *> &Slice) {
  if (Results.empty())
    return false;
  BasicBlock *Block = Results.front()->getParent();
  SmallVector<Instruction *, 8> Work(Results.begin(), Results.end());
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (is_contained(Slice, I))
      continue;
    // A simple load is measured with what reads it (the backend may fold it).
    auto *Load = dyn_cast<LoadInst>(I);
    auto *Store = dyn_cast<StoreInst>(I);
    // So is a gather (its addresses an input: a table gather measured against the
    // table lookup that replaces it).
    auto *Gather = dyn_cast<IntrinsicInst>(I);
    bool IsGather = Gather && (Gather->getIntrinsicID() == Intrinsic::masked_gather ||
                               Gather->getIntrinsicID() == Intrinsic::vp_gather);
    bool SimpleAccess = (Load && Load->isSimple()) || IsGather ||
                        (Store && Store->isSimple() && is_contained(Results, I));
    if (I->getParent() != Block || (I->mayReadOrWriteMemory() && !SimpleAccess) ||
        isa<PHINode>(I)) {
      if (getenv("SHUF_DUMP_PROBES")) {
        errs() << "not measurable: " << *I << "\n";
        for (Value *In : Inputs) errs() << "  input " << *In << "\n";
      }
      return false;
    }
    if (auto *Call = dyn_cast<CallInst>(I))
      if (!Call->getCalledFunction() || !Call->getCalledFunction()->isIntrinsic())
        return false;
    Slice.push_back(I);
    for (Value *Op : I->operands()) {
      if (is_contained(Inputs, Op))
        continue;
      if (auto *OpI = dyn_cast<Instruction>(Op))
        Work.push_back(OpI);
      else if (isa<Function>(Op))
        continue; // an intrinsic callee
      else if (!isa<Constant>(Op) || !probeConstant(cast<Constant>(Op))) {
        if (getenv("SHUF_DUMP_PROBES"))
          errs() << "not measurable: " << *Op << " in " << *I << "\n";
        return false;
      }
    }
  }
  sort(Slice, [](Instruction *X, Instruction *Y) { return X->comesBefore(Y); });
  return true;
}

// Copies `Slice` to the end of `B`'s block in `Probe`, its inputs mapped to `Args`,
// into `Map`; false (nothing copied) where it cannot be.
bool copySlice(Module &Probe, IRBuilder<> &B, ArrayRef<Value *> Inputs,
               ArrayRef<Argument *> Args, ArrayRef<Instruction *> Slice,
               ValueToValueMapTy &Map) {
  for (size_t I = 0; I < Inputs.size(); ++I)
    Map[Inputs[I]] = Args[I];
  for (Instruction *I : Slice)
    if (auto *Call = dyn_cast<CallInst>(I)) {
      Function *Callee = Call->getCalledFunction();
      Map[Callee] = Probe.getOrInsertFunction(Callee->getName(), Callee->getFunctionType(),
                                              Callee->getAttributes())
                        .getCallee();
    }
  // An operand not copied yet is used before it is defined here (the slice is in block
  // order): copied so, it would name the host function's value, which code generation
  // cannot survive. The slice is not measured.
  SmallPtrSet<const Value *, 32> Defined;
  for (Instruction *I : Slice) {
    for (Value *Op : I->operands())
      if ((isa<Instruction>(Op) || isa<Argument>(Op)) && !Map.count(Op) &&
          !Defined.count(Op))
        return false;
    Defined.insert(I);
  }
  for (Instruction *I : Slice) {
    auto *Call = dyn_cast<CallBase>(I);
    for (const Use &Op : I->operands())
      if (auto *C = dyn_cast<Constant>(Op); C && !(Call && &Op == &Call->getCalledOperandUse()))
        declareGlobals(Probe, C, Map);
  }
  for (Instruction *I : Slice) {
    Instruction *Copy = I->clone();
    B.Insert(Copy);
    Map[I] = Copy;
    RemapInstruction(Copy, Map, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    Copy->setDebugLoc(DebugLoc());
  }
  return true;
}

// The lines of an assembly listing that are not directives (`.text` is printed once
// per pipeline: a reused one is already in that section).
std::string instructionLines(StringRef Asm) {
  std::string Out;
  SmallVector<StringRef, 64> Lines;
  Asm.split(Lines, '\n', -1, false);
  for (StringRef Line : Lines)
    if (!Line.starts_with("\t."))
      Out += (Line + "\n").str();
  return Out;
}

// Whether `C` is or holds a global (`<2 x ptr> <ptr @g, ptr @h>`), which the IR names
// only: the same name may be another global in another module of the process (ThinLTO).
bool holdsGlobal(const Constant *C) {
  return isa<GlobalValue>(C) ||
         any_of(C->operands(), [](const Use &U) { return holdsGlobal(cast<Constant>(U)); });
}

// Everything a probe function's measurement depends on besides the target machine: its
// IR as printed (its name left out), the attributes and metadata printing only numbers,
// and how it is counted. Functions with equal keys compile to the same listing. Empty
// (not remembered) for a function with a global in a constant.
std::string probeKey(const Function &F, StringRef Name, bool CountConstantLoads) {
  std::string Key;
  raw_string_ostream OS(Key);
  OS << CountConstantLoads << TimedMeasurements << '\n'
     << F.getAttributes().getAsString(AttributeList::FunctionIndex) << '\n';
  SmallVector<std::pair<unsigned, MDNode *>, 4> Nodes;
  std::optional<ModuleSlotTracker> Slots; // made once, where metadata is printed
  for (const Instruction &I : instructions(F)) {
    const auto *Call = dyn_cast<CallBase>(&I);
    for (const Use &Op : I.operands())
      if (auto *C = dyn_cast<Constant>(Op);
          C && !(Call && &Op == &Call->getCalledOperandUse()) && holdsGlobal(C))
        return {};
    if (Call)
      OS << Call->getAttributes().getAsString(AttributeList::FunctionIndex) << '\n';
    Nodes.clear();
    I.getAllMetadataOtherThanDebugLoc(Nodes);
    for (auto &[Kind, Node] : Nodes) {
      if (!Slots)
        Slots.emplace(F.getParent(), /*ShouldInitializeAllMetadata=*/true);
      OS << Kind << ' ';
      Node->printTree(OS, *Slots, F.getParent());
      OS << '\n';
    }
  }
  std::string Text;
  raw_string_ostream IR(Text);
  F.print(IR);
  std::string Label = ("@" + Name + "(").str();
  if (size_t At = Text.find(Label); At != std::string::npos)
    Text.replace(At, Label.size(), "@(");
  return Key + Text;
}

// Whether LLVM 22's backend selects a bitcast from or to `Ty`, as far as known: one of
// a `bfloat` vector, which a candidate makes where stock code does not, is selected on
// x86 and RISC-V V, on AArch64 up to a NEON register (where SVE holds fixed vectors,
// `vscale_range(2,2)`, clang's `-msve-vector-bits=256`, a wider one is `Cannot select:
// v16bf16 = BUILD_VECTOR`) and in SVE's scalable registers, and elsewhere not (PowerPC:
// `Cannot select: bf16_to_fp`). Either was a fatal error, and in the host's process it
// ended the host (helpers' hunts: a `trunc` rule on `<16 x bfloat>` on neoverse-v1, a
// pair swap on `<8 x bfloat>` on pwr9).
bool bitcastSelects(const Triple &TT, Type *Ty) {
  auto *VT = dyn_cast<VectorType>(Ty);
  if (!VT || !VT->getElementType()->isBFloatTy() || TT.isX86() || TT.isRISCV())
    return true;
  auto *Fixed = dyn_cast<FixedVectorType>(VT);
  return TT.isAArch64() && (!Fixed || Fixed->getPrimitiveSizeInBits().getFixedValue() <= 128);
}

// Whether the backend selects what `Probe` holds (`bitcastSelects`). A probe it does not
// is not compiled: nothing is measured and nothing taken.
bool backendSelects(const Triple &TT, Module &Probe) {
  for (Function &F : Probe)
    for (Instruction &I : instructions(F))
      if (isa<BitCastInst>(I) &&
          (!bitcastSelects(TT, I.getType()) || !bitcastSelects(TT, I.getOperand(0)->getType())))
        return false;
  return true;
}

// Compiles `Probe` and counts the instructions of each function in `Names` (constant
// loads where `CountConstantLoads` says so). A function measured before in the process
// is not compiled again.
bool emittedInstructions(TargetMachine &TM, Module &Probe, ArrayRef<bool> CountConstantLoads,
                         ArrayRef<std::string> Names, SmallVectorImpl<ShufEmitted> &Counts) {
  auto Start = std::chrono::steady_clock::now();
  Pipeline *P = measuringPipeline(TM);
  if (!P || !backendSelects(TM.getTargetTriple(), Probe))
    return false;
  // A function measured before in the process (`Known`), or earlier in this batch
  // (`Same`: its index), is not compiled. Not while debugging, which wants to see every
  // compilation.
  bool Remember = !getenv("SHUF_CHECK_PIPELINE") && !getenv("SHUF_DUMP_PROBES");
  SmallVector<std::string, 8> Keys(Names.size());
  SmallVector<std::optional<ShufEmitted>, 8> Known(Names.size());
  SmallVector<std::optional<size_t>, 8> Same(Names.size());
  if (Remember) {
    std::map<StringRef, size_t> First;
    for (size_t I = 0; I < Names.size(); ++I)
      if (Function *F = Probe.getFunction(Names[I])) {
        Keys[I] = probeKey(*F, Names[I], CountConstantLoads[I]);
        if (auto [It, New] = First.try_emplace(Keys[I], I); !New)
          Same[I] = It->second;
      }
    std::lock_guard<std::mutex> Guard(P->Lock);
    for (size_t I = 0; I < Names.size(); ++I)
      if (auto It = P->Measured.find(Keys[I]); !Keys[I].empty() && It != P->Measured.end())
        Known[I] = It->second;
  }
  size_t Left = 0, Base = Counts.size();
  for (size_t I = 0; I < Names.size(); ++I)
    if (Known[I] || Same[I])
      Probe.getFunction(Names[I])->eraseFromParent();
    else
      ++Left;
  if (Left == 0) {
    if (getenv("SHUF_TIME_PROBES"))
      errs() << "shuf-probe: " << Names.size() << " functions (" << Names.size()
             << " measured before), not compiled\n";
    for (size_t I = 0; I < Names.size(); ++I)
      Counts.push_back(Known[I] ? *Known[I] : Counts[Base + *Same[I]]);
    return true;
  }
  // Checking: SHUF_CHECK_PIPELINE=1 compiles every probe again with a pipeline built
  // for it alone and reports where the instructions differ (tests/pipeline.rs). The
  // copy is made first: code generation changes the IR it runs on.
  std::unique_ptr<Module> Copy;
  if (const char *Check = getenv("SHUF_CHECK_PIPELINE"); Check && *Check == '1')
    Copy = CloneModule(Probe);
  // Debugging: SHUF_DUMP_PROBES=ir prints each probe's IR before it is compiled (what
  // to give llc where the compilation itself fails).
  if (const char *Dump = getenv("SHUF_DUMP_PROBES"); Dump && StringRef(Dump) == "ir")
    errs() << Probe;
  // Held while the pipeline runs, not while its listing is read back and measured
  // (other threads of a ThinLTO link compile meanwhile).
  std::unique_lock<std::mutex> Guard(P->Lock);
  auto Built = std::chrono::steady_clock::now();
  P->Asm.clear();
  // The user's -ftime-report times the user's passes: timers on each pass of this
  // compilation would slow it down (by half, on small functions) and fill the report
  // with passes the user did not run. Written only where it is on: it is global, and
  // other threads (ThinLTO, other target machines' locks) read it as they compile.
  bool Timing = TimePassesIsEnabled;
  if (Timing)
    TimePassesIsEnabled = false;
  P->PM.run(Probe);
  if (Timing)
    TimePassesIsEnabled = true;
  std::string Asm = P->Asm.str().str();
  auto Ran = std::chrono::steady_clock::now();
  if (Copy) {
    SmallString<4096> Fresh;
    raw_svector_ostream OS(Fresh);
    legacy::PassManager PM;
    if (!TM.addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile)) {
      PM.run(*Copy);
      if (instructionLines(Fresh) != instructionLines(Asm))
        errs() << "shuf-pipeline-mismatch: reused pipeline\n"
               << Asm << "shuf-pipeline-mismatch: fresh pipeline\n"
               << Fresh << "\n";
    }
  }
  Guard.unlock();
  StringRef Text = Asm;
  // Debugging: SHUF_TIME_PROBES=1 prints each compilation's time (setting up the
  // pipeline, running it) and the types of what it measured.
  if (getenv("SHUF_TIME_PROBES")) {
    auto Us = [](auto A, auto B) {
      return (long)std::chrono::duration_cast<std::chrono::microseconds>(B - A).count();
    };
    errs() << "shuf-probe: " << Names.size() << " functions ("
           << Names.size() - Left << " measured before), setup " << Us(Start, Built)
           << " us, run " << Us(Built, Ran) << " us:";
    for (Function &F : Probe)
      if (!F.isDeclaration())
        errs() << " " << *F.getFunctionType();
    errs() << "\n";
  }
  // Debugging: SHUF_DUMP_PROBES=1 prints what was measured (and sliceBetween, what
  // could not be).
  if (const char *Dump = getenv("SHUF_DUMP_PROBES"); Dump && *Dump == '1')
    errs() << Text;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (Known[I] || Same[I]) {
      Counts.push_back(Known[I] ? *Known[I] : Counts[Base + *Same[I]]);
      continue;
    }
    // From the function's label to the next function's (or the end).
    size_t Begin = Text.find("\n" + Names[I] + ":");
    if (Begin == StringRef::npos)
      return false;
    size_t End = Text.find("\nshuf_", Begin + 1);
    Counts.push_back(countInstructions(TM, Text.slice(Begin, End), CountConstantLoads[I]));
  }
  if (Remember) {
    Guard.lock();
    for (size_t I = 0; I < Names.size(); ++I) {
      if (Known[I] || Same[I] || Keys[I].empty())
        continue;
      // Bounded: a long compilation (LTO) measures many distinct shapes.
      if (P->Measured.size() >= 4096)
        P->Measured.clear();
      P->Measured.emplace(Keys[I], Counts[Base + I]);
    }
  }
  return true;
}

} // namespace

extern "C" int shuf_bitcast_selects(const ShufTarget *T, LLVMTypeRef Ty) {
  return bitcastSelects(T->F.getParent()->getTargetTriple(), unwrap(Ty));
}

extern "C" {

int shuf_timed_measurements(int How) {
  int Was = TimedMeasurements;
  TimedMeasurements = std::clamp(How, 0, 2);
  return Was;
}

int shuf_emitted_batch(const ShufTarget *T, const LLVMValueRef *ResultRefs,
                       size_t NumResults, const LLVMValueRef *InputRefs,
                       const size_t *InputStarts, const int *CountConstantLoads,
                       ShufEmitted *Counts) {
  Module &Host = *T->F.getParent();
  const Triple &TT = Host.getTargetTriple();
  TargetMachine *TM = measuringMachine(TT, T->CPU, T->Features);
  if (!TM)
    return 0;
  LLVMContext &Ctx = Host.getContext();
  // One function per result, compiled together: setting up code generation costs more
  // than a small function.
  Module Probe("shuf-probe", Ctx);
  SmallVector<std::string, 8> Names;
  SmallVector<bool, 8> CountConstants;
  SmallVector<size_t, 8> Measured;
  for (size_t R = 0; R < NumResults; ++R) {
    Counts[R] = {-1, -1, -1};
    SmallVector<Value *, 4> Inputs;
    for (size_t I = InputStarts[R]; I < InputStarts[R + 1]; ++I)
      addInput(Inputs, unwrap(InputRefs[I]));
    SmallVector<Instruction *, 8> Slice;
    auto *Result = dyn_cast_or_null<Instruction>(unwrap(ResultRefs[R]));
    if (!Result || isa<StoreInst>(Result) || !sliceBetween(Inputs, {Result}, Slice))
      continue;
    SmallVector<Type *, 4> InputTypes;
    for (Value *V : Inputs)
      InputTypes.push_back(V->getType());
    // (With the result's type: `probeFunction` may take an unused parameter of it.)
    SmallVector<Type *, 5> Params(InputTypes.begin(), InputTypes.end());
    Params.push_back(Result->getType());
    if (!parametersCompile(TT, Params))
      continue;
    Names.push_back("shuf_probe_" + std::to_string(R));
    CountConstants.push_back(CountConstantLoads[R] != 0);
    Measured.push_back(R);
    Function *F = probeFunction(Probe, *TM, *T, InputTypes, Result->getType(), Names.back());
    SmallVector<Argument *, 4> Args;
    for (size_t I = 0; I < Inputs.size(); ++I)
      Args.push_back(F->getArg(F->arg_size() - Inputs.size() + I));
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
    ValueToValueMapTy Map;
    if (!copySlice(Probe, B, Inputs, Args, Slice, Map)) {
      F->eraseFromParent();
      Names.pop_back();
      CountConstants.pop_back();
      Measured.pop_back();
      continue;
    }
    consume(B, *TM, Map[Result]);
  }
  if (Names.empty())
    return 1;
  SmallVector<ShufEmitted, 8> Emitted;
  if (!emittedInstructions(*TM, Probe, CountConstants, Names, Emitted))
    return 0;
  for (size_t I = 0; I < Measured.size(); ++I)
    Counts[Measured[I]] = Emitted[I];
  return 1;
}

// The instructions the backend emits for groups of simple stores (each of one basic
// block) and what they store, and of values handed on besides (each to an empty inline
// asm: `observedConstraint`), back to their inputs: each group one function, all in one
// compilation. A count of -1 for a group that cannot be measured.
int shuf_emitted_stores(const ShufTarget *T, const LLVMValueRef *StoreRefs,
                        const size_t *StoreStarts, const LLVMValueRef *ObservedRefs,
                        const size_t *ObservedStarts, const LLVMValueRef *InputRefs,
                        const size_t *InputStarts, size_t NumGroups, int CountConstantLoads,
                        ShufEmitted *Counts) {
  Module &Host = *T->F.getParent();
  const Triple &TT = Host.getTargetTriple();
  TargetMachine *TM = measuringMachine(TT, T->CPU, T->Features);
  if (!TM)
    return 0;
  LLVMContext &Ctx = Host.getContext();
  Module Probe("shuf-probe", Ctx);
  Probe.setTargetTriple(TM->getTargetTriple());
  Probe.setDataLayout(TM->createDataLayout());
  SmallVector<std::string, 2> Names;
  SmallVector<size_t, 2> Measured;
  for (size_t G = 0; G < NumGroups; ++G) {
    Counts[G] = {-1, -1, -1};
    SmallVector<Value *, 8> Inputs;
    for (size_t I = InputStarts[G]; I < InputStarts[G + 1]; ++I)
      addInput(Inputs, unwrap(InputRefs[I]));
    SmallVector<Instruction *, 8> Stores;
    for (size_t I = StoreStarts[G]; I < StoreStarts[G + 1]; ++I)
      if (auto *Store = dyn_cast_or_null<StoreInst>(unwrap(StoreRefs[I])))
        Stores.push_back(Store);
    // An observed input is in a register already: nothing to measure. One value no
    // register takes as it is (a vector wider than one, RISC-V V's) is returned.
    SmallVector<Instruction *, 8> Observed;
    Instruction *Returned = nullptr;
    bool Observable = true;
    for (size_t I = ObservedStarts[G]; I < ObservedStarts[G + 1]; ++I) {
      Value *V = unwrap(ObservedRefs[I]);
      auto *VI = dyn_cast_or_null<Instruction>(V);
      if (is_contained(Inputs, V) || is_contained(Observed, VI) || (VI && VI == Returned))
        continue;
      if (!VI || isa<StoreInst>(VI) || VI->getType()->isVoidTy())
        Observable = false;
      else if (observedConstraint(*TM, VI->getType()))
        Observed.push_back(VI);
      else if (!Returned && isa<FixedVectorType>(VI->getType()))
        Returned = VI;
      else
        Observable = false;
    }
    SmallVector<Instruction *, 16> Ends(Stores.begin(), Stores.end());
    Ends.append(Observed.begin(), Observed.end());
    if (Returned)
      Ends.push_back(Returned);
    SmallVector<Instruction *, 16> Slice;
    if (Stores.size() != StoreStarts[G + 1] - StoreStarts[G] || !Observable ||
        !sliceBetween(Inputs, Ends, Slice))
      continue;
    SmallVector<Type *, 8> InputTypes;
    for (Value *V : Inputs)
      InputTypes.push_back(V->getType());
    if (!parametersCompile(TT, InputTypes))
      continue;
    Names.push_back("shuf_probe_stores_" + std::to_string(G));
    Measured.push_back(G);
    Type *ResultTy = Returned ? Returned->getType() : Type::getVoidTy(Ctx);
    Function *F = Function::Create(FunctionType::get(ResultTy, InputTypes, false),
                                   GlobalValue::ExternalLinkage, Names.back(), Probe);
    setProbeAttributes(*T, *F);
    SmallVector<Argument *, 8> Args;
    for (Argument &A : F->args())
      Args.push_back(&A);
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
    ValueToValueMapTy Map;
    if (!copySlice(Probe, B, Inputs, Args, Slice, Map)) {
      F->eraseFromParent();
      Names.pop_back();
      Measured.pop_back();
      continue;
    }
    for (Instruction *V : Observed) {
      Type *Ty = V->getType();
      auto *AsmTy = FunctionType::get(Type::getVoidTy(Ctx), {Ty}, false);
      const char *Constraint = observedConstraint(*TM, Ty);
      B.CreateCall(AsmTy, InlineAsm::get(AsmTy, "", Constraint, /*hasSideEffects=*/true),
                   {Map[V]});
    }
    if (Returned) {
      B.CreateRet(Map[Returned]);
      continue;
    }
    B.CreateRetVoid();
  }
  if (Names.empty())
    return 1;
  SmallVector<bool, 2> CountConstants(Names.size(), CountConstantLoads != 0);
  SmallVector<ShufEmitted, 2> Emitted;
  if (!emittedInstructions(*TM, Probe, CountConstants, Names, Emitted))
    return 0;
  for (size_t I = 0; I < Measured.size(); ++I)
    Counts[Measured[I]] = Emitted[I];
  return 1;
}

} // extern "C"
