//! A Tides of War move: one stone's step, or its chain of jumps, packed in a `u64`.

use std::fmt;
use std::str::FromStr;

use super::board::{self, DIRS};
use crate::games::{ParseError, Seat, Words};

/// A step (`c3-d4`) or a jump chain (`c3xe5xe3`) of one stone.
///
/// Bits 0–5: the start square; bits 6–9: the number of jumps (0 for a step); from bit 10,
/// three bits a direction for each step or jump, in order.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u64);

/// The longest jump chain the packing holds (a side has at most 14 stones to take).
pub const MAX_JUMPS: u32 = 14;

impl Move {
    /// A step from `from` in direction `dir`.
    #[must_use]
    pub fn step(from: u8, dir: usize) -> Move {
        Move(u64::from(from) | (dir as u64) << 10)
    }

    /// A chain of no jumps yet, from `from`; extend it with [`Move::jump`].
    #[must_use]
    pub fn chain(from: u8) -> Move {
        Move(u64::from(from))
    }

    /// This chain with one more jump in direction `dir`.
    #[must_use]
    pub fn jump(self, dir: usize) -> Move {
        let n = self.jumps();
        Move((self.0 & !(0xF << 6)) | u64::from(n + 1) << 6 | (dir as u64) << (10 + 3 * n))
    }

    /// The square the stone starts from.
    #[must_use]
    pub fn from(self) -> u8 {
        (self.0 & 0x3F) as u8
    }

    /// How many jumps the move makes (0 for a step).
    #[must_use]
    pub fn jumps(self) -> u32 {
        ((self.0 >> 6) & 0xF) as u32
    }

    /// The direction of step or jump `i`.
    #[must_use]
    pub fn dir(self, i: u32) -> usize {
        ((self.0 >> (10 + 3 * i)) & 7) as usize
    }

    /// The squares the stone lands on, in order (one for a step).
    pub fn landings(self) -> impl Iterator<Item = u8> {
        let n = self.jumps().max(1);
        let reach = if self.jumps() == 0 { 1 } else { 2 };
        (0..n).scan(self.from(), move |sq, i| {
            for _ in 0..reach {
                *sq = board::step(*sq, self.dir(i))?;
            }
            Some(*sq)
        })
    }

    /// The square the stone ends on.
    #[must_use]
    pub fn to(self) -> u8 {
        self.landings().last().unwrap_or(self.from())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&board::name(self.from()))?;
        let sep = if self.jumps() == 0 { "-" } else { "x" };
        for sq in self.landings() {
            write!(f, "{sep}{}", board::name(sq))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// The direction that takes `from` to `to` in `reach` equal steps, if any.
fn direction(from: u8, to: u8, reach: i8) -> Option<usize> {
    let df = (to % 6) as i8 - (from % 6) as i8;
    let dr = (to / 6) as i8 - (from / 6) as i8;
    DIRS.iter()
        .position(|&(f, r)| f * reach == df && r * reach == dr)
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| ParseError::mv(s, why);
        let square = |t: &str| {
            board::parse_square(t).ok_or_else(|| bad(&format!("`{t}` is not a square a1 to f6")))
        };
        if let Some((a, b)) = s.split_once('-') {
            let (from, to) = (square(a)?, square(b)?);
            let dir = direction(from, to, 1)
                .ok_or_else(|| bad("a step goes to one of the eight neighbouring squares"))?;
            return Ok(Move::step(from, dir));
        }
        let mut parts = s.split('x');
        let first = parts.next().unwrap_or_default();
        if !s.contains('x') {
            return Err(bad(
                "expected a step like `c3-d4` or a jump chain like `c3xe5`",
            ));
        }
        let mut at = square(first)?;
        let mut mv = Move::chain(at);
        for part in parts {
            if mv.jumps() == MAX_JUMPS {
                return Err(bad("a jump chain takes at most 14 stones"));
            }
            let to = square(part)?;
            let dir = direction(at, to, 2)
                .ok_or_else(|| bad(&format!("`{part}` is not a jump of two squares in a line")))?;
            mv = mv.jump(dir);
            at = to;
        }
        Ok(mv)
    }
}

impl Words for super::Tides {
    const PHRASES: &'static str = include_str!("phrases.toml");
    const RULES_PAGE: &'static str = include_str!("../../../docs/rules/tides-of-war.md");
    const HEADING: &'static str = "Tides";
    const CHEAT_HABIT: [&'static str; 2] = ["nudging a stone", "nudging stones"];

    fn move_words(mv: Move, mover: Seat) -> String {
        // The river is the anti-diagonal, file + rank = 5 counted from 0; White's side
        // below it, Black's above.
        let side = |sq: u8| i32::from(sq % 6 + sq / 6) - 5;
        let enemy = |sq: u8| {
            if mover.0 == 0 {
                side(sq) > 0
            } else {
                side(sq) < 0
            }
        };
        let name = board::name;
        let (from, to) = (mv.from(), mv.to());
        match mv.jumps() {
            0 if side(to) == 0 => format!("steps a stone onto the river at {}", name(to)),
            0 if enemy(to) && !enemy(from) => format!("crosses the river to {}", name(to)),
            0 => format!("steps a stone from {} to {}", name(from), name(to)),
            1 => {
                let mid = (from + to) / 2;
                format!(
                    "jumps from {} over {} to {}",
                    name(from),
                    name(mid),
                    name(to)
                )
            }
            n => format!(
                "leaps from {} in a chain of {} jumps to {}",
                name(from),
                crate::games::words::number(n as usize),
                name(to)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["c3-d4", "a2-b1", "c3xe5xe3", "f5xd3", "b2xd4xb6xd4"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn malformed_moves_are_refused() {
        for text in ["", "c3", "c3-c5", "c3xc4", "z1-a1", "c3-d4-e5", "c3x"] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }
}
