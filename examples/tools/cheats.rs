//! What cheating is worth at each game, and how often it is caught: the figures in the
//! README's "Cheats" section, and the targets they are held to.
//!
//! `cargo run --release --example cheats -- [GAMES] [GAME...]` plays GAMES (default 400)
//! seeded single games per line, seeds 1 to GAMES, the two characters swapping their order
//! at the table from one seed to the next, under the default tavern (a cheat seen forfeits
//! the game; Òicustiỳtac's rule 2 brings a stone down). Characters are steady and of
//! skill 5 with eye 5 unless a line says otherwise:
//! - both honest: the first one's share of the wins, the figure the others are held to;
//! - honesty 0 against an honest player (target 55–75%);
//! - honesty 9 against an honest player (target within 3 points of the honest figure);
//! - honesty 0 against a watcher of eye 9 (target at most 55%);
//! - a cunning skill-5 character of honesty 5 against an honest skill-9 watcher of eye 8
//!   (target at most 20%; Kiust Oyun, where the sticks decide much, 45%);
//!
//! each with the cheat's attempts a game and the share of them seen. A shared or drawn
//! game counts a half.

use rayon::prelude::*;
use taproom::ai::{Skill, Temperament};
use taproom::games::{Game, GameKind};
use taproom::table::{Aside, Entrant, Format, MatchSettings, TableRules, Who, play_match};

fn entrant(name: &str, level: u8, temperament: Temperament, honesty: u8, eye: u8) -> Entrant {
    let mut e = Entrant::new(name, Skill::Level(level), temperament);
    e.honesty = honesty;
    e.eye = eye;
    e
}

/// Over `games` seeds: the cheat's share of the wins, its attempts and those seen.
fn run<G: Game>(cheat: &Entrant, other: &Entrant, games: u64) -> (f64, usize, usize) {
    run_format::<G>(cheat, other, games, Format::BestOf(1)).0
}

/// Over `games` seeded matches of `format`: the cheat's share of the wins, its attempts
/// and those seen; and how many of the matches it tried a cheat in.
fn run_format<G: Game>(
    cheat: &Entrant,
    other: &Entrant,
    games: u64,
    format: Format,
) -> ((f64, usize, usize), usize) {
    let one = |seed: u64| {
        let settings = MatchSettings::<G> {
            format,
            draw_cap: 0,
            options: G::Options::default(),
            seed,
            effort: taproom::ai::Effort::Full,
            table: TableRules::default(),
            wary: taproom::table::cheat::Wary::default(),
        };
        let (entrants, me) = if seed.is_multiple_of(2) {
            (vec![cheat.clone(), other.clone()], Who(0))
        } else {
            (vec![other.clone(), cheat.clone()], Who(1))
        };
        let log = play_match::<G>(&entrants, &settings).expect("a match");
        let share = if log.winners == [me] {
            1.0
        } else if log.winners.is_empty() || log.winners.len() == 2 {
            0.5
        } else {
            0.0
        };
        let (mut tries, mut seen) = (0, 0);
        for (_, aside) in log.asides() {
            if let Aside::Cheat { by, seen_by, .. } = aside
                && *by == me
            {
                tries += 1;
                seen += usize::from(!seen_by.is_empty());
            }
        }
        (share, tries, seen, usize::from(tries > 0))
    };
    let (wins, tries, seen, tried) = (1..=games).into_par_iter().map(one).reduce(
        || (0.0, 0, 0, 0),
        |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3),
    );
    ((wins / games as f64, tries, seen), tried)
}

fn cell(share: f64, tries: usize, seen: usize, games: u64) -> String {
    let seen = if tries == 0 {
        "-".to_owned()
    } else {
        format!("{:.0}%", 100.0 * seen as f64 / tries as f64)
    };
    format!(
        "{:.1}% ({:.2} tries, {seen} seen)",
        100.0 * share,
        tries as f64 / games as f64
    )
}

