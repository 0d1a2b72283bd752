//! Tides of War, exactly as `shared/rules/tides-of-war.md` says: a 6×6 board, corner towns,
//! a river, king steps and optional jump chains.

mod board;
mod cheat;
mod diagram;
mod ends;
mod evaluate;
mod moves;
mod notation;
mod picture;
mod tableside;
#[cfg(test)]
mod tests;
mod view;

use serde::Deserialize;

pub use cheat::NUDGE;
pub use ends::{BLOCKADE, CONQUEST, MASSACRE, TRUCE};
pub use moves::Move;
pub use notation::{Invalid, START, Setup};

use super::{Event, EventSink, Outcome, Place, Rules, Seat, Turn};
use board::{BLACK_TOWN, WHITE_TOWN};

/// Stones per side at the start, and the most a position may hold.
const STONES: u32 = 14;

/// The rule options of Tides of War.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// Plies without a capture after which the game is drawn (0 = never).
    pub truce_after: u16,
}

impl Default for Options {
    fn default() -> Self {
        Options { truce_after: 60 }
    }
}

/// A Tides of War position. Seat 0 is White (town `a1`), seat 1 Black (town `f6`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tides {
    /// White's and Black's stones, as bitboards.
    stones: [u64; 2],
    /// The side to move, 0 or 1.
    side: u8,
    /// Plies since the last capture (for the truce; not part of the position).
    quiet: u16,
    options: Options,
    result: Option<Outcome>,
}

impl Tides {
    fn town(side: u8) -> u8 {
        if side == 0 { WHITE_TOWN } else { BLACK_TOWN }
    }

    /// The stones of `seat` still on the board.
    #[must_use]
    pub fn stones(&self, seat: Seat) -> u32 {
        self.stones[seat.index()].count_ones()
    }

    /// Plies since the last capture.
    #[must_use]
    pub fn quiet_plies(&self) -> u16 {
        self.quiet
    }

    fn empty(&self) -> u64 {
        board::ALL & !(self.stones[0] | self.stones[1])
    }

    /// Whether the side to move has any legal move at all (cheaply, with bitboards).
    fn can_move(&self) -> bool {
        let side = usize::from(self.side);
        let (own, enemy) = (self.stones[side], self.stones[1 - side]);
        let open = self.empty() & !(1u64 << Self::town(self.side));
        (0..8).any(|d| {
            board::shift(own, d) & open != 0
                || board::shift(board::shift(own, d) & enemy, d) & open != 0
        })
    }

    /// Appends every jump chain (and each prefix of it) that continues `path` from `at`.
    fn jumps(&self, at: u8, path: Move, blockers: u64, enemy: u64, out: &mut Vec<Move>) {
        let own_town = Self::town(self.side);
        let enemy_town = Self::town(1 - self.side);
        for d in 0..8 {
            let Some(mid) = board::step(at, d) else {
                continue;
            };
            if enemy & (1 << mid) == 0 {
                continue;
            }
            let Some(land) = board::step(mid, d) else {
                continue;
            };
            if (blockers | enemy) & (1 << land) != 0 || land == own_town {
                continue;
            }
            let mv = path.jump(d);
            out.push(mv);
            let left = enemy & !(1 << mid);
            if land != enemy_town && left != 0 {
                self.jumps(land, mv, blockers, left, out);
            }
        }
    }

    /// Decides whether the game has ended after `self.side` was handed the move.
    fn settle(&mut self, mover: u8, events: &mut impl EventSink) {
        let me = Seat(mover);
        let end = if self.stones[usize::from(mover)] & (1 << Self::town(1 - mover)) != 0 {
            Some(Outcome::win(me, CONQUEST))
        } else if self.stones[usize::from(1 - mover)] == 0 {
            Some(Outcome::win(me, MASSACRE))
        } else if self.options.truce_after > 0 && self.quiet >= self.options.truce_after {
            Some(Outcome::draw(TRUCE))
        } else if !self.can_move() {
            Some(Outcome::win(me, BLOCKADE))
        } else {
            None
        };
        if let Some(outcome) = end {
            self.result = Some(outcome);
            events.emit(Event::Over { outcome });
        }
    }
}

