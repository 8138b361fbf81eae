//! shuf: an LLVM 22 pass plugin that makes vector shuffles cheap.
//!
//! `libshuf.so` is loaded by `opt -load-pass-plugin=libshuf.so -passes=shuffle-lib` or by
//! `clang -fpass-plugin=libshuf.so`. A thin C++ shim (`plugin/`) registers the pass and
//! answers what only LLVM's C++ API can answer; everything else is here.
//!
//! # Layers
//!
//! One folder per layer; a layer imports only the layers below it (see
//! `docs/architecture.md` for the picture and how it is checked):
//!
//! * [`plugin`]: the entry points the shim and LLVM call; every panic stops there.
//! * [`pass`]: one function's run (read, plan every decision, then change the IR), and
//!   its parameters.
//! * [`ir`]: the only layer that reads or writes LLVM IR. It describes instructions to
//!   the pure layers and carries out their decisions.
//! * [`ffi`]: raw bindings to the shim, and [`ffi::Target`], a safe view of the target's
//!   cost model, remarks and statistics. It knows nothing of `ir` or `pass`.
//! * [`algebra`], [`lower`], [`vp`], [`slp`], [`target`]: pure Rust, no LLVM types,
//!   tested exhaustively. [`lower`] decides what a recognised shuffle becomes, [`slp`]
//!   which scalar code becomes vector code.
//!   A shuffle is an [`algebra::mask::Mask`] plus what kind of value each operand is
//!   ([`algebra::shuffle::OperandKind`]); [`algebra::canon`] decides its canonical form,
//!   [`algebra::signature`] its pattern; [`vp`] decides what happens to a VP call.
//!
//! See `docs/architecture.md` for the design and `docs/canonical-form.md` for the rules.

pub mod algebra;
pub mod ffi;
pub mod ir;
pub mod lower;
pub mod pass;
pub mod plugin;
pub mod slp;
pub mod target;
pub mod vp;
