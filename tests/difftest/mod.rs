//! Differential testing of `shuffle-lib`: random shuffle programs run under `lli` before
//! and after the pass; every lane the original defines must come out the same.

pub mod gen;
pub mod program;
pub mod reduce;
pub mod rng;
pub mod run;
