//! Òicustiỳtac's own moments for the storyteller: the draw from the bag for the first
//! turn, a stone whelped, stones brought down, a stone brought home.

use super::OicusEvent;
use crate::games::{Event, Filler, GameMoment, Noted, Place, Seat};

/// A draw from the bag for the first turn.
pub const BAG_DRAW: GameMoment = GameMoment {
    key: "bag-draw",
    names: &["mover", "count", "stones"],
    place: false,
    ceremony: true,
    listed_after: "first-turn",
};

/// A stone whelped.
pub const WHELP: GameMoment = GameMoment {
    key: "whelp",
    names: &["mover", "verb"],
    place: true,
    ceremony: false,
    listed_after: "pass",
};

/// Stones brought down.
pub const BRING_DOWN: GameMoment = GameMoment {
    key: "bring-down",
    names: &["mover", "victim", "count", "stones", "verb"],
    place: true,
    ceremony: false,
    listed_after: "pass",
};

/// A stone brought home.
pub const BRING_HOME: GameMoment = GameMoment {
    key: "bring-home",
    names: &["mover", "verb"],
    place: true,
    ceremony: false,
    listed_after: "pass",
};

/// Òicustiỳtac's own moments, in its phrasebook section's order.
pub const MOMENTS: &[GameMoment] = &[BAG_DRAW, WHELP, BRING_DOWN, BRING_HOME];

/// The moment an event of the ceremony makes: a draw from the bag.
pub fn ceremony_moment(event: &Event) -> Option<Noted> {
    let Some(&OicusEvent::BagDraw {
        player,
        whites,
        blacks,
    }) = event.own()
    else {
        return None;
    };
    Some(Noted::new(
        BAG_DRAW,
        player,
        20,
        vec![
            ("mover", Filler::Seat(player)),
            ("count", Filler::Number(u32::from(whites))),
            ("stones", Filler::Stones(u32::from(whites + blacks))),
        ],
    ))
}

/// The moment an event of play makes: a stone whelped, stones brought down (weighing
/// more the more they are), a stone brought home.
pub fn play_moment(event: &Event) -> Option<Noted> {
    let moved = |by: Seat, place: Place| {
        vec![
            ("mover", Filler::Seat(by)),
            ("place", Filler::Place(place, Some(by))),
        ]
    };
    match *event.own()? {
        OicusEvent::Whelp { by, at } => Some(Noted::new(WHELP, by, 25, moved(by, at))),
        OicusEvent::BringDown {
            by,
            victim,
            at,
            count,
            ..
        } => Some(Noted::new(
            BRING_DOWN,
            by,
            50 + u32::from(count) * 5,
            vec![
                ("mover", Filler::Seat(by)),
                ("victim", Filler::Seat(victim)),
                ("place", Filler::Place(at, None)),
                ("count", Filler::Number(u32::from(count))),
                ("stones", Filler::Stones(u32::from(count))),
            ],
        )),
        OicusEvent::BringHome { by, at } => Some(Noted::new(BRING_HOME, by, 40, moved(by, at))),
        OicusEvent::BagDraw { .. } => None,
    }
}
