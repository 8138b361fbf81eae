//! The program representation: one function of vector instructions, its fixed
//! arguments, a reference evaluator that also tracks which lanes may be poison or undef,
//! and the printer to LLVM IR.

use std::fmt::{self, Write};

/// An element type.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Elem {
    I1,
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
}

impl Elem {
    pub const ALL: [Elem; 7] = [
        Elem::I1,
        Elem::I8,
        Elem::I16,
        Elem::I32,
        Elem::I64,
        Elem::F32,
        Elem::F64,
    ];

    pub fn bits(self) -> u32 {
        match self {
            Elem::I1 => 1,
            Elem::I8 => 8,
            Elem::I16 => 16,
            Elem::I32 | Elem::F32 => 32,
            Elem::I64 | Elem::F64 => 64,
        }
    }

    pub fn is_int(self) -> bool {
        !matches!(self, Elem::F32 | Elem::F64)
    }

    /// The integer type of the same width (for printing FP lanes as bits).
    pub fn int_twin(self) -> Elem {
        match self {
            Elem::F32 => Elem::I32,
            Elem::F64 => Elem::I64,
            e => e,
        }
    }

    pub fn mask(self) -> u64 {
        match self.bits() {
            64 => u64::MAX,
            b => (1u64 << b) - 1,
        }
    }

    /// An element constant in LLVM's syntax (without the type).
    pub fn literal(self, bits: u64) -> String {
        let bits = bits & self.mask();
        match self {
            Elem::I1 => (if bits == 1 { "true" } else { "false" }).to_string(),
            Elem::I8 => (bits as u8 as i8).to_string(),
            Elem::I16 => (bits as u16 as i16).to_string(),
            Elem::I32 => (bits as u32 as i32).to_string(),
            Elem::I64 => (bits as i64).to_string(),
            // LLVM writes FP constants of every width as the bits of the equal double.
            Elem::F32 => format!("0x{:016X}", (f32::from_bits(bits as u32) as f64).to_bits()),
            Elem::F64 => format!("0x{bits:016X}"),
        }
    }
}

impl fmt::Display for Elem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Elem::I1 => "i1",
            Elem::I8 => "i8",
            Elem::I16 => "i16",
            Elem::I32 => "i32",
            Elem::I64 => "i64",
            Elem::F32 => "float",
            Elem::F64 => "double",
        })
    }
}

/// A fixed-width vector type.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct VTy {
    pub elem: Elem,
    pub lanes: u32,
}

impl VTy {
    pub fn new(elem: Elem, lanes: u32) -> VTy {
        VTy { elem, lanes }
    }

    pub fn bits(self) -> u32 {
        self.elem.bits() * self.lanes
    }
}

impl fmt::Display for VTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{} x {}>", self.lanes, self.elem)
    }
}

/// One element of a constant.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Lane {
    Val(u64),
    Poison,
    Undef,
}

impl Lane {
    fn value(self) -> Option<u64> {
        match self {
            Lane::Val(v) => Some(v),
            Lane::Poison | Lane::Undef => None,
        }
    }

    fn text(self, elem: Elem) -> String {
        match self {
            Lane::Val(v) => format!("{elem} {}", elem.literal(v)),
            Lane::Poison => format!("{elem} poison"),
            Lane::Undef => format!("{elem} undef"),
        }
    }
}

/// A constant vector; its type comes from where it is used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Const {
    Zero,
    Poison,
    Undef,
    Elems(Vec<Lane>),
}

/// An instruction operand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Operand {
    Param(usize),
    Inst(usize),
    Const(Const),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Xor,
    And,
    Or,
    Mul,
    /// `llvm.smin` (a lane-wise intrinsic).
    SMin,
    /// `llvm.umax`.
    UMax,
}

