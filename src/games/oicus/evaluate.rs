//! What an Òicustiỳtac player reads off a position: the score, the stones still in play,
//! and the stones each side could bring down of the other next turn.

use super::{Oicus, STONES, TARGET, TRAP_LIMIT, TRAPS, actions};
use crate::games::{Evaluate, Levels, Seat, level};

impl Oicus {
    /// [`Game::heuristic`] of both seats, the threats against each worked out once.
    fn judgements(&self) -> [f32; 2] {
        let exposed = self.exposed();
        let threats = [
            self.threat_against(0, exposed[0]),
            self.threat_against(1, exposed[1]),
        ];
        let in_play = |s: usize| f32::from(self.supply[s] + self.stones[s].iter().sum::<u8>());
        let weight = |s: usize| {
            if s == usize::from(self.side) {
                1.0
            } else {
                0.5
            }
        };
        [0, 1].map(|me| {
            let them = 1 - me;
            let points = f32::from(self.points[me]) - f32::from(self.points[them]);
            let stones = in_play(me) - in_play(them);
            let threat =
                f32::from(threats[them]) * weight(me) - f32::from(threats[me]) * weight(them);
            let value = 0.6 * (points / f32::from(TARGET))
                + 0.15 * (stones / f32::from(STONES))
                + 0.25 * (threat / 3.0);
            value.clamp(-1.0, 1.0)
        })
    }

    /// For each seat, the traps (bit `i` for trap `i`) where a threat against it can lie:
    /// those holding a stone of its that three more stones (the most one turn brings into
    /// a trap) would crowd. Eight traps at a time, a byte each (no count reaches 128).
    pub(super) fn exposed(&self) -> [u32; 2] {
        /// One in every byte.
        const LANES: u64 = 0x0101_0101_0101_0101;
        /// The high bit of every byte.
        const HIGH: u64 = LANES << 7;
        /// Traps `8 * k..8 * k + 8` of `counts` as the bytes of a word, past the last as 0.
        fn word(counts: &[u8; TRAPS], k: usize) -> u64 {
            let mut bytes = [0u8; 8];
            let start = 8 * k;
            let end = (start + 8).min(TRAPS);
            bytes[..end - start].copy_from_slice(&counts[start..end]);
            u64::from_le_bytes(bytes)
        }
        /// The high bits of a word's bytes as the low bits of a mask, byte `i` to bit `i`.
        fn high_bits(x: u64) -> u32 {
            ((x >> 7 & LANES).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
        }
        let mut out = [0u32; 2];
        for k in 0..TRAPS.div_ceil(8) {
            let (black, white) = (word(&self.stones[0], k), word(&self.stones[1], k));
            // A byte's high bit: both sides' stones there at least `TRAP_LIMIT - 2`; the
            // seat's at least 1.
            let crowdable = (black + white + LANES * u64::from(128 - (TRAP_LIMIT - 2))) & HIGH;
            for (seat, stones) in [black, white].into_iter().enumerate() {
                let held = (stones + LANES * 127) & HIGH;
                out[seat] |= high_bits(crowdable & held) << (8 * k);
            }
        }
        out
    }

    /// The most stones of `seat` that could be brought down by the other side in one turn,
    /// judged roughly (crowding aside): the threat the heuristic weighs. `exposed` is
    /// [`Oicus::exposed`] for the seat: the only traps where it can lose stones.
    pub(super) fn threat_against(&self, seat: usize, exposed: u32) -> u8 {
        let attacker = 1 - seat;
        let mut traps = exposed;
        if traps == 0 {
            return 0;
        }
        // What the attacker holds at each place an action could bring a stone from: its
        // stones in each trap, at most two whelps from the supply, nothing from nowhere.
        let mut held = [0u8; actions::NOWHERE + 1];
        held[..TRAPS].copy_from_slice(&self.stones[attacker]);
        held[actions::SUPPLY] = self.supply[attacker].min(2);
        let feeds = &actions::FEEDS[attacker];
        let mut worst = 0;
        while traps != 0 {
            let i = traps.trailing_zeros() as usize;
            traps &= traps - 1;
            let mine = self.stones[seat][i];
            // We cannot lose more stones than we have there.
            if mine <= worst {
                continue;
            }
            let from = feeds[i].map(|place| held[usize::from(place)]);
            // All the stones that could come, and the most from one place.
            let reach: u8 = from.iter().sum();
            let single = from.into_iter().max().unwrap_or(0);
            let incoming = if single >= 3 { 3 } else { reach.min(2) };
            let here = self.stones[0][i] + self.stones[1][i];
            let lost = (here + incoming)
                .saturating_sub(TRAP_LIMIT)
                .min(mine)
                .min(incoming);
            worst = worst.max(lost);
        }
        worst
    }
}

/// Òicustiỳtac's turns are many and a search of more than a hundred playouts sees little
/// more (levels 5 to 10 of the shared table were within a few points of each other), so
/// its levels climb mostly by slipping less: a level plays the search of the next level up
/// of the shared table, and level 9 plays level 10's with one move in nine a slip. Its
/// opening book keeps moves within 0.03 of the best.
const LEVELS: Levels = Levels {
    table: [
        level(4, 0.3, 0, 0.95),
        level(16, 0.1, 2, 0.85),
        level(40, 0.06, 3, 0.72),
        level(100, 0.04, 4, 0.6),
        level(200, 0.03, 5, 0.51),
        level(450, 0.02, 6, 0.4),
        level(1_000, 0.012, 8, 0.29),
        level(2_000, 0.006, 10, 0.2),
        level(4_096, 0.0, 12, 0.11),
        level(4_096, 0.0, 12, 0.0),
    ],
    stop_share: 1.0,
    opening_margin: 0.03,
};

impl Evaluate for Oicus {
    const LEVELS: Levels = LEVELS;

    /// Score difference (most of it), stones still in play (supply and board: the points
    /// still to be made by bringing home), and the stones each side could bring down of
    /// the other next turn, the side to move's threat counting in full.
    fn heuristic(&self, seat: Seat) -> f32 {
        self.judgements()[seat.index()]
    }

    fn heuristics(&self, out: &mut [f32]) {
        out[..2].copy_from_slice(&self.judgements());
    }

    /// The seat's stones in the opponent's Land, of all its stones.
    fn advance(&self, seat: Seat) -> f32 {
        let me = seat.index();
        let opponent = if me == 0 { 10..20 } else { 0..10 };
        f32::from(self.stones[me][opponent].iter().sum::<u8>()) / f32::from(STONES)
    }

    /// A round's turn cap scores it as it stands; no rule draws it for want of progress.
    fn moves_to_draw(&self) -> Option<u32> {
        None
    }
}
