//! A throw of Kiust Oyun's four stick dice: what it moves, how the notation writes it and
//! how a GM says it.

use std::fmt;

use serde::Serialize;

/// A throw of Kiust Oyun's four stick dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Throw {
    /// Four flat sides up: no move, the right to enter the opponent's inner row, throw again.
    Kiust,
    /// Three flat sides: move 6.
    Six,
    /// Two flat sides: move 3.
    Three,
    /// One flat side: move 2 (the capturing throw).
    Two,
    /// No flat side: up to four moves of 6 (the source's summary).
    FourSixes,
    /// No flat side, under the rule option `all_round = "four"`: move 4.
    Four,
}

impl Throw {
    /// How far a piece moves for one move of this throw (0 for kiust).
    #[must_use]
    pub fn distance(self) -> u8 {
        match self {
            Throw::Kiust => 0,
            Throw::Six | Throw::FourSixes => 6,
            Throw::Three => 3,
            Throw::Two => 2,
            Throw::Four => 4,
        }
    }
}

impl Throw {
    /// A throw as the notation writes it (`kiust`, `6`, `3`, `2`, `6x4`, `4`), in any case.
    #[must_use]
    pub fn from_notation(text: &str) -> Option<Throw> {
        match text.trim().to_ascii_lowercase().as_str() {
            "kiust" => Some(Throw::Kiust),
            "6" => Some(Throw::Six),
            "3" => Some(Throw::Three),
            "2" => Some(Throw::Two),
            "6x4" => Some(Throw::FourSixes),
            "4" => Some(Throw::Four),
            _ => None,
        }
    }

    /// The throw as a GM says it: "a kiust", "four sixes", "a 6".
    #[must_use]
    pub fn said(self) -> &'static str {
        match self {
            Throw::Kiust => "a kiust",
            Throw::Six => "a 6",
            Throw::Three => "a 3",
            Throw::Two => "a 2",
            Throw::FourSixes => "four sixes",
            Throw::Four => "a 4",
        }
    }

    /// A throw written `text` in the notation, as a GM says it: "a 2", "a kiust", "four
    /// sixes"; a text that is no throw, as "a" and the text.
    #[must_use]
    pub fn said_of(text: &str) -> String {
        Throw::from_notation(text).map_or_else(|| format!("a {text}"), |t| t.said().to_owned())
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Throw::Kiust => "kiust",
            Throw::Six => "6",
            Throw::Three => "3",
            Throw::Two => "2",
            Throw::FourSixes => "6x4",
            Throw::Four => "4",
        })
    }
}
