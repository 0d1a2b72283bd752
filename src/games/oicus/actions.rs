//! Every action a mover could ever make, numbered once and for all in canonical order, and
//! the tables over that numbering that `generate.rs` combines into the legal turns.
//!
//! # Relative traps
//!
//! An action names traps as the mover sees them (own trap `t`, the opponent's trap `j`),
//! so the tables here do too: a *relative* trap is 0–9 for the mover's own traps 1–10 and
//! 10–19 for the opponent's traps 1–10. For Black that is the board's own trap index; for
//! White the two Lands swap places. Two more places: [`SUPPLY`], where a whelped stone
//! comes from, and [`NOWHERE`], where a brought-home stone goes.
//!
//! # The numbering
//!
//! Action `k` (0–41) is [`ACTIONS`]`[k]`: the 6 whelps (0–5), the 10 verticals (6–15), the
//! 24 diagonals by trap then shift (16–39), the 2 bring-homes (40–41), which is the order
//! of [`Action`]'s packed byte. A set of actions is a `u64` with bit `k` for action `k`, and
//! walking its bits lowest first walks the actions in canonical order.

use super::Action;

/// How many actions there are.
pub(super) const COUNT: usize = 42;
/// Relative traps (0–19), then the two places that are not traps.
pub(super) const SUPPLY: usize = 20;
pub(super) const NOWHERE: usize = 21;
const PLACES: usize = 22;
/// The whelps, actions 0–5: all there when the supply holds a stone.
pub(super) const WHELPS: u64 = 0x3F;
/// The first bring-home: `H1` is action 40, `H2` action 41.
pub(super) const FIRST_HOME: usize = 40;

/// One action with where its stone comes from and goes to, as relative places.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) action: Action,
    pub(super) source: u8,
    pub(super) dest: u8,
}

impl Entry {
    /// The trap where the spec judges the action at the end of the turn: where its stone
    /// goes (crowding, rule 7), or for a bring-home where it leaves (rule 9).
    const fn checked(self) -> usize {
        if self.dest as usize == NOWHERE {
            self.source as usize
        } else {
            self.dest as usize
        }
    }
}

/// Every action, in canonical order.
pub(super) static ACTIONS: [Entry; COUNT] = numbering();

const fn numbering() -> [Entry; COUNT] {
    let mut out = [Entry {
        action: Action::whelp(5),
        source: 0,
        dest: 0,
    }; COUNT];
    let mut k = 0;
    // Whelp into own trap `t` (5–10).
    let mut t = 5;
    while t <= 10 {
        put(&mut out, &mut k, Action::whelp(t), SUPPLY, t as usize - 1);
        t += 1;
    }
    // Vertical from own trap `t` to the opponent's trap `11 − t`.
    t = 1;
    while t <= 10 {
        let dest = 10 + (11 - t as usize) - 1;
        put(&mut out, &mut k, Action::vertical(t), t as usize - 1, dest);
        t += 1;
    }
    // Diagonal from the opponent's trap `j` to own trap `(11 − j) − s`, which is ≥ 1.
    let mut j = 1;
    while j <= 9 {
        let mut s = 1;
        while s <= 3 && 11 - j - s >= 1 {
            let (source, dest) = (10 + j as usize - 1, (11 - j - s) as usize - 1);
            put(&mut out, &mut k, Action::diagonal(j, s), source, dest);
            s += 1;
        }
        j += 1;
    }
    // Bring home from own trap 1 or 2.
    put(&mut out, &mut k, Action::home(1), 0, NOWHERE);
    put(&mut out, &mut k, Action::home(2), 1, NOWHERE);
    out
}

/// Sets `out[k]` and moves `k` on.
const fn put(out: &mut [Entry; COUNT], k: &mut usize, action: Action, source: usize, dest: usize) {
    out[*k] = Entry {
        action,
        source: source as u8,
        dest: dest as u8,
    };
    *k += 1;
}

/// Where the stone of an action with packed byte `code` comes from and goes to, as board
/// places (trap indices, [`SUPPLY`] or [`NOWHERE`]), for each side: White's relative trap
/// `r` is the board's `(r + 10) mod 20`.
static BOARD_PLACES: [[(u8, u8); 256]; 2] = board_place_table();

/// A relative place as a board place for the player at `side`.
const fn board(place: u8, side: usize) -> u8 {
    if place as usize >= SUPPLY {
        place
    } else {
        (place + 10 * side as u8) % 20
    }
}

