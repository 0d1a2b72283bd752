//! Listing the legal turns fast (random play and search list them at every turn): each
//! turn's legality is read off a few sets of actions, bit masks over the fixed numbering of
//! `actions.rs`, instead of being played out on a copy of the board.
//!
//! # Slack
//!
//! Each action is judged in one *checked* trap at the end of the turn: the trap its stone
//! goes into (crowding, rule 7) or, for a bring-home, the trap it leaves (a stone must be
//! left there, rule 9). Its *slack* is how far that check is from failing when the action
//! is made alone:
//!
//! * moving into `d`: legal when the opponent's stones `theirs[d] < mine_end[d] + 2`, and
//!   alone `mine_end[d] = mine[d] + 1`, so slack `= mine[d] + 2 − theirs[d]`;
//! * bringing home from `h`: legal when `mine_end[h] + theirs[h] ≥ 1`, and alone
//!   `mine_end[h] = mine[h] − 1`, so slack `= mine[h] + theirs[h] − 2`.
//!
//! An action is legal alone when its slack is at least 0. A second action changes the
//! count in the checked trap by +1 if it moves a stone in, −1 if it takes one out, and
//! leaves every other check alone; three stones moving together add 2 to one stone's
//! count. So a pair is legal when both sources can give a stone each, and each action's
//! slack, changed by the other, is still at least 0.
//!
//! Slack is never stored as a number. Only its level matters (below −1, −1, 0, more; −2
//! for triples), so [`Choices`] keeps the sets of actions at each level, which come from
//! per-trap comparisons of the mover's and the opponent's stones done eight traps at a time
//! ([`Bytes`]: one byte a trap in a `u64`) and spread from traps to actions by table.

use super::actions::{ACTIONS, BY_DEST, BY_SOURCE, FIRST_HOME, PAIRING, WHELPS};
use super::{Move, Oicus, TRAPS};

/// What the side to move can do, as sets of actions (bit `k` for action `k`).
struct Choices {
    /// Actions whose source holds a stone: the actions of this position.
    available: u64,
    /// Actions whose source holds two stones (two actions may start there).
    doubled: u64,
    /// Actions with slack at least 0: legal alone.
    alone: u64,
    /// Actions with slack exactly −1 (legal if one more stone comes in) and exactly 0
    /// (not legal if one of the mover's stones leaves the checked trap).
    short: u64,
    tight: u64,
    /// Actions with slack −1, or 1 and more: with `alone`, the two bits of each action's
    /// slack level (see [`Choices::level`]).
    odd: u64,
    /// Actions three stones can make together, legally.
    triples: u64,
}

impl Choices {
    fn of(pos: &Oicus) -> Choices {
        let me = usize::from(pos.side);
        let (mine, theirs) = (pos.relative(me), pos.relative(1 - me));
        let (my_bytes, their_bytes) = (Bytes::of(&mine), Bytes::of(&theirs));
        // The relative traps holding at least `n` of the mover's stones.
        let holding = |n: u8| my_bytes.reach(0, Bytes::splat(n));
        // The actions into traps where `mine + k ≥ theirs`.
        let crowding = |k: u8| BY_DEST.of(my_bytes.reach(k, their_bytes));
        let supply = pos.supply[me];
        let whelps = |n: u8| if supply >= n { WHELPS } else { 0 };
        // The bring-homes whose trap (own 1 or 2) holds at least `n` stones of either colour.
        let homes = |n: u8| {
            let has = |t: usize| u64::from(mine[t] + theirs[t] >= n) << (FIRST_HOME + t);
            has(0) | has(1)
        };
        // Crowding slack `mine + 2 − theirs ≥ s` is `mine + (2 − s) ≥ theirs`; home
        // slack `total − 2 ≥ s` is `total ≥ 2 + s`.
        let firm = crowding(1) | homes(3);
        let alone = crowding(2) | homes(2);
        let near = crowding(3) | homes(1);
        let tripled = holding(3);
        Choices {
            available: BY_SOURCE.of(holding(1)) | whelps(1),
            doubled: BY_SOURCE.of(holding(2)) | whelps(2),
            alone,
            short: near & !alone,
            tight: alone & !firm,
            odd: near & !alone | firm,
            // Often no trap holds three: then there is no need to look further.
            triples: if tripled == 0 {
                0
            } else {
                BY_SOURCE.of(tripled) & crowding(4)
            },
        }
    }

