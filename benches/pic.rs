//! Piç engine speed: random playouts from the start, in sowings (moves) per second on one
//! core, and perft from the two-player start.
//!
//! `cargo bench --bench pic` runs them all; `cargo bench --bench pic -- 5p` runs those
//! whose name contains `5p`. Each prints the best of five runs.

mod common;

use common::best_of;

use rand::Rng;
use taproom::ai::{TableRng, table_rng};
use taproom::games::pic::{Move, Options, Pic};
use taproom::games::{Rules, Turn, perft};

/// Plays `games` random games from `start` to the end; returns (sowings, passes).
fn playouts(start: &Pic, games: usize, rng: &mut TableRng) -> (u64, u64) {
    let mut moves: Vec<Move> = Vec::with_capacity(3);
    let (mut sowings, mut passes) = (0, 0);
    for _ in 0..games {
        let mut pos = *start;
        while pos.turn() != Turn::Over {
            moves.clear();
            pos.legal_moves(&mut moves);
            // A cheap uniform pick: the high half of a 32-bit draw times the length.
            let pick = (u64::from(rng.next_u32()) * moves.len() as u64) >> 32;
            let mv = moves[pick as usize];
            if mv.is_pass() {
                passes += 1;
            } else {
                sowings += 1;
            }
            pos.play_unchecked(mv, &mut ());
        }
    }
    (sowings, passes)
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));

    for (name, players, games) in [
        ("pic-playout-2p", 2, 100_000),
        ("pic-playout-5p", 5, 20_000),
    ] {
        if !wanted(name) {
            continue;
        }
        let start = Pic::start(players, &Options::default()).expect("start");
        let mut rng = table_rng(1);
        let (t, (sowings, passes)) = best_of(5, || playouts(&start, games, &mut rng));
        println!(
            "{name}: {games} random games, {sowings} sowings + {passes} passes in {:.1} ms \
             ({:.1} M sowings/s, {:.0} sowings a game)",
            t.as_secs_f64() * 1e3,
            sowings as f64 / t.as_secs_f64() / 1e6,
            sowings as f64 / games as f64
        );
    }

    if wanted("pic-perft") {
        let start = Pic::start(2, &Options::default()).expect("start");
        let (t, nodes) = best_of(5, || perft(&start, 14));
        println!(
            "pic-perft: perft(2-player start, 14) = {nodes} in {:.1} ms ({:.1} M leaves/s)",
            t.as_secs_f64() * 1e3,
            nodes as f64 / t.as_secs_f64() / 1e6
        );
    }
}
