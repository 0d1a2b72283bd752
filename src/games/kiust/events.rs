//! Kiust Oyun's own events: the sticks thrown for the first turn and in play, and a throw
//! lost.

use serde::Serialize;

use super::{Kiust, Throw};
use crate::games::event::{OwnEvent, Roles};
use crate::games::{Seat, Tally};

/// What happens in Kiust Oyun that no other game has.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum KiustEvent {
    /// A player threw the sticks for the first turn and showed `flats` flat sides.
    FirstThrow { player: Seat, flats: u8 },
    /// The sticks fell.
    Throw { by: Seat, throw: Throw },
    /// No move of the throw was legal; the rest of it is lost.
    ThrowLost { by: Seat },
}

impl OwnEvent for KiustEvent {
    type Game = Kiust;

    fn roles(&self) -> Roles {
        let none = Roles::default();
        match *self {
            KiustEvent::FirstThrow { player, flats } => Roles {
                ceremony: true,
                drew: Some((player, flats, "flats")),
                ..none
            },
            KiustEvent::Throw { by, throw } => Roles {
                by: Some(by),
                thrower: Some(by),
                credit: (throw == Throw::Kiust).then_some((by, Tally::Kiusts, 1)),
                ..none
            },
            KiustEvent::ThrowLost { by } => Roles {
                by: Some(by),
                thrower: Some(by),
                ..none
            },
        }
    }
}
