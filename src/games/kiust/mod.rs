//! Kiust Oyun, exactly as `shared/rules/kiust-oyun.md` says: four columns of 12 points,
//! four stick dice, a race down the outer column and round the middle, capture with a 2.
//!
//! # How a turn is modelled
//!
//! The position between turns is a chance node ([`Turn::Chance`]): its outcomes are the
//! throws ([`Move::Throw`]), all over the one denominator 16. After a kiust the same player
//! holds the kiust right and throws again (another chance node). After any other throw the
//! player is to move ([`Turn::Seat`]) and chooses among [`Move::Step`]s of the value thrown;
//! on "four moves of 6" the seat stays to move while moves of the throw remain and one is
//! legal. A throw (or the rest of one) with no legal move is lost inside
//! [`Rules::play_unchecked`] ([`KiustEvent::ThrowLost`]), and the other player's throw follows.
//!
//! # House readings
//!
//! * The cap counts turns of both players together: when the 1,000th turn ends, the player
//!   with more pieces left wins, equal counts draw. The count is kept in the state but is
//!   not part of the position text; a parsed position starts it at 0.
//! * A capture that takes the last piece ends the game at once, whatever is left of the
//!   throw.
//! * The position text says nothing of a throw being played (it is the position at a chance
//!   node); `Debug` shows it.

mod board;
mod cheat;
mod diagram;
mod ends;
mod evaluate;
mod events;
mod first;
mod moves;
mod notation;
mod picture;
mod tableside;
mod tallies;
#[cfg(test)]
mod tests;
mod throw;
mod told;
mod view;

use serde::Deserialize;

pub use board::Point;
pub use cheat::TURN_STICK;
pub use ends::ALL_CAPTURED;
pub use events::KiustEvent;
pub use moves::Move;
pub use notation::{Invalid, START, Setup};
pub use tallies::KIUSTS;
pub use throw::Throw;

use super::{Chance, End, Event, EventSink, FirstTurn, Outcome, Place, Rules, Seat, Seating, Turn};
use board::{ENEMY_INNER, INNER};

/// Pieces per player at the start, and the most a position may hold.
pub const PIECES: u32 = 12;
/// Turns (of both players together) after which the game ends by the cap.
pub const CAP_TURNS: u16 = 1000;

/// What a throw with no flat side up is worth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllRound {
    /// Up to four moves of 6, one after another (the source's summary; the spec's table).
    #[default]
    FourSixes,
    /// A single move of 4 (the ethnographer's own words).
    Four,
}

/// The rule options of Kiust Oyun.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// What a throw with no flat side up is worth: `"four-sixes"` or `"four"`.
    pub all_round: AllRound,
}

/// The throws by flat sides up (4 down to 0), with their chances out of 16.
const THROWS: [(Throw, u32); 5] = [
    (Throw::Kiust, 1),
    (Throw::Six, 4),
    (Throw::Three, 6),
    (Throw::Two, 4),
    (Throw::FourSixes, 1),
];

/// A Kiust Oyun position. Seat 0 is player 1 (outer column `a`), seat 1 player 2 (`d`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kiust {
    /// Each player's pieces, as bitboards of points (see [`Point`]).
    pieces: [u64; 2],
    /// The player whose turn it is, 0 or 1.
    side: u8,
    /// Whether that player threw a kiust this turn.
    right: bool,
    /// The throw being played, or `None` at a chance node.
    throw: Option<Throw>,
    /// Moves of that throw still to make.
    left: u8,
    /// Turns finished so far (for the cap; not part of the position text).
    turns: u16,
    options: Options,
    result: Option<Outcome>,
}

impl Kiust {
    /// The pieces `seat` has left.
    #[must_use]
    pub fn pieces(&self, seat: Seat) -> u32 {
        self.pieces[seat.index()].count_ones()
    }

    /// Turns finished so far, of both players together.
    #[must_use]
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// Whether the player whose turn it is holds the kiust right.
    #[must_use]
    pub fn has_kiust_right(&self) -> bool {
        self.right
    }

