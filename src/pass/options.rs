//! Pass parameters: `-passes='shuffle-lib<early;no-canon>'`.
//!
//! | parameter      | meaning                                                        |
//! |----------------|----------------------------------------------------------------|
//! | `early`        | the instance before the vectorizers (VectorizerStart)          |
//! | `late`         | the instance after them (VectorizerEnd)                        |
//! | `canon`        | canonical form where the target's cost says so (default)       |
//! | `canon-always` | canonical form for every shuffle, whatever the cost            |
//! | `no-canon`     | leave shuffles as they are                                     |
//! | `vp`           | lower and canonicalise `llvm.vp.*` intrinsics (default)        |
//! | `no-vp`        | leave VP intrinsics alone                                      |
//! | `vp-lift`      | on EVL targets, lift masked loads/stores under an active-lane   |
//! |                | mask to VP (off by default: it does not pay alone, see vp.md)  |
//! | `lower`        | rewrite shuffles into cheaper non-shuffle IR (default)         |
//! | `no-lower`     | leave that out                                                 |
//! | `lower-always` | testing: every correct recipe, whatever the cost and context   |
//! | `select`       | shuffles the backend lowers with more instructions than the     |
//! |                | target's cheapest sequence become it: four lanes everywhere,   |
//! |                | 8+ lanes of 128/256 bits on x86 and NEON (default; late)       |
//! | `no-select`    | leave that out                                                 |
//! | `narrow`       | truncations stored side by side become packs where the backend  |
//! |                | narrows with more instructions (x86; default; late)            |
//! | `no-narrow`    | leave that out                                                 |
//! | `lookup`       | bytes gathered from a constant table of 64 or fewer become one  |
//! |                | `pshufb`/`tbl` (late); before the vectorizers, byte loads from  |
//! |                | such a table are offered to them with vector forms (default)   |
//! | `no-lookup`    | leave that out                                                 |
//! | `chains`       | chains of shuffles through bitcasts become one shuffle where    |
//! |                | that compiles to fewer instructions (default; late)            |
//! | `no-chains`    | leave that out                                                 |
//! | `networks`     | shuffles wider than a register that permute the index bits     |
//! |                | (transposes, interleaves) become stages of register shuffles   |
//! |                | where that compiles to fewer instructions (default; late)      |
//! | `no-networks`  | leave that out                                                 |
//! | `gathers`      | vectors gathered from scalar loads that read one block once    |
//! |                | become its wide load cut into registers, where that compiles   |
//! |                | to fewer instructions (default; late)                          |
//! | `no-gathers`   | leave that out                                                 |
//! | `pieces`       | a stored interleave of pieces of one wide load loads the pieces |
//! |                | (segment stores see them whole) where that compiles to fewer    |
//! |                | instructions (default; late)                                   |
//! | `no-pieces`    | leave that out                                                 |
//! | `half-loads`   | a shuffle of two registers that reads one half of each, a load |
//! |                | at least, becomes the halves side by side (half loads) and one |
//! |                | shuffle where that compiles to less (x86; default; late)       |
//! | `no-half-loads`| leave that out                                                 |
//! | `compute`      | shuffles of lane-wise operations move below them where they    |
//! |                | compose with the shuffles there (default; late)                |
//! | `no-compute`   | leave that out                                                 |
//! | `slp`          | store chains whose values are one tree of loads (in any order), |
//! |                | operations and constants become vector code where that compiles |
//! |                | shorter (default; before the vectorizers where the tree needs a |
//! |                | shuffle, after them for what stayed scalar)                    |
//! | `no-slp`       | leave that out                                                 |
//! | `slp-threshold=N` | vectorize a tree only where the scalar code compiles to more |
//! |                | than N instructions more than the vector code (default 0, as   |
//! |                | LLVM's `-slp-threshold`; negative accepts a loss; in the       |
//! |                | default pipelines `-shuffle-lib-slp-threshold=N`)              |
//! | `inject-panic` | testing only: panic while planning, to test the FFI boundary   |
//!
//! Without `early` or `late` the pass runs every phase; today both stages run the
//! canonical form and the lowering (non-shuffle forms help the vectorizers' cost models
//! too); later issues add SLP seeding (early).

