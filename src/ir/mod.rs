//! The only layer that reads or writes LLVM IR.
//!
//! It turns instructions into the pure descriptions the decision layers work on
//! ([`Shuffle`]), and carries out their decisions ([`Outcome`]). Anything it does not
//! understand (scalable vectors, constant expressions, self-referencing instructions in
//! unreachable code, huge vectors) is reported as `None` and left alone.
//!
//! Handles here are plain copies of LLVM pointers. They are valid while the function the
//! pass was given is, which is the whole of one pass run: nothing here outlives it.

use std::ffi::CStr;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

pub mod chain;
pub mod compute;
pub mod demanded;
pub mod gather;
pub mod halves;
pub mod join;
pub mod lookup;
pub mod lookup_call;
pub mod lower;
pub mod narrow;
pub mod network;
pub mod pieces;
pub mod segment;
pub mod slp;
pub mod tables;
pub mod vp;
pub mod wide;

use crate::algebra::canon::{Outcome, Source};
use crate::algebra::mask::{Mask, Side};
use crate::algebra::shuffle::{OperandKind, Shuffle};
use crate::ffi;

/// Vectors wider than this are left alone: no target has such registers, and the pure
/// layers need not guard against pathological sizes.
pub const MAX_LANES: u32 = 1 << 16;

/// A function being transformed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Function(LLVMValueRef);

/// An instruction of that function.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Inst(LLVMValueRef);

/// An LLVM type.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Type(LLVMTypeRef);

/// A shufflevector the pure layers understand.
#[derive(Clone, Debug)]
pub struct ShuffleSite {
    pub inst: Inst,
    pub shuffle: Shuffle,
    /// The type of the operands.
    pub source_ty: Type,
}

impl Function {
    /// # Safety
    /// `raw` must be a function definition that stays valid while the handle is used.
    pub unsafe fn from_raw(raw: LLVMValueRef) -> Function {
        Function(raw)
    }

    pub fn name(self) -> String {
        // SAFETY: a valid function (from_raw's contract).
        unsafe { value_name(self.0) }
    }

    /// The function's instructions, in layout order, read as the walk goes: the
    /// caller must not erase any while walking.
    pub fn instructions(self) -> impl Iterator<Item = Inst> {
        // Walked as it is read, not collected: collecting was a quarter of the pass on
        // functions of thousands of instructions.
        // SAFETY: walking the block and instruction lists of a valid function.
        let mut bb = unsafe { LLVMGetFirstBasicBlock(self.0) };
        let mut inst = match bb.is_null() {
            true => std::ptr::null_mut(),
            // SAFETY: a live block.
            false => unsafe { LLVMGetFirstInstruction(bb) },
        };
        std::iter::from_fn(move || loop {
            if !inst.is_null() {
                let current = inst;
                // SAFETY: a live instruction.
                inst = unsafe { LLVMGetNextInstruction(current) };
                return Some(Inst(current));
            }
            if bb.is_null() {
                return None;
            }
            // SAFETY: a live block, and the next one's instructions.
            unsafe {
                bb = LLVMGetNextBasicBlock(bb);
                if bb.is_null() {
                    return None;
                }
                inst = LLVMGetFirstInstruction(bb);
            }
        })
    }

    /// Every fixed-width shufflevector the pure layers can describe.
    pub fn shuffles(self) -> Vec<ShuffleSite> {
        self.instructions().filter_map(ShuffleSite::read).collect()
    }
}

impl ShuffleSite {
    /// `inst` if it is a fixed-width shufflevector the pure layers can describe.
    pub fn read(inst: Inst) -> Option<ShuffleSite> {
        let shuffle = read_shuffle(inst)?;
        // SAFETY: a shufflevector has two operands.
        let source_ty = unsafe { Type(LLVMTypeOf(LLVMGetOperand(inst.0, 0))) };
        Some(ShuffleSite {
            inst,
            shuffle,
            source_ty,
        })
    }
}

impl Inst {
    pub fn raw(self) -> LLVMValueRef {
        self.0
    }

    pub fn is_shuffle(self) -> bool {
        // SAFETY: a valid instruction.
        unsafe { LLVMGetInstructionOpcode(self.0) == LLVMOpcode::LLVMShuffleVector }
    }

    pub fn ty(self) -> Type {
        // SAFETY: a valid instruction.
        unsafe { Type(LLVMTypeOf(self.0)) }
    }
}

/// The handle `ffi` takes: an instruction is an LLVM value.
impl From<Inst> for LLVMValueRef {
    fn from(inst: Inst) -> LLVMValueRef {
        inst.0
    }
}

/// The handle `ffi` takes.
impl From<Type> for LLVMTypeRef {
    fn from(ty: Type) -> LLVMTypeRef {
        ty.0
    }
}

impl Type {
    pub fn raw(self) -> LLVMTypeRef {
        self.0
    }

    /// The element of a vector type, or the type itself.
    pub(crate) fn element(self) -> LLVMTypeRef {
        // SAFETY: a valid type.
        unsafe {
            match LLVMGetTypeKind(self.0) {
                LLVMTypeKind::LLVMVectorTypeKind | LLVMTypeKind::LLVMScalableVectorTypeKind => {
                    LLVMGetElementType(self.0)
                }
                _ => self.0,
            }
        }
    }

    /// Bits of the element of a vector type (or of the type itself), if a primitive.
    pub fn element_bits(self) -> Option<u32> {
        let elem = self.element();
        // SAFETY: a valid type.
        unsafe {
            match LLVMGetTypeKind(elem) {
                LLVMTypeKind::LLVMIntegerTypeKind => Some(LLVMGetIntTypeWidth(elem)),
                LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => Some(16),
                LLVMTypeKind::LLVMFloatTypeKind => Some(32),
                LLVMTypeKind::LLVMDoubleTypeKind => Some(64),
                _ => None,
            }
        }
    }

