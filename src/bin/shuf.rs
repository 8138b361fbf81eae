//! `shuf`: the shuffle library on the command line.
//!
//! ```text
//! shuf explain MASK [--lanes N] [--first KIND] [--second KIND] [--type T]
//!                   [--target TRIPLE] [--cpu CPU] [--features F]
//! shuf explain FILE.ll [--target TRIPLE] [--cpu CPU] [--features F]
//! shuf optimum CPU [--depth D] [--sequences]
//! shuf wide-optimum CPU TYPE < MASKS
//! ```
//!
//! `optimum` prints, for every two-source mask of four lanes with poison (6561, lanes
//! `0..8` or `-1`, in counting order, first lane slowest), the fewest instructions that
//! compute it by the target's descriptions (`shuf::lower::search`), and the fewest with
//! the register copies they need in a function of their own (`shuf::lower::registers`):
//! one line `MASK FEWEST WITH-COPIES`, and with `--sequences` the sequence.
//! CPU is `x86-64`, `x86-64-v2`, `x86-64-v3`, `x86-64-v4` or an AArch64 CPU.
//!
//! `wide-optimum` reads one mask a line (`0,9,-1,3,...`, then `zero` where the second
//! operand is a zero vector) of two operands of TYPE (`8xi16`, `16xi8`, `8xfloat`, ...,
//! filling one register) and prints the fewest instructions the wide descriptions reach
//! within trees of depth two (`shuf::lower::wide_search`) and the sequence, or `none`.
//!
//! MASK is a list of selectors, `4,2,5,1` or `<4, 2, poison, 1>` (`poison`, `u` or `-1`
//! for a poison lane). N is the lanes of each operand (default: the mask's length).
//! KIND is `var`, `poison`, `undef`, `zero`, `splat` or `const` (defaults: the first
//! operand `var`, the second `var` if the mask reads it, else `poison`). T is the element
//! type (default `i32`). With a target, the cost LLVM's model gives is printed too; for
//! a file, the module's triple and each function's attributes are used by default.

use std::path::Path;
use std::process::ExitCode;

use shuf::algebra::canon::{self, Outcome, Source};
use shuf::algebra::mask::{pattern_signature, Mask, Side};
use shuf::algebra::pattern::{Pattern, Sym, View};
use shuf::algebra::prim;
use shuf::algebra::shuffle::{OperandKind, Shuffle};
use shuf::algebra::signature::{self, Signature};
use shuf::ffi::Standalone;
use shuf::ir::{self, Context};
use shuf::target::{CostKind, ShuffleKind};

const USAGE: &str = "usage: shuf explain MASK [--lanes N] [--first KIND] [--second KIND] \
[--type T] [--target TRIPLE] [--cpu CPU] [--features F]
       shuf explain FILE.ll [--target TRIPLE] [--cpu CPU] [--features F]
       shuf optimum CPU [--depth D] [--sequences]
       shuf wide-optimum CPU TYPE < MASKS
KIND: var poison undef zero splat const";

#[derive(Default)]
struct Args {
    subject: String,
    lanes: Option<usize>,
    first: Option<OperandKind>,
    second: Option<OperandKind>,
    element: Option<String>,
    triple: Option<String>,
    cpu: String,
    features: String,
}

fn parse_kind(text: &str) -> Result<OperandKind, String> {
    Ok(match text {
        "var" | "variable" => OperandKind::Variable,
        "poison" => OperandKind::Poison,
        "undef" => OperandKind::Undef,
        "zero" => OperandKind::Zero,
        "splat" => OperandKind::Splat,
        "const" | "constant" => OperandKind::Constant,
        other => return Err(format!("unknown operand kind '{other}'")),
    })
}

fn parse_args(mut argv: impl Iterator<Item = String>) -> Result<Args, String> {
    if argv.next().as_deref() != Some("explain") {
        return Err(USAGE.into());
    }
    let mut args = Args::default();
    while let Some(arg) = argv.next() {
        let mut value = || argv.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--lanes" => args.lanes = Some(value()?.parse().map_err(|_| "--lanes: a number")?),
            "--first" => args.first = Some(parse_kind(&value()?)?),
            "--second" => args.second = Some(parse_kind(&value()?)?),
            "--type" => args.element = Some(value()?),
            "--target" => args.triple = Some(value()?),
            "--cpu" => args.cpu = value()?,
            "--features" => args.features = value()?,
            "-h" | "--help" => return Err(USAGE.into()),
            _ if args.subject.is_empty() => args.subject = arg,
            _ => args.subject = format!("{} {arg}", args.subject),
        }
    }
    if args.subject.is_empty() {
        return Err(USAGE.into());
    }
    Ok(args)
}

