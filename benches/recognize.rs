//! Recognition throughput: masks per second by mask length, for structured masks (the
//! catalogue's own, recognised by name) and random ones (general permutations, the
//! slowest path: every candidate the signature allows is confirmed and fails, then lane
//! detection and the swapped order run too). `cargo bench --bench recognize`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use shuf::algebra::mask::Mask;
use shuf::algebra::pattern::{Pattern, Sym, View};
use shuf::algebra::shuffle::{OperandKind, Shuffle};
use shuf::algebra::signature::recognize;

/// A fixed set of masks of `m` lanes over two sources of `m` lanes.
fn masks(m: usize, structured: bool) -> Vec<Shuffle> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ m as u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..64)
        .map(|k| {
            let selectors: Vec<i32> = if structured {
                let p = match k % 6 {
                    0 => Pattern::Reverse,
                    1 => Pattern::Interleave {
                        factor: 2,
                        stream: m,
                        part: k % 2,
                    },
                    2 => Pattern::Deinterleave {
                        factor: 2,
                        index: k % 2,
                    },
                    3 => Pattern::Rotate {
                        by: 1 + k % (m - 1),
                    },
                    4 => Pattern::Splice { offset: k % m },
                    _ => Pattern::Broadcast { lane: k % m },
                };
                p.lanes(m, m)
                    .into_iter()
                    .map(|s| match s {
                        Sym::Src(g) => g as i32,
                        _ => -1,
                    })
                    .collect()
            } else {
                (0..m).map(|_| (next() % (2 * m as u64)) as i32).collect()
            };
            let kinds = [OperandKind::Variable, OperandKind::Variable];
            Shuffle::new(kinds, m, Mask::new(selectors))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for structured in [true, false] {
        let name = if structured { "structured" } else { "random" };
        let mut group = c.benchmark_group(format!("recognize/{name}"));
        for m in [4usize, 8, 16, 32, 64] {
            let set = masks(m, structured);
            group.throughput(Throughput::Elements(set.len() as u64));
            group.bench_with_input(BenchmarkId::from_parameter(m), &set, |b, set| {
                b.iter(|| {
                    for s in set {
                        std::hint::black_box(recognize(&View::of(std::hint::black_box(s))));
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
