//! Listing the legal turns fast (random play and search list them at every turn): each
//! turn's legality is read off a few bit masks over the available actions instead of being
//! played out on a copy of the board.
//!
//! # The representation
//!
//! The actions the side to move can make (a stone or the supply where each acts from) are
//! numbered `0..n` in the canonical order of [`Action`]: whelps, verticals, diagonals by
//! trap then shift, bring-homes. There are at most 42 of them (6 whelps, 10 verticals, 24
//! diagonals, 2 homes), so a set of actions is a `u64`, and walking its bits lowest first
//! walks the actions in canonical order. Listing singles, then each action with each
//! later-or-equal partner, then triples therefore lists each multiset once, in the order
//! of the list before this module (seeded players depend on it).
//!
//! Each action has a *source* (a trap index, or [`SUPPLY`]), a destination (a trap index,
//! or [`NOWHERE`] for a bring-home) and one *checked* trap, where the spec judges it at the
//! end of the turn: its destination (crowding, rule 7) or, for a bring-home, its source
//! (a stone must be left there, rule 9). The action's *slack* is how far that check is
//! from failing when the action is made alone:
//!
//! * moving into `d`: legal when the opponent's stones `theirs[d] < mine_end[d] + 2`, and
//!   alone `mine_end[d] = mine[d] + 1`, so slack `= mine[d] + 2 − theirs[d]`;
//! * bringing home from `h`: legal when `mine_end[h] + theirs[h] ≥ 1`, and alone
//!   `mine_end[h] = mine[h] − 1`, so slack `= mine[h] + theirs[h] − 2`.
//!
//! The action is legal alone when its slack is at least 0. A second action changes the
//! count in the checked trap by +1 if it moves a stone in, −1 if it moves one out, and
//! leaves every other check alone; three stones moving together add 2 more. So a pair is
//! legal when both sources can supply a stone each, and each action's slack, changed by
//! the other, is still at least 0. Per trap, masks of the actions moving into it, out of it
//! and checked in it turn that into a few `and`s per action for all its partners at once.

use super::{Action, Move, Oicus, TRAPS};

/// The source of a whelp: not a trap.
const SUPPLY: usize = TRAPS;
/// The destination of a bring-home: not a trap.
const NOWHERE: usize = TRAPS + 1;
/// Trap indices and the two places that are not traps.
const PLACES: usize = TRAPS + 2;
/// The most actions a mover can have: 6 whelps, 10 verticals, 24 diagonals, 2 homes.
const MAX_ACTIONS: usize = 42;
/// The most turns a position can have: the singles, the pairs (an action may pair with
/// itself), the triples, or the pass.
const MAX_TURNS: usize = 2 * MAX_ACTIONS + MAX_ACTIONS * (MAX_ACTIONS + 1) / 2;

/// The available actions of the side to move, with the masks that judge their turns.
struct Actions {
    /// How many actions there are.
    n: usize,
    action: [Action; MAX_ACTIONS],
    /// Where each action's stone comes from ([`SUPPLY`] for a whelp).
    source: [u8; MAX_ACTIONS],
    /// Where it goes ([`NOWHERE`] for a bring-home).
    dest: [u8; MAX_ACTIONS],
    /// The trap each action is judged in.
    checked: [u8; MAX_ACTIONS],
    /// How far each action's check is from failing when it is made alone.
    slack: [i8; MAX_ACTIONS],
    /// How many stones each place holds for the mover (the supply at [`SUPPLY`]).
    stones: [u8; PLACES],
    /// The actions moving a stone into each place, and out of each place.
    into: [u64; PLACES],
    from: [u64; PLACES],
    /// The actions judged in each place (none at [`SUPPLY`] and [`NOWHERE`]).
    checks: [u64; PLACES],
    /// Actions whose slack is at least 0 (legal alone), at least 1 (legal though a stone
    /// leaves the checked trap) and at least −1 (legal if one more stone comes in).
    alone: u64,
    firm: u64,
    near: u64,
    /// Actions three stones can make together, legally.
    triples: u64,
}

