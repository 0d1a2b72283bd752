//! Board diagrams: a position of any of the four games drawn as text, for a terminal or
//! for pasting into a chat window.
//!
//! Every diagram is at most 80 columns wide (a Piç table of five included), has no
//! trailing spaces, and ends with a newline. Unicode box drawing is the default;
//! [`BoardStyle::ascii`] keeps to plain ASCII (for old terminals and chat windows that
//! mangle box drawing), and [`BoardStyle::colour`] adds ANSI colour for a terminal.
//! Without colour there is no escape character at all.
//!
//! A diagram reads the position only through the game's public accessors: it draws what
//! the rules decided and decides nothing itself. The interactive `sit` and `replay`
//! commands call [`Diagram::diagram_with`] with the players' names and the move just
//! played, which the diagram highlights.

pub(crate) mod canvas;
pub(crate) mod panel;
pub mod picture;
pub(crate) mod text;

use std::ffi::OsStr;

use crate::games::{Game, Outcome, Seat};

/// How a diagram is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoardStyle {
    /// Plain ASCII only (`+--+`, `|`, letters for stones) instead of Unicode box drawing.
    pub ascii: bool,
    /// ANSI colour escapes (for a terminal); `false` writes no escape character at all.
    pub colour: bool,
}

impl BoardStyle {
    /// Unicode, no colour: the default, and what a chat window wants.
    pub const PLAIN: BoardStyle = BoardStyle {
        ascii: false,
        colour: false,
    };

    /// Plain ASCII, no colour.
    pub const ASCII: BoardStyle = BoardStyle {
        ascii: true,
        colour: false,
    };

    /// The style for an output stream: colour when it is a terminal and `NO_COLOR` is
    /// not set (see [`colour_wanted`]).
    #[must_use]
    pub fn for_output(is_terminal: bool, ascii: bool) -> BoardStyle {
        BoardStyle {
            ascii,
            colour: colour_wanted(is_terminal),
        }
    }

    /// Text as this style writes it: folded to plain ASCII (accents dropped, other
    /// characters as `?`) when the style keeps to ASCII, else as it is.
    #[must_use]
    pub fn text(&self, text: &str) -> String {
        if self.ascii {
            text::fold(text)
        } else {
            text.to_owned()
        }
    }
}

/// Whether to colour output that goes to a terminal (`is_terminal`) or elsewhere: only to
/// a terminal, and never when the `NO_COLOR` environment variable holds a non-empty value
/// (<https://no-color.org>). The one place the diagrams read the environment.
#[must_use]
pub fn colour_wanted(is_terminal: bool) -> bool {
    colour_allowed(is_terminal, std::env::var_os("NO_COLOR").as_deref())
}

/// The decision of [`colour_wanted`], given the value of `NO_COLOR` (`None` when unset).
#[must_use]
pub fn colour_allowed(is_terminal: bool, no_color: Option<&OsStr>) -> bool {
    is_terminal && no_color.is_none_or(OsStr::is_empty)
}

/// What a diagram shows beside the position itself.
#[derive(Debug)]
pub struct Marks<'a, M> {
    /// Who sits at each seat, by seat (seat 0 first). Seats past the end of the slice,
    /// and empty names, are called by the game's seat names alone.
    pub names: &'a [&'a str],
    /// The move that reached the position: its squares, heaps or traps are highlighted
    /// (in brackets, and in colour when colour is on).
    pub last: Option<M>,
    /// The seat whose side the board is drawn from: seat 0's (the game's usual drawing)
    /// unless a person at `sit` sits elsewhere. Tides of War turns the board round,
    /// Òicustiỳtac puts that seat's Land along the bottom, Kiust Oyun mirrors its columns
    /// so the seat's own ladder stands at the left, and Piç turns the ring so the seat's
    /// heaps stand where the first seat's do.
    pub from: Seat,
}

impl<M> Marks<'_, M> {
    /// No names, no move to highlight.
    #[must_use]
    pub fn none() -> Self {
        Marks {
            names: &[],
            last: None,
            from: Seat(0),
        }
    }
}