    /// Whether the element of a vector type (or the type itself) is `float` or
    /// `double`.
    pub fn is_float(self) -> bool {
        // SAFETY: a valid type.
        let kind = unsafe { LLVMGetTypeKind(self.element()) };
        matches!(
            kind,
            LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind
        )
    }

    /// Whether the element of a vector type (or the type itself) is a 16-bit float
    /// (`half`, `bfloat`).
    pub fn is_half(self) -> bool {
        // SAFETY: a valid type.
        let kind = unsafe { LLVMGetTypeKind(self.element()) };
        matches!(
            kind,
            LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind
        )
    }

    /// Lanes of a fixed-width vector type, `None` for anything else.
    pub fn fixed_lanes(self) -> Option<u32> {
        // SAFETY: a valid type.
        unsafe {
            (LLVMGetTypeKind(self.0) == LLVMTypeKind::LLVMVectorTypeKind)
                .then(|| LLVMGetVectorSize(self.0))
        }
    }
}

/// Prints a type as LLVM does (`<4 x i32>`).
impl std::fmt::Display for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SAFETY: LLVM returns a C string we own and must dispose.
        unsafe {
            let s = LLVMPrintTypeToString(self.0);
            let text = CStr::from_ptr(s).to_string_lossy().into_owned();
            LLVMDisposeMessage(s);
            f.write_str(&text)
        }
    }
}

/// An LLVM context owned by a tool (never the host compiler's: the pass borrows that).
pub struct Context(LLVMContextRef);

impl Context {
    pub fn new() -> Context {
        // SAFETY: creates a context we own.
        unsafe { Context(LLVMContextCreate()) }
    }

    pub fn raw(&self) -> LLVMContextRef {
        self.0
    }

    /// `<lanes x T>` for `T` in `i1 i8 i16 i32 i64 half float double ptr`.
    pub fn vector_type(&self, element: &str, lanes: u32) -> Option<Type> {
        // SAFETY: types of a live context.
        unsafe {
            let elem = match element {
                "half" => LLVMHalfTypeInContext(self.0),
                "float" => LLVMFloatTypeInContext(self.0),
                "double" => LLVMDoubleTypeInContext(self.0),
                "ptr" => LLVMPointerTypeInContext(self.0, 0),
                int => {
                    let bits: u32 = int.strip_prefix('i')?.parse().ok()?;
                    if bits == 0 || bits > 1024 {
                        return None;
                    }
                    LLVMIntTypeInContext(self.0, bits)
                }
            };
            Some(Type(LLVMVectorType(elem, lanes)))
        }
    }

    /// Parses a `.ll` or `.bc` file into a module of this context.
    pub fn parse(&self, path: &std::path::Path) -> Result<Module<'_>, String> {
        let path = std::ffi::CString::new(path.to_string_lossy().as_bytes())
            .map_err(|_| "NUL in the path".to_string())?;
        // SAFETY: the buffer is ours to dispose after parsing; messages are disposed.
        unsafe {
            let mut buffer = std::ptr::null_mut();
            let mut message = std::ptr::null_mut();
            if LLVMCreateMemoryBufferWithContentsOfFile(path.as_ptr(), &mut buffer, &mut message)
                != 0
            {
                return Err(take_message(message));
            }
            let mut module = std::ptr::null_mut();
            let failed = llvm_sys::ir_reader::LLVMParseIRInContext2(
                self.0,
                buffer,
                &mut module,
                &mut message,
            );
            LLVMDisposeMemoryBuffer(buffer);
            if failed != 0 {
                return Err(take_message(message));
            }
            Ok(Module {
                raw: module,
                _context: std::marker::PhantomData,
            })
        }
    }
}

impl Default for Context {
    fn default() -> Context {
        Context::new()
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: we created it; modules borrow it and are dropped first.
        unsafe { LLVMContextDispose(self.0) }
    }
}

unsafe fn take_message(message: *mut std::ffi::c_char) -> String {
    if message.is_null() {
        return "unknown error".into();
    }
    let text = CStr::from_ptr(message).to_string_lossy().into_owned();
    LLVMDisposeMessage(message);
    text
}

/// A module a tool parsed (owned, unlike the one the pass sees).
pub struct Module<'ctx> {
    raw: LLVMModuleRef,
    _context: std::marker::PhantomData<&'ctx Context>,
}

impl Module<'_> {
    /// The function definitions.
    pub fn functions(&self) -> Vec<Function> {
        let mut out = Vec::new();
        // SAFETY: walking the function list of a live module.
        unsafe {
            let mut f = LLVMGetFirstFunction(self.raw);
            while !f.is_null() {
                if LLVMIsDeclaration(f) == 0 {
                    out.push(Function(f));
                }
                f = LLVMGetNextFunction(f);
            }
        }
        out
    }

    pub fn triple(&self) -> String {
        // SAFETY: a live module; the string is owned by it.
        unsafe {
            CStr::from_ptr(LLVMGetTarget(self.raw))
                .to_string_lossy()
                .into_owned()
        }
    }
}

impl Drop for Module<'_> {
    fn drop(&mut self) {
        // SAFETY: we own the module.
        unsafe { LLVMDisposeModule(self.raw) }
    }
}

impl Function {
    /// Whether the function may not use vector or floating-point registers it was not
    /// written with (`noimplicitfloat`: clang's `-msoft-float`, `-mgeneral-regs-only`,
    /// kernel code).
    pub fn no_implicit_float(self) -> bool {
        // SAFETY: a live function; the attribute's kind id from its name.
        unsafe {
            let kind = LLVMGetEnumAttributeKindForName(c"noimplicitfloat".as_ptr(), 15);
            !LLVMGetEnumAttributeAtIndex(self.0, llvm_sys::LLVMAttributeFunctionIndex, kind)
                .is_null()
        }
    }

