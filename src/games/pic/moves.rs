//! A Piç move: the heap sown from, or a pass, in one byte.

use std::fmt;
use std::str::FromStr;

use super::{MAX_HEAPS, MAX_PLAYERS};
use crate::games::{ParseError, Seat, Words};

/// A sowing from one heap (written as its number from 1, `4`) or a pass (`-`).
///
/// The byte holds the heap's index from 0, or [`Move::PASS`]'s marker. A heap number is
/// read as any of 1 to 15 (the most heaps a ring of five players has); whether the heap
/// exists at the table and belongs to the player is a matter of legality, not notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u8);

impl Move {
    /// The pass, legal only when the player has nothing to sow.
    pub const PASS: Move = Move(u8::MAX);

    /// The sowing from heap `index` (0-based: heap 1 is index 0).
    #[must_use]
    pub const fn sow(index: u8) -> Move {
        Move(index)
    }

    /// Whether this is the pass.
    #[must_use]
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }

    /// The 0-based index of the heap sown from, or `None` for the pass.
    #[must_use]
    pub fn heap(self) -> Option<usize> {
        (!self.is_pass()).then_some(usize::from(self.0))
    }
}

/// The moves of each seat for each pattern of its three heaps that can be sown (bit `k`
/// for its heap `k + 1`), in heap order, with how many there are; the pass when none can.
pub(super) const CHOICES: [[([Move; 3], u8); 8]; MAX_PLAYERS] = {
    let mut table = [[([Move::PASS; 3], 0); 8]; MAX_PLAYERS];
    let mut seat = 0;
    while seat < MAX_PLAYERS {
        let mut pattern = 0;
        while pattern < 8 {
            let entry = &mut table[seat][pattern];
            let mut k = 0;
            while k < 3 {
                if pattern & 1 << k != 0 {
                    entry.0[entry.1 as usize] = Move::sow((3 * seat + k) as u8);
                    entry.1 += 1;
                }
                k += 1;
            }
            if pattern == 0 {
                entry.1 = 1;
            }
            pattern += 1;
        }
        seat += 1;
    }
    table
};

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.heap() {
            Some(i) => write!(f, "{}", i + 1),
            None => f.write_str("-"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if text == "-" {
            return Ok(Move::PASS);
        }
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::mv(
                s,
                "expected a heap number like `4`, or `-` for a pass",
            ));
        }
        match text.parse::<usize>() {
            Ok(n) if (1..=MAX_HEAPS).contains(&n) => Ok(Move::sow((n - 1) as u8)),
            _ => Err(ParseError::mv(
                s,
                format!("heaps are numbered 1 to {MAX_HEAPS} (3 for each of 2 to 5 players)"),
            )),
        }
    }
}

impl Words for super::Pic {
    const PHRASES: &'static str = include_str!("phrases.toml");
    const RULES_PAGE: &'static str = include_str!("../../../docs/rules/pic.md");
    const HEADING: &'static str = "Piç";
    const CHEAT_HABIT: [&'static str; 2] = ["palming a counter", "palming counters"];
    const MOMENTS: &'static [crate::games::GameMoment] = super::told::MOMENTS;

    fn move_words(mv: Move, mover: Seat) -> String {
        match mv.heap() {
            None => "passes".to_owned(),
            Some(h) if h / 3 == mover.index() => format!(
                "sows {{their}} {} heap",
                crate::games::words::ordinal(h % 3 + 1)
            ),
            Some(h) => format!("sows heap {}", h + 1),
        }
    }

    fn play_moment(
        _steps: &[&[crate::games::Event]],
        _at: usize,
        event: &crate::games::Event,
    ) -> Option<crate::games::Noted> {
        super::told::play_moment(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["1", "4", "15", "-"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!(" 7 ".parse::<Move>().unwrap(), Move::sow(6));
        assert!("-".parse::<Move>().unwrap().is_pass());
        assert_eq!("3".parse::<Move>().unwrap().heap(), Some(2));
    }

    #[test]
    fn malformed_moves_are_refused() {
        for text in [
            "",
            "0",
            "16",
            "99999999999999999999",
            "a",
            "4p2",
            "--",
            "+3",
            "-1",
        ] {
            let err = text.parse::<Move>().unwrap_err();
            assert_eq!(err.what, "move", "{text}");
        }
    }
}
