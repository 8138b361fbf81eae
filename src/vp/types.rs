//! Which element types a VP intrinsic is defined on.
//!
//! LLVM declares most VP intrinsics on any vector, so the IR verifier accepts
//! `llvm.vp.add` on floats or `llvm.vp.fneg` on integers; LangRef defines them only on
//! integers or only on floats, and their plain forms (`add`, `fneg`) would not verify. A
//! call whose element types LangRef does not define is left as it is.

/// An element type, as far as the rules here need it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Elem {
    Int(u32),
    Float(u32),
    Ptr,
    /// A struct, `void`, or anything else.
    Other,
}

/// The element types of a VP call: its result's (the data's for `vp.load.ff`), and its
/// first vector operand's other than the mask (the vector of a reduction, the source of
/// a cast, the condition of `vp.select`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Elems {
    pub result: Elem,
    pub operand: Elem,
}

/// Lane-wise integer operations (`llvm.vp.` omitted).
const INTEGER: &[&str] = &[
    "add",
    "sub",
    "mul",
    "sdiv",
    "udiv",
    "srem",
    "urem",
    "shl",
    "lshr",
    "ashr",
    "and",
    "or",
    "xor",
    "smax",
    "smin",
    "umax",
    "umin",
    "sadd.sat",
    "uadd.sat",
    "ssub.sat",
    "usub.sat",
    "fshl",
    "fshr",
    "bitreverse",
    "ctpop",
    "abs",
    "ctlz",
    "cttz",
];

/// Lane-wise floating-point operations.
const FLOAT: &[&str] = &[
    "fadd",
    "fsub",
    "fmul",
    "fdiv",
    "frem",
    "copysign",
    "maxnum",
    "minnum",
    "maximum",
    "minimum",
    "fma",
    "fmuladd",
    "fneg",
    "fabs",
    "sqrt",
    "ceil",
    "floor",
    "rint",
    "nearbyint",
    "round",
    "roundeven",
    "roundtozero",
    "is.fpclass",
    "fcmp",
];

/// Operations defined on every element type.
const ANY: &[&str] = &[
    "select",
    "merge",
    "load",
    "store",
    "gather",
    "scatter",
    "load.ff",
    "strided.load",
    "strided.store",
    "reverse",
    "splice",
];

/// Whether LangRef defines the VP intrinsic `name` (`llvm.vp.add`,
/// `llvm.experimental.vp.splice`) on these element types. Unknown names: no.
pub fn types_fit(name: &str, elems: Elems) -> bool {
    use Elem::*;
    let Some(op) = name
        .strip_prefix("llvm.vp.")
        .or_else(|| name.strip_prefix("llvm.experimental.vp."))
    else {
        return false;
    };
    let (result, operand) = (elems.result, elems.operand);
    let int = |e: Elem| matches!(e, Int(_));
    let float = |e: Elem| matches!(e, Float(_));
    let bits = |e: Elem| match e {
        Int(b) | Float(b) => b,
        _ => 0,
    };
    if let Some(reduced) = op.strip_prefix("reduce.") {
        return if reduced.starts_with('f') {
            float(result) && float(operand)
        } else {
            int(result) && int(operand)
        };
    }
    match op {
        _ if INTEGER.contains(&op) => int(operand),
        _ if FLOAT.contains(&op) => float(operand),
        _ if ANY.contains(&op) => true,
        "bswap" => int(operand) && bits(operand) % 16 == 0,
        "icmp" => int(operand) || operand == Ptr,
        "trunc" => int(operand) && int(result) && bits(result) < bits(operand),
        "zext" | "sext" => int(operand) && int(result) && bits(result) > bits(operand),
        "fptrunc" => float(operand) && float(result) && bits(result) < bits(operand),
        "fpext" => float(operand) && float(result) && bits(result) > bits(operand),
        "fptoui" | "fptosi" | "lrint" | "llrint" => float(operand) && int(result),
        "uitofp" | "sitofp" => int(operand) && float(result),
        "ptrtoint" => operand == Ptr && int(result),
        "inttoptr" => int(operand) && result == Ptr,
        "cttz.elts" => int(operand) && int(result),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Elem::*;

    fn fit(name: &str, result: Elem, operand: Elem) -> bool {
        types_fit(name, Elems { result, operand })
    }

    #[test]
    fn lanewise_operations_by_element_kind() {
        assert!(fit("llvm.vp.add", Int(8), Int(8)));
        assert!(!fit("llvm.vp.add", Float(32), Float(32)));
        assert!(fit("llvm.vp.fneg", Float(16), Float(16)));
        assert!(!fit("llvm.vp.fneg", Int(32), Int(32)));
        assert!(!fit("llvm.vp.sqrt", Int(32), Int(32)));
        assert!(!fit("llvm.vp.abs", Float(32), Float(32)));
        assert!(fit("llvm.vp.is.fpclass", Int(1), Float(64)));
        assert!(fit("llvm.vp.icmp", Int(1), Ptr));
        assert!(!fit("llvm.vp.icmp", Int(1), Float(32)));
        assert!(!fit("llvm.vp.fcmp", Int(1), Int(32)));
    }

    #[test]
    fn byte_swaps_need_whole_halves() {
        assert!(!fit("llvm.vp.bswap", Int(8), Int(8)));
        assert!(fit("llvm.vp.bswap", Int(16), Int(16)));
        assert!(fit("llvm.vp.bswap", Int(64), Int(64)));
    }

    #[test]
    fn casts_by_direction() {
        assert!(fit("llvm.vp.trunc", Int(8), Int(64)));
        assert!(!fit("llvm.vp.trunc", Int(64), Int(8)));
        assert!(fit("llvm.vp.zext", Int(64), Int(8)));
        assert!(!fit("llvm.vp.sext", Int(8), Int(8)));
        assert!(fit("llvm.vp.fpext", Float(64), Float(16)));
        assert!(!fit("llvm.vp.fptrunc", Float(64), Float(16)));
        assert!(fit("llvm.vp.lrint", Int(8), Float(16)));
        assert!(!fit("llvm.vp.llrint", Int(32), Int(32)));
        assert!(fit("llvm.vp.sitofp", Float(16), Int(64)));
        assert!(fit("llvm.vp.ptrtoint", Int(16), Ptr));
        assert!(!fit("llvm.vp.inttoptr", Int(16), Int(64)));
    }

    #[test]
    fn reductions_by_name() {
        assert!(fit("llvm.vp.reduce.add", Int(16), Int(16)));
        assert!(!fit("llvm.vp.reduce.add", Float(32), Float(32)));
        assert!(fit("llvm.vp.reduce.fminimum", Float(16), Float(16)));
        assert!(!fit("llvm.vp.reduce.fadd", Int(32), Int(32)));
    }

    #[test]
    fn any_type_and_unknown_names() {
        assert!(fit("llvm.experimental.vp.splice", Ptr, Ptr));
        assert!(fit("llvm.vp.merge", Float(16), Int(1)));
        assert!(fit("llvm.vp.cttz.elts", Int(64), Int(8)));
        assert!(!fit("llvm.vp.cttz.elts", Int(32), Float(32)));
        assert!(!fit("llvm.vp.frobnicate", Int(32), Int(32)));
        assert!(!fit("llvm.masked.load", Int(32), Int(32)));
    }
}