    /// Whether the module's data layout is big-endian (an `E` among its specifications;
    /// none, or `e`, is little-endian).
    pub fn big_endian(self) -> bool {
        // SAFETY: a live function and its module's data layout string.
        unsafe {
            let layout = LLVMGetDataLayoutStr(LLVMGetGlobalParent(self.0));
            !layout.is_null()
                && std::ffi::CStr::from_ptr(layout)
                    .to_bytes()
                    .split(|&c| c == b'-')
                    .any(|spec| spec == b"E")
        }
    }

    /// The function's `target-cpu` and `target-features` attributes.
    pub fn target_attributes(self) -> (String, String) {
        // SAFETY: a live function.
        let get = |key| unsafe { string_attribute(self.0, key) }.unwrap_or_default();
        (get("target-cpu"), get("target-features"))
    }
}

impl Inst {
    /// The instruction as LLVM prints it.
    pub fn text(self) -> String {
        value_text(self.0)
    }
}

/// A value (a constant, an instruction) as LLVM prints it.
pub(crate) fn value_text(v: LLVMValueRef) -> String {
    // SAFETY: LLVM returns a string we dispose.
    unsafe { take_message(LLVMPrintValueToString(v)).trim().to_string() }
}

/// Whether `v` is an instruction with `opcode`.
pub(crate) fn is(v: LLVMValueRef, opcode: LLVMOpcode) -> bool {
    // SAFETY: a live value.
    unsafe { !LLVMIsAInstruction(v).is_null() && LLVMGetInstructionOpcode(v) == opcode }
}

/// Whether `v` has exactly one use.
///
/// # Safety
/// `v` is a live value.
pub(crate) unsafe fn single_use(v: LLVMValueRef) -> bool {
    let first = LLVMGetFirstUse(v);
    !first.is_null() && LLVMGetNextUse(first).is_null()
}

/// The users of `v`, once per use.
///
/// # Safety
/// `v` is a live value.
pub(crate) unsafe fn users(v: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    let mut u = LLVMGetFirstUse(v);
    while !u.is_null() {
        out.push(LLVMGetUser(u));
        u = LLVMGetNextUse(u);
    }
    out
}

/// [`users`], one at a time: a search that stops early walks no further (a value with
/// many users, each search reading them all, was quadratic).
///
/// # Safety
/// `v` is a live value, not changed while the iterator lives.
pub(crate) unsafe fn each_user(v: LLVMValueRef) -> impl Iterator<Item = LLVMValueRef> {
    let mut u = LLVMGetFirstUse(v);
    std::iter::from_fn(move || {
        if u.is_null() {
            return None;
        }
        let user = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        Some(user)
    })
}

/// The intrinsic a call calls, by its base name (`llvm.smin`, `llvm.vp.add`: no
/// overload suffix); `None` for anything else.
///
/// # Safety
/// `call` is a live value.
pub(crate) unsafe fn called_intrinsic(call: LLVMValueRef) -> Option<String> {
    if LLVMIsACallInst(call).is_null() {
        return None;
    }
    let callee = LLVMGetCalledValue(call);
    let id = LLVMGetIntrinsicID(callee);
    if id == 0 {
        return None;
    }
    let mut len = 0;
    let name = LLVMIntrinsicGetName(id, &mut len);
    Some(String::from_utf8_lossy(std::slice::from_raw_parts(name as *const u8, len)).into_owned())
}

/// A call of the intrinsic `name`, overloaded on `overload`, built by `builder` in
/// `module`; `None` where this LLVM has no intrinsic of that name.
///
/// # Safety
/// `builder` is positioned in a function of `module`; `args` fit the intrinsic.
pub(crate) unsafe fn build_intrinsic_call(
    builder: LLVMBuilderRef,
    module: LLVMModuleRef,
    name: &str,
    overload: &[LLVMTypeRef],
    args: &mut [LLVMValueRef],
) -> Option<LLVMValueRef> {
    let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
    if id == 0 {
        return None;
    }
    let mut types = overload.to_vec();
    let decl = LLVMGetIntrinsicDeclaration(module, id, types.as_mut_ptr(), types.len());
    let fn_ty = LLVMIntrinsicGetType(
        LLVMGetModuleContext(module),
        id,
        types.as_mut_ptr(),
        types.len(),
    );
    Some(LLVMBuildCall2(
        builder,
        fn_ty,
        decl,
        args.as_mut_ptr(),
        args.len() as u32,
        c"".as_ptr(),
    ))
}

/// The value of the function attribute `name` of `func`, if it has one.
///
/// # Safety
/// `func` is a live function; attribute strings are owned by the context.
pub(crate) unsafe fn string_attribute(func: LLVMValueRef, name: &str) -> Option<String> {
    let attr = LLVMGetStringAttributeAtIndex(
        func,
        llvm_sys::LLVMAttributeFunctionIndex,
        name.as_ptr() as *const _,
        name.len() as u32,
    );
    if attr.is_null() {
        return None;
    }
    let mut len = 0u32;
    let value = LLVMGetStringAttributeValue(attr, &mut len);
    let bytes = std::slice::from_raw_parts(value as *const u8, len as usize);
    Some(String::from_utf8_lossy(bytes).into_owned())
}

