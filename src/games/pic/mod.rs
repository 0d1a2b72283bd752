//! Piç, exactly as `shared/rules/pic.md` says: a ring of three heaps a player for two to
//! five, sowing with the first counter back into the emptied place, and the heaps made 3
//! that become the mover's piç.
//!
//! Readings of the spec this module had to choose (where the text is silent):
//! * A piç owned by the player whose heap it is (`3p1` among player 1's heaps) cannot
//!   arise in play, but is not among the spec's malformed cases; it parses, and is simply
//!   a piç of that player.
//! * `even_capture` takes only from a heap of another player that is not a piç (a piç's
//!   counters belong to its owner already); a count of 3 is odd, so the two captures never
//!   meet. Stores are not part of the position text: a parsed position has empty stores.
//!   The [`Event::Capture`] of an even capture names the heap's owner as the victim; its
//!   `count` is a `u8`, so a take of more than 255 counters reports 255 (the store gets
//!   them all).
//! * `max_pic`: a player who owns that many piç makes no more; a 3 made then is left as a
//!   plain heap (and, with `even_capture`, is odd, so nothing is taken).
//! * `move_cap = 0` means no cap. The cap is checked after each sowing; when the last
//!   sowing also leaves nobody a move, the game ends by [`NO_MOVES`].

mod cheat;
mod diagram;
mod ends;
mod evaluate;
mod events;
mod moves;
mod notation;
mod picture;
mod sow;
mod tableside;
#[cfg(test)]
mod tests;
mod told;

use serde::Deserialize;

pub use cheat::PALM;
pub use ends::NO_MOVES;
pub use events::PicEvent;
pub use moves::Move;
pub use notation::Setup;

use moves::CHOICES;

use super::{End, Event, EventSink, Outcome, Rules, Seat, Seats, Turn};

/// The standing's figure of the counters in a player's store ([`crate::games::Facts::store`]).
pub const STORE: &str = "in store";

/// The most players a ring seats.
pub const MAX_PLAYERS: usize = 5;
/// The most heaps a ring holds (three a player).
pub const MAX_HEAPS: usize = 3 * MAX_PLAYERS;

/// The engine's counter type: a heap, a piç or a store holds at most this many, and so
/// does the whole table (so that no sowing can overflow it).
pub type Count = u16;

/// The marker of a heap that is no piç.
const NO_OWNER: u8 = u8::MAX;

/// The rule options of Piç. Fields left out of a file take their defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// Counters in each heap at the start: 12, or 9 as the source allows.
    pub start: u8,
    /// The Toguz Kumalak capture: a last counter making an even count in another
    /// player's heap (not a piç) takes those counters into the mover's store.
    pub even_capture: bool,
    /// The most piç a player may own (`None`: no limit).
    pub max_pic: Option<u8>,
    /// Sowings (passes not counted) after which the game ends as it stands (0: never).
    pub move_cap: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            start: 12,
            even_capture: false,
            max_pic: None,
            move_cap: 1000,
        }
    }
}

/// A Piç position. Seat 0 is player 1, who owns heaps 1 to 3; seat `s` owns heaps
/// `3s + 1` to `3s + 3`, in one clockwise ring.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pic {
    /// The counters of each heap, clockwise from heap 1 (indices past the ring stay 0; one
    /// spare lane so that whole-array loops vectorise).
    heaps: [Count; MAX_HEAPS + 1],
    /// The heaps holding at least one counter, as a bit set (kept up to date by sowing).
    nonempty: u16,
    /// The heaps holding at least two counters, piç or not, as a bit set.
    two_up: u16,
    /// The owner of each piç (a seat), or [`NO_OWNER`].
    owner: [u8; MAX_HEAPS],
    /// The heaps that are piç, as a bit set.
    pics: u16,
    /// Each seat's store, filled only by `even_capture`.
    stores: [Count; MAX_PLAYERS],
    /// How many play, 2 to 5.
    players: u8,
    /// The seat to move.
    side: u8,
    /// Sowings made so far in this game (for the cap; not part of the position).
    sowings: u32,
    options: Options,
    result: Option<Outcome>,
}

