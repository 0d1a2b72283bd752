//! What cheating is worth at each game, and how often it is caught: the figures in the
//! README's "Cheats" section.
//!
//! `cargo run --release --example cheats -- [MATCHES]` plays MATCHES (default 200) seeded
//! single-game matches per line, seeds 1 to MATCHES, at skill 5 unless a line says
//! otherwise, under the default tavern (a cheat seen is taken back; Òicustiỳtac's rule 2
//! brings a stone down):
//! - a cheat (honesty 0) against an honest player of equal skill and eye 5, and the same
//!   two both honest, on the same seeds: the cheat's share of the wins either way;
//! - the share of attempts seen, as the cheat's skill rises (2, 5, 9; the watcher's eye
//!   5) and as the watcher's eye falls (9, 5, 1; the cheat's skill 5).

use taproom::ai::{Skill, Temperament};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{Game, GameKind};
use taproom::table::{Aside, Entrant, Format, MatchSettings, TableRules, play_match};

fn entrant(name: &str, level: u8, honesty: u8, eye: u8) -> Entrant {
    let mut e = Entrant::new(name, Skill::Level(level), Temperament::Steady);
    e.honesty = honesty;
    e.eye = eye;
    e
}

/// Over `matches` seeds: the first entrant's share of the wins (a shared or drawn match
/// counts a half), its attempts, and the attempts seen.
fn run<G: Game>(a: &Entrant, b: &Entrant, matches: u64) -> (f64, usize, usize) {
    let (mut wins, mut tries, mut seen) = (0.0, 0, 0);
    for seed in 1..=matches {
        let settings = MatchSettings::<G> {
            format: Format::BestOf(1),
            draw_cap: 0,
            options: G::Options::default(),
            seed,
            effort: taproom::ai::Effort::Full,
            table: TableRules::default(),
        };
        let log = play_match::<G>(&[a.clone(), b.clone()], &settings).expect("a match");
        wins += match log.winners.as_slice() {
            [0] => 1.0,
            [] | [_, _] => 0.5,
            _ => 0.0,
        };
        for (_, aside) in log.asides() {
            if let Aside::Cheat { by: 0, seen_by, .. } = aside {
                tries += 1;
                seen += usize::from(!seen_by.is_empty());
            }
        }
    }
    (wins / matches as f64, tries, seen)
}

fn rate(seen: usize, tries: usize) -> String {
    if tries == 0 {
        "-".to_owned()
    } else {
        format!("{:.0}% of {tries}", 100.0 * seen as f64 / tries as f64)
    }
}

fn game<G: Game>(matches: u64) {
    let honest = entrant("Honest", 5, 10, 5);
    let (fair, _, _) = run::<G>(&entrant("Cheat", 5, 10, 5), &honest, matches);
    let (cheating, tries, seen) = run::<G>(&entrant("Cheat", 5, 0, 5), &honest, matches);
    let by_skill: Vec<String> = [2, 5, 9]
        .iter()
        .map(|&l| {
            let (_, t, s) = run::<G>(&entrant("Cheat", l, 0, 5), &honest, matches);
            rate(s, t)
        })
        .collect();
    let by_eye: Vec<String> = [9, 5, 1]
        .iter()
        .map(|&eye| {
            let (_, t, s) = run::<G>(
                &entrant("Cheat", 5, 0, 5),
                &entrant("Honest", 5, 10, eye),
                matches,
            );
            rate(s, t)
        })
        .collect();
    println!(
        "| {} | {:.0}% | {:.0}% | {} | {} | {} |",
        G::KIND.title(),
        100.0 * fair,
        100.0 * cheating,
        rate(seen, tries),
        by_skill.join(" / "),
        by_eye.join(" / ")
    );
}

fn main() {
    let matches: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    println!(
        "| game ({matches} single games a line) | wins, both honest | wins, cheating | \
         attempts seen | seen at cheat skill 2 / 5 / 9 | seen at watcher eye 9 / 5 / 1 |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for kind in GameKind::ALL {
        match kind {
            GameKind::TidesOfWar => game::<Tides>(matches),
            GameKind::Pic => game::<Pic>(matches),
            GameKind::KiustOyun => game::<Kiust>(matches),
            GameKind::Oicustiytac => game::<Oicus>(matches),
        }
    }
}