/// Describes a shufflevector, or `None` if it is not one the pure layers handle.
pub fn read_shuffle(inst: Inst) -> Option<Shuffle> {
    if !inst.is_shuffle() {
        return None;
    }
    let raw = inst.0;
    // SAFETY: a valid shufflevector instruction: two operands, a constant mask.
    unsafe {
        let (a, b) = (LLVMGetOperand(raw, 0), LLVMGetOperand(raw, 1));
        let lanes = Type(LLVMTypeOf(a)).fixed_lanes()?;
        inst.ty().fixed_lanes()?; // scalable results are left alone
        let mask_len = LLVMGetNumMaskElements(raw);
        if lanes > MAX_LANES || mask_len > MAX_LANES {
            return None;
        }
        let (a_kind, a_poison) = operand_kind(a, raw, lanes)?;
        let (b_kind, b_poison) = operand_kind(b, raw, lanes)?;
        let mask = Mask::new((0..mask_len).map(|i| LLVMGetMaskValue(raw, i)));
        Some(
            Shuffle::new([a_kind, b_kind], lanes as usize, mask)
                .with_poison_elements(Side::First, a_poison)
                .with_poison_elements(Side::Second, b_poison),
        )
    }
}

/// Classifies a shuffle operand, with the lanes of a constant whose element is poison;
/// `None` for what we leave alone (constant expressions, the instruction itself).
pub(crate) unsafe fn operand_kind(
    v: LLVMValueRef,
    user: LLVMValueRef,
    lanes: u32,
) -> Option<(OperandKind, Vec<usize>)> {
    let kind = |k| Some((k, Vec::new()));
    if v == user {
        return None; // only in unreachable code, but valid IR
    }
    if LLVMIsConstant(v) == 0 {
        return kind(OperandKind::Variable);
    }
    // PoisonValue is an UndefValue, so test poison first.
    if LLVMIsPoison(v) != 0 {
        return kind(OperandKind::Poison);
    }
    if LLVMIsUndef(v) != 0 {
        return kind(OperandKind::Undef);
    }
    if !LLVMIsAConstantExpr(v).is_null() {
        return None;
    }
    if LLVMIsNull(v) != 0 {
        return kind(OperandKind::Zero);
    }
    // Element by element. Constants are uniqued, so equal elements are the same pointer.
    let mut poison = Vec::new();
    let mut value = None;
    let mut splat = true;
    for i in 0..lanes {
        let e = LLVMGetAggregateElement(v, i);
        if e.is_null() || !LLVMIsAConstantExpr(e).is_null() {
            return None;
        }
        if LLVMIsPoison(e) != 0 {
            poison.push(i as usize);
        } else if LLVMIsUndef(e) != 0 || value.is_some_and(|first| first != e) {
            splat = false;
        } else {
            value = Some(e);
        }
    }
    let kind = match value {
        Some(e) if splat && LLVMIsNull(e) != 0 => OperandKind::Zero,
        Some(_) if splat => OperandKind::Splat,
        _ => OperandKind::Constant,
    };
    Some((kind, poison))
}

/// The first element of a constant vector that is not poison.
unsafe fn first_defined_element(v: LLVMValueRef, lanes: u32) -> Option<LLVMValueRef> {
    (0..lanes)
        .map(|i| LLVMGetAggregateElement(v, i))
        .find(|&e| !e.is_null() && LLVMIsPoison(e) == 0)
}

/// Carries out the canonical-form decision for one shufflevector; false if it could not
/// (an instruction that would replace itself, in unreachable code).
pub fn apply_canonical(inst: Inst, outcome: &Outcome) -> bool {
    let raw = inst.0;
    // SAFETY: `inst` is a live shufflevector (the pass erases only the instruction it is
    // applying to); operands are read now, so earlier replacements are seen.
    unsafe {
        let operands = [LLVMGetOperand(raw, 0), LLVMGetOperand(raw, 1)];
        let value = |source| source_value(source, operands);
        match outcome {
            Outcome::Unchanged => false,
            // Poison of the result type: the mask may change the length.
            Outcome::Replace(Source::Poison) => {
                replace_and_erase(raw, LLVMGetPoison(LLVMTypeOf(raw)))
            }
            Outcome::Replace(source) => match value(*source) {
                Some(v) => replace_and_erase(raw, v),
                None => false,
            },
            Outcome::Rewrite {
                operands: sources,
                mask,
            } => {
                let (Some(a), Some(b)) = (value(sources[0]), value(sources[1])) else {
                    return false;
                };
                LLVMSetOperand(raw, 0, a);
                LLVMSetOperand(raw, 1, b);
                ffi::set_shuffle_mask(raw, mask.as_slice());
                true
            }
        }
    }
}

/// Gives a shufflevector a new mask of the same length.
pub fn set_mask(inst: Inst, mask: &Mask) {
    // SAFETY: a live shufflevector; the length is checked.
    unsafe {
        let raw = inst.0;
        if LLVMGetTypeKind(LLVMTypeOf(raw)) == llvm_sys::LLVMTypeKind::LLVMVectorTypeKind
            && LLVMGetVectorSize(LLVMTypeOf(raw)) as usize == mask.len()
        {
            ffi::set_shuffle_mask(raw, mask.as_slice());
        }
    }
}

/// The value a `Source` names, given the shuffle's current operands.
unsafe fn source_value(source: Source, operands: [LLVMValueRef; 2]) -> Option<LLVMValueRef> {
    let ty = LLVMTypeOf(operands[0]);
    match source {
        Source::Operand(side) => Some(operands[side.index()]),
        // An operand: of the operands' type.
        Source::Poison => Some(LLVMGetPoison(ty)),
        Source::FullSplat(side) => {
            let lanes = LLVMGetVectorSize(ty);
            let element = first_defined_element(operands[side.index()], lanes)?;
            let mut elements = vec![element; lanes as usize];
            Some(LLVMConstVector(elements.as_mut_ptr(), lanes))
        }
    }
}

