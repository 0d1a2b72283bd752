//! An Òicustiỳtac turn: up to two actions, a triple move or a pass, packed in three bytes,
//! with the spec's notation (`W5+W7`, `V6+D4-2`, `3V6`, `H1`, `-`).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::games::{ParseError, Seat, Words};

/// What an action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ActionKind {
    /// `Wt`: a stone from the supply into own whelping trap `t` (rule 3).
    Whelp,
    /// `Vt`: a stone from own trap `t` to the facing trap of the opponent (rule 4).
    Vertical,
    /// `Dj-k`: a stone from the opponent's trap `j` to own trap `(11 − j) − k` (rule 5).
    Diagonal,
    /// `Ht`: a stone in own home trap `t` leaves play for 2 points (rule 9).
    Home,
}

/// One stone's action, relative to the player making it.
///
/// Packed as `kind << 6 | trap << 2 | shift`, so that the natural order of the packed byte
/// is the canonical order of actions in a turn: whelps, verticals, diagonals, bring-homes,
/// each by trap and then by shift.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Action(u8);

impl Action {
    const fn pack(kind: u8, trap: u8, shift: u8) -> Action {
        Action(kind << 6 | trap << 2 | shift)
    }

    /// Whelp into own trap `trap` (5–10).
    #[must_use]
    pub const fn whelp(trap: u8) -> Action {
        Action::pack(0, trap, 0)
    }

    /// Vertical move from own trap `trap` (1–10).
    #[must_use]
    pub const fn vertical(trap: u8) -> Action {
        Action::pack(1, trap, 0)
    }

    /// Diagonal move from the opponent's trap `trap`, `shift` (1–3) traps to the left.
    #[must_use]
    pub const fn diagonal(trap: u8, shift: u8) -> Action {
        Action::pack(2, trap, shift)
    }

    /// Bring home from own home trap `trap` (1–2).
    #[must_use]
    pub const fn home(trap: u8) -> Action {
        Action::pack(3, trap, 0)
    }

    /// The packed byte, as an index for tables of actions.
    pub(super) const fn code(self) -> usize {
        self.0 as usize
    }

    /// What the action does.
    #[must_use]
    pub fn kind(self) -> ActionKind {
        match self.0 >> 6 {
            0 => ActionKind::Whelp,
            1 => ActionKind::Vertical,
            2 => ActionKind::Diagonal,
            _ => ActionKind::Home,
        }
    }

    /// The trap named in the action: the source, except for a whelp (its destination).
    #[must_use]
    pub fn trap(self) -> u8 {
        (self.0 >> 2) & 0xF
    }

    /// How many traps to the left a diagonal move goes (0 for the other actions).
    #[must_use]
    pub fn shift(self) -> u8 {
        self.0 & 3
    }

    /// Where the acting stone is at the start of the turn, as a trap index of the board
    /// (`land * 10 + trap − 1`) for a mover sitting at `side`; `None` for the supply.
    #[must_use]
    pub fn source(self, side: u8) -> Option<usize> {
        let (own, opp) = lands(side);
        let t = usize::from(self.trap());
        match self.kind() {
            ActionKind::Whelp => None,
            ActionKind::Vertical | ActionKind::Home => Some(own + t - 1),
            ActionKind::Diagonal => Some(opp + t - 1),
        }
    }

    /// The trap index the stone goes to, or `None` when it leaves play (bring home).
    #[must_use]
    pub fn destination(self, side: u8) -> Option<usize> {
        let (own, opp) = lands(side);
        let t = usize::from(self.trap());
        match self.kind() {
            ActionKind::Whelp => Some(own + t - 1),
            ActionKind::Vertical => Some(opp + (11 - t) - 1),
            ActionKind::Diagonal => Some(own + (11 - t - usize::from(self.shift())) - 1),
            ActionKind::Home => None,
        }
    }
}

