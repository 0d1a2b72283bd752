//! The party's own checks at the table: a cheat's hand as a d20 plus Sleight of Hand
//! against each watcher's passive Perception, and a person's Insight against a hustler's
//! Deception, with the figures a character's `[dnd]` table gives or, where it gives none,
//! figures read from their honesty, eye and skill.
//!
//! 5th edition's rule (PHB ch. 7, "Ability Checks" and "Passive Checks"): a check succeeds
//! when its total **meets or beats** the DC; a passive check is 10 plus the modifier, and
//! advantage on it adds 5. So a cheat stands unseen by a watcher when
//! `d20 + Sleight of Hand >= that watcher's passive Perception` (raised by suspicion, see
//! [`watch_dc`]), and an Insight check reads a hustler when
//! `d20 + Insight >= 10 + Deception`. A natural 20 or 1 is no automatic success or
//! failure on an ability check.
//!
//! A table plays its cheats by the d20 only when somebody at it has a `[dnd]` table giving
//! `sleight_of_hand` or `passive_perception` ([`by_the_d20`]); everyone else at such a
//! table gets the figures of [`Figures::of`]. A table without one plays as it always has.

use serde::Serialize;

pub use super::entrant::Dnd;
use super::{Entrant, Who};
use crate::ai::{Skill, Temperament};

/// A check the table rolls a d20 for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// A cheat's hand.
    SleightOfHand,
    /// Seeing through a hustle.
    Insight,
}

impl Check {
    /// The check's name, as the party's sheet writes it.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Check::SleightOfHand => "Sleight of Hand",
            Check::Insight => "Insight",
        }
    }
}

/// A character's figures for the table's checks: their `[dnd]` table's, else the mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// Sleight of Hand modifier.
    pub sleight_of_hand: i8,
    /// Passive Perception.
    pub passive_perception: u8,
    /// Insight modifier.
    pub insight: i8,
    /// Deception modifier.
    pub deception: i8,
}

impl Figures {
    /// The figures of `e`: each one their `[dnd]` table gives, the others mapped from their
    /// skill, honesty, eye and temperament at this game.
    #[must_use]
    pub fn of(e: &Entrant) -> Figures {
        let dnd = e.dnd.unwrap_or_default();
        let level = e.skill.rough_level();
        Figures {
            sleight_of_hand: dnd
                .sleight_of_hand
                .unwrap_or_else(|| sleight_of_hand(level, e.honesty)),
            passive_perception: dnd
                .passive_perception
                .unwrap_or_else(|| passive_perception(e.eye)),
            insight: dnd.insight.unwrap_or_else(|| insight(e.eye)),
            deception: dnd
                .deception
                .unwrap_or_else(|| deception(e.honesty, e.temperament)),
        }
    }
}

/// Sleight of Hand for a character without the figure: `(level − 1) / 2 − 1` (−1 at
/// level 1 to +3 at level 10, a skilled player's quick fingers), plus a card-sharp's
/// practice (honesty 0: +4, 1: +3, 2: +2).
#[must_use]
pub fn sleight_of_hand(level: u8, honesty: u8) -> i8 {
    let level = level.clamp(1, 10) as i8;
    let practice = match honesty {
        0 => 4,
        1 => 3,
        2 => 2,
        _ => 0,
    };
    (level - 1) / 2 - 1 + practice
}

/// Passive Perception for a character without the figure: `10 + (eye − 5)`, 5 at eye 0
/// to 15 at eye 10 (an ordinary eye of 5 is 5th edition's commoner, 10).
#[must_use]
pub fn passive_perception(eye: u8) -> u8 {
    5 + eye.min(10)
}

/// Insight for a character without the figure: `eye − 5` (the same watchfulness).
#[must_use]
pub fn insight(eye: u8) -> i8 {
    eye.min(10) as i8 - 5
}

/// Deception for a character without the figure: `5 − honesty` (+5 at honesty 0, −5 at
/// 10), and +2 for a cunning temperament.
#[must_use]
pub fn deception(honesty: u8, temperament: Temperament) -> i8 {
    5 - honesty.min(10) as i8
        + if temperament == Temperament::Cunning {
            2
        } else {
            0
        }
}

/// Whether a table of `entrants` plays its cheats by the d20: somebody at it has a
/// `[dnd]` table giving Sleight of Hand or passive Perception.
#[must_use]
pub fn by_the_d20(entrants: &[Entrant]) -> bool {
    entrants.iter().any(|e| {
        e.dnd
            .is_some_and(|d| d.sleight_of_hand.is_some() || d.passive_perception.is_some())
    })
}

/// What a watcher of passive Perception `passive` needs a cheat's total to meet: the
/// passive, +1 for each attempt the same hand made earlier this match (at most +5), and
/// +5 (advantage, PHB ch. 7) when the watcher has seen that hand cheat before.
#[must_use]
pub fn watch_dc(passive: u8, earlier: u32, sightings: f64) -> u8 {
    let suspicion = earlier.min(5) as u8;
    let advantage = if sightings >= 1.0 { 5 } else { 0 };
    passive.saturating_add(suspicion).saturating_add(advantage)
}

