//! Piç's own event: a piç claimed.

use serde::Serialize;

use super::Pic;
use crate::games::event::{OwnEvent, Roles};
use crate::games::{Place, Seat, Tally};

/// What happens in Piç that no other game has.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum PicEvent {
    /// The last counter made a heap of another player 3, and it became `by`'s piç.
    Claim {
        by: Seat,
        owner: Seat,
        at: Place,
        counters: u16,
    },
}

impl OwnEvent for PicEvent {
    type Game = Pic;

    fn roles(&self) -> Roles {
        match *self {
            // A piç counts as one capture.
            PicEvent::Claim { by, owner, .. } => Roles {
                by: Some(by),
                telling: true,
                claimed_from: Some(owner),
                credit: Some((by, Tally::Captures, 1)),
                ..Roles::default()
            },
        }
    }
}