impl Actions {
    /// The actions of the side to move in `pos`, in canonical order.
    fn of(pos: &Oicus) -> Actions {
        let me = usize::from(pos.side);
        let mine = &pos.stones[me];
        let theirs = &pos.stones[1 - me];
        let mut stones = [0u8; PLACES];
        stones[..TRAPS].copy_from_slice(mine);
        stones[SUPPLY] = pos.supply[me];
        let mut acts = Actions {
            n: 0,
            action: [Action::whelp(5); MAX_ACTIONS],
            source: [0; MAX_ACTIONS],
            dest: [0; MAX_ACTIONS],
            checked: [0; MAX_ACTIONS],
            slack: [0; MAX_ACTIONS],
            stones,
            into: [0; PLACES],
            from: [0; PLACES],
            checks: [0; PLACES],
            alone: 0,
            firm: 0,
            near: 0,
            triples: 0,
        };
        let crowding = |d: usize| mine[d] as i8 + 2 - theirs[d] as i8;
        let (own, opp) = if me == 0 { (0, 10) } else { (10, 0) };
        if stones[SUPPLY] > 0 {
            for t in 5..=10 {
                let d = own + usize::from(t) - 1;
                acts.push(Action::whelp(t), SUPPLY, d, d, crowding(d));
            }
        }
        for t in 1..=10 {
            let s = own + usize::from(t) - 1;
            if mine[s] > 0 {
                let d = opp + 10 - usize::from(t);
                acts.push(Action::vertical(t), s, d, d, crowding(d));
            }
        }
        for j in 1..=9 {
            let s = opp + usize::from(j) - 1;
            if mine[s] > 0 {
                for k in 1..=3.min(10 - j) {
                    let d = own + usize::from(10 - j - k);
                    acts.push(Action::diagonal(j, k), s, d, d, crowding(d));
                }
            }
        }
        for t in 1..=2 {
            let h = own + usize::from(t) - 1;
            if mine[h] > 0 {
                let slack = (mine[h] + theirs[h]) as i8 - 2;
                acts.push(Action::home(t), h, NOWHERE, h, slack);
            }
        }
        acts
    }

    /// Adds an action: its stone goes from `source` to `dest`, and it is judged in
    /// `checked` with `slack`.
    fn push(&mut self, action: Action, source: usize, dest: usize, checked: usize, slack: i8) {
        let i = self.n;
        let bit = 1u64 << i;
        self.n += 1;
        self.action[i] = action;
        self.source[i] = source as u8;
        self.dest[i] = dest as u8;
        self.checked[i] = checked as u8;
        self.slack[i] = slack;
        self.into[dest] |= bit;
        self.from[source] |= bit;
        self.checks[checked] |= bit;
        let flag = |yes: bool| if yes { bit } else { 0 };
        self.alone |= flag(slack >= 0);
        self.firm |= flag(slack >= 1);
        self.near |= flag(slack >= -1);
        // Three stones of one trap (not the supply) moving together: 2 more than one.
        let trio = source != SUPPLY && dest != NOWHERE && self.stones[source] >= 3;
        self.triples |= flag(trio && slack >= -2);
    }

    /// The actions `b`, not before `a`, such that `a` and `b` together are a legal turn.
    fn partners(&self, a: usize) -> u64 {
        let source = usize::from(self.source[a]);
        let dest = usize::from(self.dest[a]);
        let checked = usize::from(self.checked[a]);
        // The partner's own check: one more stone in its trap if `a` moves into it, one
        // fewer if `a` moves out of it, unchanged anywhere else.
        let gains = self.checks[dest];
        let loses = self.checks[source];
        let theirs = (gains & self.near) | (loses & self.firm) | (self.alone & !(gains | loses));
        // The check of `a`, changed by the partner.
        let ours = match self.slack[a] {
            1.. => !0,
            0 => !self.from[checked],
            -1 => self.into[checked],
            _ => 0,
        };
        // Two stones from one place need two there.
        let enough = if self.stones[source] >= 2 {
            !0
        } else {
            !self.from[source]
        };
        theirs & ours & enough & (!0 << a)
    }
}

impl Oicus {
    /// Appends every distinct legal turn of the side to move, or the pass when there is
    /// none: single actions, then pairs of actions in canonical order, then triple moves.
    pub(super) fn legal_turns(&self, out: &mut Vec<Move>) {
        let acts = Actions::of(self);
        out.reserve(MAX_TURNS);
        let start = out.len();
        for_each_bit(acts.alone, |a| out.push(Move::one(acts.action[a])));
        for a in 0..acts.n {
            let first = acts.action[a];
            for_each_bit(acts.partners(a), |b| {
                out.push(Move::two(first, acts.action[b]));
            });
        }
        for_each_bit(acts.triples, |a| out.push(Move::triple(acts.action[a])));
        if out.len() == start {
            out.push(Move::PASS);
        }
    }
}

/// Calls `f` with the index of every set bit of `mask`, lowest first.
fn for_each_bit(mut mask: u64, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}