/// Whether a d20 roll of `d20` plus `modifier` meets or beats `dc`.
#[must_use]
pub fn meets(d20: u8, modifier: i8, dc: u8) -> bool {
    i16::from(d20) + i16::from(modifier) >= i16::from(dc)
}

/// `d20 + modifier = total` in words, the modifier's sign written out ("14 - 1 = 13").
#[must_use]
pub fn sum_words(d20: u8, modifier: i8, total: i16) -> String {
    let sign = if modifier < 0 { '-' } else { '+' };
    format!("{d20} {sign} {} = {total}", modifier.unsigned_abs())
}

/// The chance that a d20 plus `modifier` falls short of `dc`: the faces below it, of 20.
#[must_use]
pub fn falls_short(modifier: i8, dc: u8) -> f64 {
    let short = (1..=20u8).filter(|&d| !meets(d, modifier, dc)).count();
    short as f64 / 20.0
}

/// One watcher's side of a cheat's roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Watcher {
    /// The watcher (an entrant).
    pub who: Who,
    /// Their passive Perception.
    pub passive: u8,
    /// What the roll had to meet: the passive raised by suspicion ([`watch_dc`]).
    pub dc: u8,
    /// Whether they saw it (the total fell short of `dc`).
    pub saw: bool,
}

/// A cheat's roll: the d20, the Sleight of Hand added, and each watcher's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheatRoll {
    /// The die as it fell (typed at the table with `sit --dice table`).
    pub d20: u8,
    /// Sleight of Hand.
    pub modifier: i8,
    /// `d20 + modifier`.
    pub total: i16,
    /// Each other seat, in seat order.
    pub watchers: Vec<Watcher>,
}

/// What an Insight check read of a hustler, when it succeeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Read {
    /// Whether the one read is hustling (plays below their skill).
    pub hustling: bool,
    /// The skill they show, when hustling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shows: Option<Skill>,
    /// The skill they really have at this game.
    pub skill: Skill,
}

/// A person's Insight check against another at the table (once a match).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InsightRoll {
    /// The die as it fell.
    pub d20: u8,
    /// Insight.
    pub modifier: i8,
    /// `d20 + modifier`.
    pub total: i16,
    /// The other's Deception.
    pub deception: i8,
    /// What the total had to meet: `10 + deception` (a passive Deception).
    pub dc: i16,
    /// What it read; `None` when it failed (nothing useful learnt).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read: Option<Read>,
}