unsafe fn replace_and_erase(inst: LLVMValueRef, with: LLVMValueRef) -> bool {
    // A cycle of shuffles (possible only in unreachable code) can make an instruction its
    // own replacement: leave it.
    if inst == with {
        return false;
    }
    LLVMReplaceAllUsesWith(inst, with);
    LLVMInstructionEraseFromParent(inst);
    true
}

/// The name of a value (empty where it has none).
///
/// # Safety
/// `v` is a live value.
pub(crate) unsafe fn value_name(v: LLVMValueRef) -> String {
    let mut len = 0;
    let ptr = LLVMGetValueName2(v, &mut len);
    String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len)).into_owned()
}

/// Gives `to` the name of `from` (readable output), if `to` is an unnamed instruction.
pub(crate) unsafe fn take_name(from: LLVMValueRef, to: LLVMValueRef) {
    let mut len = 0;
    let ptr = LLVMGetValueName2(from, &mut len);
    // Copied: clearing `from`'s name frees the string.
    let name = std::slice::from_raw_parts(ptr as *const u8, len).to_vec();
    let mut to_len = 0;
    LLVMGetValueName2(to, &mut to_len);
    if !name.is_empty() && to_len == 0 && !LLVMIsAInstruction(to).is_null() {
        LLVMSetValueName2(from, c"".as_ptr(), 0);
        LLVMSetValueName2(to, name.as_ptr() as *const _, name.len());
    }
}

/// Where `v` stands in its block.
///
/// # Safety
/// `v` is a live instruction.
pub(crate) unsafe fn position_in_block(v: LLVMValueRef) -> usize {
    let mut i = LLVMGetFirstInstruction(LLVMGetInstructionParent(v));
    let mut k = 0;
    while !i.is_null() && i != v {
        i = LLVMGetNextInstruction(i);
        k += 1;
    }
    k
}

/// The vector of type `ty` (fixed or scalable) with `lane` in every lane, built where
/// `builder` stands (a constant where `lane` is one: the builder folds it).
///
/// # Safety
/// `builder` is positioned where `lane` is available; `ty` is a vector of `lane`'s type.
pub(crate) unsafe fn build_splat(
    builder: LLVMBuilderRef,
    ty: LLVMTypeRef,
    lane: LLVMValueRef,
) -> LLVMValueRef {
    let i32t = LLVMInt32TypeInContext(LLVMGetTypeContext(ty));
    let first = LLVMBuildInsertElement(
        builder,
        LLVMGetPoison(ty),
        lane,
        LLVMConstInt(i32t, 0, 0),
        c"".as_ptr(),
    );
    let zeros = match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMScalableVectorTypeKind => {
            LLVMConstNull(LLVMScalableVectorType(i32t, LLVMGetVectorSize(ty)))
        }
        _ => LLVMConstNull(LLVMVectorType(i32t, LLVMGetVectorSize(ty))),
    };
    LLVMBuildShuffleVector(builder, first, LLVMGetPoison(ty), zeros, c"".as_ptr())
}

/// Folds the readers of a vector poison in `func` that LLVM's InstSimplify folds (after
/// shuffles were replaced by poison: `select c, poison, poison` is poison, a `smin` of
/// it is too, a `select` of a poison and a value is the value), to poison or to values
/// already there only ([`plain_fold`]); those left unread that have no side effects are
/// erased. True if any was folded. The backends do not all fold them (x86 compiles such
/// a `select` to a blend, and what reads it stays). Each fold may make its readers
/// foldable: a few sweeps.
pub fn fold_poison_readers(func: Function) -> bool {
    let mut folded_any = false;
    for _sweep in 0..4 {
        let mut folded = false;
        // Collected: only the instruction at hand is erased.
        let insts: Vec<Inst> = func.instructions().collect();
        for inst in insts {
            let v = inst.0;
            // SAFETY: a live instruction of `func`, erased here at most once (when
            // replaced and unread), after which it is not visited again.
            unsafe {
                if LLVMGetFirstUse(v).is_null() || !reads_vector_poison(v) {
                    continue;
                }
                let Some(with) = ffi::simplify(v).filter(|&w| w != v && plain_fold(v, w)) else {
                    continue;
                };
                LLVMReplaceAllUsesWith(v, with);
                if ffi::removable(v) {
                    LLVMInstructionEraseFromParent(v);
                }
                folded = true;
            }
        }
        folded_any |= folded;
        if !folded {
            break;
        }
    }
    folded_any
}

/// Whether `with`, what `inst` folds to, is poison or a value that was there before
/// (an operand, another instruction): not a new constant with some lanes poison, which
/// the backends handle worse than what it replaces (x86-64-v4 compiled a `select` of
/// `<8 x i1>` folded so to 28 instructions instead of 17).
///
/// # Safety
/// Both are live values.
unsafe fn plain_fold(inst: LLVMValueRef, with: LLVMValueRef) -> bool {
    LLVMIsPoison(with) != 0
        || LLVMIsAConstant(with).is_null()
        || (0..LLVMGetNumOperands(inst) as u32).any(|i| LLVMGetOperand(inst, i) == with)
}

/// Whether an operand of `inst` is a vector poison.
///
/// # Safety
/// `inst` is a live instruction.
unsafe fn reads_vector_poison(inst: LLVMValueRef) -> bool {
    (0..LLVMGetNumOperands(inst) as u32).any(|i| {
        let op = LLVMGetOperand(inst, i);
        LLVMIsPoison(op) != 0 && LLVMGetTypeKind(LLVMTypeOf(op)) == LLVMTypeKind::LLVMVectorTypeKind
    })
}

