//! shuf: an LLVM 22 pass plugin that makes vector shuffles cheap.
//!
//! `libshuf.so` is loaded by `opt -load-pass-plugin=libshuf.so -passes=shuffle-lib` or by
//! `clang -fpass-plugin=libshuf.so`. A thin C++ shim (`plugin/`) registers the pass and
//! answers what only LLVM's C++ API can answer; everything else is here.
//!
//! # Layers
//!
//! Dependencies point one way, from the pure layers up to the one that touches LLVM:
//!
//! * [`mask`], [`shuffle`], [`canon`], [`target`], [`options`]: pure Rust, no LLVM types,
//!   tested exhaustively. A shuffle is a [`mask::Mask`] plus what kind of value each
//!   operand is ([`shuffle::OperandKind`]); [`canon`] decides its canonical form.
//! * [`ir`]: the only layer that reads or writes LLVM IR. It describes instructions to
//!   the pure layers and carries out their decisions.
//! * [`ffi`]: the only layer that talks to the shim: the plugin entry points (which catch
//!   every panic) and [`ffi::Target`], the target's cost model, remarks and statistics.
//! * [`pass`]: one function's run: read, plan every decision, then change the IR.
//!
//! See `docs/architecture.md` for the design and `docs/canonical-form.md` for the rules.

pub mod canon;
pub mod ffi;
pub mod ir;
pub mod lanes;
pub mod mask;
pub mod options;
pub mod pass;
pub mod pattern;
pub mod prim;
pub mod shuffle;
pub mod signature;
pub mod target;
pub mod vp;
