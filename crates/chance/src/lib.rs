//! Every roll, shuffle and random pick of every game comes from a `Chance`: a ChaCha8 stream
//! seeded from the game's seed. Sampling is written out here (rejection sampling, Fisher–Yates)
//! rather than borrowed from `rand`, so a dependency upgrade can never change a saved game.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

#[derive(Debug, Clone)]
pub struct Chance(ChaCha8Rng);

impl Chance {
    pub fn from_seed(seed: u64) -> Chance {
        Chance(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform index below `n` (`n > 0`), by rejection sampling on 32-bit words.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0)");
        let zone = u32::MAX - (u32::MAX - n + 1) % n;
        loop {
            let x = self.0.next_u32();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A uniformly chosen element, or None for an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len() as u32) as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn same_seed_same_stream() {
        let (mut a, mut b) = (Chance::from_seed(3), Chance::from_seed(3));
        let mut xs: Vec<u32> = (0..20).collect();
        let mut ys = xs.clone();
        a.shuffle(&mut xs);
        b.shuffle(&mut ys);
        assert_eq!(xs, ys);
        assert_ne!(xs, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn shuffles_are_roughly_uniform() {
        // Where element 0 of 4 lands, over many shuffles.
        let mut c = Chance::from_seed(11);
        let mut counts = [0u32; 4];
        for _ in 0..40_000 {
            let mut v = [0, 1, 2, 3];
            c.shuffle(&mut v);
            counts[v.iter().position(|x| *x == 0).unwrap()] += 1;
        }
        assert!(
            counts.iter().all(|n| (9_400..10_600).contains(n)),
            "{counts:?}"
        );
    }

    proptest! {
        #[test]
        fn below_stays_below(seed: u64, n in 1u32..1000) {
            let mut c = Chance::from_seed(seed);
            for _ in 0..20 { prop_assert!(c.below(n) < n); }
        }

        #[test]
        fn shuffle_is_a_permutation(seed: u64, n in 0usize..50) {
            let mut v: Vec<usize> = (0..n).collect();
            Chance::from_seed(seed).shuffle(&mut v);
            v.sort();
            prop_assert_eq!(v, (0..n).collect::<Vec<_>>());
        }
    }
}
