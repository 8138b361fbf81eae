//! Table loads offered to the vectorizers as calls with vector forms.
//!
//! A scalar loop that loads bytes from a small constant table, `out[i] = digits[in[i] &
//! 15]`, is left scalar by the loop vectorizer on AArch64 (and RISC-V V): it prices the
//! vector form as one scalar load per lane. Before the vectorizers (`shuffle-lib<early>`)
//! each such load, whose index is proved to stay inside the table, becomes a call of a
//! lookup function the plugin defines, with vector forms the vectorizer may use:
//!
//! ```text
//! %x = and i8 %b, 15
//! %i = zext i8 %x to i64
//! %p = getelementptr inbounds i8, ptr @digits, i64 %i
//! %v = load i8, ptr %p
//! =>
//! %v = call i8 @shuf.lookup.digits(i8 %x) #0   ; "vector-function-abi-variant"=
//!      ; "_ZGV_LLVM_N8v_shuf.lookup.digits(shuf.lookup.digits.v8),_ZGV_LLVM_N16v_..."
//!
//! define internal i8 @shuf.lookup.digits(i8 %x)              ; the load, as before
//! define internal <16 x i8> @shuf.lookup.digits.v16(<16 x i8> %x)  ; one tbl
//! ```
//!
//! After the vectorizers (`shuffle-lib<late>`) every call of a lookup function is
//! replaced by the function's body ([`inline_lookup_calls`]): the scalar load where the
//! loop stayed scalar (and in its remainder), the table instruction where it was
//! vectorized. The functions compute what the load computes for every index the proof
//! allows, and they are defined, so a module the late instance never sees is still
//! right; left without calls, they are internal and go with the next dead-code pass.

use llvm_sys::core::*;
use llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAttributeFunctionIndex, LLVMLinkage, LLVMOpcode};

use super::lookup::{build_table_lookup, max_value, table_address, table_bytes};
use super::{is, string_attribute, value_name, Function, Inst};
use crate::lower::lookup::Lookup;

/// The function attribute that marks a lookup function; its value names the table.
const LOOKUP_ATTRIBUTE: &str = "shuf-lookup";
/// On the scalar lookup function: the vector forms its calls are offered (the value of
/// the call-site attribute `vector-function-abi-variant`).
const FORMS_ATTRIBUTE: &str = "shuf-lookup-forms";
const VARIANT_ATTRIBUTE: &str = "vector-function-abi-variant";

/// `load i8 (getelementptr @table, %index)` from a constant byte table, every index
/// proved to stay inside it.
#[derive(Clone, Debug)]
pub struct TableLoad {
    pub load: Inst,
    /// The table global's name.
    pub table_name: String,
    /// The bytes of the table.
    pub table: Vec<u8>,
    /// The largest value the index can hold, proved.
    pub max_index: u8,
    global: LLVMValueRef,
    /// The address's index (an integer of any width).
    index: LLVMValueRef,
    /// The address and what widened the index, to erase when unused.
    parts: Vec<LLVMValueRef>,
}

/// Whether `func` is a lookup function this module defined (the pass leaves those alone).
pub fn is_lookup_function(func: Function) -> bool {
    // SAFETY: a live function.
    unsafe { has_attribute(func.0, LOOKUP_ATTRIBUTE) }
}

unsafe fn has_attribute(func: LLVMValueRef, name: &str) -> bool {
    string_attribute(func, name).is_some()
}

unsafe fn add_string_attribute(
    target: LLVMValueRef,
    index: u32,
    name: &str,
    value: &str,
    call: bool,
) {
    let ctx = LLVMGetTypeContext(LLVMTypeOf(target));
    let attr = LLVMCreateStringAttribute(
        ctx,
        name.as_ptr() as *const _,
        name.len() as u32,
        value.as_ptr() as *const _,
        value.len() as u32,
    );
    match call {
        true => LLVMAddCallSiteAttribute(target, index, attr),
        false => LLVMAddAttributeAtIndex(target, index, attr),
    }
}