impl<'a, M> Marks<'a, M> {
    /// The seats labelled with people's names (by seat).
    #[must_use]
    pub fn names(names: &'a [&'a str]) -> Self {
        Marks {
            names,
            last: None,
            from: Seat(0),
        }
    }

    /// The same marks, with `mv` as the move that reached the position.
    #[must_use]
    pub fn last(self, mv: M) -> Self {
        Marks {
            last: Some(mv),
            ..self
        }
    }

    /// The same marks, the board drawn from `seat`'s side.
    #[must_use]
    pub fn from(self, seat: Seat) -> Self {
        Marks { from: seat, ..self }
    }
}

impl<M> Default for Marks<'_, M> {
    fn default() -> Self {
        Marks::none()
    }
}

impl<M: Clone> Clone for Marks<'_, M> {
    fn clone(&self) -> Self {
        Marks {
            names: self.names,
            last: self.last.clone(),
            from: self.from,
        }
    }
}

impl<M: Copy> Copy for Marks<'_, M> {}

/// A position that can draw itself as a text diagram.
pub trait Diagram: Game {
    /// The position as a diagram, each seat called by the game's seat name ("White",
    /// "player 2"). Lines end with `\n`; none is wider than 80 columns.
    #[must_use]
    fn diagram(&self, style: &BoardStyle) -> String {
        self.diagram_with(style, &Marks::none())
    }

    /// The position as a diagram, with the seats labelled by people's names and the last
    /// move highlighted, as `marks` says. Long names are shortened to keep the width.
    #[must_use]
    fn diagram_with(&self, style: &BoardStyle, marks: &Marks<'_, Self::Move>) -> String;

    /// What a change nobody saw (a cheat that stood unseen, from `before` to `after`) put
    /// into the figures this diagram draws for `seat` where the table cannot see it: a
    /// counter palmed into a Piç store. None in a game whose cheats show only on the
    /// board itself.
    #[must_use]
    fn unseen_gain(before: &Self, after: &Self, seat: crate::games::Seat) -> i32 {
        let _ = (before, after, seat);
        0
    }

    /// [`Diagram::diagram_with`], leaving out of each seat's figures what the table has
    /// not seen (`hidden`, by seat: what [`Diagram::unseen_gain`] gave), so that the board
    /// the players see never gives an unseen cheat away. A game whose figures no cheat
    /// moves unseen draws as `diagram_with` does.
    #[must_use]
    fn diagram_seen(
        &self,
        style: &BoardStyle,
        marks: &Marks<'_, Self::Move>,
        hidden: &[i32],
    ) -> String {
        let _ = hidden;
        self.diagram_with(style, marks)
    }
}

/// A seat's label: its seat name, and the person's name when one is given, as
/// "White (Brannoc)"; `width` bounds the person's name.
pub(crate) fn seat_label<G: Game>(
    pen: &text::Pen,
    seat: Seat,
    names: &[&str],
    width: usize,
) -> String {
    let role = role::<G>(seat);
    match names.get(seat.index()).map(|n| n.trim()) {
        Some(name) if !name.is_empty() => format!("{role} ({})", pen.name(name, width)),
        _ => role.to_owned(),
    }
}

/// What the game calls a seat: "White", "player 2".
pub(crate) fn role<G: Game>(seat: Seat) -> &'static str {
    G::FACTS
        .seat_names
        .get(seat.index())
        .copied()
        .unwrap_or("seat")
}

/// How the game ended, as a clause: "White wins (conquest)", "a draw (truce)",
/// "player 1 and player 3 share the win (no moves left)".
pub(crate) fn result_clause(outcome: Outcome, seat_name: impl Fn(Seat) -> String) -> String {
    let who: Vec<String> = outcome.winners.iter().map(seat_name).collect();
    let what = match who.as_slice() {
        [] => "a draw".to_owned(),
        [one] => format!("{one} wins"),
        [init @ .., last] => format!("{} and {last} share the win", init.join(", ")),
    };
    format!("{what} ({})", outcome.end.word())
}