impl Pic {
    /// The heaps in the ring, three a player.
    fn ring(&self) -> usize {
        3 * usize::from(self.players)
    }

    /// The counters in heap `index` (0-based; heap 1 is index 0).
    #[must_use]
    pub fn heap(&self, index: usize) -> Count {
        self.heaps.get(index).copied().unwrap_or(0)
    }

    /// Who owns heap `index` as a piç, if it is one.
    #[must_use]
    pub fn pic_owner(&self, index: usize) -> Option<Seat> {
        match self.owner.get(index) {
            Some(&o) if o != NO_OWNER => Some(Seat(o)),
            _ => None,
        }
    }

    /// The counters in the seat's store (always 0 without `even_capture`).
    #[must_use]
    pub fn store(&self, seat: Seat) -> Count {
        self.stores.get(seat.index()).copied().unwrap_or(0)
    }

    /// Sowings made since the start (or since the position was read).
    #[must_use]
    pub fn sowings(&self) -> u32 {
        self.sowings
    }

    /// The rule options the position is played under.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The heaps that could be sown from: two or more counters and not a piç.
    #[inline]
    fn movable(&self) -> u16 {
        self.two_up & !self.pics
    }

    /// Recounts the bit sets of non-empty heaps and heaps of two or more.
    fn recount(&mut self) {
        let (mut one, mut two) = (0u16, 0u16);
        for (i, &c) in self.heaps.iter().enumerate() {
            one |= u16::from(c >= 1) << i;
            two |= u16::from(c >= 2) << i;
        }
        self.nonempty = one;
        self.two_up = two;
    }

