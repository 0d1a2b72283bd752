//! Seeds: one mixer from which every derived stream takes its seed (a ladder's games, the
//! bookie's simulations, the narrator's choice of lines), so neighbouring seeds give
//! unrelated streams and no two uses of one seed collide; and the one seeded generator
//! every table, player and test draws from ([`TableRng`]), made from a seed here.

use rand::SeedableRng;

/// The table's seeded generator: ChaCha8, whose stream is fixed across versions.
pub type TableRng = rand_chacha::ChaCha8Rng;

/// A generator for `seed`.
#[must_use]
pub fn table_rng(seed: u64) -> TableRng {
    TableRng::seed_from_u64(seed)
}

/// What a derived seed is for: mixed in first, so the streams of different uses of the
/// same base seed never coincide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Purpose {
    /// One game of a ladder: parts are the two contenders and the game's number.
    LadderGame = 0x1ADD_E500_0000_0001,
    /// One match the bookie imagines: the part is its index.
    BookieSim = 0x5EED_B00C_1E5F_0002,
    /// One match the bookie's audit plays for real: the part is its index.
    Audit = 0xA0D1_7000_0000_0003,
    /// The narrator's choice of lines for a match.
    Narration = 0x6E61_7272_6174_0004,
    /// The choice of the phrasebook's wager lines.
    Wagers = 0x7761_6765_7200_0005,
    /// The games the bookie's model is fitted from: parts are the game, the game's index
    /// and the seat (or 99 for the table).
    ModelFit = 0xF17B_00C1_E000_0006,
    /// The master's choices when a person at `sit` asks for a hint.
    Hint = 0x4849_4E54_0000_0007,
    /// The cheats' own draws at a match's table: who is willing, who sees what.
    Cheats = 0xC4EA_7500_0000_0008,
    /// The party's Insight checks at a match's table (`sit`'s `insight`).
    Checks = 0xD20C_4EC5_0000_0009,
}

/// SplitMix64's finaliser: a bijection of 64 bits that spreads every input bit.
#[must_use]
pub fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed for `purpose` derived from `base` and `parts`, each folded in through
/// [`splitmix`].
#[must_use]
pub fn derive(base: u64, purpose: Purpose, parts: &[u64]) -> u64 {
    let mut x = splitmix(base ^ purpose as u64);
    for &part in parts {
        x = splitmix(x ^ part);
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_differ_by_purpose_part_and_base() {
        let mut seen = std::collections::HashSet::new();
        for base in 0..20u64 {
            for purpose in [Purpose::LadderGame, Purpose::BookieSim, Purpose::Audit] {
                for part in 0..50u64 {
                    assert!(seen.insert(derive(base, purpose, &[part])));
                }
            }
        }
        assert_ne!(
            derive(1, Purpose::LadderGame, &[0, 1]),
            derive(1, Purpose::LadderGame, &[1, 0])
        );
    }

    #[test]
    fn the_mixer_spreads_neighbouring_seeds() {
        // Neighbouring inputs differ in about half their output bits.
        let mut total = 0;
        for i in 0..1000u64 {
            total += (splitmix(i) ^ splitmix(i + 1)).count_ones();
        }
        let mean = f64::from(total) / 1000.0;
        assert!((28.0..36.0).contains(&mean), "{mean}");
    }
}
