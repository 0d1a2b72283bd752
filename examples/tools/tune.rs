//! Plays two player profiles against each other, for tuning the levels.
//!
//! ```text
//! cargo run --release --example tune -- GAME GAMES SEED SPEC_A SPEC_B
//! cargo run --release --example tune -- kiust 200 1 L10 baseline
//! cargo run --release --example tune -- pic 200 1 L10,leaf=roll,it=2000 L9
//! ```
//!
//! A spec is `baseline`, `random` (any legal move), `expectimax` (every move tried against
//! each chance outcome and reply that follows, to the next chance node of the player's
//! own, judged by the game's heuristic: a search of another kind, for checking how much
//! room a game leaves), or `L<n>` (the level's profile) followed by overrides:
//! `it=` iterations, `c=` exploration, `leaf=roll|eval`, `plies=`, `sharp=`, `t=`
//! temperature, `f=` foresight, `ct=` contempt, `hz=` draw horizon, `slip=`, `stop=` share
//! or `none`, `book=` the opening book's margin (0: none), `temp=` a temperament (default
//! steady). Seats alternate; the score is A's, and drawn games are counted, with those in
//! which nothing was captured. Game `g` of a run
//! is seeded as a ladder's games are, from the run's seed and `g`
//! ([`taproom::seed::derive`]).

use std::time::Instant;

use rayon::prelude::*;
use taproom::ai::search::Leaf;
use taproom::ai::{
    BaselinePlayer, Player, Profile, RandomPlayer, Skill, SkilledPlayer, TableRng, Temperament,
    best_by_value, one_ply_value, table_rng,
};
use taproom::games::{Event, Game, Seat, Turn};
use taproom::seed::{Purpose, derive};
use taproom::stats::wilson;
use taproom::table::run_game;

#[derive(Clone, Copy)]
enum Spec {
    Baseline,
    Random,
    Expectimax,
    Profile(Profile, Temperament),
}

fn parse_spec<G: Game>(text: &str) -> Result<Spec, String> {
    match text {
        "baseline" => return Ok(Spec::Baseline),
        "random" => return Ok(Spec::Random),
        "expectimax" => return Ok(Spec::Expectimax),
        _ => {}
    }
    let mut parts = text.split(',');
    let head = parts.next().unwrap_or_default();
    let level: u8 = head
        .strip_prefix('L')
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("`{head}` is not L<level>"))?;
    let mut p = Skill::Level(level).profile_for::<G>();
    let mut temperament = Temperament::Steady;
    for part in parts {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("`{part}` is not key=value"))?;
        let num = |v: &str| v.parse::<f32>().map_err(|e| format!("{k}: {e}"));
        match k {
            "it" => p.search.iterations = num(v)? as u32,
            "c" => p.search.exploration = num(v)?,
            "t" => p.temperature = num(v)?,
            "f" => p.foresight = num(v)? as u32,
            "ct" => p.search.contempt = num(v)?,
            "hz" => p.search.draw_horizon = num(v)?,
            "slip" => p.slip = num(v)?,
            "book" => p.opening = num(v)?,
            "temp" => temperament = v.parse().map_err(|e| format!("{e}"))?,
            "stop" => p.search.stop_early = (v != "none").then(|| num(v)).transpose()?,
            "leaf" => {
                p.search.leaf = match v {
                    "roll" => Leaf::Rollout,
                    "eval" => Leaf::Evaluate {
                        plies: 0,
                        sharpness: 6.0,
                    },
                    _ => return Err(format!("leaf `{v}`")),
                }
            }
            "plies" | "sharp" => {
                if let Leaf::Evaluate { plies, sharpness } = &mut p.search.leaf {
                    if k == "plies" {
                        *plies = num(v)? as u16;
                    } else {
                        *sharpness = num(v)?;
                    }
                }
            }
            _ => return Err(format!("unknown key `{k}`")),
        }
    }
    Ok(Spec::Profile(p, temperament))
}

fn player<G: Game>(spec: Spec) -> Box<dyn Player<G>> {
    match spec {
        Spec::Baseline => Box::new(BaselinePlayer::<G>::default()),
        Spec::Random => Box::new(RandomPlayer),
        Spec::Expectimax => Box::new(Expectimax),
        Spec::Profile(p, temperament) => {
            Box::new(SkilledPlayer::<G>::with_profile(p, temperament.leaning()))
        }
    }
}

/// Tries every move, then every chance outcome and reply after it, down to the player's
/// own next chance node (or four plies), and keeps the move with the best expectation.
struct Expectimax;

/// Plies of moves the look may pass through (games without chance end the look here).
const EXPECTIMAX_PLIES: u32 = 4;

