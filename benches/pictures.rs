//! How long a board picture takes: `cargo bench --bench pictures`.
//!
//! Times, in the library (no process started, no file written), what `--image` draws,
//! against issue 28's budgets:
//!
//! - `png`: one PNG of a mid-game position (30 seeded random moves from the start) in
//!   every game, Piç at two and at five seats, as `engine apply --image x.png` makes it
//!   (the film of the moves, its last still drawn and encoded): the median of 21 runs,
//!   within 50 ms;
//! - `gif`: the GIF of a whole game, as `--image x.gif` makes it (the game filmed from
//!   the match's log, every still drawn, the palette learnt, each frame encoded): of
//!   the deciding games of seeded best-of-3 matches between built-in characters at their
//!   own skill (seeds 1 to 5; Òicustiỳtac's games are its rounds; Piç at five seats),
//!   the longest; the median of 3 runs, within 2 s. It also prints how much of that is
//!   drawing the frames (resvg), the rest being the palette, indexing and encoding.
//!
//! `cargo bench --bench pictures -- gif` runs those whose name contains `gif`. Figures
//! are for the machine it runs on: run it on an idle machine for the quoted figures, and
//! expect a loaded one to be slower.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand::RngExt;
use taproom::ai::{Effort, table_rng};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{Game, Turn};
use taproom::ops::picture::ImageKind;
use taproom::report::board::picture::film_bytes;
use taproom::report::board::picture::{self, Film, Picture};
use taproom::roster::Roster;
use taproom::table::{Entrant, Format, MatchLog, MatchSettings, RuleOptions, play_match};

/// The budgets, in seconds.
const PNG_BUDGET: f64 = 0.050;
const GIF_BUDGET: f64 = 2.0;

/// Runs `f` `runs` times; returns the median and the slowest time, and the last result.
fn median_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, Duration, T) {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let out = black_box(f());
        times.push(t.elapsed());
        last = Some(out);
    }
    times.sort();
    (
        times[times.len() / 2],
        times[times.len() - 1],
        last.expect("at least one run"),
    )
}

fn verdict(secs: f64, budget: f64) -> &'static str {
    if secs <= budget { "ok" } else { "OVER" }
}

/// A position `moves` seeded random legal moves from the start (fewer if the game ends),
/// as the moves that reach it.
fn random_moves<G: Game>(players: usize, moves: usize, seed: u64) -> (G, Vec<G::Move>) {
    let start = G::start(players, &G::Options::default()).expect("a table it seats");
    let mut pos = start.clone();
    let mut rng = table_rng(seed);
    let mut played = Vec::new();
    let mut list = Vec::new();
    let mut outs = Vec::new();
    while played.len() < moves {
        let mv = match pos.turn() {
            Turn::Over => break,
            Turn::Chance => {
                outs.clear();
                pos.chance_outcomes(&mut outs);
                outs[rng.random_range(0..outs.len())].0
            }
            Turn::Seat(_) => {
                list.clear();
                pos.legal_moves(&mut list);
                list[rng.random_range(0..list.len())]
            }
        };
        pos.play(mv, &mut ()).expect("a legal move");
        played.push(mv);
    }
    (start, played)
}

/// One PNG of a mid-game position of `G`: the film of its moves, then the PNG.
fn png<G: Game + Picture>(name: &str, players: usize) -> bool {
    let (start, moves) = random_moves::<G>(players, 30, 7);
    let (median, slowest, bytes) = median_of(21, || {
        let film = picture::film_of_moves(&start, &moves).expect("legal moves");
        film_bytes(&film, ImageKind::Png).expect("a PNG")
    });
    let secs = median.as_secs_f64();
    println!(
        "png {name:<22} median {:>6.1} ms  slowest {:>6.1} ms  ({} KB)  budget {} ms  {}",
        secs * 1e3,
        slowest.as_secs_f64() * 1e3,
        bytes.len() / 1024,
        PNG_BUDGET * 1e3,
        verdict(secs, PNG_BUDGET)
    );
    secs <= PNG_BUDGET
}

