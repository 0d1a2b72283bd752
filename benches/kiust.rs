//! Kiust Oyun engine speed: random playouts from the start on one core, in release mode.
//!
//! `cargo bench --bench kiust` plays games to the end, sampling each throw by its exact
//! chance and picking a legal move uniformly, and prints the best of five runs as playouts
//! per second and plies (throws and steps) per second.

mod common;

use common::best_of;

use taproom::ai::{TableRng, sample_chance, table_rng};
use taproom::games::kiust::Kiust;
use taproom::games::{Rules, Turn};

/// Playouts per run.
const PLAYOUTS: u64 = 2_000;

/// Plays one game from `start` to its end; returns the plies played.
fn playout(
    start: &Kiust,
    rng: &mut TableRng,
    moves: &mut Vec<<Kiust as Rules>::Move>,
    throws: &mut Vec<(<Kiust as Rules>::Move, taproom::games::Chance)>,
) -> u64 {
    let mut pos = *start;
    let mut plies = 0;
    loop {
        let mv = match pos.turn() {
            Turn::Over => return plies,
            Turn::Chance => sample_chance(&pos, rng, throws),
            Turn::Seat(_) => {
                moves.clear();
                pos.legal_moves(moves);
                moves[rand::RngExt::random_range(rng, 0..moves.len())]
            }
        };
        pos.play_unchecked(mv, &mut ());
        plies += 1;
    }
}

fn main() {
    let start = Kiust::start(2, &Default::default()).expect("start");
    let mut moves = Vec::new();
    let mut throws = Vec::new();
    let (t, plies) = best_of(5, || {
        let mut rng = table_rng(7);
        (0..PLAYOUTS)
            .map(|_| playout(&start, &mut rng, &mut moves, &mut throws))
            .sum::<u64>()
    });
    let secs = t.as_secs_f64();
    println!(
        "kiust-playouts: {PLAYOUTS} random playouts in {:.1} ms ({:.0} playouts/s, {:.0} plies each)",
        secs * 1e3,
        PLAYOUTS as f64 / secs,
        plies as f64 / PLAYOUTS as f64
    );
    println!(
        "kiust-plies: {plies} plies (throws and steps) at {:.1} M plies/s",
        plies as f64 / secs / 1e6
    );
}
