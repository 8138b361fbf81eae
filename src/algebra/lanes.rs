//! Lane detection (seed 000): whether a shuffle is the same operation applied
//! independently in lanes of `w` elements, each reading only its own lane of the
//! sources.
//!
//! The seed's recursive halving: if a mask of `2w` lanes splits into two halves that do
//! the same thing in their own halves, look at one half and try again. Each step looks
//! only at the representative lane of the previous one, so the work is
//! `m + m/2 + m/4 + ... < 2m`. Don't-care lanes agree with anything.

use crate::algebra::pattern::{Sym, View};

/// A view found to work within lanes: the lane width and the one-lane view (sources of
/// `width` lanes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lanes {
    pub width: usize,
    pub view: View,
}

/// The smallest lane width the view works within, if it does within lanes narrower than
/// itself. Only shuffles that keep the length (`m = n`) have lanes.
pub fn detect(view: &View) -> Option<Lanes> {
    let m = view.len();
    if m != view.n || m < 2 || !m.is_power_of_two() {
        return None;
    }
    let mut found = None;
    let mut current = view.clone();
    while current.len() >= 2 {
        let Some(half) = halve(&current) else { break };
        found = Some(Lanes {
            width: half.len(),
            view: half.clone(),
        });
        current = half;
    }
    found
}

/// The half-width representative of `view` if both halves do the same thing within
/// their own halves of the sources.
fn halve(view: &View) -> Option<View> {
    let (m, n) = (view.len(), view.n);
    let w = m / 2;
    let mut rep = vec![Sym::Any; w];
    for (i, &sym) in view.lanes.iter().enumerate() {
        let rel = match sym {
            Sym::Any => continue,
            Sym::Zero => Sym::Zero,
            Sym::Src(g) => {
                let (side, lane) = (g / n, g % n);
                if lane / w != i / w {
                    return None; // reads another lane
                }
                Sym::Src(side * w + lane % w)
            }
        };
        match rep[i % w] {
            Sym::Any => rep[i % w] = rel,
            seen if seen != rel => return None,
            _ => {}
        }
    }
    Some(View::new(rep, w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sym::{Any, Src, Zero};

    fn view(lanes: &[Sym], n: usize) -> View {
        View::new(lanes.to_vec(), n)
    }

    #[test]
    fn rotate_within_two_lanes() {
        // The seed's example: [1,2,3,0,5,6,7,4] rotates within each of 2 lanes.
        let v = view(&[1, 2, 3, 0, 5, 6, 7, 4].map(Src), 8);
        let lanes = detect(&v).unwrap();
        assert_eq!(lanes.width, 4);
        assert_eq!(lanes.view.lanes, [1, 2, 3, 0].map(Src));
    }

    #[test]
    fn two_sources_keep_their_side() {
        // unpcklps on 8 lanes: [0,8,1,9,4,12,5,13] interleaves within lanes of 4.
        let v = view(&[0, 8, 1, 9, 4, 12, 5, 13].map(Src), 8);
        let lanes = detect(&v).unwrap();
        assert_eq!(lanes.width, 4);
        assert_eq!(lanes.view.lanes, [0, 4, 1, 5].map(Src));
    }

    #[test]
    fn halving_goes_down_to_the_smallest_lane() {
        // Swap adjacent pairs: lanes of 2.
        let v = view(&[1, 0, 3, 2, 5, 4, 7, 6].map(Src), 8);
        assert_eq!(detect(&v).unwrap().width, 2);
    }

    #[test]
    fn crossing_lanes_is_not_laned() {
        assert_eq!(detect(&view(&[7, 6, 5, 4, 3, 2, 1, 0].map(Src), 8)), None);
        assert_eq!(detect(&view(&[0, 4, 1, 5].map(Src), 4)), None);
    }

    #[test]
    fn dont_care_and_zero_lanes() {
        let v = view(&[Src(1), Zero, Any, Zero], 4);
        let lanes = detect(&v).unwrap();
        assert_eq!(lanes.width, 2);
        assert_eq!(lanes.view.lanes, [Src(1), Zero]);
    }
}