impl BinOp {
    pub const ALL: [BinOp; 8] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Xor,
        BinOp::And,
        BinOp::Or,
        BinOp::Mul,
        BinOp::SMin,
        BinOp::UMax,
    ];

    /// The instruction's text: `%v = add <ty> a, b` or a call of the intrinsic.
    fn text(self, ty: VTy, a: &str, b: &str) -> String {
        let name = match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Xor => "xor",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Mul => "mul",
            BinOp::SMin => "smin",
            BinOp::UMax => "umax",
        };
        match self {
            BinOp::SMin | BinOp::UMax => format!(
                "call {ty} @llvm.{name}.v{}i{}({ty} {a}, {ty} {b})",
                ty.lanes,
                ty.elem.bits()
            ),
            _ => format!("{name} {ty} {a}, {b}"),
        }
    }

    /// On lanes of `bits` bits (zero-extended in a u64).
    fn apply(self, a: u64, b: u64, bits: u32) -> u64 {
        let signed = |x: u64| ((x << (64 - bits)) as i64) >> (64 - bits);
        match self {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Xor => a ^ b,
            BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::SMin if signed(a) <= signed(b) => a,
            BinOp::SMin => b,
            BinOp::UMax => a.max(b),
        }
    }
}

/// An integer cast that keeps the lane count.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CastOp {
    ZExt,
    SExt,
    Trunc,
}

/// The scalar inserted by an `insertelement`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Scalar {
    /// `extractelement <ty> src, i32 lane`.
    Extract {
        ty: VTy,
        src: Operand,
        lane: u32,
    },
    Const(Lane),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Inst {
    /// `shufflevector <ty> a, <ty> b, mask`; `None` is a poison selector.
    Shuffle {
        ty: VTy,
        a: Operand,
        b: Operand,
        mask: Vec<Option<u32>>,
    },
    Bitcast {
        from: VTy,
        src: Operand,
        to: VTy,
    },
    Bin {
        op: BinOp,
        ty: VTy,
        a: Operand,
        b: Operand,
    },
    /// `zext`/`sext`/`trunc` of an integer vector to another of as many lanes.
    Cast {
        op: CastOp,
        from: VTy,
        src: Operand,
        to: VTy,
    },
    /// `select <N x i1> cond, a, b` with a constant condition (`None`: poison).
    Select {
        ty: VTy,
        cond: Vec<Option<bool>>,
        a: Operand,
        b: Operand,
    },
    Insert {
        ty: VTy,
        vec: Operand,
        lane: u32,
        scalar: Scalar,
    },
}

impl Inst {
    pub fn result_ty(&self) -> VTy {
        match self {
            Inst::Shuffle { ty, mask, .. } => VTy::new(ty.elem, mask.len() as u32),
            Inst::Bitcast { to, .. } | Inst::Cast { to, .. } => *to,
            Inst::Bin { ty, .. } | Inst::Select { ty, .. } | Inst::Insert { ty, .. } => *ty,
        }
    }

    /// Every operand, with the vector type it has.
    pub fn operands_mut(&mut self) -> Vec<(&mut Operand, VTy)> {
        match self {
            Inst::Shuffle { ty, a, b, .. }
            | Inst::Bin { ty, a, b, .. }
            | Inst::Select { ty, a, b, .. } => vec![(a, *ty), (b, *ty)],
            Inst::Bitcast { from, src, .. } | Inst::Cast { from, src, .. } => vec![(src, *from)],
            Inst::Insert {
                ty, vec, scalar, ..
            } => {
                let mut out = vec![(vec, *ty)];
                if let Scalar::Extract { ty, src, .. } = scalar {
                    out.push((src, *ty));
                }
                out
            }
        }
    }

    pub fn operands(&self) -> Vec<(&Operand, VTy)> {
        match self {
            Inst::Shuffle { ty, a, b, .. }
            | Inst::Bin { ty, a, b, .. }
            | Inst::Select { ty, a, b, .. } => vec![(a, *ty), (b, *ty)],
            Inst::Bitcast { from, src, .. } | Inst::Cast { from, src, .. } => vec![(src, *from)],
            Inst::Insert {
                ty, vec, scalar, ..
            } => {
                let mut out = vec![(vec, *ty)];
                if let Scalar::Extract { ty, src, .. } = scalar {
                    out.push((src, *ty));
                }
                out
            }
        }
    }
}

/// One generated function with the arguments `main` calls it with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Program {
    /// The seed it was generated from; the function is `@f<seed>`.
    pub seed: u64,
    pub params: Vec<VTy>,
    /// The bits of each lane of each argument.
    pub args: Vec<Vec<u64>>,
    pub insts: Vec<Inst>,
    pub ret: Operand,
    pub ret_ty: VTy,
}

/// The lanes of a value: `Some(bits)` when defined, `None` when it may be poison or undef.
pub type Lanes = Vec<Option<u64>>;

impl Program {
    pub fn name(&self) -> String {
        format!("f{}", self.seed)
    }