const fn board_place_table() -> [[(u8, u8); 256]; 2] {
    let acts = numbering();
    let mut out = [[(0, 0); 256]; 2];
    let mut k = 0;
    while k < COUNT {
        let a = acts[k];
        let mut side = 0;
        while side < 2 {
            out[side][a.action.code()] = (board(a.source, side), board(a.dest, side));
            side += 1;
        }
        k += 1;
    }
    out
}

/// Where the stone of `action` by the player at `side` comes from and goes to, as board
/// places: a trap index, [`SUPPLY`] or [`NOWHERE`].
pub(super) fn board_places(action: Action, side: u8) -> (usize, usize) {
    let (source, dest) = BOARD_PLACES[usize::from(side & 1)][action.code()];
    (usize::from(source), usize::from(dest))
}

/// The most actions of one side that put a stone into one trap: a trap of the mover's own
/// Land is fed by up to three diagonals and a whelp, one of the opponent's Land by one
/// vertical.
pub(super) const FEEDS_PER_TRAP: usize = 4;

/// For each side and each board trap, the places from which that side's actions could put
/// a stone into it: board trap indices, [`SUPPLY`] for a whelp, and [`NOWHERE`] for each
/// unused slot. A look at what a side could bring into every trap at once reads the
/// stones at these places instead of walking the actions.
pub(super) static FEEDS: [[[u8; FEEDS_PER_TRAP]; SUPPLY]; 2] = feeds_table();

const fn feeds_table() -> [[[u8; FEEDS_PER_TRAP]; SUPPLY]; 2] {
    let acts = numbering();
    let mut out = [[[NOWHERE as u8; FEEDS_PER_TRAP]; SUPPLY]; 2];
    let mut side = 0;
    while side < 2 {
        let mut used = [0usize; SUPPLY];
        let mut k = 0;
        while k < FIRST_HOME {
            let dest = board(acts[k].dest, side) as usize;
            out[side][dest][used[dest]] = board(acts[k].source, side);
            used[dest] += 1;
            k += 1;
        }
        side += 1;
    }
    out
}

/// What an action shares with the others, for judging pairs: each a set of actions.
#[derive(Clone, Copy)]
pub(super) struct Pairing {
    /// The actions judged in the trap this one moves a stone into: their trap gains one.
    pub(super) gains: u64,
    /// The actions judged in the trap this one takes a stone from: their trap loses one.
    pub(super) loses: u64,
    /// The partners with which this action's own check still holds, by its slack level
    /// (0: slack below −1, 1: slack −1, 2: slack 0, 3: more): none; those moving a stone
    /// into its checked trap; all but those taking one out of it; all.
    pub(super) by_level: [u64; 4],
    /// The actions taking their stone from the same place as this one (itself included).
    pub(super) same_source: u64,
}

/// For each action, what it shares with the others.
pub(super) static PAIRING: [Pairing; COUNT] = pairing();

const fn pairing() -> [Pairing; COUNT] {
    let acts = numbering();
    let (mut into, mut from, mut checks) = ([0u64; PLACES], [0u64; PLACES], [0u64; PLACES]);
    let mut k = 0;
    while k < COUNT {
        let a = acts[k];
        into[a.dest as usize] |= 1 << k;
        from[a.source as usize] |= 1 << k;
        checks[a.checked()] |= 1 << k;
        k += 1;
    }
    let empty = Pairing {
        gains: 0,
        loses: 0,
        by_level: [0; 4],
        same_source: 0,
    };
    let mut out = [empty; COUNT];
    k = 0;
    while k < COUNT {
        let a = acts[k];
        out[k] = Pairing {
            gains: checks[a.dest as usize],
            loses: checks[a.source as usize],
            by_level: [0, into[a.checked()], !from[a.checked()], !0],
            same_source: from[a.source as usize],
        };
        k += 1;
    }
    out
}

/// Turns a mask of relative traps into the set of actions tied to those traps, by a table
/// lookup for each five traps: the actions whose stone comes from them ([`BY_SOURCE`],
/// whelps never) or goes into them ([`BY_DEST`], bring-homes never).
pub(super) struct Spread([[u64; 32]; 4]);

/// The actions by the trap their stone comes from.
pub(super) static BY_SOURCE: Spread = Spread::build(true);
/// The actions by the trap their stone goes into.
pub(super) static BY_DEST: Spread = Spread::build(false);

impl Spread {
    const fn build(by_source: bool) -> Spread {
        let acts = numbering();
        let mut table = [[0u64; 32]; 4];
        let mut k = 0;
        while k < COUNT {
            let a = acts[k];
            let trap = if by_source { a.source } else { a.dest } as usize;
            if trap < SUPPLY {
                let (chunk, bit) = (trap / 5, trap % 5);
                let mut index = 0;
                while index < 32 {
                    if index & (1 << bit) != 0 {
                        table[chunk][index] |= 1 << k;
                    }
                    index += 1;
                }
            }
            k += 1;
        }
        Spread(table)
    }