/// Erases each of `parts` once nothing reads it (users first, as they become unused);
/// a part listed twice (a shuffle of one value with itself reads it twice) once.
pub fn erase_unused(parts: &[Inst]) -> Vec<Inst> {
    let mut erased = Vec::new();
    // SAFETY: the parts are live until erased here, each once, when nothing reads it.
    unsafe {
        let mut left: Vec<LLVMValueRef> = Vec::new();
        for p in parts {
            if !left.contains(&p.raw()) {
                left.push(p.raw());
            }
        }
        loop {
            let before = left.len();
            left.retain(|&p| {
                let unused = LLVMGetFirstUse(p).is_null();
                if unused {
                    erased.push(Inst(p));
                    LLVMInstructionEraseFromParent(p);
                }
                !unused
            });
            if left.len() == before {
                break;
            }
        }
    }
    erased
}

/// Items grouped by key, the groups in the order their keys first came, with an index
/// of the keys (a linear search per item was quadratic in the number of keys: a block
/// of stores each to its own pointer).
pub(crate) struct Groups<K, V> {
    list: Vec<(K, Vec<V>)>,
    index: crate::lower::fast_hash::FastMap<K, usize>,
}

impl<K, V> Default for Groups<K, V> {
    fn default() -> Self {
        Groups {
            list: Vec::new(),
            index: Default::default(),
        }
    }
}

impl<K: std::hash::Hash + Eq + Clone, V> Groups<K, V> {
    /// Adds `item` to the group of `key`, or starts that group.
    pub(crate) fn push(&mut self, key: K, item: V) {
        match self.index.get(&key) {
            Some(&i) => self.list[i].1.push(item),
            None => {
                self.index.insert(key.clone(), self.list.len());
                self.list.push((key, vec![item]));
            }
        }
    }
}