    pub fn shuffle_count(&self) -> usize {
        self.insts
            .iter()
            .filter(|i| matches!(i, Inst::Shuffle { .. }))
            .count()
    }

    pub fn value_ty(&self, op: &Operand) -> Option<VTy> {
        match op {
            Operand::Param(i) => Some(self.params[*i]),
            Operand::Inst(i) => Some(self.insts[*i].result_ty()),
            Operand::Const(_) => None,
        }
    }

    /// Evaluates the function on its arguments: the lanes of every instruction.
    /// A lane is `None` when it may be poison or undef in the original program; such
    /// lanes are tracked conservatively (`and undef, 0` is still "don't care").
    pub fn eval(&self) -> Vec<Lanes> {
        let mut values: Vec<Lanes> = Vec::with_capacity(self.insts.len());
        for inst in &self.insts {
            let get = |op: &Operand, ty: VTy| -> Lanes { operand_lanes(self, &values, op, ty) };
            let out: Lanes = match inst {
                Inst::Shuffle { ty, a, b, mask } => {
                    let (a, b) = (get(a, *ty), get(b, *ty));
                    let n = ty.lanes;
                    mask.iter()
                        .map(|s| match *s {
                            None => None,
                            Some(s) if s < n => a[s as usize],
                            Some(s) => b[(s - n) as usize],
                        })
                        .collect()
                }
                Inst::Bitcast { from, src, to } => bitcast(&get(src, *from), *from, *to),
                Inst::Bin { op, ty, a, b } => {
                    let (a, b) = (get(a, *ty), get(b, *ty));
                    let bits = ty.elem.bits();
                    a.iter()
                        .zip(&b)
                        .map(|(x, y)| Some(op.apply((*x)?, (*y)?, bits) & ty.elem.mask()))
                        .collect()
                }
                Inst::Cast { op, from, src, to } => {
                    let bits = from.elem.bits();
                    get(src, *from)
                        .iter()
                        .map(|x| {
                            let x = (*x)?;
                            let wide = match op {
                                CastOp::SExt => (((x << (64 - bits)) as i64) >> (64 - bits)) as u64,
                                CastOp::ZExt | CastOp::Trunc => x,
                            };
                            Some(wide & to.elem.mask())
                        })
                        .collect()
                }
                Inst::Select { ty, cond, a, b } => {
                    let (a, b) = (get(a, *ty), get(b, *ty));
                    cond.iter()
                        .enumerate()
                        .map(|(k, c)| match c {
                            None => None,
                            Some(true) => a[k],
                            Some(false) => b[k],
                        })
                        .collect()
                }
                Inst::Insert {
                    ty,
                    vec,
                    lane,
                    scalar,
                } => {
                    let mut out = get(vec, *ty);
                    out[*lane as usize] = match scalar {
                        Scalar::Extract { ty, src, lane } => get(src, *ty)[*lane as usize],
                        Scalar::Const(l) => l.value(),
                    };
                    out
                }
            };
            values.push(out);
        }
        values
    }

    /// The lanes of the result (`None`: poison or undef, not compared).
    pub fn result(&self) -> Lanes {
        let values = self.eval();
        operand_lanes(self, &values, &self.ret, self.ret_ty)
    }

    /// The lines `main` prints for this function, as the model predicts them.
    pub fn expected_output(&self) -> String {
        let mut out = String::new();
        for (k, lane) in self.result().iter().enumerate() {
            if let Some(bits) = lane {
                writeln!(out, "{} lane {k} = {bits:x}", self.name()).unwrap();
            }
        }
        out
    }

    /// Removes instruction `i`, replacing its uses by `with` (a value of the same type
    /// defined before `i`, or a constant).
    pub fn remove_inst(&mut self, i: usize, with: &Operand) {
        self.insts.remove(i);
        let fix = |op: &mut Operand| match op {
            Operand::Inst(j) if *j == i => *op = with.clone(),
            Operand::Inst(j) if *j > i => *j -= 1,
            _ => {}
        };
        for inst in &mut self.insts {
            for (op, _) in inst.operands_mut() {
                fix(op);
            }
        }
        fix(&mut self.ret);
    }

