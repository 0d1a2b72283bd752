//! Òicustiỳtac's own events: the stones drawn from the bag for the first turn, a stone
//! whelped, brought down or brought home.

use serde::Serialize;

use super::Oicus;
use crate::games::event::{OwnEvent, Roles};
use crate::games::{Place, Seat};

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
                credit: Some((scorer, crate::games::oicus::DOWN, u32::from(count))),
                ..none
            },
            OicusEvent::BringHome { by, .. } => Roles {
                by: Some(by),
                telling: true,
                arrived_by: Some(by),
                credit: Some((by, crate::games::oicus::HOME, 1)),
                ..none
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OicusEvent;
    use crate::games::{Event, Place, Seat};

    const TRAP: Place = Place::Trap {
        land: Seat(0),
        trap: 5,
    };

    /// By hand, from a match's JSON log and `Debug` text as they were while the shared
    /// `Event` held these events itself: tagged by `event` in kebab case, fields in order,
    /// a trap written as its number.
    #[test]
    fn oicus_s_events_are_written_and_printed_as_the_shared_enum_wrote_them() {
        let json = |e: OicusEvent| serde_json::to_string(&Event::from(e)).unwrap();
        let down = OicusEvent::BringDown {
            by: Seat(0),
            victim: Seat(1),
            scorer: Seat(0),
            at: TRAP,
            count: 2,
        };
        assert_eq!(
            json(down),
            r#"{"event":"bring-down","by":0,"victim":1,"scorer":0,"at":"trap 5","count":2}"#
        );
        let draw = OicusEvent::BagDraw {
            player: Seat(0),
            whites: 3,
            blacks: 2,
        };
        assert_eq!(
            json(draw),
            r#"{"event":"bag-draw","player":0,"whites":3,"blacks":2}"#
        );
        let whelp = OicusEvent::Whelp {
            by: Seat(0),
            at: TRAP,
        };
        assert_eq!(json(whelp), r#"{"event":"whelp","by":0,"at":"trap 5"}"#);
        let home = OicusEvent::BringHome {
            by: Seat(1),
            at: TRAP,
        };
        assert_eq!(json(home), r#"{"event":"bring-home","by":1,"at":"trap 5"}"#);
        assert_eq!(
            format!("{:?}", Event::from(home)),
            "BringHome { by: Seat(1), at: Trap { land: Seat(0), trap: 5 } }"
        );
    }

    /// Rule 8: stones brought down score for the scorer (the victim's opponent), as many
    /// as came down; a stone brought home counts one to its owner; a whelp counts nothing.
    #[test]
    fn stones_down_count_for_the_scorer_and_a_stone_home_for_its_owner() {
        let down = Event::from(OicusEvent::BringDown {
            by: Seat(1),
            victim: Seat(1),
            scorer: Seat(0),
            at: TRAP,
            count: 3,
        });
        assert_eq!(down.credit(), Some((Seat(0), crate::games::oicus::DOWN, 3)));
        assert_eq!(down.taken_from(), Some((Seat(1), 3)));
        assert_eq!(down.by(), Some(Seat(1)));
        let home = Event::from(OicusEvent::BringHome {
            by: Seat(1),
            at: TRAP,
        });
        assert_eq!(home.credit(), Some((Seat(1), crate::games::oicus::HOME, 1)));
        assert_eq!(home.arrived_by(), Some(Seat(1)));
        let whelp = Event::from(OicusEvent::Whelp {
            by: Seat(0),
            at: TRAP,
        });
        assert_eq!((whelp.credit(), whelp.is_telling()), (None, false));
    }
}