    /// The slack level of action `a`: 0 for slack below −1, 1 for −1, 2 for 0, 3 for more.
    fn level(&self, a: usize) -> usize {
        ((self.alone >> a & 1) << 1 | (self.odd >> a & 1)) as usize
    }

    /// The actions `b`, not before `a`, such that `a` and `b` together are a legal turn.
    fn partners(&self, a: usize) -> u64 {
        let p = &PAIRING[a];
        // The partner's own check: its trap gains a stone if `a` moves one in, which a
        // partner one short needs; loses one if `a` takes one out, which a partner with no
        // slack to spare cannot take; is unchanged anywhere else.
        let theirs = self.alone ^ (p.gains & self.short) ^ (p.loses & self.tight);
        // The check of `a`, changed by the partner.
        let ours = p.by_level[self.level(a)];
        // Two stones from one place need two there.
        let enough = 0u64.wrapping_sub(self.doubled >> a & 1) | !p.same_source;
        theirs & ours & enough & self.available & (!0 << a)
    }
}

impl Oicus {
    /// The stones of `colour` by relative trap: the side to move's Land first.
    fn relative(&self, colour: usize) -> [u8; TRAPS] {
        let own = 10 * usize::from(self.side);
        let mut out = [0; TRAPS];
        out[..10].copy_from_slice(&self.stones[colour][own..own + 10]);
        out[10..].copy_from_slice(&self.stones[colour][10 - own..20 - own]);
        out
    }

    /// Appends every distinct legal turn of the side to move, or the pass when there is
    /// none: single actions, then pairs of actions in canonical order, then triple moves.
    pub(super) fn legal_turns(&self, out: &mut Vec<Move>) {
        let can = Choices::of(self);
        let mut list = Batch::new(out);
        list.each(can.available & can.alone, |a| Move::one(ACTIONS[a].action));
        let mut firsts = can.available;
        while firsts != 0 {
            let a = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            let first = ACTIONS[a].action;
            list.each(can.partners(a), |b| {
                Move::ordered_two(first, ACTIONS[b].action)
            });
        }
        list.each(can.triples, |a| Move::triple(ACTIONS[a].action));
        if list.is_empty() {
            list.pass();
        }
        list.flush();
    }
}

/// Turns gathered on the stack and appended to the caller's vector a batch at a time: a
/// push onto the vector checks its capacity and stores its length every time, which costs
/// about as much as building the turn.
struct Batch<'a> {
    out: &'a mut Vec<Move>,
    /// Whether any turn was listed.
    listed: bool,
    buf: [Move; BATCH],
    len: usize,
}

/// Turns gathered before they go to the vector; a set of actions lists at most 64 at once.
const BATCH: usize = 256;

impl<'a> Batch<'a> {
    fn new(out: &'a mut Vec<Move>) -> Batch<'a> {
        Batch {
            out,
            listed: false,
            buf: [Move::PASS; BATCH],
            len: 0,
        }
    }

    /// Lists `turn(k)` for every bit `k` of `set`, lowest first.
    fn each(&mut self, mut set: u64, turn: impl Fn(usize) -> Move) {
        if self.len > BATCH - 64 {
            self.flush();
        }
        // A local count, which the compiler keeps in a register.
        let mut len = self.len;
        while set != 0 {
            self.buf[len] = turn(set.trailing_zeros() as usize);
            len += 1;
            set &= set - 1;
        }
        self.len = len;
    }

    /// Whether no turn was listed.
    fn is_empty(&self) -> bool {
        !self.listed && self.len == 0
    }

    /// Lists the pass.
    fn pass(&mut self) {
        self.each(1, |_| Move::PASS);
    }

    /// Appends the gathered turns to the vector.
    fn flush(&mut self) {
        self.out.extend_from_slice(&self.buf[..self.len]);
        self.listed |= self.len > 0;
        self.len = 0;
    }
}

/// One colour's stones per trap, a byte a trap in three words (traps 0–7, 8–15, 16–19;
/// the last word's top four bytes are 0), so that one subtraction compares eight traps.
#[derive(Clone, Copy)]
struct Bytes([u64; 3]);

/// 1 in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The top bit of every byte.
const HIGH: u64 = 0x8080_8080_8080_8080;

impl Bytes {
    fn of(stones: &[u8; TRAPS]) -> Bytes {
        let word = |from: usize| {
            let end = TRAPS.min(from + 8);
            let mut bytes = [0u8; 8];
            bytes[..end - from].copy_from_slice(&stones[from..end]);
            u64::from_le_bytes(bytes)
        };
        Bytes([word(0), word(8), word(16)])
    }