/// `by`'s Insight check against `of`, with the die `d20`.
#[must_use]
pub fn insight_check(by: &Entrant, of: &Entrant, d20: u8) -> InsightRoll {
    let modifier = Figures::of(by).insight;
    let deception = Figures::of(of).deception;
    let total = i16::from(d20) + i16::from(modifier);
    let dc = 10 + i16::from(deception);
    let read = (total >= dc).then(|| Read {
        hustling: of.plan.hustle.is_some(),
        shows: of.plan.hustle.map(|h| h.shows),
        skill: of.skill,
    });
    InsightRoll {
        d20,
        modifier,
        total,
        deception,
        dc,
        read,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::HustlePlan;

    #[test]
    fn a_check_meets_or_beats_its_dc() {
        // PHB ch. 7: equal to the DC succeeds.
        assert!(meets(10, 2, 12));
        assert!(!meets(9, 2, 12));
        assert!(meets(1, 20, 21));
        // No automatic success on a 20: 20 + 0 against 25 fails.
        assert!(!meets(20, 0, 25));
    }

    #[test]
    fn the_chance_of_falling_short_counts_the_faces() {
        // +5 against 15: faces 1 to 9 fall short, 9 of 20.
        assert!((falls_short(5, 15) - 0.45).abs() < 1e-12);
        assert!((falls_short(10, 11) - 0.0).abs() < 1e-12);
        assert!((falls_short(-2, 23) - 1.0).abs() < 1e-12);
        for m in -5..10 {
            assert!(falls_short(m + 1, 14) <= falls_short(m, 14));
        }
    }

    #[test]
    fn suspicion_and_a_sighting_raise_the_watch() {
        assert_eq!(watch_dc(12, 0, 0.0), 12);
        assert_eq!(watch_dc(12, 2, 0.0), 14);
        assert_eq!(watch_dc(12, 9, 0.0), 17, "at most +5 for attempts");
        assert_eq!(watch_dc(12, 0, 1.0), 17, "advantage is +5");
        assert_eq!(watch_dc(12, 0, 0.5), 12, "a faded memory is no advantage");
    }

    #[test]
    fn the_mapping_runs_over_the_scales() {
        assert_eq!(passive_perception(5), 10);
        assert_eq!(passive_perception(0), 5);
        assert_eq!(passive_perception(10), 15);
        assert_eq!(sleight_of_hand(1, 10), -1);
        assert_eq!(sleight_of_hand(10, 10), 3);
        assert_eq!(sleight_of_hand(10, 0), 7);
        assert_eq!(insight(9), 4);
        assert_eq!(deception(0, Temperament::Cunning), 7);
        assert_eq!(deception(10, Temperament::Steady), -5);
    }

    fn entrant(dnd: Option<Dnd>) -> Entrant {
        let mut e = Entrant::new("Sly Wil", Skill::Level(9), Temperament::Steady);
        e.dnd = dnd;
        e
    }

    #[test]
    fn a_dnd_figure_wins_over_the_mapping_and_the_rest_are_mapped() {
        let plain = entrant(None);
        let figured = entrant(Some(Dnd {
            sleight_of_hand: Some(7),
            ..Dnd::default()
        }));
        let (p, f) = (Figures::of(&plain), Figures::of(&figured));
        assert_eq!(f.sleight_of_hand, 7);
        assert_eq!(p.sleight_of_hand, sleight_of_hand(9, 10));
        assert_eq!(f.passive_perception, p.passive_perception);
        assert!(!by_the_d20(std::slice::from_ref(&plain)));
        assert!(by_the_d20(&[plain, figured]));
        let insight_only = entrant(Some(Dnd {
            insight: Some(3),
            ..Dnd::default()
        }));
        assert!(
            !by_the_d20(&[insight_only]),
            "Insight alone leaves cheats be"
        );
    }

    #[test]
    fn at_a_d20_table_the_risk_is_the_faces_short_of_the_sharpest_watch_and_the_die_decides() {
        use crate::games::Seat;
        use crate::table::cheat::{Manners, Marks, Wary, Watch};
        let names: Vec<String> = vec!["Vex".into(), "Ben".into(), "Ana".into()];
        let mut marks = Marks::new(&names, &[0, 10, 10], &Wary::default(), 1);
        let figures = |soh: i8, pp: u8| Figures {
            sleight_of_hand: soh,
            passive_perception: pp,
            insight: 0,
            deception: 0,
        };
        let manners = |f: Figures| Manners {
            honesty: 0,
            eye: 5,
            level: 5,
            figures: f,
        };
        let entrants: Vec<Entrant> = names
            .iter()
            .map(|n| Entrant::new(n, Skill::Level(5), Temperament::Steady))
            .collect();
        let mut w = Watch {
            manners: vec![
                manners(figures(4, 10)),
                manners(figures(0, 12)),
                manners(figures(0, 15)),
            ],
            who: Who::all(3).collect(),
            rules: crate::table::TableRules::default(),
            marks: &mut marks,
            entrants: &entrants,
            d20: true,
        };
        // +4 against the sharper 15: faces 1 to 10 fall short, half of them.
        assert!((w.risk(Seat(0), 0.5, 0.1) - 0.5).abs() < 1e-12);
        // A 9 (13) meets Ben's 12 and not Ana's 15.
        let (seen, roll) = w.rolled(Seat(0), 9);
        assert_eq!(seen, vec![Seat(2)]);
        assert_eq!(roll.total, 13);
        assert_eq!(
            roll.watchers.iter().map(|x| x.saw).collect::<Vec<_>>(),
            [false, true]
        );
        // Now one attempt earlier (+1) and Ana has seen it (+5): Ben watches for 13, Ana
        // for 21; a 9 meets Ben's exactly (meets or beats).
        assert_eq!(w.watch_dc(Seat(0), Seat(1)), 13);
        assert_eq!(w.watch_dc(Seat(0), Seat(2)), 21);
        let (seen, _) = w.rolled(Seat(0), 9);
        assert_eq!(seen, vec![Seat(2)]);
    }

    #[test]
    fn insight_reads_a_hustler_only_when_it_meets_ten_plus_deception() {
        let reader = entrant(Some(Dnd {
            insight: Some(4),
            ..Dnd::default()
        }));
        let mut hustler = entrant(Some(Dnd {
            deception: Some(3),
            ..Dnd::default()
        }));
        hustler.plan.hustle = Some(HustlePlan::at_stakes(
            Skill::Level(3),
            crate::money::Money(500),
            crate::money::Money(0),
        ));
        // DC 13: 9 + 4 meets it, 8 + 4 does not.
        let hit = insight_check(&reader, &hustler, 9);
        assert_eq!((hit.total, hit.dc), (13, 13));
        let read = hit.read.unwrap();
        assert!(read.hustling);
        assert_eq!(read.shows, Some(Skill::Level(3)));
        assert_eq!(read.skill, Skill::Level(9));
        assert_eq!(insight_check(&reader, &hustler, 8).read, None);
        let honest = entrant(None);
        let read = insight_check(&reader, &honest, 20).read.unwrap();
        assert!(!read.hustling);
        assert_eq!(read.shows, None);
    }
}
