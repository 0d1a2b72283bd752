//! How long a level-10 move takes, on one core, in release mode.
//!
//! `cargo bench --bench ai` times level 10 (and the baseline) choosing a move from each
//! game's start and from mid-game positions reached by seeded level-5 self-play, and
//! prints the mean and the slowest move in milliseconds. `cargo bench --bench ai -- kiust`
//! runs only the games whose name contains `kiust`; `--level N` times another level.
//!
//! Each game ends with the slowest of those decisions against `taproom sit`'s target: a
//! character replies to a person within 150 ms (Piç is timed at two and at five seats).
//!
//! `cargo bench --bench ai -- --matches 100` times whole matches instead: a default
//! `taproom play` match (best of 3, or Òicustiỳtac's first to 3 rounds; drawn games
//! replayed up to 5 times) between two level-10 players, seeds 1 to 100, and prints the
//! mean, the 95th percentile and the longest in seconds.

use std::time::Instant;

use taproom::ai::{Effort, Player, Skill, Temperament, player_for, sample_chance, table_rng};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{Game, Turn};
use taproom::table::{Entrant, Format, MatchSettings, play_match};

/// Positions of each kind timed per game.
const POSITIONS: u64 = 12;
/// Seat moves of self-play before a mid-game position.
const MID_MOVES: usize = 12;

/// A position reached by `moves` seat moves of level-5 self-play, or `None` if the game
/// ended first.
fn reach<G: Game>(seats: usize, moves: usize, seed: u64) -> Option<G> {
    let mut pos = G::start(seats, &G::Options::default()).expect("a table the game seats");
    let mut rng = table_rng(seed);
    let mut players: Vec<Box<dyn Player<G>>> = (0..seats)
        .map(|_| player_for::<G>(Skill::Level(5), Temperament::Steady))
        .collect();
    let mut buf = Vec::new();
    let mut made = 0;
    loop {
        match pos.turn() {
            Turn::Over => return None,
            Turn::Seat(_) if made == moves => return Some(pos),
            Turn::Chance => {
                let mv = sample_chance(&pos, &mut rng, &mut buf);
                pos.play_unchecked(mv, &mut ());
            }
            Turn::Seat(s) => {
                let mv = players[s.index()].choose(&pos, &mut rng);
                pos.play_unchecked(mv, &mut ());
                made += 1;
            }
        }
    }
}

/// Times one decision of `skill` at each position; returns (mean ms, max ms).
fn time<G: Game>(skill: Skill, positions: &[G]) -> (f64, f64) {
    let mut total = 0.0;
    let mut worst = 0.0f64;
    for (i, pos) in positions.iter().enumerate() {
        let mut player = player_for::<G>(skill, Temperament::Steady);
        let mut rng = table_rng(1000 + i as u64);
        let t = Instant::now();
        std::hint::black_box(player.choose(pos, &mut rng));
        let ms = t.elapsed().as_secs_f64() * 1e3;
        total += ms;
        worst = worst.max(ms);
    }
    (total / positions.len().max(1) as f64, worst)
}

/// The longest a character may think at `taproom sit` before a person notices the wait.
const SIT_REPLY_MS: f64 = 150.0;

fn bench<G: Game>(name: &str, seats: usize, level: u8) {
    let mut starts = Vec::new();
    let mut mids = Vec::new();
    let mut slowest = 0.0f64;
    for seed in 0..POSITIONS * 4 {
        if starts.len() < POSITIONS as usize
            && let Some(p) = reach::<G>(seats, 0, seed)
        {
            starts.push(p);
        }
        if mids.len() < POSITIONS as usize
            && let Some(p) = reach::<G>(seats, MID_MOVES, seed)
        {
            mids.push(p);
        }
    }
    for (label, positions) in [("start", &starts), ("mid-game", &mids)] {
        for skill in [Skill::Level(level), Skill::Baseline] {
            let (mean, max) = time(skill, positions);
            slowest = slowest.max(max);
            println!(
                "{name} {label}: skill {skill}: {mean:.1} ms a move on average, {max:.1} ms \
                 at most ({} positions)",
                positions.len()
            );
        }
    }
    // A character's reply at `taproom sit` is one such decision.
    println!(
        "{name}: a character's reply at sit takes at most {slowest:.1} ms (target {SIT_REPLY_MS} \
         ms): {}",
        if slowest <= SIT_REPLY_MS {
            "within it"
        } else {
            "OVER"
        }
    );
}

/// Times `count` default matches of two players of `level`, seeds 1 to `count`.
fn matches<G: Game>(name: &str, level: u8, count: u64) {
    let entrant = |name: &str| Entrant::new(name, Skill::Level(level), Temperament::Steady);
    let entrants = [entrant("Ada"), entrant("Bea")];
    let mut secs: Vec<f64> = (1..=count)
        .map(|seed| {
            let settings = MatchSettings::<G> {
                format: Format::default_for(G::KIND),
                draw_cap: 5,
                options: G::Options::default(),
                seed,
                effort: Effort::Full,
                table: taproom::table::TableRules::default(),
                wary: taproom::table::cheat::Wary::default(),
            };
            let start = Instant::now();
            play_match(&entrants, &settings).expect("a match of two");
            start.elapsed().as_secs_f64()
        })
        .collect();
    secs.sort_by(f64::total_cmp);
    let mean = secs.iter().sum::<f64>() / secs.len() as f64;
    let p95 = secs[(secs.len() * 95 / 100).min(secs.len() - 1)];
    let max = secs[secs.len() - 1];
    println!(
        "{name}: a default match at level {level}: {mean:.2} s on average, {p95:.2} s at the \
         95th percentile, {max:.2} s at most ({count} matches)"
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = args
        .iter()
        .position(|a| a == "--level")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let filter: Vec<&String> = args
        .iter()
        .filter(|a| !a.starts_with('-') && a.parse::<u64>().is_err())
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    let match_count: Option<u64> = args
        .iter()
        .position(|a| a == "--matches")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok());
    if let Some(count) = match_count {
        if wanted("tides") {
            matches::<Tides>("tides", level, count);
        }
        if wanted("kiust") {
            matches::<Kiust>("kiust", level, count);
        }
        if wanted("pic") {
            matches::<Pic>("pic", level, count);
        }
        if wanted("oicus") {
            matches::<Oicus>("oicus", level, count);
        }
        return;
    }
    if wanted("tides") {
        bench::<Tides>("tides", 2, level);
    }
    if wanted("kiust") {
        bench::<Kiust>("kiust", 2, level);
    }
    if wanted("pic") {
        bench::<Pic>("pic", 2, level);
        bench::<Pic>("pic (5 seats)", 5, level);
    }
    if wanted("oicus") {
        bench::<Oicus>("oicus", 2, level);
    }
}
