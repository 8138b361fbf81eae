"""Random loops of shuffle networks, for `scripts/network_loops.py`.

Each function: define void @w{k}(ptr %dst, ptr %src, i64 %n): a counted loop i in 0..n,
src/dst advanced by their block size each iteration, body a random permutation of the
index bits of 2^n elements (n=3..8, total bytes <= 1024) written in one of the forms
  a: one wide load, one wide shufflevector, one store
  b: one wide load, mask split in 2^g pieces, each a shufflevector of the load + own store
  c: registers of 2^r lanes loaded one by one, written-out stages of 2-operand shuffles
     (exchange/unpack stages, random or transpose-like, incl. the 8x8 float transpose),
     results stored one by one
  d: like b, but some roots used by add/fadd with another loaded vector, or two roots
     added together, before storing
Shapes of a-c follow `network_function` in `tests/x86_differential.rs`.
"""
import random

ELEMS = [("i8", 1), ("i16", 2), ("i32", 4), ("float", 4), ("i64", 8), ("double", 8)]


def lst(xs):
    return ", ".join(f"i32 {x}" for x in xs)


def ty(lanes, elem):
    return f"<{lanes} x {elem}>"


def bitperm_mask(n, sigma):
    return [sum(((j >> p) & 1) << b for p, b in enumerate(sigma)) for j in range(1 << n)]


# ---- stages for form c: registers = lists of source element indices -------------
def st_exchange(regs, lanes, L, R):
    """Swap lane bit L with register bit R."""
    out = list(regs)
    shuf = []
    for k in range(len(regs)):
        if k >> R & 1:
            continue
        A, B = k, k | (1 << R)
        ma = [l if not (l >> L & 1) else lanes + (l ^ (1 << L)) for l in range(lanes)]
        mb = [(l | (1 << L)) if not (l >> L & 1) else lanes + l for l in range(lanes)]
        shuf.append((A, B, ma, A))
        shuf.append((A, B, mb, B))
    return shuf