/// Every byte load of `func` from a constant table whose index is proved below the
/// table's length (at most 64 bytes: the longest table a lookup instruction takes).
///
/// None in a function with funclets (Windows EH: `catchpad`, `cleanuppad`): a call in a
/// funclet needs its `"funclet"` bundle, and code generation drops one without it as
/// unreachable, were a pipeline to stop before `shuffle-lib<late>` inlines it again.
pub fn table_loads(func: Function) -> Vec<TableLoad> {
    let mut out = Vec::new();
    let funclet = |inst: &Inst| {
        // SAFETY: a live instruction.
        matches!(
            unsafe { LLVMGetInstructionOpcode(inst.raw()) },
            LLVMOpcode::LLVMCatchPad | LLVMOpcode::LLVMCleanupPad | LLVMOpcode::LLVMCatchSwitch
        )
    };
    if func.instructions().any(|inst| funclet(&inst)) {
        return out;
    }
    for inst in func.instructions() {
        // SAFETY: live instructions of the function, read only.
        unsafe {
            if let Some(load) = table_load(inst.raw()) {
                out.push(load);
            }
        }
    }
    out
}

unsafe fn table_load(load: LLVMValueRef) -> Option<TableLoad> {
    if !is(load, LLVMOpcode::LLVMLoad)
        || LLVMGetVolatile(load) != 0
        || LLVMGetOrdering(load) != llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        || LLVMGetTypeKind(LLVMTypeOf(load)) != llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
        || LLVMGetIntTypeWidth(LLVMTypeOf(load)) != 8
    {
        return None;
    }
    let (global, index, address) = table_address(LLVMGetOperand(load, 0))?;
    let table = table_bytes(global)?;
    let table_name = value_name(global);
    if table.is_empty() || table.len() > 64 || table_name.is_empty() {
        return None;
    }
    let max = max_value(index, 0)?;
    if max >= table.len() as u64 {
        return None;
    }
    let mut parts = vec![address];
    if is(index, LLVMOpcode::LLVMZExt) || is(index, LLVMOpcode::LLVMSExt) {
        parts.push(index);
    }
    Some(TableLoad {
        load: Inst(load),
        table_name,
        table,
        max_index: max as u8,
        global,
        index,
        parts,
    })
}

/// The lookup function of `load`'s table (made, with a vector form per entry of
/// `forms`, or found where an earlier call made it), and the call that replaces the
/// load; `None` (nothing changed) if an intrinsic is missing.
pub fn replace_with_call(load: &TableLoad, forms: &[Lookup]) -> Option<Inst> {
    // SAFETY: the load and its address are live; the functions are made in the load's
    // module, the call right before the load, on the index it reads.
    unsafe {
        let raw = load.load.raw();
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(raw)));
        let ctx = LLVMGetModuleContext(module);
        let i8t = LLVMInt8TypeInContext(ctx);
        let scalar = lookup_function(module, load, forms)?;
        let variants = string_attribute(scalar, FORMS_ATTRIBUTE)?;
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, raw);
        // The index as a byte: exact, every value is below the table's length (<= 64).
        let mut index = load.index;
        while is(index, LLVMOpcode::LLVMZExt) || is(index, LLVMOpcode::LLVMSExt) {
            index = LLVMGetOperand(index, 0);
        }
        // Narrower than a byte (an `i4` widened): zero-extended, its value is the index.
        match LLVMGetIntTypeWidth(LLVMTypeOf(index)) {
            8 => {}
            w if w < 8 => index = LLVMBuildZExt(builder, index, i8t, c"".as_ptr()),
            _ => index = LLVMBuildTrunc(builder, index, i8t, c"".as_ptr()),
        }
        let mut params = [i8t];
        let fn_ty = LLVMFunctionType(i8t, params.as_mut_ptr(), 1, 0);
        let mut args = [index];
        let call = LLVMBuildCall2(builder, fn_ty, scalar, args.as_mut_ptr(), 1, c"".as_ptr());
        LLVMDisposeBuilder(builder);
        add_string_attribute(
            call,
            LLVMAttributeFunctionIndex,
            VARIANT_ATTRIBUTE,
            &variants,
            true,
        );
        LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(raw));
        super::take_name(raw, call);
        LLVMReplaceAllUsesWith(raw, call);
        LLVMInstructionEraseFromParent(raw);
        super::erase_unused(&load.parts.iter().map(|&p| Inst(p)).collect::<Vec<_>>());
        Some(Inst(call))
    }
}

