//! Reputations: a character caught cheating is watched more closely afterwards.
//!
//! The project's reading of "watched more closely, by those who caught them and at that
//! tavern, fading over the evenings that follow", as sightings the table's watch already
//! counts ([`crate::table::cheat::Wary`]: a watcher looks `1 + 2 × sightings` times as
//! hard at that hand):
//!
//! * each time a watcher caught a hand cheating (saw it, or rightly accused it), that
//!   watcher carries one sighting of that hand, wherever they meet again;
//! * at the tavern where it happened, everyone else carries [`TAVERN_SHARE`] of a
//!   sighting for each catch: the story goes round the room;
//! * each sighting fades by half ([`FADE`]) for every evening the campaign has played
//!   since (an evening is what the records name as one: `--evening`, the campaign file's
//!   `evening`, a `night`'s title, else the date of single matches; evenings come in the
//!   order they were first recorded, whatever their names): a catch earlier this evening
//!   counts whole, last evening's half, a month of evenings ago next to nothing. Below
//!   [`FORGOTTEN`] a memory is dropped.

use crate::table::cheat::Wary;

use super::Record;

/// What one catch is worth, at the tavern where it happened, to everyone who did not
/// make it.
pub const TAVERN_SHARE: f64 = 0.5;

/// What a sighting keeps of itself for each evening that follows.
pub const FADE: f64 = 0.5;

/// A memory fainter than this is forgotten.
pub const FORGOTTEN: f64 = 0.01;

/// The evenings of `records` ([`Record::evening_name`]) in order of their first match,
/// then `current` (the evening of the run) if it is not one of them.
#[must_use]
pub fn evenings<'a>(records: &'a [Record], current: &'a str) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for r in records {
        if !out.contains(&r.evening_name()) {
            out.push(r.evening_name());
        }
    }
    if !out.contains(&current) {
        out.push(current);
    }
    out
}

/// What the table of `names` at `tavern`, on the evening `current` (its name, or the
/// date `YYYY-MM-DD`), remembers of the cheats caught in `records`: each watcher's sightings of
/// each hand, faded.
#[must_use]
pub fn wary(records: &[Record], tavern: &str, names: &[String], current: &str) -> Wary {
    let order = evenings(records, current);
    let index = |e: &str| order.iter().position(|x| *x == e).unwrap_or(0);
    let now = index(current);
    let mut out = Wary::default();
    for r in records {
        let age = now.saturating_sub(index(r.evening_name()));
        let fade = FADE.powi(i32::try_from(age).unwrap_or(i32::MAX));
        for c in r.cheats.iter().filter(|c| c.caught()) {
            if !names.contains(&c.by) {
                continue;
            }
            for w in names.iter().filter(|w| **w != c.by) {
                let share = if c.caught_by.contains(w) {
                    1.0
                } else if r.tavern == tavern {
                    TAVERN_SHARE
                } else {
                    0.0
                };
                out.add(w, &c.by, share * fade);
            }
        }
    }
    out.forgetting(FORGOTTEN)
}