    /// The throw being played and how many of its moves remain, between a throw and the
    /// end of its moves.
    #[must_use]
    pub fn throw_in_play(&self) -> Option<(Throw, u8)> {
        self.throw.map(|t| (t, self.left))
    }

    /// Calls `visit(from, to)` for each legal step of `distance` for the player to move, in
    /// order of the starting point, until it returns `true`; says whether it did.
    fn each_step(&self, distance: u8, mut visit: impl FnMut(Point, Point) -> bool) -> bool {
        let side = usize::from(self.side);
        let (own, enemy) = (self.pieces[side], self.pieces[1 - side]);
        let leaps = &board::LEAPS[side][board::distance_index(distance)];
        let mut bits = own;
        while bits != 0 {
            let from = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let leap = leaps[usize::from(from)];
            let to = 1u64 << leap.to;
            if own & to != 0 {
                continue;
            }
            // Landing on an opponent's piece is a capture: only with a 2, in an inner column.
            let captures = enemy & to != 0;
            if captures && (distance != 2 || to & INNER == 0) {
                continue;
            }
            // Passing an opponent's piece: only with a 3, or a 2 that captures.
            if enemy & leap.over != 0 && distance != 3 && !captures {
                continue;
            }
            // Ending in the opponent's inner row from outside it needs the kiust right.
            if to & ENEMY_INNER[side] != 0 && (1u64 << from) & ENEMY_INNER[side] == 0 && !self.right
            {
                continue;
            }
            if visit(Point::from_index(from), Point::from_index(leap.to)) {
                return true;
            }
        }
        false
    }

    /// Whether a move of the throw in play is legal.
    fn can_move(&self) -> bool {
        self.throw
            .is_some_and(|t| self.each_step(t.distance(), |_, _| true))
    }

    /// Hands the turn to the other player, and applies the cap.
    fn end_turn(&mut self, events: &mut impl EventSink) {
        self.side = 1 - self.side;
        self.right = false;
        self.throw = None;
        self.left = 0;
        self.turns = self.turns.saturating_add(1);
        if self.turns >= CAP_TURNS {
            let outcome = self.cap_outcome();
            self.result = Some(outcome);
            events.emit(Event::Over { outcome });
        }
    }

    /// The result at the cap: more pieces left wins, equal counts draw.
    fn cap_outcome(&self) -> Outcome {
        let (one, two) = (self.pieces(Seat(0)), self.pieces(Seat(1)));
        match one.cmp(&two) {
            std::cmp::Ordering::Greater => Outcome::win(Seat(0), End::Cap),
            std::cmp::Ordering::Less => Outcome::win(Seat(1), End::Cap),
            std::cmp::Ordering::Equal => Outcome::draw(End::Cap),
        }
    }
}

fn place(point: Point) -> Place {
    Place::Square {
        file: point.column(),
        rank: point.row(),
    }
}

impl Rules for Kiust {
    type Move = Move;
    type Options = Options;
    type Setup = Setup;
    type Invalid = Invalid;
    type Own = KiustEvent;
    const FACTS: crate::games::Facts = crate::games::Facts {
        id: "kiust-oyun",
        aliases: &["kiust"],
        title: "Kiust Oyun",
        unit: crate::games::Unit::Game,
        min_players: 2,
        max_players: 2,
        seat_names: crate::games::facts::NUMBERED,
        // The spec's first turn is a throw of the sticks by both; every game of a match
        // opens so.
        seating: Seating::CeremonyEachGame,
        rule_two: false,
        on_cheat: crate::games::OnCheat::LoseTurn,
        match_wins: None,
        ends: &[ALL_CAPTURED, End::Cap],
        tallies: &[crate::games::Tally::Captures, KIUSTS],
        perft_depth: 13,
        turns: "turns",
        chance: "the sticks",
        board: true,
        target: None,
        store: None,
        rules: &[crate::games::RuleOption {
            key: "all_round",
            takes: "four-sixes or four",
            default: "four-sixes",
            samples: &["four"],
        }],
    };

    fn start(players: usize, options: &Options) -> Result<Self, crate::games::StartError> {
        crate::games::StartError::check_players::<Self>(players)?;
        let setup = START.parse().expect("the start position reads");
        Ok(Kiust::from_setup(setup, options).expect("the rules allow the start position"))
    }

