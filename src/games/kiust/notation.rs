//! The position notation of the spec, read in two steps: the text into a [`Setup`] (the
//! columns `a` to `d` as 12 characters each from row 1 to row 12, separated by `/`; `;` and
//! the player to move; ` k` for the kiust right; then the state the spec leaves out), which
//! checks the notation only; then the setup into a position ([`Rules::from_setup`]), which
//! the rules judge: every piece on its owner's track, at most 12 a player, a throw in play
//! that has a move ([`Invalid`]).

use std::fmt;
use std::str::FromStr;

use super::board::{COL_A, COL_D, POINTS, Point, ROWS};
use super::{Kiust, Options, PIECES, Throw};
use crate::games::{ParseError, PositionError, Rules, Seat};

/// The start position.
pub const START: &str = "111111111111/............/............/222222222222 ; 1";

/// A Kiust Oyun position as its text says it, not yet judged by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Each player's pieces, as bitboards of points.
    pub(super) pieces: [u64; 2],
    /// The player to move, 0 or 1.
    pub(super) side: u8,
    /// Whether that player holds the kiust right.
    pub(super) right: bool,
    /// The throw being played, if any.
    pub(super) throw: Option<Throw>,
    /// The moves of it still to make, where the text says (else all of them).
    pub(super) left: Option<u8>,
    /// Turns finished (for the cap).
    pub(super) turns: u16,
}

/// Why the rules refuse a setup as a Kiust Oyun position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// A piece off its owner's track: player 1's in column d, player 2's in column a.
    #[error("a piece of player {} stands in column {}, off its track", .player.0 + 1, if player.0 == 0 { 'd' } else { 'a' })]
    OffTrack {
        /// Whose.
        player: Seat,
    },
    /// More pieces than a player starts with.
    #[error("player {} has {pieces} pieces, more than 12", .player.0 + 1)]
    TooManyPieces {
        /// Whose.
        player: Seat,
        /// How many.
        pieces: u32,
    },
    /// Nobody has a piece: no capture ends a game so.
    #[error("neither player has a piece")]
    NoPieces,
    /// Moves left of a throw that it does not have.
    #[error("a throw of {} leaves 1 to {most} moves, not {left}", throw.map_or("-".to_owned(), |t| t.to_string()))]
    MovesLeft {
        /// The throw in play, if any.
        throw: Option<Throw>,
        /// The moves left, as the text says.
        left: u8,
        /// The most that throw leaves.
        most: u8,
    },
    /// A throw in play with no legal move: it would have been lost.
    #[error("the throw being played has no legal move here, so it was lost")]
    LostThrow,
}

impl Setup {
    /// What the rules say against the setup's pieces, in the spec's order; the moves left
    /// of the throw in play if they fit it.
    pub(super) fn check(&self) -> Result<u8, Invalid> {
        let pieces = self.pieces;
        if pieces[0] & COL_D != 0 {
            return Err(Invalid::OffTrack { player: Seat(0) });
        }
        if pieces[1] & COL_A != 0 {
            return Err(Invalid::OffTrack { player: Seat(1) });
        }
        for (player, bits) in (0u8..).zip(pieces) {
            if bits.count_ones() > PIECES {
                return Err(Invalid::TooManyPieces {
                    player: Seat(player),
                    pieces: bits.count_ones(),
                });
            }
        }
        if pieces == [0, 0] {
            return Err(Invalid::NoPieces);
        }
        let most = match self.throw {
            None => 0,
            Some(Throw::FourSixes) => 4,
            Some(_) => 1,
        };
        let left = self.left.unwrap_or(most);
        if (self.throw.is_some() && left == 0) || left > most {
            return Err(Invalid::MovesLeft {
                throw: self.throw,
                left,
                most,
            });
        }
        Ok(left)
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads the spec's notation, optionally followed by the state it leaves out:
    /// ` | throw=T left=N turns=N`, the throw being played (`-` for none: the sticks are
    /// due), the moves of it still to make, and the turns finished (for the cap).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| ParseError::position(s, why);
        let (spec, state) = crate::games::split_state(s)?;
        let (throw, left, turns) = read_state(s, &state)?;
        let (board_text, rest) = spec
            .split_once(';')
            .ok_or_else(|| bad("expected the columns, `;` and the player to move"))?;
        let (side, right) = read_mover(rest).map_err(|why| bad(&why))?;
        let pieces = read_columns(board_text).map_err(|why| bad(&why))?;
        Ok(Setup {
            pieces,
            side,
            right,
            throw,
            left,
            turns,
        })
    }
}