impl<K, V> Groups<K, V> {
    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl<K, V> IntoIterator for Groups<K, V> {
    type Item = (K, Vec<V>);
    type IntoIter = std::vec::IntoIter<(K, Vec<V>)>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

/// The most `getelementptr`s a walk from a pointer to its base goes through (in a block
/// nothing reaches, one may be its own pointer: followed for ever, `opt` hung).
pub(crate) const MAX_POINTER_STEPS: usize = 64;

/// A pointer as a base and a constant byte offset, through chains of
/// `getelementptr i8, %base, C`, instructions or constant expressions (a global array's
/// elements, `getelementptr (i8, ptr @g, i64 12)`): `(%base, C)`; anything else is
/// itself plus 0.
pub(crate) unsafe fn base_and_offset(mut ptr: LLVMValueRef) -> (lower::Value, i64) {
    let original = ptr;
    let mut offset = 0i64;
    // The address arithmetic wraps at the index width of the pointer's address space
    // (32 bits on i686, or for x86's `addrspace(270)`): `%p + 2^32 + 4` is `%p + 4`
    // there.
    let mut bits = 64;
    for step in 0..MAX_POINTER_STEPS {
        if !is_gep(ptr) || LLVMGetNumOperands(ptr) != 2 {
            break;
        }
        if step == 0 {
            // (A vector of pointers has no one address: no width.)
            match crate::ffi::index_bits(ptr) {
                Some(width) => bits = width.clamp(8, 64),
                None => break,
            }
        }
        let element = LLVMGetGEPSourceElementType(ptr);
        let index = LLVMGetOperand(ptr, 1);
        let bytes = LLVMGetTypeKind(element) == LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(element) == 8
            && !LLVMIsAConstantInt(index).is_null();
        if !bytes {
            break;
        }
        offset = offset.wrapping_add(LLVMConstIntGetSExtValue(index));
        ptr = LLVMGetOperand(ptr, 0);
    }
    match at_index_width(offset, bits) {
        Some(offset) => (lower::Value::from_raw(ptr), offset),
        None => (lower::Value::from_raw(original), 0),
    }
}

/// Whether `v` is a `getelementptr`, an instruction or a constant expression.
pub(crate) unsafe fn is_gep(v: LLVMValueRef) -> bool {
    !LLVMIsAGetElementPtrInst(v).is_null()
        || (!LLVMIsAConstantExpr(v).is_null()
            && LLVMGetConstOpcode(v) == LLVMOpcode::LLVMGetElementPtr)
}

/// A byte offset (worked out modulo 2^64) as an index width of `bits` has it, or `None`
/// where it ranges near the ends of that width: it could wrap round to the other end
/// (in ranges compared with it), and the pointer should be its own base.
pub(crate) fn at_index_width(offset: i64, bits: u32) -> Option<i64> {
    let bits = bits.clamp(8, 64);
    let shift = 64 - bits;
    let offset = (offset << shift) >> shift;
    (offset.unsigned_abs() < 1u64 << (bits - 2)).then_some(offset)
}

/// The values `pointers` are computed from outside `block`'s own arithmetic: arguments,
/// values of other blocks, `phi`s (where a measured slice of the block starts).
///
/// # Safety
/// `pointers` are live values; `block` a live block.
pub(crate) unsafe fn address_inputs(
    pointers: Vec<LLVMValueRef>,
    block: LLVMBasicBlockRef,
) -> Vec<lower::Value> {
    let mut out = Vec::new();
    let mut work = pointers;
    let mut seen = Vec::new();
    while let Some(v) = work.pop() {
        if seen.contains(&v) || LLVMIsConstant(v) != 0 {
            continue;
        }
        seen.push(v);
        let local = !LLVMIsAInstruction(v).is_null()
            && LLVMGetInstructionParent(v) == block
            && LLVMIsAPHINode(v).is_null();
        if local {
            for i in 0..LLVMGetNumOperands(v) {
                work.push(LLVMGetOperand(v, i as u32));
            }
        } else if !out.contains(&lower::Value::from_raw(v)) {
            out.push(lower::Value::from_raw(v));
        }
    }
    out
}

/// Whether an instruction may read or write memory (or call anything): what a store
/// may not be moved across.
pub(crate) unsafe fn touches_memory(inst: LLVMValueRef) -> bool {
    matches!(
        LLVMGetInstructionOpcode(inst),
        LLVMOpcode::LLVMLoad
            | LLVMOpcode::LLVMStore
            | LLVMOpcode::LLVMCall
            | LLVMOpcode::LLVMInvoke
            | LLVMOpcode::LLVMCallBr
            | LLVMOpcode::LLVMFence
            | LLVMOpcode::LLVMAtomicCmpXchg
            | LLVMOpcode::LLVMAtomicRMW
            | LLVMOpcode::LLVMVAArg
    )
}

/// Whether a load or store is simple: neither volatile nor atomic.
pub(crate) fn simple_access(access: LLVMValueRef) -> bool {
    // SAFETY: a live load or store.
    unsafe {
        LLVMGetVolatile(access) == 0
            && LLVMGetOrdering(access) == llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
    }
}

/// `parts` side by side, joined in pairs by `shuffle` until one is left.
pub(crate) fn side_by_side(
    shuffle: &mut impl FnMut(LLVMValueRef, Option<LLVMValueRef>, &[i32]) -> LLVMValueRef,
    mut parts: Vec<LLVMValueRef>,
) -> Option<LLVMValueRef> {
    if !parts.len().is_power_of_two() {
        return None;
    }
    while parts.len() > 1 {
        let half = fixed_lanes(parts[0]).unwrap_or(0);
        let both: Vec<i32> = (0..2 * half as i32).collect();
        parts = parts
            .chunks(2)
            .map(|pair| shuffle(pair[0], Some(pair[1]), &both))
            .collect();
    }
    parts.first().copied()
}

/// Builds, where `builder` stands, a load of `lanes` lanes of what the vector load
/// `load` reads, from its lane `first` on, aligned as far as the offset keeps the
/// load's alignment, with the load's debug location and the metadata that holds for
/// any part of what it reads ([`PART_METADATA`]); `None` for elements not a whole
/// number of bytes.
///
/// # Safety
/// `builder` is positioned in a block where `load`'s address is available.
pub(crate) unsafe fn load_lanes(
    builder: LLVMBuilderRef,
    load: LLVMValueRef,
    first: usize,
    lanes: usize,
) -> Option<LLVMValueRef> {
    load_lanes_noting(builder, load, first, lanes, &mut Vec::new())
}

/// Metadata of a load that a load of part of what it read keeps: the memory it may
/// alias, its invariance, the loop it is a parallel access of, its streaming hint.
const PART_METADATA: [&str; 7] = [
    "tbaa",
    "alias.scope",
    "noalias",
    "invariant.load",
    "llvm.access.group",
    "llvm.mem.parallel_loop_access",
    "nontemporal",
];

/// [`load_lanes`], pushing every instruction it builds onto `built`, in order.
///
/// # Safety
/// As [`load_lanes`].
pub(crate) unsafe fn load_lanes_noting(
    builder: LLVMBuilderRef,
    load: LLVMValueRef,
    first: usize,
    lanes: usize,
    built: &mut Vec<LLVMValueRef>,
) -> Option<LLVMValueRef> {
    let ty = LLVMTypeOf(load);
    let bits = Type(ty).element_bits()?;
    if bits == 0 || bits % 8 != 0 {
        return None;
    }
    let ctx = LLVMGetTypeContext(ty);
    let pointer = LLVMGetOperand(load, 0);
    let offset = first as u64 * u64::from(bits / 8);
    let at = match offset {
        0 => pointer,
        _ => {
            let mut index = [LLVMConstInt(LLVMInt64TypeInContext(ctx), offset, 0)];
            let at = LLVMBuildInBoundsGEP2(
                builder,
                LLVMInt8TypeInContext(ctx),
                pointer,
                index.as_mut_ptr(),
                1,
                c"".as_ptr(),
            );
            // (A constant address gives a constant expression, not an instruction.)
            if !LLVMIsAInstruction(at).is_null() {
                built.push(at);
            }
            at
        }
    };
    let part_ty = LLVMVectorType(LLVMGetElementType(ty), lanes as u32);
    let part = LLVMBuildLoad2(builder, part_ty, at, c"".as_ptr());
    built.push(part);
    let align = LLVMGetAlignment(load).max(1);
    let kept = match offset {
        0 => align,
        o => align.min(1 << o.trailing_zeros().min(31)),
    };
    LLVMSetAlignment(part, kept);
    llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(
        part,
        llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(load),
    );
    for name in PART_METADATA {
        let kind = LLVMGetMDKindIDInContext(ctx, name.as_ptr() as *const _, name.len() as u32);
        let node = LLVMGetMetadata(load, kind);
        if !node.is_null() {
            LLVMSetMetadata(part, kind, node);
        }
    }
    Some(part)
}

/// Drops from `load` (built by [`load_lanes`] from one of `sources`) each kind of
/// [`PART_METADATA`] that not every one of `sources` carries as it does: a load of
/// what several loads read may claim only what each of them did (one leaf's
/// `!invariant.load` on a row the loop writes let LICM hoist the load, found by a
/// helper's hunt).
///
/// # Safety
/// Live loads.
pub(crate) unsafe fn keep_common_metadata(load: LLVMValueRef, sources: &[LLVMValueRef]) {
    let ctx = LLVMGetTypeContext(LLVMTypeOf(load));
    for name in PART_METADATA {
        let kind = LLVMGetMDKindIDInContext(ctx, name.as_ptr() as *const _, name.len() as u32);
        let node = LLVMGetMetadata(load, kind);
        if !node.is_null() && sources.iter().any(|&s| LLVMGetMetadata(s, kind) != node) {
            LLVMSetMetadata(load, kind, std::ptr::null_mut());
        }
    }
}

/// Erases values built beside what they would replace, and what they read that was
/// built with them, each once nothing reads it (what the original still reads stays).
pub(crate) fn erase_unread(roots: &[LLVMValueRef]) {
    // SAFETY: built instructions, each erased once nothing reads it; an operand met
    // again after it was erased (`shufflevector %x, %x`) is skipped.
    unsafe {
        let mut work = roots.to_vec();
        let mut erased: Vec<LLVMValueRef> = Vec::new();
        while let Some(v) = work.pop() {
            if erased.contains(&v)
                || LLVMIsAInstruction(v).is_null()
                || !LLVMGetFirstUse(v).is_null()
            {
                continue;
            }
            let operands: Vec<LLVMValueRef> = (0..LLVMGetNumOperands(v))
                .map(|i| LLVMGetOperand(v, i as u32))
                .collect();
            LLVMInstructionEraseFromParent(v);
            erased.push(v);
            work.extend(operands);
        }
    }
}

/// Lanes of a value of fixed vector type.
pub(crate) fn fixed_lanes(v: LLVMValueRef) -> Option<usize> {
    // SAFETY: a live value.
    unsafe { Type(LLVMTypeOf(v)).fixed_lanes().map(|n| n as usize) }
}

/// Whether a value is `poison` (not `undef`: a shuffle's `undef` operand gives `undef`
/// lanes, and a rewrite that read them as poison lanes would make them poison, which
/// `undef` may not become; a chain did, found by a helper's hunt).
pub(crate) fn is_poison(v: LLVMValueRef) -> bool {
    // SAFETY: a live value.
    unsafe { LLVMIsPoison(v) != 0 }
}

/// A shufflevector's mask, `-1` for poison lanes.
pub(crate) fn mask_of(v: LLVMValueRef) -> Vec<i32> {
    // SAFETY: a live shufflevector.
    unsafe {
        (0..LLVMGetNumMaskElements(v))
            .map(|i| match LLVMGetMaskValue(v, i) {
                m if m == LLVMGetUndefMaskElem() => -1,
                m => m,
            })
            .collect()
    }
}

/// `v` through `llvm.arithmetic.fence` at `builder` (as floats of 32 bits where its
/// elements are not floats: the bits are not touched), which the backend compiles to
/// nothing but does not look through; the result, of `v`'s type, and what was built,
/// in order. `None` (nothing built) where `v` is no vector of whole 32-bit words.
///
/// # Safety
/// `builder` is positioned in a live block of a function; `v` is available there.
pub(crate) unsafe fn build_fence(
    builder: LLVMBuilderRef,
    v: LLVMValueRef,
) -> Option<(LLVMValueRef, Vec<LLVMValueRef>)> {
    let ty = LLVMTypeOf(v);
    let bits = Type(ty).fixed_lanes()? * Type(ty).element_bits()?;
    if bits == 0 || bits % 32 != 0 {
        return None;
    }
    let ctx = LLVMGetTypeContext(ty);
    let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(builder)));
    let floats = LLVMVectorType(LLVMFloatTypeInContext(ctx), bits / 32);
    // (A constant's bitcast is folded into a constant: not recorded as built.)
    let mut built = Vec::new();
    let mut note = |c: LLVMValueRef| {
        if !LLVMIsAInstruction(c).is_null() {
            built.push(c);
        }
        c
    };
    // Elements narrower than the `float`s are frozen first: a poison one would make
    // its whole `float` poison, and so the elements beside it (as wide sequences' steps
    // did, found by a helper's hunt).
    let narrow = Type(ty).element_bits()? < 32 && LLVMIsConstant(v) == 0;
    let v = match narrow {
        true => note(LLVMBuildFreeze(builder, v, c"".as_ptr())),
        false => v,
    };
    let as_floats = match ty == floats {
        true => v,
        false => note(LLVMBuildBitCast(builder, v, floats, c"".as_ptr())),
    };
    let fenced = build_intrinsic_call(
        builder,
        module,
        "llvm.arithmetic.fence",
        &[floats],
        &mut [as_floats],
    );
    let Some(fenced) = fenced else {
        for &b in built.iter().rev() {
            LLVMInstructionEraseFromParent(b);
        }
        return None;
    };
    note(fenced);
    let back = match ty == floats {
        true => fenced,
        false => note(LLVMBuildBitCast(builder, fenced, ty, c"".as_ptr())),
    };
    Some((back, built))
}

/// `shufflevector a, b, mask` at `builder` (`b` poison if none; `-1` a poison lane).
///
/// # Safety
/// `builder` is positioned in a live block; `a` (and `b`) are live vectors of one type.
pub(crate) unsafe fn build_shuffle(
    builder: LLVMBuilderRef,
    a: LLVMValueRef,
    b: Option<LLVMValueRef>,
    mask: &[i32],
) -> LLVMValueRef {
    let i32t = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(a)));
    let b = b.unwrap_or_else(|| LLVMGetPoison(LLVMTypeOf(a)));
    let mut m: Vec<LLVMValueRef> = mask
        .iter()
        .map(|&x| match x {
            x if x < 0 => LLVMGetPoison(i32t),
            x => LLVMConstInt(i32t, x as u64, 0),
        })
        .collect();
    let m = LLVMConstVector(m.as_mut_ptr(), m.len() as u32);
    LLVMBuildShuffleVector(builder, a, b, m, c"".as_ptr())
}
