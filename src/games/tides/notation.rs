//! The position notation of the spec, read in two steps: the text into a [`Setup`] (what
//! stands where, the side to move, the plies since the last capture), which checks the
//! notation only; then the setup into a position ([`Rules::from_setup`]), which the rules
//! judge: at most 14 stones a side, none in its own town ([`Invalid`]).

use std::fmt;
use std::str::FromStr;

use super::board::{BLACK_TOWN, WHITE_TOWN};
use super::{Options, STONES, Tides};
use crate::games::{ParseError, PositionError, Rules, Seat};

/// The start position.
pub const START: &str = ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW. w";

/// A Tides of War position as its text says it, not yet judged by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// White's and Black's stones, as bitboards.
    pub(super) stones: [u64; 2],
    /// The side to move, 0 or 1.
    pub(super) side: u8,
    /// Plies since the last capture.
    pub(super) quiet: u16,
}

/// Why the rules refuse a setup as a Tides of War position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// A side has more stones than it starts with.
    #[error("{} has {stones} stones, more than 14", side_name(*side))]
    TooManyStones {
        /// Whose.
        side: Seat,
        /// How many.
        stones: u32,
    },
    /// A stone stands in its own side's town.
    #[error("a {0} stone stands in {0}'s own town {1}", side_name(*side), if side.0 == 0 { "a1" } else { "f6" })]
    OwnTown {
        /// Whose.
        side: Seat,
    },
}

/// "White" or "Black".
fn side_name(side: Seat) -> &'static str {
    if side.0 == 0 { "White" } else { "Black" }
}

impl Setup {
    /// What the rules say against the setup, in the spec's order.
    pub(super) fn check(&self) -> Result<(), Invalid> {
        for (side, bb) in (0u8..).zip(self.stones) {
            if bb.count_ones() > STONES {
                return Err(Invalid::TooManyStones {
                    side: Seat(side),
                    stones: bb.count_ones(),
                });
            }
        }
        for (side, town) in (0u8..).zip([WHITE_TOWN, BLACK_TOWN]) {
            if self.stones[usize::from(side)] & 1 << town != 0 {
                return Err(Invalid::OwnTown { side: Seat(side) });
            }
        }
        Ok(())
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads the spec's notation, optionally followed by the state it leaves out:
    /// ` | quiet=N`, the plies since the last capture.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| ParseError::position(s, why);
        let (spec, state) = crate::games::split_state(s)?;
        let mut quiet = 0;
        for (key, value) in state {
            match key {
                "quiet" => quiet = crate::games::state_number(s, key, value)?,
                other => return Err(crate::games::unknown_state(s, other, "quiet")),
            }
        }
        let (board_text, side_text) = spec
            .trim()
            .split_once(' ')
            .ok_or_else(|| bad("expected the board, a space and `w` or `b`"))?;
        let side = match side_text.trim() {
            "w" => 0,
            "b" => 1,
            other => {
                return Err(bad(&format!(
                    "the side to move is `w` or `b`, not `{other}`"
                )));
            }
        };
        let stones = read_board(board_text).map_err(|why| bad(&why))?;
        Ok(Setup {
            stones,
            side,
            quiet,
        })
    }
}

/// The six ranks from rank 6 down, as White's and Black's bitboards; or what is wrong.
fn read_board(text: &str) -> Result<[u64; 2], String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 6 {
        return Err(format!(
            "expected 6 ranks separated by `/`, found {}",
            ranks.len()
        ));
    }
    let mut stones = [0u64; 2];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 5 - i;
        if rank_text.chars().count() != 6 {
            return Err(format!(
                "rank {} has {} squares, not 6",
                rank + 1,
                rank_text.chars().count()
            ));
        }
        for (file, c) in rank_text.chars().enumerate() {
            let bit = 1u64 << (rank * 6 + file);
            match c {
                'W' => stones[0] |= bit,
                'B' => stones[1] |= bit,
                '.' => {}
                other => return Err(format!("`{other}` is not `W`, `B` or `.`")),
            }
        }
    }
    Ok(stones)
}

impl FromStr for Tides {
    type Err = PositionError;

    /// Reads a position under the default rule options ([`Rules::from_text`]).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Tides::from_text(s, &Options::default())
    }
}

impl fmt::Display for Tides {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..6).rev() {
            for file in 0..6 {
                let bit = 1u64 << (rank * 6 + file);
                let c = if self.stones[0] & bit != 0 {
                    'W'
                } else if self.stones[1] & bit != 0 {
                    'B'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        write!(f, " {}", if self.side == 0 { 'w' } else { 'b' })?;
        if f.alternate() {
            write!(f, " | quiet={}", self.quiet)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Tides {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tides({self})")
    }
}
