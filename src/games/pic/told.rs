//! Piç's own moment for the storyteller: a piç claimed.

use super::PicEvent;
use crate::games::{Event, Filler, GameMoment, Noted};

/// A piç claimed: the last counter of a sowing made another's heap 3.
pub const CLAIM: GameMoment = GameMoment {
    key: "claim",
    names: &["mover", "owner", "count", "verb"],
    place: true,
    ceremony: false,
    listed_after: "big-capture",
};

/// Piç's own moments, in its phrasebook section's order.
pub const MOMENTS: &[GameMoment] = &[CLAIM];

/// The moment an event of play makes: a claim, weighing more the more counters it took.
pub fn play_moment(event: &Event) -> Option<Noted> {
    let Some(&PicEvent::Claim {
        by,
        owner,
        at,
        counters,
    }) = event.own()
    else {
        return None;
    };
    Some(Noted::new(
        CLAIM,
        by,
        55 + u32::from(counters),
        vec![
            ("mover", Filler::Seat(by)),
            ("owner", Filler::Seat(owner)),
            ("place", Filler::Place(at, Some(by))),
            ("count", Filler::Number(u32::from(counters))),
        ],
    ))
}