    /// Removes parameter `i`, which nothing may use.
    pub fn remove_param(&mut self, i: usize) {
        self.params.remove(i);
        self.args.remove(i);
        let fix = |op: &mut Operand| match op {
            Operand::Param(j) if *j == i => panic!("removing a used parameter"),
            Operand::Param(j) if *j > i => *j -= 1,
            _ => {}
        };
        for inst in &mut self.insts {
            for (op, _) in inst.operands_mut() {
                fix(op);
            }
        }
        fix(&mut self.ret);
    }

    /// Whether any instruction or the return uses `v`.
    pub fn uses(&self, v: &Operand) -> bool {
        &self.ret == v
            || self
                .insts
                .iter()
                .any(|inst| inst.operands().iter().any(|(op, _)| *op == v))
    }

    /// The function in LLVM IR.
    pub fn function_text(&self) -> String {
        let mut s = String::new();
        let params: Vec<String> = self
            .params
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{t} %p{i}"))
            .collect();
        writeln!(
            s,
            "define {} @{}({}) {{",
            self.ret_ty,
            self.name(),
            params.join(", ")
        )
        .unwrap();
        for (i, inst) in self.insts.iter().enumerate() {
            match inst {
                Inst::Shuffle { ty, a, b, mask } => {
                    let sels: Vec<String> = mask
                        .iter()
                        .map(|s| match s {
                            Some(s) => format!("i32 {s}"),
                            None => "i32 poison".to_string(),
                        })
                        .collect();
                    writeln!(
                        s,
                        "  %v{i} = shufflevector {ty} {}, {ty} {}, <{} x i32> <{}>",
                        op_text(a, *ty),
                        op_text(b, *ty),
                        mask.len(),
                        sels.join(", ")
                    )
                    .unwrap();
                }
                Inst::Bitcast { from, src, to } => {
                    writeln!(
                        s,
                        "  %v{i} = bitcast {from} {} to {to}",
                        op_text(src, *from)
                    )
                    .unwrap();
                }
                Inst::Bin { op, ty, a, b } => {
                    let text = op.text(*ty, &op_text(a, *ty), &op_text(b, *ty));
                    writeln!(s, "  %v{i} = {text}").unwrap();
                }
                Inst::Cast { op, from, src, to } => {
                    let name = match op {
                        CastOp::ZExt => "zext",
                        CastOp::SExt => "sext",
                        CastOp::Trunc => "trunc",
                    };
                    writeln!(s, "  %v{i} = {name} {from} {} to {to}", op_text(src, *from)).unwrap();
                }
                Inst::Select { ty, cond, a, b } => {
                    let c: Vec<String> = cond
                        .iter()
                        .map(|c| match c {
                            Some(true) => "i1 true".to_string(),
                            Some(false) => "i1 false".to_string(),
                            None => "i1 poison".to_string(),
                        })
                        .collect();
                    writeln!(
                        s,
                        "  %v{i} = select <{} x i1> <{}>, {ty} {}, {ty} {}",
                        cond.len(),
                        c.join(", "),
                        op_text(a, *ty),
                        op_text(b, *ty)
                    )
                    .unwrap();
                }
                Inst::Insert {
                    ty,
                    vec,
                    lane,
                    scalar,
                } => {
                    let scalar_text = match scalar {
                        Scalar::Extract { ty: sty, src, lane } => {
                            writeln!(
                                s,
                                "  %x{i} = extractelement {sty} {}, i32 {lane}",
                                op_text(src, *sty)
                            )
                            .unwrap();
                            format!("%x{i}")
                        }
                        Scalar::Const(Lane::Val(v)) => ty.elem.literal(*v),
                        Scalar::Const(Lane::Poison) => "poison".to_string(),
                        Scalar::Const(Lane::Undef) => "undef".to_string(),
                    };
                    writeln!(
                        s,
                        "  %v{i} = insertelement {ty} {}, {} {scalar_text}, i32 {lane}",
                        op_text(vec, *ty),
                        ty.elem
                    )
                    .unwrap();
                }
            }
        }
        writeln!(
            s,
            "  ret {} {}",
            self.ret_ty,
            op_text(&self.ret, self.ret_ty)
        )
        .unwrap();
        s.push_str("}\n");
        s
    }
}

fn operand_lanes(p: &Program, values: &[Lanes], op: &Operand, ty: VTy) -> Lanes {
    match op {
        Operand::Param(i) => p.args[*i].iter().map(|&v| Some(v)).collect(),
        Operand::Inst(i) => values[*i].clone(),
        Operand::Const(c) => const_lanes(c, ty),
    }
}

