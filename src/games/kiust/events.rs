//! Kiust Oyun's own events: the sticks thrown for the first turn and in play, and a throw
//! lost.

use serde::Serialize;

use super::{Kiust, Throw};
use crate::games::Seat;
use crate::games::event::{OwnEvent, Roles};

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
                credit: (throw == Throw::Kiust).then_some((by, crate::games::kiust::KIUSTS, 1)),
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

#[cfg(test)]
mod tests {
    use super::KiustEvent;
    use crate::games::kiust::Throw;
    use crate::games::pic::PicEvent;
    use crate::games::{Event, Seat};

    /// By hand, from a match's JSON log and `Debug` text as they were while the shared
    /// `Event` held these events itself: tagged by `event` in kebab case, fields in order.
    #[test]
    fn kiust_s_events_are_written_and_printed_as_the_shared_enum_wrote_them() {
        let throw = Event::from(KiustEvent::Throw {
            by: Seat(0),
            throw: Throw::FourSixes,
        });
        let lost = Event::from(KiustEvent::ThrowLost { by: Seat(1) });
        let first = Event::from(KiustEvent::FirstThrow {
            player: Seat(1),
            flats: 3,
        });
        let json = |e: &Event| serde_json::to_string(e).unwrap();
        assert_eq!(
            json(&throw),
            r#"{"event":"throw","by":0,"throw":"four-sixes"}"#
        );
        assert_eq!(json(&lost), r#"{"event":"throw-lost","by":1}"#);
        assert_eq!(
            json(&first),
            r#"{"event":"first-throw","player":1,"flats":3}"#
        );
        assert_eq!(
            format!("{throw:?}"),
            "Throw { by: Seat(0), throw: FourSixes }"
        );
        assert_eq!(format!("{lost:?}"), "ThrowLost { by: Seat(1) }");
        assert_eq!(
            format!("{:?}", [first]),
            "[FirstThrow { player: Seat(1), flats: 3 }]"
        );
    }

    /// The kiusts tally counts kiusts thrown (its bet's words), one each, to the thrower;
    /// no other throw, lost throw or first-turn throw counts for anything.
    #[test]
    fn a_kiust_is_credited_to_its_thrower_and_nothing_else_of_kiust_s_is() {
        let throw = |by, throw| Event::from(KiustEvent::Throw { by, throw });
        assert_eq!(
            throw(Seat(1), Throw::Kiust).credit(),
            Some((Seat(1), crate::games::kiust::KIUSTS, 1))
        );
        for t in [
            Throw::Six,
            Throw::Three,
            Throw::Two,
            Throw::FourSixes,
            Throw::Four,
        ] {
            assert_eq!(throw(Seat(0), t).credit(), None, "{t}");
        }
        let lost = Event::from(KiustEvent::ThrowLost { by: Seat(0) });
        let first = Event::from(KiustEvent::FirstThrow {
            player: Seat(0),
            flats: 4,
        });
        assert_eq!((lost.credit(), first.credit()), (None, None));
    }

    /// An event made from Kiust Oyun's reads back as Kiust Oyun's, unchanged, and as no
    /// other game's; a shared event is no game's own. The shared questions read its roles.
    #[test]
    fn an_event_reads_back_as_its_own_game_s_and_no_other() {
        let lost = KiustEvent::ThrowLost { by: Seat(1) };
        let event = Event::from(lost);
        assert_eq!(event.own::<KiustEvent>(), Some(&lost));
        assert_eq!(event.own::<PicEvent>(), None);
        assert_eq!(Event::Pass { by: Seat(1) }.own::<KiustEvent>(), None);
        assert_eq!(
            (event.by(), event.thrower()),
            (Some(Seat(1)), Some(Seat(1)))
        );
        assert!(!event.is_ceremony() && !event.is_telling());
        let first = Event::from(KiustEvent::FirstThrow {
            player: Seat(1),
            flats: 2,
        });
        assert!(first.is_ceremony());
        assert_eq!(first.ceremony_draw(), Some((Seat(1), 2, "flats")));
        assert_eq!(first.by(), None);
    }
}
