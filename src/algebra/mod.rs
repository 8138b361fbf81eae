//! The pure mask algebra: what a shuffle means, its canonical form, and which pattern it
//! is. No LLVM types; everything here is tested exhaustively or by property tests.
//!
//! * [`mask`]: `Mask` (LLVM's selectors, `-1` a poison lane) and seed 000's
//!   `pattern_diff`/`pattern_signature`.
//! * [`shuffle`]: a mask plus the kind of value each operand is; the reference meaning of
//!   every output lane.
//! * [`canon`]: the canonical form (`canonicalize`), rule by rule.
//! * [`pattern`]: the catalogue, each pattern defined by the lanes it produces.
//! * [`signature`]: recognition in one pass over the mask, dispatching on its signature.
//! * [`lanes`]: lane detection (seed 000's recursive halving).
//! * [`prim`]: seed 001's reordering primitives (CONCAT, SPLIT, ILV, EXTR, PERM).
//!
//! Inside the folder the order is `mask` < `shuffle` < `canon` < `pattern` < `lanes` <
//! `signature`, `prim`: each file imports only files before it.

pub mod canon;
pub mod lanes;
pub mod mask;
pub mod pattern;
pub mod prim;
pub mod shuffle;
pub mod signature;
