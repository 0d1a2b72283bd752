//! The position notation: `Black's Land / White's Land ; supplies ; scores ; side`.
//!
//! A position in the spec's notation takes the turn before it as not a pass and the turn
//! count as 0 (the spec's "Perft"); the full text (`{pos:#}`) adds both after ` | `. A
//! position where a player already has 21 points is over: the round ended with the turn
//! of the side not to move.
//!
//! Reading is two steps: the text into a [`Setup`], which checks the notation only; then
//! the setup into a position ([`Rules::from_setup`]), which the rules judge: at most 5
//! stones a trap, at most 15 of a colour in the supply and on the board ([`Invalid`]).

use std::fmt;
use std::str::FromStr;

use super::{Oicus, Options, STALLED, STONES, TRAP_LIMIT, TRAPS};
use crate::games::{Outcome, ParseError, PositionError, Rules, Seat};

/// An Òicustiỳtac position as its text says it, not yet judged by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Stones of each colour in each trap, as the text lists them (past 255, 255).
    pub(super) stones: [[u8; TRAPS]; 2],
    /// Stones not yet whelped, per colour.
    pub(super) supply: [u8; 2],
    /// Points, per colour.
    pub(super) points: [u8; 2],
    /// The side to move, 0 (Black) or 1 (White).
    pub(super) side: u8,
    /// How many of the last turns were passes: 0, 1, or 2 when the round stalled.
    pub(super) passes: u8,
    /// Turns played (for the cap).
    pub(super) turns: u16,
}

/// Why the rules refuse a setup as an Òicustiỳtac position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// A trap holds more stones than rule 8 lets a turn leave there.
    #[error("{}'s trap {trap} holds more than 5 stones", if land.0 == 0 { "Black" } else { "White" })]
    Crowded {
        /// Whose Land.
        land: Seat,
        /// The trap, 1 to 10.
        trap: u8,
    },
    /// More stones of a colour than a player has.
    #[error("{total} {} stones in the supply and on the board, more than 15", if colour.0 == 0 { "black" } else { "white" })]
    TooManyStones {
        /// Whose.
        colour: Seat,
        /// How many.
        total: u32,
    },
}

impl Setup {
    /// What the rules say against the setup, in the spec's order.
    pub(super) fn check(&self) -> Result<(), Invalid> {
        for index in 0..TRAPS {
            let here = u16::from(self.stones[0][index]) + u16::from(self.stones[1][index]);
            if here > u16::from(TRAP_LIMIT) {
                return Err(Invalid::Crowded {
                    land: Seat((index / 10) as u8),
                    trap: (index % 10) as u8 + 1,
                });
            }
        }
        for colour in 0..2 {
            let total = u32::from(self.supply[colour])
                + self.stones[colour]
                    .iter()
                    .map(|&n| u32::from(n))
                    .sum::<u32>();
            if total > u32::from(STONES) {
                return Err(Invalid::TooManyStones {
                    colour: Seat(colour as u8),
                    total,
                });
            }
        }
        Ok(())
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads the spec's notation, optionally followed by the state it leaves out:
    /// ` | turns=N passes=P`, the turns played (for the cap) and how many of the last
    /// turns were passes (0, 1, or 2 when the round stalled).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: String| ParseError::position(s, why);
        let (spec, state) = crate::games::split_state(s)?;
        let (mut turns, mut passes) = (0u16, 0u8);
        for (key, value) in state {
            match key {
                "turns" => turns = crate::games::state_number(s, key, value)?,
                "passes" => passes = crate::games::state_number(s, key, value)?,
                other => return Err(crate::games::unknown_state(s, other, "turns and passes")),
            }
        }
        if passes > 2 {
            return Err(bad(format!("`passes={passes}`: a round stalls at 2")));
        }
        let fields: Vec<&str> = spec.split(';').map(str::trim).collect();
        let [board, supplies, scores, side] = fields[..] else {
            return Err(bad(format!(
                "expected 4 fields separated by `;` (traps, supplies, scores, side), found {}",
                fields.len()
            )));
        };
        let stones = read_lands(board).map_err(&bad)?;
        let supply = pair(supplies, "stones in supply").map_err(&bad)?;
        let points = pair(scores, "points").map_err(&bad)?;
        let side = match side {
            "b" => 0,
            "w" => 1,
            other => {
                return Err(bad(format!(
                    "the side to move is `b` or `w`, not `{other}`"
                )));
            }
        };
        Ok(Setup {
            stones,
            supply,
            points,
            side,
            passes,
            turns,
        })
    }
}

