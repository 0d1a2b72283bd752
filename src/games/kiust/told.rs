//! Kiust Oyun's own moments for the storyteller: the sticks thrown for the first turn, a
//! kiust thrown (and the crossing its right allowed), a man into the enemy row.

use crate::games::{Event, Filler, GameMoment, Noted, Place, Seat};

use super::{KiustEvent, Throw};

/// A throw of the sticks for the first turn.
pub const FIRST_THROW: GameMoment = GameMoment {
    key: "first-throw",
    names: &["mover", "count"],
    place: false,
    ceremony: true,
    listed_after: "lot",
};

/// A kiust thrown.
pub const KIUST: GameMoment = GameMoment {
    key: "kiust",
    names: &["mover", "verb"],
    place: false,
    ceremony: false,
    listed_after: "pass",
};

/// A kiust thrown and its right used to cross into the enemy row.
pub const KIUST_ENTER: GameMoment = GameMoment {
    key: "kiust-enter",
    names: &["mover", "verb"],
    place: true,
    ceremony: false,
    listed_after: "pass",
};

/// A man into the enemy row.
pub const ENTER: GameMoment = GameMoment {
    key: "enter",
    names: &["mover", "verb"],
    place: true,
    ceremony: false,
    listed_after: "pass",
};

/// Kiust Oyun's own moments, in its phrasebook section's order.
pub const MOMENTS: &[GameMoment] = &[FIRST_THROW, KIUST, KIUST_ENTER, ENTER];

/// The moment an event of the ceremony makes: a throw for the first turn.
pub fn ceremony_moment(event: &Event) -> Option<Noted> {
    let Some(&KiustEvent::FirstThrow { player, flats }) = event.own() else {
        return None;
    };
    Some(Noted::new(
        FIRST_THROW,
        player,
        20,
        vec![
            ("mover", Filler::Seat(player)),
            ("count", Filler::Number(u32::from(flats))),
        ],
    ))
}

/// The moment an event of play makes: a kiust (told with the crossing it allowed, if its
/// right was used), or a man into the enemy row.
pub fn play_moment(steps: &[&[Event]], at: usize, event: &Event) -> Option<Noted> {
    let moved = |by: Seat, place: Place| {
        vec![
            ("mover", Filler::Seat(by)),
            ("place", Filler::Place(place, Some(by))),
        ]
    };
    if let Some(&KiustEvent::Throw {
        by,
        throw: Throw::Kiust,
    }) = event.own()
    {
        return Some(match right_used(steps, at, by) {
            Some(place) => Noted {
                covers: Some(ENTER),
                ..Noted::new(KIUST_ENTER, by, 58, moved(by, place))
            },
            None => Noted::new(KIUST, by, 45, vec![("mover", Filler::Seat(by))]),
        });
    }
    match *event {
        Event::Enter { by, at: place } => Some(Noted::new(ENTER, by, 50, moved(by, place))),
        _ => None,
    }
}

/// Where the kiust thrown at step `at` was used to cross into the enemy row: the first
/// `Enter` by `by` before the other seat throws.
fn right_used(steps: &[&[Event]], at: usize, by: Seat) -> Option<Place> {
    for events in &steps[at + 1..] {
        for e in *events {
            if let Event::Enter { by: b, at } = *e
                && b == by
            {
                return Some(at);
            }
            if e.thrower().is_some_and(|b| b != by) {
                return None;
            }
        }
    }
    None
}