    /// `n` stones in every trap.
    fn splat(n: u8) -> Bytes {
        Bytes([ONES * u64::from(n); 3])
    }

    /// The traps (bit `i` for trap index `i`) where `self + k ≥ other`. Every byte stays
    /// below 128, so `(self + k) | 128 − other` borrows from no other byte, and its top bit
    /// is set exactly where `self + k ≥ other`.
    fn reach(self, k: u8, other: Bytes) -> u32 {
        let mut traps = 0;
        for (w, (&a, &b)) in self.0.iter().zip(&other.0).enumerate() {
            let ge = ((a + ONES * u64::from(k)) | HIGH).wrapping_sub(b) & HIGH;
            // Gathers the eight top bits into one byte: bit `i` from byte `i`.
            let byte = ((ge >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
            traps |= byte << (8 * w);
        }
        traps & ((1 << TRAPS) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests_reference::random_position;
    use super::*;
    use crate::games::oicus::ActionKind;
    use crate::seed::table_rng;

    /// The sets of `Choices`, worked out action by action from the spec's wording on the
    /// board as it is (no relative traps, no tables, no bytes).
    fn choices_by_hand(p: &Oicus) -> [u64; 7] {
        let me = usize::from(p.side);
        let (mine, theirs) = (&p.stones[me], &p.stones[1 - me]);
        let mut sets = [0u64; 7];
        for (k, entry) in ACTIONS.iter().enumerate() {
            let a = entry.action;
            let held = a.source(p.side).map_or(p.supply[me], |s| mine[s]);
            let slack = match (a.destination(p.side), a.source(p.side)) {
                (Some(d), _) => i32::from(mine[d]) + 2 - i32::from(theirs[d]),
                (None, Some(h)) => i32::from(mine[h]) + i32::from(theirs[h]) - 2,
                (None, None) => unreachable!("every action comes from or goes somewhere"),
            };
            let moves = matches!(a.kind(), ActionKind::Vertical | ActionKind::Diagonal);
            let level = match slack {
                ..-1 => 0,
                -1 => 1,
                0 => 2,
                _ => 3,
            };
            let facts = [
                held >= 1,
                held >= 2,
                slack >= 0,
                slack == -1,
                slack == 0,
                level & 1 == 1,
                moves && held >= 3 && slack >= -2,
            ];
            for (set, fact) in sets.iter_mut().zip(facts) {
                *set |= u64::from(fact) << k;
            }
        }
        sets
    }

    #[test]
    fn choices_match_the_slack_of_every_action_worked_out_by_hand() {
        let mut rng = table_rng(5);
        for _ in 0..3000 {
            let p = random_position(&mut rng);
            let c = Choices::of(&p);
            let fast = [
                c.available,
                c.doubled,
                c.alone,
                c.short,
                c.tight,
                c.odd,
                c.triples,
            ];
            assert_eq!(fast, choices_by_hand(&p), "in {p}");
        }
    }

    #[test]
    fn bytes_compare_every_trap_at_once() {
        let mut a = [0u8; TRAPS];
        let mut b = [0u8; TRAPS];
        for i in 0..TRAPS {
            a[i] = (i % 6) as u8;
            b[i] = ((i * 7 + 3) % 6) as u8;
        }
        for k in 0..5 {
            let want = (0..TRAPS)
                .filter(|&i| a[i] + k >= b[i])
                .fold(0u32, |m, i| m | 1 << i);
            assert_eq!(Bytes::of(&a).reach(k, Bytes::of(&b)), want, "k = {k}");
        }
        assert_eq!(
            Bytes::of(&a).reach(0, Bytes::splat(3)),
            0b111000111000111000
        );
    }
}
