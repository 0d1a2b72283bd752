//! Òicustiỳtac ("dogfight"), one round of it, exactly as `shared/rules/oicustiytac.md`
//! says: two Lands of ten traps, whelping, vertical and diagonal moves, crowding, bringing
//! down and bringing home, a round to 21 points.
//!
//! A value of [`Oicus`] is one round; the match layer plays rounds to three and hands the
//! black stones to the winner of the last one. Seat 0 is Black, who moves first; seat 1 is
//! White. A move is one whole turn ([`Move`]); [`Rules::legal_moves`] lists every distinct
//! turn once, two turns being the same when they are the same multiset of actions.

mod actions;
mod cheat;
mod evaluate;
mod events;
mod first;
mod generate;
mod position;
mod tableside;
mod told;
mod turns;
mod view;

mod diagram;
mod ends;
mod moves;
mod picture;
mod tallies;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_examples;
#[cfg(test)]
mod tests_reference;

use serde::Deserialize;

pub use cheat::EXTRA_STONE;
pub use ends::{POINTS, STALLED};
pub use events::OicusEvent;
pub use moves::{Action, ActionKind, Move};
pub use position::{Invalid, Setup};
pub use tallies::{DOWN, HOME};

use super::{End, Event, EventSink, FirstTurn, Outcome, Place, Rules, Seat, Turn};

/// Stones per player in a round.
pub const STONES: u8 = 15;
/// Points that end a round.
pub const TARGET: u8 = 21;
/// The most stones a trap holds after a turn (rule 8).
pub const TRAP_LIMIT: u8 = 5;
/// Traps on the board: Black's Land (indices 0–9, trap `t` at `t − 1`), then White's.
pub const TRAPS: usize = 20;

/// The start of a round.
pub const START: &str = ". . . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0 ; b";

/// Who takes a round that ends at 21 or more points on equal scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EqualAt21 {
    /// The player who just moved (the spec's house reading).
    #[default]
    Mover,
    /// Nobody: the round is drawn, like a stalled round on equal scores.
    Drawn,
}

/// The rule options of Òicustiỳtac (the spec's house readings that could go another way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// Turns (passes included) after which the round ends and the score decides; 0 for
    /// no cap. The spec's house reading is 300.
    pub turn_cap: u16,
    /// Who takes a round ended by points on equal scores.
    pub equal_at_21: EqualAt21,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            turn_cap: 300,
            equal_at_21: EqualAt21::Mover,
        }
    }
}

/// One round of Òicustiỳtac. Seat 0 is Black, seat 1 White.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Oicus {
    /// Stones of each colour (black, white) in each trap, by trap index.
    stones: [[u8; TRAPS]; 2],
    /// Stones not yet whelped, per colour.
    supply: [u8; 2],
    /// Points, per colour.
    points: [u8; 2],
    /// The side to move, 0 (Black) or 1 (White).
    side: u8,
    /// Whether the turn just played was a pass (not part of the position text).
    passed: bool,
    /// Turns played this round, for the cap (not part of the position text).
    turns: u16,
    options: Options,
    result: Option<Outcome>,
}

impl Oicus {
    /// The stones of `seat` in the trap at `index` (`land * 10 + trap − 1`).
    #[must_use]
    pub fn stones_at(&self, seat: Seat, index: usize) -> u8 {
        self.stones[seat.index()][index]
    }

    /// The stones of `seat` still in the supply.
    #[must_use]
    pub fn supply(&self, seat: Seat) -> u8 {
        self.supply[seat.index()]
    }

    /// The stones of `seat` on the board.
    #[must_use]
    pub fn on_board(&self, seat: Seat) -> u8 {
        self.stones[seat.index()].iter().sum()
    }

    /// Turns played this round (passes included).
    #[must_use]
    pub fn turns_played(&self) -> u16 {
        self.turns
    }

    /// The place a trap index names.
    fn place(index: usize) -> Place {
        Place::Trap {
            land: Seat((index / 10) as u8),
            trap: (index % 10) as u8 + 1,
        }
    }