def st_unpack(regs, lanes, G, R, block):
    """Interleave (lo -> reg with bit R clear, hi -> bit R set) at granularity G lanes,
    within blocks of `block` lanes (block == lanes: whole register)."""
    shuf = []
    half = block // 2
    for k in range(len(regs)):
        if k >> R & 1:
            continue
        A, B = k, k | (1 << R)
        for hi, dest in ((0, A), (1, B)):
            m = []
            for b in range(lanes // block):
                base = b * block
                for c in range(half // G):
                    src = base + hi * half + c * G
                    m += [src + e for e in range(G)]
                    m += [lanes + src + e for e in range(G)]
            shuf.append((A, B, m, dest))
    return shuf


def st_permute(regs, lanes, r, rng):
    """One-operand: the same random lane-bit permutation of every register."""
    sig = list(range(r))
    rng.shuffle(sig)
    m = bitperm_mask(r, sig)
    return [(k, None, m, k) for k in range(len(regs))]


def apply_stage(regs, lanes, shuf):
    new = [None] * len(regs)
    for a, b, m, dest in shuf:
        new[dest] = [regs[a][x] if x < lanes else regs[b][x - lanes] for x in m]
    assert all(x is not None for x in new)
    return new


def form_c(rng, elem, size, n):
    r = 1 + rng.randrange(n - 2)  # lanes 2 .. 2^(n-2), >= 4 registers
    lanes = 1 << r
    nregs = 1 << (n - r)
    m = n - r
    regs = [[k * lanes + l for l in range(lanes)] for k in range(nregs)]
    block = lanes
    if lanes * size > 16 and 16 // size >= 2:
        block = 16 // size  # 128-bit lane blocks (in-lane unpack, like unpcklps)
    stages = []
    kind = rng.random()
    if elem == "float" and lanes == 8 and nregs == 8 and kind < 0.5:
        # classic 8x8: unpcklps/unpckhps, shufps 0x44/0xEE, vperm2f128 0x20/0x31
        stages = [("unpack", 1, 0, 4), ("unpack", 2, 1, 4), ("exchange", 2, 2)]
        desc = "transpose8x8"
    elif kind < 0.35:
        # transpose-like: lane bit s <-> register bit s (exchange or unpack)
        for s in range(min(r, m)):
            if rng.random() < 0.5:
                stages.append(("exchange", s, s))
            else:
                G = 1 << rng.randrange(r)
                blk = block if (rng.random() < 0.5 and G <= block // 2) else lanes
                stages.append(("unpack", G, s, blk))
        desc = "transpose"
    else:
        for _ in range(1 + rng.randrange(4)):
            t = rng.random()
            R = rng.randrange(m)
            if t < 0.4:
                stages.append(("exchange", rng.randrange(r), R))
            elif t < 0.85:
                blk = block if rng.random() < 0.5 else lanes
                G = 1 << rng.randrange(blk.bit_length() - 1)  # 1 .. blk/2
                stages.append(("unpack", G, R, blk))
            else:
                stages.append(("permute",))
        desc = "random"
    t = ty(lanes, elem)
    body = ""
    names = []
    for i in range(nregs):
        body += f"  %p{i} = getelementptr i8, ptr %s, i64 {i * lanes * size}\n"
        body += f"  %r{i} = load {t}, ptr %p{i}, align 1\n"
        names.append(f"%r{i}")
    for si, st in enumerate(stages):
        if st[0] == "exchange":
            shuf = st_exchange(regs, lanes, st[1], st[2])
        elif st[0] == "unpack":
            shuf = st_unpack(regs, lanes, st[1], st[2], st[3])
        else:
            shuf = st_permute(regs, lanes, r, rng)
        regs = apply_stage(regs, lanes, shuf)
        newnames = [None] * nregs
        for a, b, msk, dest in shuf:
            second = "poison" if b is None else names[b]
            body += (f"  %s{si}_{dest} = shufflevector {t} {names[a]}, {t} {second}, "
                     f"<{lanes} x i32> <{lst(msk)}>\n")
            newnames[dest] = f"%s{si}_{dest}"
        names = newnames
    for i in range(nregs):
        body += f"  %q{i} = getelementptr i8, ptr %d, i64 {i * lanes * size}\n"
        body += f"  store {t} {names[i]}, ptr %q{i}, align 1\n"
    info = f"r={r} {desc} " + "/".join(
        s[0] + ("" if s[0] == "permute" else "(" + ",".join(map(str, s[1:])) + ")")
        for s in stages)
    return body, total_bytes(n, size), info


def total_bytes(n, size):
    return (1 << n) * size


def form_ab_d(rng, form, elem, size, n, mask):
    total = 1 << n
    T = ty(total, elem)
    body = f"  %v = load {T}, ptr %s, align 1\n"
    if form == "a":
        body += f"  %y = shufflevector {T} %v, {T} poison, <{total} x i32> <{lst(mask)}>\n"
        body += f"  store {T} %y, ptr %d, align 1\n"
        return body, total * size, ""
    g = 1 + rng.randrange(n - 2)
    pieces = 1 << g
    lanes = total // pieces
    t = ty(lanes, elem)
    order = list(range(pieces))
    rng.shuffle(order)
    # form d: what each root becomes before its store
    use = {i: None for i in range(pieces)}
    if form == "d":
        while all(u is None for u in use.values()):
            for i in range(pieces):
                x = rng.random()
                if x < 0.35:
                    use[i] = ("load",)
                elif x < 0.55 and pieces > 1:
                    j = rng.choice([j for j in range(pieces) if j != i])
                    use[i] = ("root", j)
    isfloat = elem in ("float", "double")
    op = "fadd" if isfloat else "add"
    for i in order:
        body += (f"  %x{i} = shufflevector {T} %v, {T} poison, <{lanes} x i32> "
                 f"<{lst(mask[i * lanes:(i + 1) * lanes])}>\n")
    extra_src = False
    for i in order:
        val = f"%x{i}"
        u = use[i]
        if u is not None and u[0] == "load":
            extra_src = True
            body += (f"  %e{i}p = getelementptr i8, ptr %s, i64 {total * size + i * lanes * size}\n"
                     f"  %e{i} = load {t}, ptr %e{i}p, align 1\n"
                     f"  %z{i} = {op} {t} {val}, %e{i}\n")
            val = f"%z{i}"
        elif u is not None:
            body += f"  %z{i} = {op} {t} {val}, %x{u[1]}\n"
            val = f"%z{i}"
        body += (f"  %q{i} = getelementptr i8, ptr %d, i64 {i * lanes * size}\n"
                 f"  store {t} {val}, ptr %q{i}, align 1\n")
    src_block = total * size * (2 if extra_src else 1)
    uses = ",".join("-" if use[i] is None else ("L" if use[i][0] == "load" else f"R{use[i][1]}")
                    for i in range(pieces))
    return body, src_block, f"g={g}" + (f" uses={uses}" if form == "d" else "")


def network_function(k, rng):
    elem, size = ELEMS[rng.randrange(6)]
    while True:
        n = 3 + rng.randrange(6)
        if (size << n) <= 1024:
            break
    sigma = list(range(n))
    rng.shuffle(sigma)
    mask = bitperm_mask(n, sigma)
    # b is the important case: weight it up
    form = rng.choices("abcd", weights=[2, 4, 3, 3])[0]
    if form == "c":
        body, src_block, info = form_c(rng, elem, size, n)
    else:
        body, src_block, info = form_ab_d(rng, form, elem, size, n, mask)
    dst_block = (1 << n) * size
    f = (f"define void @w{k}(ptr %dst, ptr %src, i64 %n) {{\n"
         f"entry:\n  %c0 = icmp sgt i64 %n, 0\n  br i1 %c0, label %loop, label %exit\n"
         f"loop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n"
         f"  %so = mul i64 %i, {src_block}\n  %do = mul i64 %i, {dst_block}\n"
         f"  %s = getelementptr i8, ptr %src, i64 %so\n"
         f"  %d = getelementptr i8, ptr %dst, i64 %do\n"
         f"{body}"
         f"  %i.next = add nuw nsw i64 %i, 1\n  %c = icmp slt i64 %i.next, %n\n"
         f"  br i1 %c, label %loop, label %exit\nexit:\n  ret void\n}}\n")
    meta = dict(k=k, form=form, elem=elem, n=n, sigma=sigma if form != "c" else None,
                info=info, src_block=src_block, dst_block=dst_block)
    return f, meta


def module(f):
    return 'target triple = "x86_64-unknown-linux-gnu"\n\n' + f
