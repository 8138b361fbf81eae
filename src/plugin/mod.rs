//! The plugin's entry points: the functions LLVM and the shim call into Rust.
//!
//! `llvmGetPassPluginInfo` must be a Rust symbol because a Rust cdylib exports only those;
//! it returns what the shim builds. `shuf_check_params` and `shuf_run_function` are called
//! by the shim's pass registration and `ShuffleLibPass::run`. No panic crosses back into
//! LLVM: each entry catches it and reports failure, and the shim turns that into a warning
//! naming the function.
//!
//! This is the top layer: it wires `ffi` (the shim's handles) to `ir` and `pass`.

use std::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use llvm_sys::prelude::LLVMValueRef;

use crate::ffi::{self, PassPluginLibraryInfo, ShufTarget, Target, RUN_CHANGED, RUN_FAILED};
use crate::ir;
use crate::pass::{
    self,
    options::{FunctionFilter, Options},
};

/// Whether `-shuffle-lib-only` lets the pass run on `function` (read once; a file that
/// cannot be read is reported once and admits nothing).
fn admitted(function: &str) -> bool {
    static FILTER: OnceLock<Option<FunctionFilter>> = OnceLock::new();
    let filter = FILTER.get_or_init(|| {
        FunctionFilter::parse(&ffi::option_only()).unwrap_or_else(|e| {
            eprintln!("warning: shuffle-lib: {e}; the pass runs on no function");
            Some(FunctionFilter::nothing())
        })
    });
    filter.as_ref().map_or(true, |f| f.admits(function))
}

/// The plugin entry point `opt` and `clang` look up with `dlsym`.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    // SAFETY: the shim builds a static description; nothing can fail.
    unsafe { ffi::shuf_plugin_info() }
}

/// Checks pass parameters; on error writes a NUL-terminated message into `err`.
///
/// # Safety
/// `params` is a C string; `err` points to `err_len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn shuf_check_params(
    params: *const c_char,
    err: *mut c_char,
    err_len: usize,
) -> c_int {
    let result = catch_unwind(|| {
        let text = CStr::from_ptr(params).to_string_lossy();
        Options::parse(&text).map(|_| ())
    });
    let message = match result {
        Ok(Ok(())) => return 1,
        Ok(Err(message)) => message,
        Err(_) => "internal error while reading the parameters".to_string(),
    };
    if err_len > 0 {
        let bytes = message.as_bytes();
        let n = bytes.len().min(err_len - 1);
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), err as *mut u8, n);
        *err.add(n) = 0;
    }
    0
}

/// The pass body, called by the shim's `ShuffleLibPass::run`.
///
/// # Safety
/// `func` is a function definition, `target` the shim's context for it, `params` a C
/// string already accepted by `shuf_check_params`.
#[no_mangle]
pub unsafe extern "C" fn shuf_run_function(
    func: LLVMValueRef,
    target: *const ShufTarget,
    params: *const c_char,
) -> c_int {
    let mut changed = false;
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut options = Options::parse(&CStr::from_ptr(params).to_string_lossy())
            .expect("the shim checked the parameters");
        options.break_masks = ffi::option_break_masks();
        let func = ir::Function::from_raw(func);
        if !admitted(&func.name()) {
            return;
        }
        let target = Target::from_raw(target);
        pass::run(func, &target, &options, &mut changed);
    }));
    let failed = if result.is_err() { RUN_FAILED } else { 0 };
    failed | if changed { RUN_CHANGED } else { 0 }
}