/// Where in the pipeline an instance of the pass runs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Explicit `-passes=shuffle-lib`: every phase.
    All,
    /// Before the loop and SLP vectorizers.
    Early,
    /// After the vectorizers.
    Late,
}

/// When the canonical form is written back into the IR. Recognition always works on
/// the canonical form; the IR only gets it where that pays.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Canon {
    Off,
    /// Replacements (identity, poison) always; other rewrites when TTI's shuffle cost
    /// drops, or stays equal and only poison lanes or unread operands change.
    CostDriven,
    Always,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    pub stage: Stage,
    pub canon: Canon,
    pub vp: bool,
    pub vp_lift: bool,
    /// Rewrite shuffles into cheaper non-shuffle IR (`crate::lower`).
    pub lower: bool,
    /// Testing: every correct recipe, whatever its cost, the target and the shuffles
    /// around (so that the differential test exercises every rule).
    pub lower_always: bool,
    /// Emit the cheapest instruction sequence for shuffles the backend lowers worse
    /// (`crate::lower::sequence`, measured by compiling both).
    pub select: bool,
    /// Narrow truncations stored side by side with packs where that compiles to fewer
    /// instructions (`crate::lower::narrow`).
    pub narrow: bool,
    /// Byte gathers from small constant tables as one table instruction
    /// (`crate::lower::lookup`).
    pub lookup: bool,
    /// Compose chains of shuffles through bitcasts (`crate::lower::chain`).
    pub chains: bool,
    /// Wide bit-permuting shuffles as networks of register shuffles
    /// (`crate::lower::network`).
    pub networks: bool,
    /// Gathered scalar loads of one block as its wide load (`crate::ir::gather`).
    pub gathers: bool,
    /// Register-sized loads, shuffles and stores of two blocks as one wide load,
    /// shuffle and store (`crate::lower::join`).
    pub joins: bool,
    /// Gathers of neighbouring fields as one segment load (`crate::ir::segment`).
    pub segments: bool,
    /// Stored interleaves of pieces of one wide load as the pieces' loads
    /// (`crate::lower::pieces`).
    pub pieces: bool,
    /// Shuffles of two loads' halves as the halves side by side
    /// (`crate::lower::halves`).
    pub half_loads: bool,
    /// Shuffles through lane-wise operations (`crate::lower::compute`).
    pub compute: bool,
    /// Store chains as vector code (`crate::slp`).
    pub slp: bool,
    /// The instructions a tree must save, more than this, to be vectorized.
    pub slp_threshold: i64,
    pub inject_panic: bool,
    /// `-shuffle-lib-break-masks` (testing only): rotate every mask by one lane.
    pub break_masks: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            stage: Stage::All,
            canon: Canon::CostDriven,
            vp: true,
            vp_lift: false,
            lower: true,
            lower_always: false,
            select: true,
            narrow: true,
            lookup: true,
            chains: true,
            networks: true,
            gathers: true,
            joins: true,
            segments: true,
            pieces: true,
            half_loads: true,
            compute: true,
            slp: true,
            slp_threshold: 0,
            inject_panic: false,
            break_masks: false,
        }
    }
}

const KNOWN: &str =
    "early, late, canon, canon-always, no-canon, vp, no-vp, vp-lift, lower, no-lower, lower-always, \
     select, no-select, narrow, no-narrow, lookup, no-lookup, chains, no-chains, networks, \
     no-networks, gathers, no-gathers, joins, no-joins, segments, no-segments, pieces, no-pieces, \
     half-loads, no-half-loads, compute, no-compute, slp, no-slp, slp-threshold=N, inject-panic";

