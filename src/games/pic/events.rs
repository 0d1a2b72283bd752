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

#[cfg(test)]
mod tests {
    use super::PicEvent;
    use crate::games::{Event, Place, Seat, Tally};

    /// By hand, from a match's JSON log and `Debug` text as they were while the shared
    /// `Event` held the claim itself; a claim is one capture to its claimer, whatever the
    /// counters, and made of another's heap.
    #[test]
    fn a_claim_is_written_as_before_and_counts_one_capture() {
        let claim = Event::from(PicEvent::Claim {
            by: Seat(2),
            owner: Seat(0),
            at: Place::Heap(6),
            counters: 3,
        });
        assert_eq!(
            serde_json::to_string(&claim).unwrap(),
            r#"{"event":"claim","by":2,"owner":0,"at":"heap 6","counters":3}"#
        );
        assert_eq!(
            format!("{claim:?}"),
            "Claim { by: Seat(2), owner: Seat(0), at: Heap(6), counters: 3 }"
        );
        assert_eq!(claim.credit(), Some((Seat(2), Tally::Captures, 1)));
        assert_eq!(claim.claimed_from(), Some(Seat(0)));
        assert!(claim.is_telling());
    }
}