fn game<G: Game>(games: u64) {
    use Temperament::{Cunning, Steady};
    let honest = entrant("Honest", 5, Steady, 10, 5);
    let (fair, _, _) = run::<G>(&entrant("Cheat", 5, Steady, 10, 5), &honest, games);
    let lines = [
        run::<G>(&entrant("Cheat", 5, Steady, 0, 5), &honest, games),
        run::<G>(&entrant("Cheat", 5, Steady, 9, 5), &honest, games),
        run::<G>(
            &entrant("Cheat", 5, Steady, 0, 5),
            &entrant("Watcher", 5, Steady, 10, 9),
            games,
        ),
        run::<G>(
            &entrant("Cheat", 5, Cunning, 5, 5),
            &entrant("Master", 9, Steady, 10, 8),
            games,
        ),
    ];
    let cells: Vec<String> = lines
        .iter()
        .map(|&(s, t, n)| cell(s, t, n, games))
        .collect();
    println!(
        "| {} | {:.1}% | {} |",
        G::KIND.title(),
        100.0 * fair,
        cells.join(" | ")
    );
}

/// Attempts a game by honesty, against an honest watcher of eye 5 and of eye 2.
fn appetite<G: Game>(games: u64) {
    use Temperament::Steady;
    let cells: Vec<String> = [1u8, 3, 5, 7, 9]
        .iter()
        .map(|&h| {
            let tries: Vec<String> = [5u8, 2]
                .iter()
                .map(|&eye| {
                    let (_, t, _) = run::<G>(
                        &entrant("Cheat", 5, Steady, h, 5),
                        &entrant("Watcher", 5, Steady, 10, eye),
                        games,
                    );
                    format!("{:.2}", t as f64 / games as f64)
                })
                .collect();
            tries.join(" / ")
        })
        .collect();
    println!("| {} | {} |", G::KIND.title(), cells.join(" | "));
}

/// The share of default matches (best of 3) in which a card-sharp of skill 5 and
/// honesty 0, 1 and 2 tries a cheat against an honest skill-5 watcher of eye 2, 4 and
/// 6; and Mirela Quickfingers against Old Brannoc, as built in.
fn sharps<G: Game>(games: u64) {
    use Temperament::Steady;
    let mut cells: Vec<String> = Vec::new();
    for h in [0u8, 1, 2] {
        let per_eye: Vec<String> = [2u8, 4, 6]
            .iter()
            .map(|&eye| {
                let (_, tried) = run_format::<G>(
                    &entrant("Cheat", 5, Steady, h, 5),
                    &entrant("Watcher", 5, Steady, 10, eye),
                    games,
                    Format::BestOf(3),
                );
                format!("{:.0}%", 100.0 * tried as f64 / games as f64)
            })
            .collect();
        cells.push(per_eye.join(" / "));
    }
    let roster = taproom::roster::Roster::built_in();
    let built = |name: &str| {
        let c = roster
            .characters()
            .iter()
            .find(|c| c.name == name)
            .expect("a built-in character");
        entrant(
            &c.name,
            c.skill_at(G::KIND).rough_level(),
            c.temperament_at(G::KIND),
            c.honesty_at(G::KIND),
            c.eye_at(G::KIND),
        )
    };
    let ((share, _, _), tried) = run_format::<G>(
        &built("Mirela Quickfingers"),
        &built("Old Brannoc"),
        games,
        Format::BestOf(3),
    );
    cells.push(format!(
        "{:.0}% (wins {:.0}%)",
        100.0 * tried as f64 / games as f64,
        100.0 * share
    ));
    println!("| {} | {} |", G::KIND.title(), cells.join(" | "));
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let only: Vec<GameKind> = args.filter_map(|a| a.parse().ok()).collect();
    println!(
        "| game ({games} single games a line) | both honest | honesty 0 v honest (55–75%) \
         | honesty 9 v honest (within 3 points) | honesty 0 v eye 9 (at most 55%) \
         | skill 5, honesty 5 v skill 9, eye 8 (at most 20%; Kiust 45%) |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    let kinds: Vec<GameKind> = GameKind::ALL
        .into_iter()
        .filter(|k| only.is_empty() || only.contains(k))
        .collect();
    for &kind in &kinds {
        taproom::with_game!(kind, G => game::<G>(games));
    }
    println!();
    println!(
        "| attempts a game ({games} games a cell), watcher's eye 5 / 2 | honesty 1 | 3 | 5 | 7 | 9 |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for &kind in &kinds {
        taproom::with_game!(kind, G => appetite::<G>(games));
    }
    println!();
    println!(
        "| matches with a cheat tried ({games} best of 3 a cell), watcher's eye 2 / 4 / 6 \
         | honesty 0 | 1 | 2 | Mirela v Brannoc |"
    );
    println!("| --- | --- | --- | --- | --- |");
    for &kind in &kinds {
        taproom::with_game!(kind, G => sharps::<G>(games));
    }
}