impl Options {
    /// Parses the text between `<` and `>`, parameters separated by `;`.
    pub fn parse(params: &str) -> Result<Options, String> {
        let mut options = Options::default();
        let mut stage = None;
        for param in params.split(';').filter(|p| !p.is_empty()) {
            match param {
                "early" | "late" => {
                    let this = if param == "early" {
                        Stage::Early
                    } else {
                        Stage::Late
                    };
                    if stage.is_some_and(|s| s != this) {
                        return Err("'early' and 'late' exclude each other".into());
                    }
                    stage = Some(this);
                }
                "canon" => options.canon = Canon::CostDriven,
                "canon-always" => options.canon = Canon::Always,
                "no-canon" => options.canon = Canon::Off,
                "vp" => options.vp = true,
                "no-vp" => options.vp = false,
                "vp-lift" => options.vp_lift = true,
                "lower" => options.lower = true,
                "no-lower" => options.lower = false,
                "lower-always" => {
                    options.lower = true;
                    options.lower_always = true;
                }
                "select" => options.select = true,
                "no-select" => options.select = false,
                "narrow" => options.narrow = true,
                "no-narrow" => options.narrow = false,
                "lookup" => options.lookup = true,
                "no-lookup" => options.lookup = false,
                "chains" => options.chains = true,
                "no-chains" => options.chains = false,
                "networks" => options.networks = true,
                "no-networks" => options.networks = false,
                "gathers" => options.gathers = true,
                "no-gathers" => options.gathers = false,
                "joins" => options.joins = true,
                "no-joins" => options.joins = false,
                "segments" => options.segments = true,
                "no-segments" => options.segments = false,
                "pieces" => options.pieces = true,
                "no-pieces" => options.pieces = false,
                "half-loads" => options.half_loads = true,
                "no-half-loads" => options.half_loads = false,
                "compute" => options.compute = true,
                "no-compute" => options.compute = false,
                "slp" => options.slp = true,
                "no-slp" => options.slp = false,
                "inject-panic" => options.inject_panic = true,
                other if other.starts_with("slp-threshold=") => {
                    let value = &other["slp-threshold=".len()..];
                    options.slp_threshold = value.parse().map_err(|_| {
                        format!("invalid slp-threshold '{value}' (expected an integer)")
                    })?;
                }
                other => {
                    return Err(format!(
                        "invalid shuffle-lib pass parameter '{other}' (expected one of: {KNOWN})"
                    ))
                }
            }
        }
        options.stage = stage.unwrap_or(Stage::All);
        Ok(options)
    }
}

/// `-shuffle-lib-only`: the functions the pass runs on, to bisect a miscompile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionFilter(std::collections::BTreeSet<String>);

impl FunctionFilter {
    /// `f,g,h`, or `@file` with one name a line (blank lines and `#` comments skipped).
    /// Empty text: `None`, every function.
    pub fn parse(text: &str) -> Result<Option<FunctionFilter>, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        let names: std::collections::BTreeSet<String> = match text.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| format!("-shuffle-lib-only: cannot read {path}: {e}"))?
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from)
                .collect(),
            None => text.split(',').map(|n| n.trim().to_string()).collect(),
        };
        Ok(Some(FunctionFilter(names)))
    }

    /// The filter that admits no function.
    pub fn nothing() -> FunctionFilter {
        FunctionFilter(Default::default())
    }

    pub fn admits(&self, function: &str) -> bool {
        self.0.contains(function)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_is_default() {
        assert_eq!(Options::parse("").unwrap(), Options::default());
    }

    #[test]
    fn flags_combine() {
        let o = Options::parse("late;no-canon").unwrap();
        assert_eq!(o.stage, Stage::Late);
        assert_eq!(o.canon, Canon::Off);
        assert_eq!(
            Options::parse("no-canon;canon").unwrap().canon,
            Canon::CostDriven
        );
        assert_eq!(Options::parse("canon-always").unwrap().canon, Canon::Always);
    }

    #[test]
    fn unknown_and_conflicting_parameters_are_errors() {
        let err = Options::parse("early;fast").unwrap_err();
        assert!(
            err.contains("'fast'") && err.contains("expected one of"),
            "{err}"
        );
        assert!(Options::parse("early;late").is_err());
    }

    #[test]
    fn function_filters() {
        assert_eq!(FunctionFilter::parse("  ").unwrap(), None);
        let f = FunctionFilter::parse("f, g").unwrap().unwrap();
        assert!(f.admits("f") && f.admits("g") && !f.admits("h"));
        let path = std::env::temp_dir().join(format!("shuf-only-{}", std::process::id()));
        std::fs::write(&path, "# bisect\nalpha\n\n beta \n").unwrap();
        let f = FunctionFilter::parse(&format!("@{}", path.display()))
            .unwrap()
            .unwrap();
        assert!(f.admits("alpha") && f.admits("beta") && !f.admits("# bisect"));
        std::fs::remove_file(&path).unwrap();
        assert!(FunctionFilter::parse("@/nonexistent/shuf-only").is_err());
    }
}