    /// The winner on the score, if there is one.
    fn leader(&self) -> Option<Seat> {
        match self.points[0].cmp(&self.points[1]) {
            std::cmp::Ordering::Greater => Some(Seat(0)),
            std::cmp::Ordering::Less => Some(Seat(1)),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Decides whether the round ended with the turn `mover` just played (`passed` says
    /// whether that turn was a pass, `before` whether the turn before it was one).
    fn settle(&mut self, mover: u8, passed: bool, before: bool, events: &mut impl EventSink) {
        let by_score = |end| {
            self.leader()
                .map_or(Outcome::draw(end), |s| Outcome::win(s, end))
        };
        let outcome = if self.points.iter().any(|&p| p >= TARGET) {
            match (self.leader(), self.options.equal_at_21) {
                (Some(s), _) => Outcome::win(s, POINTS),
                (None, EqualAt21::Mover) => Outcome::win(Seat(mover), POINTS),
                (None, EqualAt21::Drawn) => Outcome::draw(POINTS),
            }
        } else if passed && before {
            by_score(STALLED)
        } else if self.options.turn_cap > 0 && self.turns >= self.options.turn_cap {
            by_score(End::Cap)
        } else {
            return;
        };
        self.result = Some(outcome);
        events.emit(Event::Over { outcome });
    }
}

impl Rules for Oicus {
    type Move = Move;
    type Options = Options;
    type Setup = Setup;
    type Invalid = Invalid;
    type Own = OicusEvent;
    const FACTS: super::Facts = super::Facts {
        id: "oicustiytac",
        aliases: &["joicustijytac", "dogfight", "òicustiỳtac"],
        title: "Òicustiỳtac",
        unit: super::Unit::Round,
        min_players: 2,
        max_players: 2,
        seat_names: &["Black", "White"],
        // Rule 10: the winner of a round plays Black (seat 0) in the next; a drawn round
        // is replayed with the same colours.
        seating: super::Seating::WinnerFirst,
        // "The first player to win 3 rounds wins the game."
        rule_two: true,
        on_cheat: crate::games::OnCheat::ForfeitGame,
        match_wins: Some(3),
        ends: &[POINTS, STALLED, End::Cap],
        tallies: &[super::Tally::Points, DOWN, HOME],
        perft_depth: 6,
        turns: "turns",
        chance: "the bag",
        board: true,
        target: Some(TARGET),
        store: None,
        rules: &[
            super::RuleOption {
                key: "turn_cap",
                takes: "a whole number of turns before a round is scored as it stands, 1 to 3000 (0, never, with taproom engine)",
                default: "300",
                samples: &["30", "60", "100", "160", "220", "600"],
            },
            super::RuleOption {
                key: "equal_at_21",
                takes: "mover or drawn",
                default: "mover",
                samples: &["drawn"],
            },
        ],
    };

    fn start(players: usize, options: &Options) -> Result<Self, super::StartError> {
        super::StartError::check_players::<Self>(players)?;
        let setup = START.parse().expect("the start position reads");
        Ok(Oicus::from_setup(setup, options).expect("the rules allow the start position"))
    }

    fn from_setup(setup: Setup, options: &Options) -> Result<Self, Invalid> {
        setup.check()?;
        let passes = setup.passes;
        let mut pos = Oicus {
            stones: setup.stones,
            supply: setup.supply,
            points: setup.points,
            side: setup.side,
            passed: passes >= 1,
            turns: setup.turns,
            options: *options,
            result: None,
        };
        pos.settle(1 - pos.side, passes >= 1, passes == 2, &mut ());
        Ok(pos)
    }

    fn turns_played(&self) -> Option<u32> {
        Some(u32::from(self.turns))
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.result.is_some() {
            Turn::Over
        } else {
            Turn::Seat(Seat(self.side))
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.result.is_none() {
            self.legal_turns(out);
        }
    }

    fn play_unchecked(&mut self, mv: Move, events: &mut impl EventSink) {
        let mover = self.side;
        let before = self.passed;
        if mv.is_pass() {
            events.emit(Event::Pass { by: Seat(mover) });
        } else {
            self.apply(mv, events);
        }
        self.passed = mv.is_pass();
        self.turns = self.turns.saturating_add(1);
        self.side = 1 - mover;
        self.settle(mover, mv.is_pass(), before, events);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.points[seat.index()])
    }

    fn standing(&self, seat: Seat) -> Vec<(&'static str, i32)> {
        // Stones brought down and home are counted from the events by the match layer.
        vec![("points", self.score(seat))]
    }

    fn first_turn(players: usize, throws: &mut dyn crate::games::Throws) -> FirstTurn {
        first::draw(players, throws)
    }
}

impl std::fmt::Debug for Oicus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Oicus({self})")
    }
}