impl Tides {
    /// Decides whether a position just read is already over: the side that moved last is
    /// the other one, unless the side to move already holds the enemy town or has taken
    /// every enemy stone, which it did on its own previous move.
    fn judge_as_read(&mut self) {
        let side = self.side;
        let last = 1 - side;
        let stones = self.stones;
        if stones[usize::from(side)] & 1 << Tides::town(last) != 0 || stones[usize::from(last)] == 0
        {
            self.side = last;
            self.settle(side, &mut ());
            self.side = side;
        } else {
            self.settle(last, &mut ());
        }
    }
}

impl Rules for Tides {
    type Move = Move;
    type Options = Options;
    type Setup = Setup;
    type Invalid = Invalid;
    type Own = super::NoOwn;
    const FACTS: super::Facts = super::Facts {
        id: "tides-of-war",
        aliases: &["tides"],
        title: "Tides of War",
        unit: super::Unit::Game,
        min_players: 2,
        max_players: 2,
        seat_names: &["White", "Black"],
        seating: super::Seating::Rotate,
        rule_two: false,
        on_cheat: crate::games::OnCheat::ForfeitGame,
        match_wins: None,
        ends: &[CONQUEST, MASSACRE, BLOCKADE, TRUCE],
        tallies: &[super::Tally::Captures],
        perft_depth: 8,
        turns: "moves",
        chance: "the lot",
        board: true,
        target: None,
        store: None,
        rules: &[super::RuleOption {
            key: "truce_after",
            takes: "a whole number of moves without a capture before the game is drawn, 1 to 1000 (0, never, with taproom engine)",
            default: "60",
            samples: &["8", "16", "30", "45", "90", "150", "400"],
        }],
    };

    fn start(players: usize, options: &Options) -> Result<Self, super::StartError> {
        super::StartError::check_players::<Self>(players)?;
        let setup = START.parse().expect("the start position reads");
        Ok(Tides::from_setup(setup, options).expect("the rules allow the start position"))
    }

    fn from_setup(setup: Setup, options: &Options) -> Result<Self, Invalid> {
        setup.check()?;
        let mut pos = Tides {
            stones: setup.stones,
            side: setup.side,
            quiet: setup.quiet,
            options: *options,
            result: None,
        };
        pos.judge_as_read();
        Ok(pos)
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
        if self.result.is_some() {
            return;
        }
        let side = usize::from(self.side);
        let (own, enemy) = (self.stones[side], self.stones[1 - side]);
        let open = self.empty() & !(1u64 << Self::town(self.side));
        for d in 0..8 {
            let mut targets = board::shift(own, d) & open;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let from = board::step(to, (d + 4) % 8).expect("a step has a source");
                out.push(Move::step(from, d));
            }
        }
        // Only stones next to an enemy stone can start a jump.
        let mut near = 0;
        for d in 0..8 {
            near |= board::shift(enemy, d);
        }
        let mut jumpers = own & near;
        while jumpers != 0 {
            let from = jumpers.trailing_zeros() as u8;
            jumpers &= jumpers - 1;
            self.jumps(from, Move::chain(from), own & !(1 << from), enemy, out);
        }
    }

    fn play_unchecked(&mut self, mv: Move, events: &mut impl EventSink) {
        let side = usize::from(self.side);
        let me = Seat(self.side);
        let from = mv.from();
        let mut at = from;
        if mv.jumps() == 0 {
            at = board::step(from, mv.dir(0)).expect("legal step");
            self.quiet = self.quiet.saturating_add(1);
        } else {
            for i in 0..mv.jumps() {
                let d = mv.dir(i);
                let mid = board::step(at, d).expect("legal jump");
                at = board::step(mid, d).expect("legal jump");
                self.stones[1 - side] &= !(1 << mid);
                events.emit(Event::Capture {
                    by: me,
                    victim: Seat(1 - self.side),
                    at: Place::Square {
                        file: mid % 6,
                        rank: mid / 6 + 1,
                    },
                    count: 1,
                });
            }
            self.quiet = 0;
        }
        self.stones[side] = (self.stones[side] & !(1 << from)) | 1 << at;
        if at == Self::town(1 - self.side) {
            events.emit(Event::Enter {
                by: me,
                at: Place::Square {
                    file: at % 6,
                    rank: at / 6 + 1,
                },
            });
        }
        let mover = self.side;
        self.side = 1 - self.side;
        self.settle(mover, events);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result
    }

    fn score(&self, seat: Seat) -> i32 {
        self.stones(seat) as i32
    }

    fn standing(&self, seat: Seat) -> Vec<(&'static str, i32)> {
        vec![("stones left", self.stones(seat) as i32)]
    }
}