/// Everyone whose hustle the history saw turn, in any match at any tavern (word gets
/// round): the bookie is wise to them from then on.
#[must_use]
pub fn hustlers(records: &[Record]) -> std::collections::BTreeSet<String> {
    records
        .iter()
        .flat_map(|r| r.entrants.iter())
        .filter(|e| e.hustled)
        .map(|e| e.name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::history::{Cheat, Entrant, VERSION};

    fn record(tavern: &str, evening: &str, names: &[&str], cheats: Vec<Cheat>) -> Record {
        Record {
            version: VERSION,
            at: format!("{evening}T20:00:00+00:00"),
            tavern: tavern.to_owned(),
            evening: evening.to_owned(),
            command: "play".to_owned(),
            game: GameKind::TidesOfWar,
            format: "best of 1".to_owned(),
            rules: Vec::new(),
            seed: 1,
            replay: String::new(),
            entrants: names
                .iter()
                .map(|n| Entrant {
                    name: (*n).to_owned(),
                    file: None,
                    person: false,
                    price: None,
                    hustled: false,
                })
                .collect(),
            games: Vec::new(),
            winners: Vec::new(),
            cheats,
            money: Vec::new(),
            bribes: Vec::new(),
            applied: None,
        }
    }

    fn caught(by: &str, watchers: &[&str]) -> Cheat {
        Cheat {
            game: 1,
            by: by.to_owned(),
            caught_by: watchers.iter().map(|w| (*w).to_owned()).collect(),
        }
    }

    fn names(n: &[&str]) -> Vec<String> {
        n.iter().map(|x| (*x).to_owned()).collect()
    }

    #[test]
    fn the_catcher_remembers_whole_the_tavern_by_half_and_both_fade_by_evening() {
        let history = vec![
            record(
                "Rat",
                "2026-11-02",
                &["Mirela", "Brannoc"],
                vec![caught("Mirela", &["Brannoc"])],
            ),
            // An unseen cheat leaves no reputation.
            record(
                "Rat",
                "2026-11-02",
                &["Mirela", "Pip"],
                vec![caught("Mirela", &[])],
            ),
            record("Rat", "2026-11-03", &["Pip", "Tamsin"], Vec::new()),
        ];
        let table = names(&["Mirela", "Brannoc", "Pip"]);
        // Tuesday is one evening after Monday: half of everything.
        let w = wary(&history, "Rat", &table, "2026-11-03");
        assert_eq!(w.seen("Brannoc", "Mirela"), 0.5);
        assert_eq!(w.seen("Pip", "Mirela"), 0.25);
        assert_eq!(w.seen("Mirela", "Brannoc"), 0.0);
        // Monday itself: whole; Wednesday, a new evening: a quarter.
        let w = wary(&history, "Rat", &table, "2026-11-02");
        assert_eq!(w.seen("Brannoc", "Mirela"), 1.0);
        assert_eq!(w.seen("Pip", "Mirela"), 0.5);
        let w = wary(&history, "Rat", &table, "2026-11-04");
        assert_eq!(w.seen("Brannoc", "Mirela"), 0.25);
        // At another tavern only the catcher watches.
        let w = wary(&history, "Goat", &table, "2026-11-03");
        assert_eq!(w.seen("Brannoc", "Mirela"), 0.5);
        assert_eq!(w.seen("Pip", "Mirela"), 0.0);
        // Eight evenings on, it is forgotten.
        let mut long = history.clone();
        for e in [
            "2026-11-05",
            "2026-11-06",
            "2026-11-07",
            "2026-11-08",
            "2026-11-09",
            "2026-11-10",
            "2026-11-11",
        ] {
            long.push(record("Rat", e, &["Pip", "Tamsin"], Vec::new()));
        }
        assert!(wary(&long, "Rat", &table, "2026-11-12").is_empty());
    }

    #[test]
    fn a_reputation_makes_the_watcher_look_as_the_table_states() {
        // The table's watch: `1 + 2 × sightings` times as hard; p = 1 − (1 − p₀)^m.
        let history = vec![record(
            "Rat",
            "2026-11-02",
            &["Mirela", "Brannoc"],
            vec![
                caught("Mirela", &["Brannoc"]),
                caught("Mirela", &["Brannoc"]),
            ],
        )];
        let w = wary(
            &history,
            "Rat",
            &names(&["Mirela", "Brannoc"]),
            "2026-11-03",
        );
        let s = w.seen("Brannoc", "Mirela");
        assert_eq!(s, 1.0, "two catches, an evening ago");
        let p0 = crate::table::cheat::seen_chance(0.3, 7, 6);
        let m = 1.0 + crate::table::cheat::PER_SIGHTING * s;
        let p = crate::table::cheat::watched(p0, m);
        assert!((p - (1.0 - (1.0 - p0).powi(3))).abs() < 1e-12);
        assert!(p > p0);
    }

    #[test]
    fn two_sessions_on_one_day_are_two_evenings_in_the_order_first_recorded() {
        // Both sessions on 2026-11-02, named; "Session 9" was recorded first though its
        // name sorts after "Session 10".
        let mut first = record(
            "Rat",
            "Session 9",
            &["Mirela", "Brannoc"],
            vec![caught("Mirela", &["Brannoc"])],
        );
        first.at = "2026-11-02T19:00:00+00:00".to_owned();
        let mut second = record("Rat", "Session 10", &["Pip", "Tamsin"], Vec::new());
        second.at = "2026-11-02T23:00:00+00:00".to_owned();
        let history = vec![first, second];
        let table = names(&["Mirela", "Brannoc"]);
        assert_eq!(
            evenings(&history, "Session 10"),
            ["Session 9", "Session 10"]
        );
        // Session 10 is one evening on from Session 9, the same day: half.
        assert_eq!(
            wary(&history, "Rat", &table, "Session 10").seen("Brannoc", "Mirela"),
            0.5
        );
        // A third session that day: two evenings on, a quarter.
        assert_eq!(
            wary(&history, "Rat", &table, "Session 11").seen("Brannoc", "Mirela"),
            0.25
        );
        // Session 9 itself: whole.
        assert_eq!(
            wary(&history, "Rat", &table, "Session 9").seen("Brannoc", "Mirela"),
            1.0
        );
    }

    #[test]
    fn a_record_naming_no_evening_is_of_its_date() {
        let mut old = record(
            "Rat",
            "",
            &["Mirela", "Brannoc"],
            vec![caught("Mirela", &["Brannoc"])],
        );
        old.at = "2026-11-02T19:00:00+00:00".to_owned();
        assert_eq!(old.evening_name(), "2026-11-02");
        let history = vec![old];
        let table = names(&["Mirela", "Brannoc"]);
        assert_eq!(
            wary(&history, "Rat", &table, "2026-11-02").seen("Brannoc", "Mirela"),
            1.0
        );
        assert_eq!(
            wary(&history, "Rat", &table, "Session 1").seen("Brannoc", "Mirela"),
            0.5
        );
    }
}