/// Both Lands' traps, as the stones of each colour in each.
fn read_lands(board: &str) -> Result<[[u8; TRAPS]; 2], String> {
    let lands: Vec<&str> = board.split('/').collect();
    if lands.len() != 2 {
        return Err(format!(
            "expected two Lands separated by `/`, found {}",
            lands.len()
        ));
    }
    let mut stones = [[0u8; TRAPS]; 2];
    for (land, (text, owner)) in lands.iter().zip(["Black", "White"]).enumerate() {
        let traps: Vec<&str> = text.split_whitespace().collect();
        if traps.len() != 10 {
            return Err(format!("{owner}'s Land has {} traps, not 10", traps.len()));
        }
        for (t, trap) in traps.iter().enumerate() {
            if *trap == "." {
                continue;
            }
            let index = land * 10 + t;
            for c in trap.chars() {
                let colour = match c {
                    'b' => 0,
                    'w' => 1,
                    '.' => {
                        return Err(format!(
                            "{owner}'s trap {} mixes `.` with stones; `.` stands alone",
                            t + 1
                        ));
                    }
                    other => {
                        return Err(format!(
                            "`{other}` in {owner}'s trap {} is not `b`, `w` or `.`",
                            t + 1
                        ));
                    }
                };
                stones[colour][index] = stones[colour][index].saturating_add(1);
            }
        }
    }
    Ok(stones)
}

/// Two numbers, black's and white's, of `what`.
fn pair(text: &str, what: &str) -> Result<[u8; 2], String> {
    let nums: Vec<&str> = text.split_whitespace().collect();
    let [a, b] = nums[..] else {
        return Err(format!("expected two {what} (black white), not `{text}`"));
    };
    let num = |t: &str| {
        t.parse::<u8>()
            .ok()
            .filter(|_| t.bytes().all(|c| c.is_ascii_digit()))
            .ok_or_else(|| format!("`{t}` is not a number of {what} 0 to 255"))
    };
    Ok([num(a)?, num(b)?])
}

impl FromStr for Oicus {
    type Err = PositionError;

    /// Reads a position under the default rule options ([`Rules::from_text`]).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Oicus::from_text(s, &Options::default())
    }
}

impl fmt::Display for Oicus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for land in 0..2 {
            if land == 1 {
                f.write_str(" /")?;
            }
            for t in 0..10 {
                let i = land * 10 + t;
                if land == 1 || t > 0 {
                    f.write_str(" ")?;
                }
                let (b, w) = (self.stones[0][i], self.stones[1][i]);
                if b + w == 0 {
                    f.write_str(".")?;
                }
                (0..b).try_for_each(|_| f.write_str("b"))?;
                (0..w).try_for_each(|_| f.write_str("w"))?;
            }
        }
        write!(
            f,
            " ; {} {} ; {} {} ; {}",
            self.supply[0],
            self.supply[1],
            self.points[0],
            self.points[1],
            if self.side == 0 { 'b' } else { 'w' }
        )?;
        if f.alternate() {
            let passes = match self.result {
                Some(Outcome { end: STALLED, .. }) => 2,
                _ => u8::from(self.passed),
            };
            write!(f, " | turns={} passes={passes}", self.turns)?;
        }
        Ok(())
    }
}