/// The scalar lookup function of `load`'s table and its vector forms, made if the
/// module has none yet.
unsafe fn lookup_function(
    module: LLVMModuleRef,
    load: &TableLoad,
    forms: &[Lookup],
) -> Option<LLVMValueRef> {
    // One function per table and set of forms (functions of other target features may
    // be offered other forms).
    let lanes: Vec<String> = forms.iter().map(|l| l.insn.lanes.to_string()).collect();
    let name = format!("shuf.lookup.{}.{}", load.table_name, lanes.join("."));
    let cname = std::ffi::CString::new(name.as_str()).ok()?;
    let existing = LLVMGetNamedFunction(module, cname.as_ptr());
    if !existing.is_null() {
        let ours = has_attribute(existing, LOOKUP_ATTRIBUTE)
            && string_attribute(existing, LOOKUP_ATTRIBUTE).as_deref() == Some(&load.table_name);
        return (ours && as_made(existing)).then_some(existing);
    }
    let ctx = LLVMGetModuleContext(module);
    let i8t = LLVMInt8TypeInContext(ctx);
    let caller = Function(LLVMGetBasicBlockParent(LLVMGetInstructionParent(
        load.load.raw(),
    )));
    let builder = LLVMCreateBuilderInContext(ctx);
    // The vector forms first: a missing intrinsic leaves no scalar function behind.
    let mut variants = Vec::new();
    let mut made = Vec::new();
    for lookup in forms {
        let lanes = lookup.insn.lanes as u32;
        let vty = LLVMVectorType(i8t, lanes);
        let vname = format!("{name}.v{lanes}");
        let f = define(module, &vname, vty, vty);
        made.push(f);
        // The attribute names the form: a name LLVM had to change (taken) is no offer.
        if value_name(f) != vname {
            LLVMDisposeBuilder(builder);
            made.into_iter().for_each(|f| LLVMDeleteFunction(f));
            return None;
        }
        let entry = LLVMAppendBasicBlockInContext(ctx, f, c"".as_ptr());
        LLVMPositionBuilderAtEnd(builder, entry);
        let Some((result, _)) = build_table_lookup(builder, module, LLVMGetParam(f, 0), lookup)
        else {
            LLVMDisposeBuilder(builder);
            made.into_iter().for_each(|f| LLVMDeleteFunction(f));
            return None;
        };
        LLVMBuildRet(builder, result);
        mark(f, &load.table_name, caller, false);
        variants.push(format!("_ZGV_LLVM_N{lanes}v_{name}({vname})"));
    }
    // The scalar form: the load it replaces (its name was checked free above).
    let f = define(module, &name, i8t, i8t);
    let entry = LLVMAppendBasicBlockInContext(ctx, f, c"".as_ptr());
    LLVMPositionBuilderAtEnd(builder, entry);
    let i64t = LLVMInt64TypeInContext(ctx);
    let wide = LLVMBuildZExt(builder, LLVMGetParam(f, 0), i64t, c"".as_ptr());
    let mut indices = [wide];
    let address = LLVMBuildInBoundsGEP2(
        builder,
        i8t,
        load.global,
        indices.as_mut_ptr(),
        1,
        c"".as_ptr(),
    );
    let value = LLVMBuildLoad2(builder, i8t, address, c"".as_ptr());
    LLVMSetAlignment(value, 1);
    LLVMBuildRet(builder, value);
    LLVMDisposeBuilder(builder);
    mark(f, &load.table_name, caller, true);
    add_string_attribute(
        f,
        LLVMAttributeFunctionIndex,
        FORMS_ATTRIBUTE,
        &variants.join(","),
        false,
    );
    Some(f)
}

/// The name of `v`.
/// An internal function `result (param)` named `name` (LLVM renames on a clash).
/// Whether the lookup function `f`, made by an earlier run, is still as [`define`] made
/// it, so that a new call of the C convention without attributes may call it. Passes
/// between two runs change it: IPSCCP gave its parameter `range(i8 0, 8)` from its one
/// call and GlobalOpt made it `fastcc`; a new call with index 15 was then UB, and the
/// function became `unreachable` (a helper's hunt: `shuffle-lib<early>`, then the
/// output through `default<O3>` with the plugin again).
unsafe fn as_made(f: LLVMValueRef) -> bool {
    LLVMIsDeclaration(f) == 0
        && LLVMGetFunctionCallConv(f) == llvm_sys::LLVMCallConv::LLVMCCallConv as u32
        && LLVMGetAttributeCountAtIndex(f, llvm_sys::LLVMAttributeReturnIndex) == 0
        && LLVMGetAttributeCountAtIndex(f, 1) == 0
}

