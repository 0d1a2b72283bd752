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

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::{Filler, Noted};
    use crate::games::kiust::{KiustEvent, Throw};
    use crate::games::oicus::OicusEvent;
    use crate::games::pic::PicEvent;
    use crate::games::words::{Spoken, moments};

    fn ceremony_moment(kind: GameKind, event: &Event) -> Option<Noted> {
        (Spoken::of_kind(kind).ceremony_moment)(event)
    }

    fn play_moment(kind: GameKind, steps: &[&[Event]], at: usize, event: &Event) -> Option<Noted> {
        (Spoken::of_kind(kind).play_moment)(steps, at, event)
    }
    use crate::games::{Event, GameKind, Place, Rules, Seat, Turn, tides::Tides};

    fn sq(file: u8, rank: u8) -> Place {
        Place::Square { file, rank }
    }

    /// Each game's moment of `events` (one step each) at step `at`.
    fn noted(kind: GameKind, steps: &[&[Event]], at: usize) -> Vec<Noted> {
        steps[at]
            .iter()
            .filter_map(|e| play_moment(kind, steps, at, e))
            .collect()
    }

    /// A made-up Kiust Oyun game, counted by hand: seat 0 throws a kiust and crosses
    /// with its right before seat 1 throws (one moment, a kiust-enter at b1 weighing 58,
    /// covering the crossing); seat 1's kiust is followed by seat 0's throw, so its right
    /// goes unused (a plain kiust, 45); a later crossing of seat 1's is an entry (50).
    #[test]
    fn a_kiust_is_told_with_the_crossing_its_right_allowed() {
        let k = GameKind::KiustOyun;
        let kiust = |by| {
            Event::from(KiustEvent::Throw {
                by: Seat(by),
                throw: Throw::Kiust,
            })
        };
        let six = |by| {
            Event::from(KiustEvent::Throw {
                by: Seat(by),
                throw: Throw::Six,
            })
        };
        let enter = |by, at| Event::Enter { by: Seat(by), at };
        let game: Vec<Vec<Event>> = vec![
            vec![kiust(0)],
            vec![],
            vec![enter(0, sq(1, 1))],
            vec![kiust(1)],
            vec![six(0)],
            vec![enter(1, sq(2, 12))],
        ];
        let steps: Vec<&[Event]> = game.iter().map(Vec::as_slice).collect();
        let all: Vec<(usize, Noted)> = (0..steps.len())
            .flat_map(|i| noted(k, &steps, i).into_iter().map(move |n| (i, n)))
            .collect();
        let said: Vec<(usize, &str, u8, u32)> = all
            .iter()
            .map(|(i, n)| (*i, n.moment.key, n.by.0, n.weight))
            .collect();
        assert_eq!(
            said,
            [
                (0, "kiust-enter", 0, 58),
                (2, "enter", 0, 50),
                (3, "kiust", 1, 45),
                (5, "enter", 1, 50)
            ]
        );
        let first = &all[0].1;
        assert_eq!(first.covers.map(|m| m.key), Some("enter"));
        assert_eq!(
            first.fields,
            [
                ("mover", Filler::Seat(Seat(0))),
                ("place", Filler::Place(sq(1, 1), Some(Seat(0))))
            ]
        );
        assert!(all[1..].iter().all(|(_, n)| n.covers.is_none()));
    }

    /// By hand: a claim of 4 counters weighs 55 + 4; 3 stones brought down 50 + 3 × 5,
    /// at a trap nobody's own act names; the ceremonies' draws weigh 20 each, and the
    /// events every game shares are no game's own moment.
    #[test]
    fn each_game_weighs_its_own_events_as_counted_by_hand() {
        let claim = Event::from(PicEvent::Claim {
            by: Seat(1),
            owner: Seat(2),
            at: Place::Heap(7),
            counters: 4,
        });
        let n = play_moment(GameKind::Pic, &[&[claim]], 0, &claim).unwrap();
        assert_eq!((n.moment.key, n.by, n.weight), ("claim", Seat(1), 59));
        assert_eq!(n.fields[3], ("count", Filler::Number(4)));
        let trap = Place::Trap {
            land: Seat(0),
            trap: 5,
        };
        let down = Event::from(OicusEvent::BringDown {
            by: Seat(1),
            victim: Seat(0),
            scorer: Seat(1),
            at: trap,
            count: 3,
        });
        let n = play_moment(GameKind::Oicustiytac, &[&[down]], 0, &down).unwrap();
        assert_eq!((n.moment.key, n.weight), ("bring-down", 65));
        assert!(n.fields.contains(&("place", Filler::Place(trap, None))));
        assert!(n.fields.contains(&("stones", Filler::Stones(3))));
        let draw = Event::from(OicusEvent::BagDraw {
            player: Seat(1),
            whites: 2,
            blacks: 3,
        });
        let n = ceremony_moment(GameKind::Oicustiytac, &draw).unwrap();
        assert_eq!((n.moment.key, n.weight), ("bag-draw", 20));
        assert_eq!(
            n.fields,
            [
                ("mover", Filler::Seat(Seat(1))),
                ("count", Filler::Number(2)),
                ("stones", Filler::Stones(5))
            ]
        );
        let throw = Event::from(KiustEvent::FirstThrow {
            player: Seat(0),
            flats: 3,
        });
        let n = ceremony_moment(GameKind::KiustOyun, &throw).unwrap();
        assert_eq!((n.moment.key, n.weight), ("first-throw", 20));
        let shared = [
            Event::Lot { winner: Seat(0) },
            Event::FirstTurn { winner: Seat(0) },
            Event::Pass { by: Seat(0) },
            Event::Capture {
                by: Seat(0),
                victim: Seat(1),
                at: sq(2, 3),
                count: 1,
            },
        ];
        for kind in GameKind::ALL {
            for e in &shared {
                assert_eq!(ceremony_moment(kind, e), None, "{kind} {e:?}");
                assert_eq!(play_moment(kind, &[&shared], 0, e), None, "{kind} {e:?}");
            }
            // Each moment a game notes is one it lists, in its ceremony or in play.
            for m in moments(kind) {
                assert_eq!(m.ceremony, ["first-throw", "bag-draw"].contains(&m.key));
            }
        }
    }

    /// Tides of War tells no entry of its own: in its rules an entry into the enemy town
    /// is the conquest that ends the game in the same step, told at the finish. Checked
    /// over random games: every entry is in the last step, and the game a conquest.
    #[test]
    fn a_tides_entry_is_always_the_conquest_at_the_end() {
        assert!(moments(GameKind::TidesOfWar).is_empty());
        let mut entries = 0;
        for seed in 0..60 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut pos = Tides::start(2, &Default::default()).unwrap();
            let mut steps: Vec<Vec<Event>> = Vec::new();
            let mut buf = Vec::new();
            while pos.turn() != Turn::Over && steps.len() < 400 {
                buf.clear();
                pos.legal_moves(&mut buf);
                let mv = buf[rand::RngExt::random_range(&mut rng, 0..buf.len())];
                let mut events = Vec::new();
                pos.play_unchecked(mv, &mut events);
                steps.push(events);
            }
            for (i, step) in steps.iter().enumerate() {
                for e in step.iter().filter(|e| matches!(e, Event::Enter { .. })) {
                    entries += 1;
                    assert_eq!(i + 1, steps.len(), "seed {seed}: {e:?}");
                    assert_eq!(
                        pos.outcome().map(|o| o.end),
                        Some(crate::games::tides::CONQUEST)
                    );
                    let views: Vec<&[Event]> = steps.iter().map(Vec::as_slice).collect();
                    assert_eq!(play_moment(GameKind::TidesOfWar, &views, i, e), None);
                }
            }
        }
        assert!(entries > 0, "some random game ends in a conquest");
    }
}