    fn from_setup(setup: Setup, options: &Options) -> Result<Self, Invalid> {
        let left = setup.check()?;
        let pieces = setup.pieces;
        // A player with no pieces left has lost, to a capture of their last piece.
        let result = match (pieces[0] == 0, pieces[1] == 0) {
            (true, _) => Some(Outcome::win(Seat(1), ALL_CAPTURED)),
            (false, true) => Some(Outcome::win(Seat(0), ALL_CAPTURED)),
            (false, false) => None,
        };
        let mut pos = Kiust {
            pieces,
            side: setup.side,
            right: setup.right,
            throw: setup.throw,
            left,
            turns: setup.turns,
            options: *options,
            result,
        };
        if pos.result.is_none() && pos.throw.is_some() && !pos.can_move() {
            return Err(Invalid::LostThrow);
        }
        if pos.result.is_none() && pos.turns >= CAP_TURNS {
            pos.result = Some(pos.cap_outcome());
        }
        Ok(pos)
    }

    fn turns_played(&self) -> Option<u32> {
        Some(u32::from(self.turns))
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match (self.result, self.throw) {
            (Some(_), _) => Turn::Over,
            (None, None) => Turn::Chance,
            (None, Some(_)) => Turn::Seat(Seat(self.side)),
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if let (None, Some(throw)) = (self.result, self.throw) {
            self.each_step(throw.distance(), |from, to| {
                out.push(Move::Step { from, to });
                false
            });
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Move, Chance)>) {
        if self.turn() != Turn::Chance {
            return;
        }
        for (throw, num) in THROWS {
            let throw = match (throw, self.options.all_round) {
                (Throw::FourSixes, AllRound::Four) => Throw::Four,
                _ => throw,
            };
            out.push((Move::Throw(throw), Chance::new(num, 16)));
        }
    }

    fn play_unchecked(&mut self, mv: Move, events: &mut impl EventSink) {
        let side = usize::from(self.side);
        let by = Seat(self.side);
        match mv {
            Move::Throw(throw) => {
                events.emit(KiustEvent::Throw { by, throw }.into());
                if throw == Throw::Kiust {
                    self.right = true;
                    return;
                }
                self.throw = Some(throw);
                self.left = if throw == Throw::FourSixes { 4 } else { 1 };
                if !self.can_move() {
                    events.emit(KiustEvent::ThrowLost { by }.into());
                    self.end_turn(events);
                }
            }
            Move::Step { from, to } => {
                self.pieces[side] = (self.pieces[side] & !from.bit()) | to.bit();
                if to.bit() & ENEMY_INNER[side] != 0 && from.bit() & ENEMY_INNER[side] == 0 {
                    events.emit(Event::Enter { by, at: place(to) });
                }
                if self.pieces[1 - side] & to.bit() != 0 {
                    self.pieces[1 - side] &= !to.bit();
                    events.emit(Event::Capture {
                        by,
                        victim: Seat(1 - self.side),
                        at: place(to),
                        count: 1,
                    });
                    if self.pieces[1 - side] == 0 {
                        // The game is won at once; the position is written as after any
                        // other turn ("the other player's turn follows"), the right gone.
                        self.side = 1 - self.side;
                        self.right = false;
                        self.throw = None;
                        self.left = 0;
                        let outcome = Outcome::win(by, ALL_CAPTURED);
                        self.result = Some(outcome);
                        events.emit(Event::Over { outcome });
                        return;
                    }
                }
                self.left = self.left.saturating_sub(1);
                if self.left == 0 {
                    self.end_turn(events);
                } else if !self.can_move() {
                    events.emit(KiustEvent::ThrowLost { by }.into());
                    self.end_turn(events);
                }
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result
    }

    fn score(&self, seat: Seat) -> i32 {
        self.pieces(seat) as i32
    }

    fn standing(&self, seat: Seat) -> Vec<(&'static str, i32)> {
        vec![("pieces left", self.score(seat))]
    }

    fn first_turn(players: usize, throws: &mut dyn crate::games::Throws) -> FirstTurn {
        first::first_turn(players, throws)
    }
}