fn expectation<G: Game>(pos: &G, me: Seat, chances: u32, plies: u32) -> f32 {
    let turn = pos.turn();
    if turn == Turn::Over || plies == 0 || (turn == Turn::Chance && chances == 0) {
        return one_ply_value(pos, me);
    }
    match turn {
        Turn::Over => unreachable!("judged above"),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            pos.chance_outcomes(&mut outcomes);
            outcomes
                .into_iter()
                .map(|(mv, chance)| {
                    let mut next = pos.clone();
                    next.play_unchecked(mv, &mut ());
                    chance.as_f64() as f32 * expectation(&next, me, chances - 1, plies)
                })
                .sum()
        }
        Turn::Seat(seat) => {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let values = moves.into_iter().map(|mv| {
                let mut next = pos.clone();
                next.play_unchecked(mv, &mut ());
                expectation(&next, me, chances, plies - 1)
            });
            if seat == me {
                values.fold(f32::NEG_INFINITY, f32::max)
            } else {
                values.fold(f32::INFINITY, f32::min)
            }
        }
    }
}

impl<G: Game> Player<G> for Expectimax {
    fn choose(&mut self, pos: &G, rng: &mut TableRng) -> G::Move {
        // One chance node for the opponent's throw, one for the player's own next.
        best_by_value(pos, rng, |next, me| {
            expectation(next, me, 1, EXPECTIMAX_PLIES)
        })
    }
}

/// One game's result: each seat's share, the seat moves made, and whether anything was
/// captured.
struct Played {
    shares: [f32; 2],
    moves: u64,
    captured: bool,
}

fn play<G: Game>(specs: [Spec; 2], seed: u64) -> Played {
    let mut players = vec![player::<G>(specs[0]), player::<G>(specs[1])];
    let mut pos = G::start(2, &G::Options::default()).expect("two seats");
    let mut rng = table_rng(seed);
    let mut moves = 0;
    let mut captured = false;
    let o = run_game(
        &mut pos,
        &mut players,
        &[taproom::table::Who(0), taproom::table::Who(1)],
        &mut rng,
        1,
        &mut |seat, _, events: Vec<Event>, _: &G| {
            moves += u64::from(seat.is_some());
            captured |= events.iter().any(|e| matches!(e, Event::Capture { .. }));
        },
    )
    .expect("every game ends");
    Played {
        shares: [o.reward(Seat(0), 2) as f32, o.reward(Seat(1), 2) as f32],
        moves,
        captured,
    }
}

fn run<G: Game>(games: u32, seed: u64, a: &str, b: &str) -> Result<(), String> {
    let specs = [parse_spec::<G>(a)?, parse_spec::<G>(b)?];
    let start = Instant::now();
    // A's share, the moves, and whether the game was drawn without a capture.
    let results: Vec<(f32, u64, bool)> = (0..games)
        .into_par_iter()
        .map(|g| {
            let s = derive(seed, Purpose::LadderGame, &[u64::from(g)]);
            let (p, a_seat) = if g % 2 == 0 {
                (play::<G>(specs, s), 0)
            } else {
                (play::<G>([specs[1], specs[0]], s), 1)
            };
            let share = p.shares[a_seat];
            (share, p.moves, !p.captured && (share - 0.5).abs() < 1e-6)
        })
        .collect();
    let n = results.len() as f64;
    let points: f64 = results.iter().map(|r| f64::from(r.0)).sum();
    let score = points / n;
    let wins = results.iter().filter(|r| r.0 > 0.5).count();
    let losses = results.iter().filter(|r| r.0 < 0.5).count();
    let draws = games as usize - wins - losses;
    let quiet = results.iter().filter(|r| r.2).count();
    let moves: f64 = results.iter().map(|r| r.1 as f64).sum::<f64>() / n;
    let (low, high) = wilson(points, u64::from(games));
    println!(
        "{a} vs {b}: {:.1}% (95%: {:.1}–{:.1}) (+{wins} ={draws} -{losses}; {quiet} drawn \
         without a capture) {moves:.0} moves/game, {:.0} ms/game",
        score * 100.0,
        low * 100.0,
        high * 100.0,
        start.elapsed().as_secs_f64() * 1000.0 / n * rayon::current_num_threads() as f64,
    );
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, games, seed, a, b] = args.as_slice() else {
        eprintln!("usage: tune GAME GAMES SEED SPEC_A SPEC_B");
        std::process::exit(2);
    };
    let games: u32 = games.parse().unwrap_or(100);
    let seed: u64 = seed.parse().unwrap_or(1);
    let result = match game.as_str() {
        "tides" => run::<taproom::games::tides::Tides>(games, seed, a, b),
        "pic" => run::<taproom::games::pic::Pic>(games, seed, a, b),
        "kiust" => run::<taproom::games::kiust::Kiust>(games, seed, a, b),
        "oicus" => run::<taproom::games::oicus::Oicus>(games, seed, a, b),
        _ => Err(format!("unknown game `{game}`")),
    };
    if let Err(e) = result {
        eprintln!("tune: {e}");
        std::process::exit(2);
    }
}