pub fn const_lanes(c: &Const, ty: VTy) -> Lanes {
    match c {
        Const::Zero => vec![Some(0); ty.lanes as usize],
        Const::Poison | Const::Undef => vec![None; ty.lanes as usize],
        Const::Elems(e) => e.iter().map(|l| l.value()).collect(),
    }
}

/// A bitcast lane by lane: a result lane is known only if every source bit it
/// overlaps is (lane `i` holds bits `i*w .. (i+1)*w` of the whole, little-endian).
fn bitcast(src: &Lanes, from: VTy, to: VTy) -> Lanes {
    let (ws, wd) = (from.elem.bits() as usize, to.elem.bits() as usize);
    (0..to.lanes as usize)
        .map(|j| {
            let mut v = 0u64;
            for b in 0..wd {
                let g = j * wd + b;
                let lane = src[g / ws]?;
                v |= ((lane >> (g % ws)) & 1) << b;
            }
            Some(v)
        })
        .collect()
}

pub fn op_text(op: &Operand, ty: VTy) -> String {
    match op {
        Operand::Param(i) => format!("%p{i}"),
        Operand::Inst(i) => format!("%v{i}"),
        Operand::Const(Const::Zero) => "zeroinitializer".to_string(),
        Operand::Const(Const::Poison) => "poison".to_string(),
        Operand::Const(Const::Undef) => "undef".to_string(),
        Operand::Const(Const::Elems(e)) => {
            debug_assert_eq!(e.len(), ty.lanes as usize);
            let parts: Vec<String> = e.iter().map(|l| l.text(ty.elem)).collect();
            format!("<{}>", parts.join(", "))
        }
    }
}

const FORMAT: &str = "f%llu lane %u = %llx\\0A\\00";
const FORMAT_LEN: usize = 22;

/// A module with every program and a `main` that calls each on its arguments and prints
/// every lane of the result the model says is defined: `f<seed> lane <k> = <hex>`.
pub fn module_text(programs: &[Program]) -> String {
    let mut s = String::new();
    writeln!(
        s,
        "@fmt = private unnamed_addr constant [{FORMAT_LEN} x i8] c\"{FORMAT}\"\n"
    )
    .unwrap();
    s.push_str("declare i32 @printf(ptr, ...)\n\n");
    for p in programs {
        s.push_str(&p.function_text());
        s.push('\n');
    }
    s.push_str("define i32 @main() {\n");
    for (n, p) in programs.iter().enumerate() {
        let mut args = Vec::new();
        for (i, (ty, bits)) in p.params.iter().zip(&p.args).enumerate() {
            let int_ty = VTy::new(ty.elem.int_twin(), ty.lanes);
            let lanes: Vec<String> = bits
                .iter()
                .map(|&b| format!("{} {}", int_ty.elem, int_ty.elem.literal(b)))
                .collect();
            let c = format!("<{}>", lanes.join(", "));
            if ty.elem.is_int() {
                args.push(format!("{ty} {c}"));
            } else {
                writeln!(s, "  %a{n}.{i} = bitcast {int_ty} {c} to {ty}").unwrap();
                args.push(format!("{ty} %a{n}.{i}"));
            }
        }
        let rt = p.ret_ty;
        writeln!(s, "  %r{n} = call {rt} @{}({})", p.name(), args.join(", ")).unwrap();
        for (k, lane) in p.result().iter().enumerate() {
            if lane.is_none() {
                continue;
            }
            writeln!(s, "  %e{n}.{k} = extractelement {rt} %r{n}, i32 {k}").unwrap();
            let mut cur = format!("%e{n}.{k}");
            let int = rt.elem.int_twin();
            if !rt.elem.is_int() {
                writeln!(s, "  %b{n}.{k} = bitcast {} {cur} to {int}", rt.elem).unwrap();
                cur = format!("%b{n}.{k}");
            }
            if int != Elem::I64 {
                writeln!(s, "  %z{n}.{k} = zext {int} {cur} to i64").unwrap();
                cur = format!("%z{n}.{k}");
            }
            writeln!(
                s,
                "  call i32 (ptr, ...) @printf(ptr @fmt, i64 {}, i32 {k}, i64 {cur})",
                p.seed
            )
            .unwrap();
        }
    }
    s.push_str("  ret i32 0\n}\n");
    s
}
