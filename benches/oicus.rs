//! Òicustiỳtac engine speed, in release mode: random playouts of whole rounds from the
//! start (turns a second on one core) and perft from the start.
//!
//! `cargo bench --bench oicus` runs both; `cargo bench --bench oicus -- playouts` runs
//! those whose name contains `playouts`. Each prints the best of five runs.

mod common;

use common::best_of;

use rand::RngExt;
use taproom::ai::table_rng;
use taproom::games::oicus::Oicus;
use taproom::games::{Rules, perft};

/// Plays `rounds` random rounds from the start; gives back the turns played.
fn playouts(start: &Oicus, rounds: u64) -> u64 {
    let mut rng = table_rng(42);
    let mut moves = Vec::new();
    let mut turns = 0;
    for _ in 0..rounds {
        let mut pos = *start;
        while pos.outcome().is_none() {
            moves.clear();
            pos.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play_unchecked(mv, &mut ());
            turns += 1;
        }
    }
    turns
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    let start = Oicus::start(2, &Default::default()).expect("start");

    if wanted("oicus-playouts") {
        let rounds = 2_000;
        let (t, turns) = best_of(5, || playouts(&start, rounds));
        println!(
            "oicus-playouts: {rounds} random rounds, {turns} turns in {:.1} ms ({:.0} turns/s, {:.0} rounds/s)",
            t.as_secs_f64() * 1e3,
            turns as f64 / t.as_secs_f64(),
            rounds as f64 / t.as_secs_f64()
        );
    }
    if wanted("oicus-perft") {
        let (t, nodes) = best_of(5, || perft(&start, 4));
        println!(
            "oicus-perft: perft(start, 4) = {nodes} in {:.1} ms ({:.1} M leaves/s)",
            t.as_secs_f64() * 1e3,
            nodes as f64 / t.as_secs_f64() / 1e6
        );
    }
}
