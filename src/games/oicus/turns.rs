//! Which turns are legal, and what a turn does: the actions, then the bring-downs.
//!
//! Legality is judged on the position at the end of the turn, before the bring-downs
//! (spec, "A turn"): crowding (rule 7) in every trap the mover moved or whelped a stone
//! into, and a stone left in every trap a stone was brought home from (rule 9). A stone
//! acts at most once per turn (rule 6), so every acting stone is counted against what its
//! trap (or the supply) holds at the start of the turn.

use super::{Action, Event, EventSink, Move, Oicus, STONES, TRAP_LIMIT, TRAPS};
use crate::games::Seat;

/// Where an acting stone comes from: a trap index, or the supply.
const SUPPLY: usize = TRAPS;

/// The most actions a mover can have: 6 whelps, 10 verticals, 27 diagonals, 2 homes.
const MAX_ACTIONS: usize = 48;

impl Oicus {
    /// Appends every distinct legal turn of the side to move, or the pass when there is
    /// none: single actions, then pairs of actions in canonical order, then triple moves.
    pub(super) fn legal_turns(&self, out: &mut Vec<Move>) {
        let side = self.side;
        let mine = &self.stones[usize::from(side)];
        let mut actions = [(Action::whelp(5), 0usize); MAX_ACTIONS];
        let mut n = 0;
        let mut push = |a: Action| {
            let src = a.source(side).unwrap_or(SUPPLY);
            actions[n] = (a, src);
            n += 1;
        };
        // In canonical order: whelps, verticals, diagonals (by trap, then shift), homes.
        if self.supply[usize::from(side)] > 0 {
            (5..=10).for_each(|t| push(Action::whelp(t)));
        }
        let has = |a: Action| a.source(side).is_some_and(|i| mine[i] > 0);
        for t in 1..=10 {
            let a = Action::vertical(t);
            if has(a) {
                push(a);
            }
        }
        for t in 1..=10u8 {
            if has(Action::diagonal(t, 1)) {
                (1..=3u8.min(10 - t)).for_each(|k| push(Action::diagonal(t, k)));
            }
        }
        for t in 1..=2 {
            let a = Action::home(t);
            if has(a) {
                push(a);
            }
        }
        let actions = &actions[..n];
        let avail = |src: usize| {
            if src == SUPPLY {
                self.supply[usize::from(side)]
            } else {
                mine[src]
            }
        };
        let start = out.len();
        for &(a, _) in actions {
            if self.allows(&[(a, 1)]) {
                out.push(Move::one(a));
            }
        }
        for (i, &(a, src_a)) in actions.iter().enumerate() {
            for &(b, src_b) in &actions[i..] {
                if (src_a != src_b || avail(src_a) >= 2) && self.allows(&[(a, 1), (b, 1)]) {
                    out.push(Move::two(a, b));
                }
            }
        }
        for &(a, src) in actions {
            if a.destination(side).is_some()
                && src != SUPPLY
                && avail(src) >= 3
                && self.allows(&[(a, 3)])
            {
                out.push(Move::triple(a));
            }
        }
        if out.len() == start {
            out.push(Move::PASS);
        }
    }

    /// Whether the actions (each with how many stones make it), whose stones are known to
    /// be where they act from, leave a legal end of turn: no crowding where stones went
    /// in, no empty trap where a stone went home.
    fn allows(&self, acts: &[(Action, u8)]) -> bool {
        let side = self.side;
        let me = usize::from(side);
        let mut mine = self.stones[me];
        let theirs = &self.stones[1 - me];
        let (mut into, mut home) = (0u32, 0u32);
        for &(a, n) in acts {
            if let Some(src) = a.source(side) {
                mine[src] -= n;
            }
            match a.destination(side) {
                Some(d) => {
                    mine[d] += n;
                    into |= 1 << d;
                }
                None => home |= 1 << a.source(side).unwrap_or(0),
            }
        }
        let mut ok = true;
        for_each_bit(into, |d| ok &= theirs[d] < mine[d] + 2);
        for_each_bit(home, |h| ok &= theirs[h] + mine[h] > 0);
        ok
    }

    /// Plays the actions of a turn (not a pass) and the bring-downs after it.
    pub(super) fn apply(&mut self, mv: Move, events: &mut impl EventSink) {
        let side = self.side;
        let me = usize::from(side);
        let by = Seat(side);
        let (acts, n) = mv.actions();
        let mut into = 0u32;
        for &(a, count) in &acts[..n] {
            match a.source(side) {
                Some(src) => self.stones[me][src] -= count,
                None => self.supply[me] -= count,
            }
            match a.destination(side) {
                Some(d) => {
                    self.stones[me][d] += count;
                    into |= 1 << d;
                    if a.source(side).is_none() {
                        events.emit(Event::Whelp {
                            by,
                            at: Oicus::place(d),
                        });
                    }
                }
                None => {
                    self.points[me] += 2 * count;
                    let at = Oicus::place(a.source(side).unwrap_or(0));
                    events.emit(Event::BringHome { by, at });
                }
            }
        }
        for_each_bit(into, |d| self.bring_down(d, events));
    }

    /// Cuts the trap `d` back to five stones (rule 8): the opponent's stones first, 3
    /// points each to the mover; then the mover's own, 3 points each to the opponent.
    fn bring_down(&mut self, d: usize, events: &mut impl EventSink) {
        let me = usize::from(self.side);
        let them = 1 - me;
        let mut excess = (self.stones[0][d] + self.stones[1][d]).saturating_sub(TRAP_LIMIT);
        for victim in [them, me] {
            let count = excess.min(self.stones[victim][d]);
            if count == 0 {
                continue;
            }
            self.stones[victim][d] -= count;
            self.points[1 - victim] += 3 * count;
            excess -= count;
            events.emit(Event::BringDown {
                by: Seat(self.side),
                victim: Seat(victim as u8),
                scorer: Seat(1 - victim as u8),
                at: Oicus::place(d),
                count,
            });
        }
        debug_assert!(self.stones[me][d] + self.stones[them][d] <= TRAP_LIMIT);
        debug_assert!(self.supply[me] <= STONES);
    }
}

/// Calls `f` with the index of every set bit of `mask`, lowest first.
fn for_each_bit(mut mask: u32, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}
