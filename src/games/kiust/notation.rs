//! The position notation of the spec: the columns `a` to `d` as 12 characters each from
//! row 1 to row 12, separated by `/`; `;` and the player to move; ` k` for the kiust right.

use std::fmt;
use std::str::FromStr;

use super::board::{COL_A, COL_D, POINTS, Point, ROWS};
use super::{Kiust, Options, PIECES};
use crate::games::{End, Outcome, ParseError, Seat};

/// The start position.
pub const START: &str = "111111111111/............/............/222222222222 ; 1";

impl FromStr for Kiust {
    type Err = ParseError;

    /// Reads a position. A player with no pieces left has lost (to a capture of their
    /// last piece); both players without pieces is malformed.
    ///
    /// The spec's notation may be followed by the state it leaves out:
    /// ` | throw=T left=N turns=N`, the throw being played (`-` for none: the sticks are
    /// due), the moves of it still to make, and the turns finished (for the cap).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| ParseError::position(s, why);
        let (spec, state) = crate::games::split_state(s)?;
        let (mut throw, mut left, mut turns) = (None, None, 0u16);
        for (key, value) in state {
            match key {
                "throw" if value == "-" => throw = None,
                "throw" => match value.parse::<super::Move>() {
                    Ok(super::Move::Throw(t)) if t != crate::games::event::Throw::Kiust => {
                        throw = Some(t);
                    }
                    _ => return Err(bad(&format!("`throw={value}` is not a throw to move by"))),
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
        let (board_text, rest) = spec
            .split_once(';')
            .ok_or_else(|| bad("expected the columns, `;` and the player to move"))?;
        let mut words = rest.split_whitespace();
        let side = match words.next() {
            Some("1") => 0,
            Some("2") => 1,
            Some(other) => {
                return Err(bad(&format!(
                    "the player to move is `1` or `2`, not `{other}`"
                )));
            }
            None => return Err(bad("the player to move (`1` or `2`) is missing after `;`")),
        };
        let right = match words.next() {
            None => false,
            Some("k") => true,
            Some(other) => {
                return Err(bad(&format!(
                    "after the player to move only `k` (the kiust right) may follow, not `{other}`"
                )));
            }
        };
        if let Some(extra) = words.next() {
            return Err(bad(&format!("unexpected `{extra}` at the end")));
        }
        let columns: Vec<&str> = board_text.trim().split('/').collect();
        if columns.len() != 4 {
            return Err(bad(&format!(
                "expected 4 columns separated by `/`, found {}",
                columns.len()
            )));
        }
        let mut pieces = [0u64; 2];
        for (column, text) in (0u8..).zip(&columns) {
            let name = char::from(b'a' + column);
            let count = text.chars().count();
            if count != usize::from(ROWS) {
                return Err(bad(&format!("column {name} has {count} points, not 12")));
            }
            for (row, c) in (1u8..).zip(text.chars()) {
                let Some(point) = Point::new(column, row) else {
                    continue;
                };
                match c {
                    '1' => pieces[0] |= point.bit(),
                    '2' => pieces[1] |= point.bit(),
                    '.' => {}
                    other => {
                        return Err(bad(&format!("`{other}` at {point} is not `1`, `2` or `.`")));
                    }
                }
            }
        }
        if pieces[0] & COL_D != 0 {
            return Err(bad("a piece of player 1 stands in column d, off its track"));
        }
        if pieces[1] & COL_A != 0 {
            return Err(bad("a piece of player 2 stands in column a, off its track"));
        }
        for (player, bits) in [1, 2].into_iter().zip(pieces) {
            if bits.count_ones() > PIECES {
                return Err(bad(&format!(
                    "player {player} has {} pieces, more than 12",
                    bits.count_ones()
                )));
            }
        }
        let result = match (pieces[0] == 0, pieces[1] == 0) {
            (true, true) => return Err(bad("neither player has a piece")),
            (true, false) => Some(Outcome::win(Seat(1), End::AllCaptured)),
            (false, true) => Some(Outcome::win(Seat(0), End::AllCaptured)),
            (false, false) => None,
        };
        let most = match throw {
            None => 0,
            Some(crate::games::event::Throw::FourSixes) => 4,
            Some(_) => 1,
        };
        let left = left.unwrap_or(most);
        if (throw.is_some() && left == 0) || left > most {
            return Err(bad(&format!(
                "a throw of {} leaves 1 to {most} moves, not {left}",
                throw.map_or("-".to_owned(), |t| t.to_string())
            )));
        }
        let mut pos = Kiust {
            pieces,
            side,
            right,
            throw,
            left,
            turns,
            options: Options::default(),
            result,
        };
        if pos.result.is_none() && pos.throw.is_some() && !pos.can_move() {
            return Err(bad(
                "the throw being played has no legal move here, so it was lost",
            ));
        }
        if pos.result.is_none() && pos.turns >= super::CAP_TURNS {
            pos.result = Some(pos.cap_outcome());
        }
        Ok(pos)
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