/// A best-of-3 match of `G` between the built-in characters `names` at their own skill,
/// temperament, honesty and eye, as `taproom play` seats them.
fn a_match<G: Game>(names: &[&str], seed: u64) -> MatchLog {
    let roster = Roster::built_in();
    let entrants: Vec<Entrant> = names
        .iter()
        .map(|n| {
            let c = roster.named(n).expect("a built-in character");
            Entrant {
                name: c.name.clone(),
                short: c.short.clone(),
                pronouns: c.pronouns,
                skill: c.skill_at(G::KIND),
                temperament: c.temperament_at(G::KIND),
                honesty: c.honesty_at(G::KIND),
                eye: c.eye_at(G::KIND),
                person: false,
                plan: taproom::table::Plan::default(),
            }
        })
        .collect();
    let settings = MatchSettings::<G> {
        effort: Effort::default(),
        table: taproom::table::TableRules::default(),
        wary: taproom::table::cheat::Wary::default(),
        format: Format::BestOf(3),
        draw_cap: 3,
        options: G::Options::default(),
        seed,
    };
    play_match::<G>(&entrants, &settings).expect("a match")
}

/// The GIF of the longest deciding game of matches of `G`, seeds 1 to 5.
fn gif<G: Game + Picture>(name: &str, names: &[&str]) -> bool {
    let rules = RuleOptions::default();
    let (seed, log) = (1..=5u64)
        .map(|seed| (seed, a_match::<G>(names, seed)))
        .max_by_key(|(_, log)| log.games.last().map_or(0, |g| g.steps.len()))
        .expect("matches");
    let deciding = log.games.last().expect("a game").number;
    let film = |log: &MatchLog| -> Film {
        picture::film(log, &rules, None, true).expect("the deciding game")
    };
    let (median, slowest, bytes) = median_of(3, || {
        film_bytes(&film(&log), ImageKind::Gif).expect("a GIF")
    });
    let shown = film(&log);
    let frames = shown.stills.len();
    let drawing = Instant::now();
    for svg in shown.svgs() {
        black_box(picture::rgba(&svg).expect("drawn"));
    }
    let drawing = drawing.elapsed().as_secs_f64();
    let secs = median.as_secs_f64();
    println!(
        "gif {name:<22} median {secs:>6.2} s  slowest {:>6.2} s  budget {GIF_BUDGET} s  {}\n    \
         seed {seed}, game {deciding}: {frames} frames, {:.1} ms a frame, {} KB; drawing \
         the frames {drawing:.2} s, palette, indexing and encoding the rest",
        slowest.as_secs_f64(),
        verdict(secs, GIF_BUDGET),
        secs * 1e3 / frames as f64,
        bytes.len() / 1024,
    );
    secs <= GIF_BUDGET
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    let mut all_ok = true;
    let two = ["Brannoc", "Mirela"];
    let five = ["Brannoc", "Mirela", "Pip", "Ysolde", "Tamsin"];
    if wanted("png tides") {
        all_ok &= png::<Tides>("tides-of-war", 2);
    }
    if wanted("png kiust") {
        all_ok &= png::<Kiust>("kiust-oyun", 2);
    }
    if wanted("png oicus") {
        all_ok &= png::<Oicus>("oicustiytac", 2);
    }
    if wanted("png pic 2p") {
        all_ok &= png::<Pic>("pic, 2 seats", 2);
    }
    if wanted("png pic 5p") {
        all_ok &= png::<Pic>("pic, 5 seats", 5);
    }
    if wanted("gif tides") {
        all_ok &= gif::<Tides>("tides-of-war", &two);
    }
    if wanted("gif kiust") {
        all_ok &= gif::<Kiust>("kiust-oyun", &two);
    }
    if wanted("gif oicus") {
        all_ok &= gif::<Oicus>("oicustiytac", &two);
    }
    if wanted("gif pic 5p") {
        all_ok &= gif::<Pic>("pic, 5 seats", &five);
    }
    if !all_ok {
        println!("Some budgets were missed on this machine (see above).");
    }
}
