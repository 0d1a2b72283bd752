//! A Kiust Oyun move: a throw of the sticks (at a chance node) or one piece's step.

use std::fmt;
use std::str::FromStr;

use super::Throw;
use super::board::Point;
use crate::games::{ParseError, Seat, Words};

/// One decision of a seat (a step) or one outcome of the sticks (a throw).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// The sticks fell: `kiust`, `6`, `3`, `2`, `6x4` (four moves of 6) or `4`.
    Throw(Throw),
    /// A piece moves from `from` to `to` along its track: `b7-b4`. A capture is written
    /// the same way.
    Step {
        /// Where the piece stands.
        from: Point,
        /// Where it lands.
        to: Point,
    },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Throw(throw) => write!(f, "{throw}"),
            Move::Step { from, to } => write!(f, "{from}-{to}"),
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
        if let Some(throw) = Throw::from_notation(text) {
            return Ok(Move::Throw(throw));
        }
        let (a, b) = text.split_once('-').ok_or_else(|| {
            ParseError::mv(
                s,
                "expected a step like `b7-b4` or a throw: `kiust`, `2`, `3`, `6`, `6x4` or `4`",
            )
        })?;
        let point = |t: &str| {
            Point::parse(t)
                .ok_or_else(|| ParseError::mv(s, format!("`{t}` is not a point `a1` to `d12`")))
        };
        Ok(Move::Step {
            from: point(a)?,
            to: point(b)?,
        })
    }
}

impl Words for super::Kiust {
    const PHRASES: &'static str = include_str!("phrases.toml");
    const RULES_PAGE: &'static str = include_str!("../../../docs/rules/kiust-oyun.md");
    const HEADING: &'static str = "Kiust";
    const CHEAT_HABIT: [&'static str; 2] = ["turning a stick", "turning sticks"];
    const MOMENTS: &'static [crate::games::GameMoment] = super::told::MOMENTS;

    fn move_words(mv: Move, mover: Seat) -> String {
        match mv {
            Move::Throw(throw) => format!("throws {throw}"),
            Move::Step { from, to } => {
                // The opponent's inner row: column c for player 1, b for player 2.
                let enemy_row = if mover.0 == 0 { 2 } else { 1 };
                if to.column() == enemy_row && from.column() != enemy_row {
                    format!("crosses into the enemy row at {to}")
                } else {
                    format!("moves a man from {from} to {to}")
                }
            }
        }
    }

    fn ceremony_moment(event: &crate::games::Event) -> Option<crate::games::Noted> {
        super::told::ceremony_moment(event)
    }

    fn play_moment(
        steps: &[&[crate::games::Event]],
        at: usize,
        event: &crate::games::Event,
    ) -> Option<crate::games::Noted> {
        super::told::play_moment(steps, at, event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_is_read_from_its_notation_and_said_as_a_gm_says_it() {
        // Said as the rules' tables name them: a kiust, four sixes, else "a" and the count.
        let said = [
            ("kiust", "a kiust"),
            ("6", "a 6"),
            ("3", "a 3"),
            ("2", "a 2"),
            ("6x4", "four sixes"),
            ("4", "a 4"),
        ];
        for (text, words) in said {
            let throw = Throw::from_notation(text).unwrap();
            assert_eq!(throw.to_string(), text);
            assert_eq!(throw.said(), words);
        }
        assert_eq!(Throw::from_notation(" KIUST "), Some(Throw::Kiust));
        for text in ["5", "1", "6x3", "b7-b4", ""] {
            assert_eq!(Throw::from_notation(text), None, "{text}");
        }
    }

    #[test]
    fn notation_round_trips() {
        for text in [
            "b7-b4", "a12-b11", "c1-b2", "d3-d9", "kiust", "6", "3", "2", "6x4", "4",
        ] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn malformed_moves_are_refused() {
        for text in [
            "", "5", "1", "6x3", "b7", "b7-", "e1-a1", "a1-a13", "a1-b2-b3", "pass",
        ] {
            let err = text.parse::<Move>().unwrap_err();
            assert_eq!(err.what, "move", "{text:?}");
        }
    }
}