    /// The actions tied to the relative traps of `traps`.
    pub(super) fn of(&self, traps: u32) -> u64 {
        let chunk = |i: usize| self.0[i][(traps >> (5 * i) & 31) as usize];
        chunk(0) | chunk(1) | chunk(2) | chunk(3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbering_is_every_action_once_in_canonical_order() {
        assert!(ACTIONS.windows(2).all(|w| w[0].action < w[1].action));
        let names: Vec<String> = ACTIONS.iter().map(|e| e.action.to_string()).collect();
        assert_eq!(names[..7], ["W5", "W6", "W7", "W8", "W9", "W10", "V1"]);
        assert_eq!(names[16..20], ["D1-1", "D1-2", "D1-3", "D2-1"]);
        assert_eq!(names[36..], ["D7-3", "D8-1", "D8-2", "D9-1", "H1", "H2"]);
        assert_eq!(ACTIONS[FIRST_HOME].action, Action::home(1));
        assert!((0..6).all(|k| ACTIONS[k].source as usize == SUPPLY && WHELPS & 1 << k != 0));
    }

    #[test]
    fn sources_and_destinations_agree_with_the_actions_for_black() {
        // For Black (side 0) a relative trap is the board's trap index.
        for e in &ACTIONS {
            let source = e.action.source(0).unwrap_or(SUPPLY);
            let dest = e.action.destination(0).unwrap_or(NOWHERE);
            assert_eq!(
                (e.source as usize, e.dest as usize),
                (source, dest),
                "{:?}",
                e.action
            );
        }
    }

    #[test]
    fn the_feeds_of_each_trap_are_every_whelp_vertical_and_diagonal_into_it() {
        for side in 0..2u8 {
            let mut want = vec![Vec::new(); SUPPLY];
            for t in 5..=10 {
                want[Action::whelp(t).destination(side).unwrap()].push(SUPPLY);
            }
            for t in 1..=10u8 {
                let v = Action::vertical(t);
                want[v.destination(side).unwrap()].push(v.source(side).unwrap());
                for k in 1..=3u8.min(10 - t) {
                    let d = Action::diagonal(t, k);
                    want[d.destination(side).unwrap()].push(d.source(side).unwrap());
                }
            }
            for (trap, sources) in want.iter_mut().enumerate() {
                let mut got: Vec<usize> = FEEDS[usize::from(side)][trap]
                    .iter()
                    .map(|&s| usize::from(s))
                    .filter(|&s| s != NOWHERE)
                    .collect();
                sources.sort_unstable();
                got.sort_unstable();
                assert_eq!(&got, sources, "side {side}, trap {trap}");
            }
        }
    }

    #[test]
    fn board_places_agree_with_the_actions_for_both_sides() {
        for e in &ACTIONS {
            for side in 0..2 {
                let want = (
                    e.action.source(side).unwrap_or(SUPPLY),
                    e.action.destination(side).unwrap_or(NOWHERE),
                );
                assert_eq!(board_places(e.action, side), want, "{:?}", e.action);
            }
        }
    }

    #[test]
    fn spreads_and_pairings_list_the_actions_of_each_trap() {
        for trap in 0..SUPPLY {
            let of = |place: fn(&Entry) -> u8| {
                (0..COUNT)
                    .filter(|&k| usize::from(place(&ACTIONS[k])) == trap)
                    .fold(0u64, |m, k| m | 1 << k)
            };
            assert_eq!(BY_SOURCE.of(1 << trap), of(|e| e.source));
            assert_eq!(BY_DEST.of(1 << trap), of(|e| e.dest));
        }
        assert_eq!(BY_SOURCE.of(0xFFFFF) | WHELPS, (1 << COUNT) - 1);
        // V6 goes into the opponent's trap 5, judged there; D5-k leave from it.
        let v6 = &PAIRING[11];
        assert_eq!(ACTIONS[11].action, Action::vertical(6));
        assert_eq!(v6.by_level[1], 1 << 11);
        assert_eq!((!v6.by_level[2]).count_ones(), 3);
        assert_eq!(v6.same_source, 1 << 11);
        // H1 is judged in own trap 1, which V1 and H1 leave and D7-3, D8-2, D9-1 enter.
        let h1 = &PAIRING[FIRST_HOME];
        assert_eq!(!h1.by_level[2], 1 << 6 | 1 << FIRST_HOME);
        assert_eq!(h1.by_level[1].count_ones(), 3);
        assert_eq!(h1.gains, 0);
    }
}