/// The first trap index of the mover's own Land and of the opponent's.
fn lands(side: u8) -> (usize, usize) {
    if side == 0 { (0, 10) } else { (10, 0) }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.trap();
        match self.kind() {
            ActionKind::Whelp => write!(f, "W{t}"),
            ActionKind::Vertical => write!(f, "V{t}"),
            ActionKind::Diagonal => write!(f, "D{t}-{}", self.shift()),
            ActionKind::Home => write!(f, "H{t}"),
        }
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: String| ParseError::mv(s, why);
        let mut chars = s.chars();
        let letter = chars
            .next()
            .ok_or_else(|| bad("an action is empty".into()))?;
        let rest = chars.as_str();
        let number = |text: &str, what: &str, range: std::ops::RangeInclusive<u8>| {
            text.parse::<u8>()
                .ok()
                .filter(|n| range.contains(n) && text.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| {
                    bad(format!(
                        "`{text}` is not {what} {} to {}",
                        range.start(),
                        range.end()
                    ))
                })
        };
        match letter {
            'W' => Ok(Action::whelp(number(rest, "a whelping trap", 5..=10)?)),
            'V' => Ok(Action::vertical(number(rest, "a trap", 1..=10)?)),
            'H' => Ok(Action::home(number(rest, "a home trap", 1..=2)?)),
            'D' => {
                let (from, shift) = rest
                    .split_once('-')
                    .ok_or_else(|| bad("a diagonal move is written `Dj-k`, like `D4-2`".into()))?;
                let from = number(from, "a trap", 1..=10)?;
                let shift = number(shift, "a shift", 1..=3)?;
                if 11 - from <= shift {
                    return Err(bad(format!(
                        "from the opponent's trap {from} a stone can go at most {} to the left",
                        10 - from
                    )));
                }
                Ok(Action::diagonal(from, shift))
            }
            other => Err(bad(format!(
                "`{other}` is not an action: `W` whelp, `V` vertical, `D` diagonal, `H` home"
            ))),
        }
    }
}

/// The shape of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Shape {
    Pass,
    One,
    Two,
    Triple,
}

/// One whole turn. Two actions are kept in canonical order (the first is not after the
/// second), so that equal multisets of actions are equal moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    shape: Shape,
    first: Action,
    second: Action,
}

/// An unused action slot.
const NONE: Action = Action(0);

impl Move {
    /// The pass, `-`.
    pub const PASS: Move = Move {
        shape: Shape::Pass,
        first: NONE,
        second: NONE,
    };

    /// A turn of one action.
    #[must_use]
    pub fn one(action: Action) -> Move {
        Move {
            shape: Shape::One,
            first: action,
            second: NONE,
        }
    }

    /// A turn of two actions (by two different stones), in either order.
    #[must_use]
    pub fn two(a: Action, b: Action) -> Move {
        let (first, second) = match a.cmp(&b) {
            Ordering::Greater => (b, a),
            _ => (a, b),
        };
        Move::ordered_two(first, second)
    }

    /// A turn of two actions already in canonical order (`first` not after `second`).
    pub(super) fn ordered_two(first: Action, second: Action) -> Move {
        debug_assert!(first <= second);
        Move {
            shape: Shape::Two,
            first,
            second,
        }
    }

    /// A triple move: three stones make the same vertical or diagonal move together.
    #[must_use]
    pub fn triple(action: Action) -> Move {
        Move {
            shape: Shape::Triple,
            first: action,
            second: NONE,
        }
    }

    /// Whether this is the pass.
    #[must_use]
    pub fn is_pass(self) -> bool {
        self.shape == Shape::Pass
    }

    /// Whether this is a triple move.
    #[must_use]
    pub fn is_triple(self) -> bool {
        self.shape == Shape::Triple
    }

