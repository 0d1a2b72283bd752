//! Òicustiỳtac's own events: the stones drawn from the bag for the first turn, a stone
//! whelped, brought down or brought home.

use serde::Serialize;

use super::Oicus;
use crate::games::event::{OwnEvent, Roles};
use crate::games::{Place, Seat, Tally};

/// What happens in Òicustiỳtac that no other game has.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum OicusEvent {
    /// A player drew stones from the bag for the first turn.
    BagDraw {
        player: Seat,
        whites: u8,
        blacks: u8,
    },
    /// A stone was whelped.
    Whelp { by: Seat, at: Place },
    /// Stones of `victim` were brought down after `by`'s turn, and their points went to
    /// `scorer`, the victim's opponent (rule 8: the mover, or the other side when the
    /// mover's own stones were brought down).
    BringDown {
        by: Seat,
        victim: Seat,
        scorer: Seat,
        at: Place,
        count: u8,
    },
    /// A stone was brought home.
    BringHome { by: Seat, at: Place },
}

impl OwnEvent for OicusEvent {
    type Game = Oicus;

    fn roles(&self) -> Roles {
        let none = Roles::default();
        match *self {
            OicusEvent::BagDraw { player, whites, .. } => Roles {
                ceremony: true,
                drew: Some((player, whites, "whites")),
                ..none
            },
            OicusEvent::Whelp { by, .. } => Roles {
                by: Some(by),
                ..none
            },
            OicusEvent::BringDown {
                by,
                victim,
                scorer,
                count,
                ..
            } => Roles {
                by: Some(by),
                telling: true,
                taken_from: Some((victim, count)),
                credit: Some((scorer, Tally::Down, u32::from(count))),
                ..none
            },
            OicusEvent::BringHome { by, .. } => Roles {
                by: Some(by),
                telling: true,
                arrived_by: Some(by),
                credit: Some((by, Tally::Home, 1)),
                ..none
            },
        }
    }
}