fn parse_mask(text: &str) -> Result<Mask, String> {
    let inner = text.trim().trim_start_matches('<').trim_end_matches('>');
    let selectors = inner
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| {
            let s = s.trim().trim_start_matches("i32").trim();
            match s {
                "poison" | "u" | "undef" | "_" => Ok(Mask::POISON),
                n => n.parse::<i32>().map_err(|_| format!("bad selector '{n}'")),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    if selectors.is_empty() {
        return Err("empty mask".into());
    }
    Ok(Mask::new(selectors))
}

/// `A0 B3 Z _`: a view's lanes, sources named A and B.
fn show_lanes(view: &View) -> String {
    view.lanes
        .iter()
        .map(|&s| match s {
            Sym::Any => "_".to_string(),
            Sym::Zero => "Z".to_string(),
            Sym::Src(g) if g < view.n => format!("A{g}"),
            Sym::Src(g) => format!("B{}", g - view.n),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn show_source(s: Source) -> &'static str {
    match s {
        Source::Operand(Side::First) => "first",
        Source::Operand(Side::Second) => "second",
        Source::FullSplat(Side::First) => "first (completed splat)",
        Source::FullSplat(Side::Second) => "second (completed splat)",
        Source::Poison => "poison",
    }
}

/// The pattern lines for one shuffle.
fn explain(shuffle: &Shuffle, element_bits: Option<u32>) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    let c = canon::canonicalize(shuffle);
    let rules: Vec<&str> = c.rules.iter().map(|r| r.name()).collect();
    let canonical = match &c.outcome {
        Outcome::Unchanged => "already canonical".to_string(),
        Outcome::Replace(s) => format!("the shuffle is its {} operand", show_source(*s)),
        Outcome::Rewrite { operands, mask } => format!(
            "{mask} over ({}, {})",
            show_source(operands[0]),
            show_source(operands[1])
        ),
    };
    let rules = if rules.is_empty() {
        String::new()
    } else {
        format!("   rules: {}", rules.join(", "))
    };
    lines.push(("canonical".into(), format!("{canonical}{rules}")));
    let (first, diffs) = pattern_signature(shuffle.mask.as_slice());
    lines.push((
        "signature".into(),
        format!("({first}, {diffs:?})   (seed 000)"),
    ));
    let view = View::of(shuffle);
    lines.push((
        "lanes".into(),
        format!("{}   (sources padded to {})", show_lanes(&view), view.n),
    ));
    let recognized = signature::recognize(&view);
    lines.push((
        "pattern".into(),
        format!(
            "{}   [{}]",
            recognized.describe(element_bits),
            recognized.name()
        ),
    ));
    if let Some(Pattern::BitPermutation { bits }) = Signature::of(&view).bit_permutation() {
        lines.push((
            "index bits".into(),
            format!("{bits:?}   (output bit j is source bit bits[j]: seed 004)"),
        ));
    }
    let term = prim::decompose(&recognized, &view).simplify();
    lines.push(("term".into(), term.to_string()));
    lines
}

fn print(lines: &[(String, String)], indent: &str) {
    for (key, value) in lines {
        println!("{indent}{key:<10} {value}");
    }
}

fn explain_mask(args: &Args) -> Result<(), String> {
    let mask = parse_mask(&args.subject)?;
    let n = args.lanes.unwrap_or(mask.len());
    if n == 0 || n > ir::MAX_LANES as usize {
        return Err(format!("--lanes must be between 1 and {}", ir::MAX_LANES));
    }
    if let Some(bad) = mask.as_slice().iter().find(|&&s| s >= 2 * n as i32) {
        return Err(format!(
            "selector {bad} is out of range for two operands of {n} lanes"
        ));
    }
    let second_default = if mask.reads(Side::Second, n) {
        OperandKind::Variable
    } else {
        OperandKind::Poison
    };
    let kinds = [
        args.first.unwrap_or(OperandKind::Variable),
        args.second.unwrap_or(second_default),
    ];
    let element = args.element.clone().unwrap_or_else(|| "i32".into());
    let ctx = Context::new();
    let src_ty = ctx
        .vector_type(&element, n as u32)
        .ok_or(format!("unknown element type '{element}'"))?;
    let dst_ty = ctx
        .vector_type(&element, mask.len() as u32)
        .expect("same element type");
    let shuffle = Shuffle::new(kinds, n, mask.clone());
    println!(
        "{:<10} {mask} over two {src_ty} (first: {:?}, second: {:?})",
        "mask", kinds[0], kinds[1]
    );
    print(&explain(&shuffle, src_ty.element_bits()), "");
    if let Some(triple) = &args.triple {
        // SAFETY: the context outlives the target.
        let standalone = unsafe { Standalone::new(ctx.raw(), triple, &args.cpu, &args.features)? };
        let kind = if mask.reads(Side::Second, n) {
            ShuffleKind::PermuteTwoSrc
        } else {
            ShuffleKind::PermuteSingleSrc
        };
        let cost = standalone
            .target()
            .shuffle_cost(kind, dst_ty, src_ty, &mask, CostKind::RecipThroughput)
            .map_or("invalid".to_string(), |c| c.to_string());
        println!(
            "{:<10} {cost} on {triple} {} (TTI::getShuffleCost, reciprocal throughput)",
            "cost", args.cpu
        );
    }
    Ok(())
}

fn explain_file(args: &Args) -> Result<(), String> {
    let ctx = Context::new();
    let module = ctx.parse(Path::new(&args.subject))?;
    let triple = args.triple.clone().unwrap_or_else(|| module.triple());
    let mut count = 0;
    for func in module.functions() {
        let sites = func.shuffles();
        if sites.is_empty() {
            continue;
        }
        let (cpu, features) = match &args.triple {
            Some(_) => (args.cpu.clone(), args.features.clone()),
            None => func.target_attributes(),
        };
        // SAFETY: the context outlives the target.
        let standalone = if triple.is_empty() {
            None
        } else {
            Some(unsafe { Standalone::new(ctx.raw(), &triple, &cpu, &features)? })
        };
        println!("@{}:", func.name());
        for site in sites {
            count += 1;
            println!("  {}", site.inst.text());
            let mut lines = explain(&site.shuffle, site.inst.ty().element_bits());
            if let Some(s) = &standalone {
                let cost = s
                    .target()
                    .instruction_cost(site.inst, CostKind::RecipThroughput)
                    .map_or("invalid".to_string(), |c| c.to_string());
                lines.push(("cost".into(), format!("{cost} on {triple} {cpu}")));
            }
            print(&lines, "    ");
        }
    }
    if count == 0 {
        println!("no fixed-width shufflevector in {}", args.subject);
    }
    Ok(())
}

/// `shuf optimum CPU [--depth D]`: per mask, the fewest instructions by the
/// descriptions, and the fewest with the register copies they need in a function of
/// their own (operands in the first two registers, result stored from any).
fn optimum(mut argv: impl Iterator<Item = String>) -> Result<(), String> {
    use shuf::lower::search::{Optimum, MAX_DEPTH};
    use shuf::lower::sequence::Searcher;
    use shuf::target::insn::{available, x86_level};
    use shuf::target::Arch;
    let cpu = argv.next().ok_or("shuf optimum CPU [--depth D]")?;
    let usage = "shuf optimum CPU [--depth D] [--sequences]";
    let (mut depth, mut show_sequences) = (MAX_DEPTH, false);
    while let Some(arg) = argv.next() {
        match arg.as_str() {
            "--depth" => {
                let d = argv.next().ok_or(usage)?;
                depth = d.parse().map_err(|_| "--depth: a number")?;
            }
            "--sequences" => show_sequences = true,
            _ => return Err(usage.into()),
        }
    }
    let (arch, level) = if cpu.starts_with("x86-64") {
        (Arch::X86_64, x86_level(&cpu))
    } else {
        (Arch::AArch64, "")
    };
    let insns = available(arch, level);
    let search = Optimum::new(&insns, 1, depth);
    let searcher = Searcher::new(&insns, 1, level);
    let mut out = String::new();
    for code in 0..9usize.pow(4) {
        let mask: [i32; 4] =
            std::array::from_fn(|i| (code / 9usize.pow(3 - i as u32) % 9) as i32 - 1);
        let demand = mask.map(|m| {
            if m < 0 {
                Sym::Any
            } else {
                Sym::Src(m as usize)
            }
        });
        let fewest = search.of(&demand);
        let mut sequence = None;
        let with_copies = match fewest {
            // An operand as it is, or nothing.
            Some(0) => Some(0),
            _ => {
                sequence = searcher.sequence(&demand);
                let searched = sequence.as_ref().map(|s| s.total());
                let table = search.table(&demand);
                if table.is_some_and(|t| searched.map_or(true, |s| t < s)) {
                    sequence = None; // a table instruction
                }
                searched.into_iter().chain(table).min()
            }
        };
        let show = |c: Option<u32>| c.map_or("none".to_string(), |c| c.to_string());
        let text: Vec<String> = mask.iter().map(|m| m.to_string()).collect();
        out.push_str(&format!(
            "{} {} {}",
            text.join(","),
            show(fewest),
            show(with_copies)
        ));
        if show_sequences {
            let seq = sequence.map_or("-".to_string(), |s| s.describe());
            out.push_str(&format!(" {seq}"));
        }
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

/// `shuf wide-optimum CPU TYPE`: per mask read from stdin, the fewest instructions
/// the wide descriptions reach (trees of depth two), and the sequence.
fn wide_optimum(mut argv: impl Iterator<Item = String>) -> Result<(), String> {
    use shuf::lower::wide_search::WideSearcher;
    use shuf::target::insn::x86_level;
    use shuf::target::wide::{self, x86_has, Context, Demand};
    use shuf::target::Arch;
    use std::io::BufRead;
    let usage = "shuf wide-optimum CPU TYPE (8xi16, 16xi8, 8xfloat, ...) < MASKS";
    let cpu = argv.next().ok_or(usage)?;
    let ty = argv.next().ok_or(usage)?;
    let (lanes, element) = ty.split_once('x').ok_or(usage)?;
    let lanes: u32 = lanes.parse().map_err(|_| usage)?;
    let (element_bits, float) = match element {
        "i8" => (8, false),
        "i16" => (16, false),
        "i32" => (32, false),
        "i64" => (64, false),
        "float" | "f32" => (32, true),
        "double" | "f64" => (64, true),
        _ => return Err(usage.into()),
    };
    let x86 = cpu.starts_with("x86-64");
    let level = x86_level(&cpu);
    let has = |f: &str| {
        if x86 {
            x86_has(level, &cpu, &|_| false, f)
        } else {
            f == "neon"
        }
    };
    let cx = Context {
        arch: if x86 { Arch::X86_64 } else { Arch::AArch64 },
        has: &has,
        register_bits: lanes * element_bits,
        element_bits,
        float,
        in_loop: false,
    };
    let searcher = WideSearcher::new(cx, true);
    let mut out = String::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let mut words = line.split_whitespace();
        let Some(mask) = words.next() else { continue };
        let zero = words.next() == Some("zero");
        let mask: Vec<i32> = mask
            .split(',')
            .map(|m| m.parse().map_err(|_| format!("not a mask: {line}")))
            .collect::<Result<_, String>>()?;
        let demand: Vec<Demand> = wide::demand_of(&mask)
            .into_iter()
            .map(|d| match d {
                Some(wide::Src::Lane(l)) if zero && u32::from(l) >= lanes => Some(wide::Src::Zero),
                d => d,
            })
            .collect();
        match searcher.search(&demand, element_bits) {
            Some(seq) => out.push_str(&format!("{} {}\n", seq.cost, seq.describe())),
            None => out.push_str("none\n"),
        }
    }
    print!("{out}");
    Ok(())
}

fn main() -> ExitCode {
    let mut argv = std::env::args().skip(1).peekable();
    if argv.peek().map(String::as_str) == Some("wide-optimum") {
        argv.next();
        return match wide_optimum(argv) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("shuf: {message}");
                ExitCode::from(2)
            }
        };
    }
    if argv.peek().map(String::as_str) == Some("optimum") {
        argv.next();
        return match optimum(argv) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("shuf: {message}");
                ExitCode::from(2)
            }
        };
    }
    let args = match parse_args(argv) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let is_file = Path::new(&args.subject).is_file();
    let result = if is_file {
        explain_file(&args)
    } else {
        explain_mask(&args)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("shuf: {message}");
            ExitCode::FAILURE
        }
    }
}