unsafe fn define(
    module: LLVMModuleRef,
    name: &str,
    result: LLVMTypeRef,
    param: LLVMTypeRef,
) -> LLVMValueRef {
    let mut params = [param];
    let ty = LLVMFunctionType(result, params.as_mut_ptr(), 1, 0);
    let cname = std::ffi::CString::new(name).unwrap_or_default();
    let f = LLVMAddFunction(module, cname.as_ptr(), ty);
    LLVMSetLinkage(f, LLVMLinkage::LLVMInternalLinkage);
    f
}

/// A lookup function's attributes: ours (naming the table), the target CPU and features
/// of the function whose load it replaces (its table instruction needs them), pure but
/// for reading the table, never inlined by the inliner (the late instance replaces its
/// calls).
unsafe fn mark(f: LLVMValueRef, table: &str, caller: Function, reads: bool) {
    add_string_attribute(
        f,
        LLVMAttributeFunctionIndex,
        LOOKUP_ATTRIBUTE,
        table,
        false,
    );
    let (cpu, features) = caller.target_attributes();
    for (key, value) in [("target-cpu", cpu), ("target-features", features)] {
        if !value.is_empty() {
            add_string_attribute(f, LLVMAttributeFunctionIndex, key, &value, false);
        }
    }
    let ctx = LLVMGetTypeContext(LLVMTypeOf(f));
    let kind = LLVMGetEnumAttributeKindForName(c"noinline".as_ptr(), 8);
    LLVMAddAttributeAtIndex(
        f,
        LLVMAttributeFunctionIndex,
        LLVMCreateEnumAttribute(ctx, kind, 0),
    );
    crate::ffi::set_pure_function(f, reads);
}

/// The calls of lookup functions in `func`.
pub fn lookup_calls(func: Function) -> Vec<Inst> {
    func.instructions()
        .filter(|i| {
            // SAFETY: live instructions, read only.
            unsafe {
                let callee = is(i.raw(), LLVMOpcode::LLVMCall)
                    .then(|| LLVMGetCalledValue(i.raw()))
                    .filter(|c| !LLVMIsAFunction(*c).is_null());
                callee.is_some_and(|c| has_attribute(c, LOOKUP_ATTRIBUTE))
            }
        })
        .collect()
}

/// Replaces the call of a lookup function by a copy of the function's body (one block,
/// made by [`replace_with_call`]); `false` (nothing changed) for any other body.
pub fn inline_lookup_call(call: Inst) -> bool {
    // SAFETY: a live call of a function defined here; the copies go right before it and
    // read only the call's argument, constants, the table and each other.
    unsafe {
        let call = call.raw();
        let callee = LLVMGetCalledValue(call);
        if LLVMCountBasicBlocks(callee) != 1 || LLVMCountParams(callee) != 1 {
            return false;
        }
        let body = LLVMGetFirstBasicBlock(callee);
        let ret = LLVMGetBasicBlockTerminator(body);
        if ret.is_null() || !is(ret, LLVMOpcode::LLVMRet) || LLVMGetNumOperands(ret) != 1 {
            return false;
        }
        let param = LLVMGetParam(callee, 0);
        let arg = LLVMGetOperand(call, 0);
        let location = LLVMInstructionGetDebugLoc(call);
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(call)));
        LLVMPositionBuilderBefore(builder, call);
        let mut copies: Vec<(LLVMValueRef, LLVMValueRef)> = vec![(param, arg)];
        let mut inst = LLVMGetFirstInstruction(body);
        while inst != ret {
            let copy = LLVMInstructionClone(inst);
            for k in 0..LLVMGetNumOperands(copy) as u32 {
                let op = LLVMGetOperand(copy, k);
                if let Some(&(_, to)) = copies.iter().find(|(from, _)| *from == op) {
                    LLVMSetOperand(copy, k, to);
                }
            }
            LLVMInsertIntoBuilder(builder, copy);
            LLVMInstructionSetDebugLoc(copy, location);
            copies.push((inst, copy));
            inst = LLVMGetNextInstruction(inst);
        }
        LLVMDisposeBuilder(builder);
        let result = LLVMGetOperand(ret, 0);
        let result = copies
            .iter()
            .find(|(from, _)| *from == result)
            .map_or(result, |&(_, to)| to);
        super::take_name(call, result);
        LLVMReplaceAllUsesWith(call, result);
        LLVMInstructionEraseFromParent(call);
        true
    }
}
