//! The moments of a game's own that the storyteller tells (a piç claimed, a kiust thrown,
//! a stone whelped): each game says which of its events makes one, how much it weighs and
//! what its lines name ([`Words::MOMENTS`](super::Words::MOMENTS) and the methods beside
//! it), so the narrator asks the game instead of knowing it. What every game shares (the
//! lot, the first turn, captures, passes, the end) the narrator tells itself.

use super::{Place, Seat};

/// A moment of one game's own: its key in a phrasebook, what its lines may name, and
/// where the phrasebook's list of keys gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameMoment {
    /// Its key in a phrasebook (`claim`, `kiust-enter`).
    pub key: &'static str,
    /// The people and figures its lines may name besides the game, its place and the
    /// pronouns of its mover (`mover`, `owner`, `count`, `verb`).
    pub names: &'static [&'static str],
    /// Whether its lines may name a place (`{place}`, or `{town}`, `{trap}`, `{heap}`).
    pub place: bool,
    /// Whether it is part of the first-turn ceremony (told before the game, in order).
    pub ceremony: bool,
    /// The key it is listed after, among the keys a phrasebook may hold (the list a
    /// misspelt key's hint gives): a moment every game shares, such as `lot` or `pass`.
    pub listed_after: &'static str,
}

/// What fills one placeholder of a game's moment, in the game's terms; the narrator says
/// the people and the places as its scene names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filler {
    /// Whoever sits at a seat; in a ceremony's moment, the named player (as in the
    /// ceremony's events).
    Seat(Seat),
    /// A place, where `actor` acted (a trap of the actor's own Land is "her own trap");
    /// `None` when the place is nobody's act.
    Place(Place, Option<Seat>),
    /// A number, in figures.
    Number(u32),
    /// A number of stones: "1 stone", "3 stones".
    Stones(u32),
}

/// One of a game's events told as a moment of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Noted {
    /// The moment.
    pub moment: GameMoment,
    /// The seat it is told of (in a ceremony, the named player); the narrator tells the
    /// first of each moment per seat.
    pub by: Seat,
    /// How much it matters, against the moments every game shares (a first capture 50,
    /// a pass 35).
    pub weight: u32,
    /// Its placeholders, in the order the narrator fills them; `verb` (the mover's manner)
    /// the narrator adds to a moment of play.
    pub fields: Vec<(&'static str, Filler)>,
    /// A moment of the same seat that this one tells as well, so that it is not told
    /// again on its own (a crossing told with the kiust that allowed it).
    pub covers: Option<GameMoment>,
}

impl Noted {
    /// A moment of `by`'s, weighing `weight`, with these placeholders and covering none.
    #[must_use]
    pub fn new(
        moment: GameMoment,
        by: Seat,
        weight: u32,
        fields: Vec<(&'static str, Filler)>,
    ) -> Noted {
        Noted {
            moment,
            by,
            weight,
            fields,
            covers: None,
        }
    }
}