    /// The actions with how many stones make each, and how many entries are used.
    #[must_use]
    pub fn actions(self) -> ([(Action, u8); 2], usize) {
        match self.shape {
            Shape::Pass => ([(NONE, 0); 2], 0),
            Shape::One => ([(self.first, 1), (NONE, 0)], 1),
            Shape::Two => ([(self.first, 1), (self.second, 1)], 2),
            Shape::Triple => ([(self.first, 3), (NONE, 0)], 1),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.shape {
            Shape::Pass => f.write_str("-"),
            Shape::One => write!(f, "{}", self.first),
            Shape::Two => write!(f, "{}+{}", self.first, self.second),
            Shape::Triple => write!(f, "3{}", self.first),
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
        let bad = |why: &str| ParseError::mv(s, why);
        if text == "-" {
            return Ok(Move::PASS);
        }
        // An action's own errors name the action; the turn's text is added here.
        let action = |part: &str| {
            part.parse::<Action>()
                .map_err(|e| ParseError::mv(s, format!("in the action `{}`: {}", e.text, e.reason)))
        };
        if let Some(rest) = text.strip_prefix('3') {
            if rest.contains('+') {
                return Err(bad("a triple move is a turn of its own, joined to nothing"));
            }
            let a = action(rest)?;
            return match a.kind() {
                ActionKind::Vertical | ActionKind::Diagonal => Ok(Move::triple(a)),
                _ => Err(bad("a triple move is a vertical or a diagonal move")),
            };
        }
        let mut parts = text.split('+');
        let first = parts.next().unwrap_or_default();
        let a = action(first)?;
        match (parts.next(), parts.next()) {
            (None, _) => Ok(Move::one(a)),
            (Some(second), None) => Ok(Move::two(a, action(second)?)),
            (Some(_), Some(_)) => Err(bad(
                "a turn has at most two actions (three stones only as a triple move `3V6`)",
            )),
        }
    }
}

/// A turn in plain words, `{their}` standing for the mover's possessive: "whelps two
/// stones into {their} eighth and ninth traps".
#[must_use]
pub fn words(mv: Move) -> String {
    use crate::games::words::{ordinal, stones};
    let trap = |a: Action| ordinal(usize::from(a.trap()));
    let one = |a: Action, n: usize, again: bool| -> String {
        let what = if again { "one".to_owned() } else { stones(n) };
        match a.kind() {
            ActionKind::Whelp => format!("whelps {what} into {{their}} {} trap", trap(a)),
            ActionKind::Vertical => format!("sends {what} across from {{their}} {} trap", trap(a)),
            ActionKind::Diagonal => {
                format!("brings {what} back from the other Land's {} trap", trap(a))
            }
            ActionKind::Home => format!("brings {what} home from {{their}} {} trap", trap(a)),
        }
    };
    let (actions, n) = mv.actions();
    match &actions[..n] {
        [] => "passes".to_owned(),
        [(a, count)] => one(*a, usize::from(*count), false),
        [(a, _), (b, _)] if a.kind() == b.kind() && a.kind() == ActionKind::Whelp => {
            if a.trap() == b.trap() {
                format!("whelps two stones into {{their}} {} trap", trap(*a))
            } else {
                format!(
                    "whelps two stones into {{their}} {} and {} traps",
                    trap(*a),
                    trap(*b)
                )
            }
        }
        [(a, _), (b, _)] if a == b => one(*a, 2, false),
        [(a, _), (b, _)] => format!("{} and {}", one(*a, 1, false), one(*b, 1, true)),
        _ => mv.to_string(),
    }
}

impl Words for super::Oicus {
    const PHRASES: &'static str = include_str!("phrases.toml");
    const RULES_PAGE: &'static str = include_str!("../../../docs/rules/oicustiytac.md");
    const HEADING: &'static str = "Òicus.";
    const CHEAT_HABIT: [&'static str; 2] =
        ["sneaking in an extra stone", "sneaking in extra stones"];
    const MOMENTS: &'static [crate::games::GameMoment] = super::told::MOMENTS;

    fn move_words(mv: Move, mover: Seat) -> String {
        let _ = mover;
        words(mv)
    }

    fn ceremony_moment(event: &crate::games::Event) -> Option<crate::games::Noted> {
        super::told::ceremony_moment(event)
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
        for text in [
            "-", "W5", "W5+W7", "V6+D4-2", "V6+V6", "3V6", "3D3-1", "H1", "W5+H2",
        ] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn either_order_of_two_actions_is_the_same_turn() {
        let a: Move = "W7+W5".parse().unwrap();
        let b: Move = "W5+W7".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "W5+W7");
        let c: Move = "H1+D4-2".parse().unwrap();
        assert_eq!(c.to_string(), "D4-2+H1");
        let d: Move = "D4-2+V6".parse().unwrap();
        assert_eq!(d.to_string(), "V6+D4-2");
    }

    #[test]
    fn malformed_turns_are_refused() {
        for text in [
            "", "W4", "W11", "V0", "V11", "H3", "D4", "D4-4", "D4-0", "D10-1", "D8-3", "X1",
            "W5+W6+W7", "3W5", "3H1", "3V6+W5", "V6+", "+V6", "W5 ", "W 5", "V+6", "--",
        ] {
            if text == "W5 " {
                // Surrounding space is tolerated; inner space is not.
                assert!(text.parse::<Move>().is_ok());
                continue;
            }
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }

    #[test]
    fn actions_find_their_traps_for_either_side() {
        // Black (side 0): own Land is traps 0..10, the opponent's 10..20.
        assert_eq!(Action::whelp(5).destination(0), Some(4));
        assert_eq!(Action::vertical(6).source(0), Some(5));
        assert_eq!(Action::vertical(6).destination(0), Some(10 + 4));
        assert_eq!(Action::diagonal(4, 2).source(0), Some(13));
        assert_eq!(Action::diagonal(4, 2).destination(0), Some(4));
        assert_eq!(Action::home(1).destination(1), None);
        assert_eq!(Action::home(1).source(1), Some(10));
        assert_eq!(Action::vertical(1).destination(1), Some(9));
    }
}