    /// The piç of `seat`, as a bit set of heaps.
    fn pics_of(&self, seat: u8) -> u16 {
        let mut mask = 0;
        let mut bits = self.pics;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.owner[i] == seat {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Counters in the seat's own heaps that are not piç.
    fn in_heaps(&self, seat: Seat) -> u32 {
        let first = 3 * seat.index();
        (first..first + 3)
            .filter(|&i| i < self.ring() && self.pics & (1 << i) == 0)
            .map(|i| u32::from(self.heaps[i]))
            .sum()
    }

    /// Counters in the piç the seat owns.
    fn in_pics(&self, seat: Seat) -> u32 {
        let mut bits = self.pics_of(seat.0);
        let mut sum = 0;
        while bits != 0 {
            sum += u32::from(self.heaps[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        sum
    }

    /// Every counter at the table, heaps, piç and stores.
    fn total(&self) -> u32 {
        self.heaps
            .iter()
            .chain(&self.stores)
            .map(|&c| u32::from(c))
            .sum()
    }

    /// Whether `seat` may make one more piç under `max_pic`.
    fn may_claim(&self, seat: u8) -> bool {
        self.options
            .max_pic
            .is_none_or(|most| self.pics_of(seat).count_ones() < u32::from(most))
    }

    /// The result as it stands: the top score wins, shared by all level on it.
    fn standings_outcome(&self, end: End) -> Outcome {
        let scores: Vec<i32> = (0..self.players).map(|s| self.score(Seat(s))).collect();
        let top = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..self.players)
            .filter(|&s| scores[usize::from(s)] == top)
            .fold(Seats::NONE, |w, s| w.with(Seat(s)));
        Outcome { winners, end }
    }

    /// Ends the game if nobody can move, or if the move cap is reached.
    fn settle(&mut self, events: &mut impl EventSink) {
        let end = if self.movable() == 0 {
            NO_MOVES
        } else if self.options.move_cap > 0 && self.sowings >= self.options.move_cap {
            End::Cap
        } else {
            return;
        };
        let outcome = self.standings_outcome(end);
        self.result = Some(outcome);
        events.emit(Event::Over { outcome });
    }
}

impl Rules for Pic {
    type Move = Move;
    type Options = Options;
    type Setup = Setup;
    /// Every setup the notation reads is a position of Piç.
    type Invalid = std::convert::Infallible;
    type Own = PicEvent;
    const FACTS: super::Facts = super::Facts {
        id: "pic",
        aliases: &["piç"],
        title: "Piç",
        unit: super::Unit::Game,
        min_players: 2,
        max_players: MAX_PLAYERS,
        seat_names: super::facts::NUMBERED,
        seating: super::Seating::Rotate,
        rule_two: false,
        on_cheat: crate::games::OnCheat::ForfeitGame,
        match_wins: None,
        ends: &[NO_MOVES, End::Cap],
        tallies: &[super::Tally::Points, super::Tally::Captures],
        perft_depth: 22,
        turns: "sowings",
        chance: "the lot",
        board: false,
        target: None,
        store: Some(STORE),
        rules: &[
            super::RuleOption {
                key: "start",
                takes: "12 or 9, the counters in each heap at the start",
                default: "12",
                samples: &["9"],
            },
            super::RuleOption {
                key: "even_capture",
                takes: "true or false",
                default: "false",
                samples: &["true"],
            },
            super::RuleOption {
                key: "max_pic",
                takes: "a whole number, the most piç one player may own",
                default: "",
                samples: &["1", "2", "3"],
            },
            super::RuleOption {
                key: "move_cap",
                takes: "a whole number of sowings before the game is counted as it stands, 1 to 10000 (0, never, with taproom engine)",
                default: "1000",
                samples: &["40", "80", "150", "300", "600"],
            },
        ],
    };

    fn start(players: usize, options: &Options) -> Result<Self, super::StartError> {
        super::StartError::check_players::<Self>(players)?;
        if options.start != 12 && options.start != 9 {
            return Err(super::StartError::Option {
                game: Self::KIND,
                option: "start",
                message: format!("a heap starts with 12 or 9 counters, not {}", options.start),
            });
        }
        let mut heaps = [0; MAX_HEAPS + 1];
        heaps[..3 * players].fill(Count::from(options.start));
        let ring = (1u16 << (3 * players)) - 1;
        Ok(Pic {
            heaps,
            nonempty: ring,
            two_up: ring,
            owner: [NO_OWNER; MAX_HEAPS],
            pics: 0,
            stores: [0; MAX_PLAYERS],
            players: players as u8,
            side: 0,
            sowings: 0,
            options: *options,
            result: None,
        })
    }

    fn from_setup(setup: Setup, options: &Options) -> Result<Self, Self::Invalid> {
        let mut pos = Pic {
            heaps: setup.heaps,
            nonempty: 0,
            two_up: 0,
            owner: setup.owner,
            pics: setup.pics,
            stores: setup.stores,
            players: setup.players,
            side: setup.side,
            sowings: setup.sowings,
            options: *options,
            result: None,
        };
        pos.recount();
        pos.settle(&mut ());
        Ok(pos)
    }

    fn turns_played(&self) -> Option<u32> {
        Some(self.sowings)
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn turn(&self) -> Turn {
        if self.result.is_some() {
            Turn::Over
        } else {
            Turn::Seat(Seat(self.side))
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.result.is_some() {
            return;
        }
        // Three moves copied and the unused ones cut off: no branch a random playout
        // would mispredict.
        let own = (self.movable() >> (3 * self.side)) & 0b111;
        let (list, len) = CHOICES[usize::from(self.side)][usize::from(own)];
        let keep = out.len() + usize::from(len);
        out.extend_from_slice(&list);
        out.truncate(keep);
    }

    fn play_unchecked(&mut self, mv: Move, events: &mut impl EventSink) {
        let mover = self.side;
        match mv.heap() {
            None => events.emit(Event::Pass { by: Seat(mover) }),
            Some(src) => {
                let last = self.sow(src);
                self.capture(mover, last, events);
                self.sowings += 1;
            }
        }
        self.side = if mover + 1 == self.players {
            0
        } else {
            mover + 1
        };
        self.settle(events);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result
    }

    fn score(&self, seat: Seat) -> i32 {
        (self.in_heaps(seat) + self.in_pics(seat) + u32::from(self.store(seat))) as i32
    }

    fn standing(&self, seat: Seat) -> Vec<(&'static str, i32)> {
        let mut figures = vec![
            ("in heaps", self.in_heaps(seat) as i32),
            ("in piç", self.in_pics(seat) as i32),
        ];
        if self.options.even_capture {
            figures.push((STORE, i32::from(self.store(seat))));
        }
        figures
    }
}