/// The state part's throw, moves left and turns.
fn read_state(
    s: &str,
    state: &crate::games::StatePairs<'_>,
) -> Result<(Option<Throw>, Option<u8>, u16), ParseError> {
    let (mut throw, mut left, mut turns) = (None, None, 0u16);
    for &(key, value) in state {
        match key {
            "throw" if value == "-" => throw = None,
            "throw" => match value.parse::<super::Move>() {
                Ok(super::Move::Throw(t)) if t != Throw::Kiust => throw = Some(t),
                _ => {
                    return Err(ParseError::position(
                        s,
                        format!("`throw={value}` is not a throw to move by"),
                    ));
                }
            },
            "left" => left = Some(crate::games::state_number::<u8>(s, key, value)?),
            "turns" => turns = crate::games::state_number(s, key, value)?,
            other => {
                return Err(crate::games::unknown_state(
                    s,
                    other,
                    "throw, left and turns",
                ));
            }
        }
    }
    Ok((throw, left, turns))
}

/// After the `;`: the player to move, 0 or 1, and whether they hold the kiust right.
fn read_mover(rest: &str) -> Result<(u8, bool), String> {
    let mut words = rest.split_whitespace();
    let side = match words.next() {
        Some("1") => 0,
        Some("2") => 1,
        Some(other) => return Err(format!("the player to move is `1` or `2`, not `{other}`")),
        None => return Err("the player to move (`1` or `2`) is missing after `;`".to_owned()),
    };
    let right = match words.next() {
        None => false,
        Some("k") => true,
        Some(other) => {
            return Err(format!(
                "after the player to move only `k` (the kiust right) may follow, not `{other}`"
            ));
        }
    };
    if let Some(extra) = words.next() {
        return Err(format!("unexpected `{extra}` at the end"));
    }
    Ok((side, right))
}

/// The four columns, as each player's bitboard.
fn read_columns(text: &str) -> Result<[u64; 2], String> {
    let columns: Vec<&str> = text.trim().split('/').collect();
    if columns.len() != 4 {
        return Err(format!(
            "expected 4 columns separated by `/`, found {}",
            columns.len()
        ));
    }
    let mut pieces = [0u64; 2];
    for (column, text) in (0u8..).zip(&columns) {
        let name = char::from(b'a' + column);
        let count = text.chars().count();
        if count != usize::from(ROWS) {
            return Err(format!("column {name} has {count} points, not 12"));
        }
        for (row, c) in (1u8..).zip(text.chars()) {
            let Some(point) = Point::new(column, row) else {
                continue;
            };
            match c {
                '1' => pieces[0] |= point.bit(),
                '2' => pieces[1] |= point.bit(),
                '.' => {}
                other => return Err(format!("`{other}` at {point} is not `1`, `2` or `.`")),
            }
        }
    }
    Ok(pieces)
}

impl FromStr for Kiust {
    type Err = PositionError;

    /// Reads a position under the default rule options ([`Rules::from_text`]). A player with
    /// no pieces left has lost (to a capture of their last piece); both players without
    /// pieces is malformed.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Kiust::from_text(s, &Options::default())
    }
}

impl fmt::Display for Kiust {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for index in 0..POINTS {
            if index > 0 && index % ROWS == 0 {
                f.write_str("/")?;
            }
            let bit = 1u64 << index;
            let c = if self.pieces[0] & bit != 0 {
                '1'
            } else if self.pieces[1] & bit != 0 {
                '2'
            } else {
                '.'
            };
            write!(f, "{c}")?;
        }
        write!(f, " ; {}", self.side + 1)?;
        if self.right {
            f.write_str(" k")?;
        }
        if f.alternate() {
            match self.throw {
                Some(t) => write!(f, " | throw={t} left={}", self.left)?,
                None => f.write_str(" | throw=-")?,
            }
            write!(f, " turns={}", self.turns)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Kiust {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kiust({self}")?;
        if let Some(throw) = self.throw {
            write!(f, ", throw {throw} with {} to move", self.left)?;
        }
        write!(f, ", {} turns done)", self.turns)
    }
}
