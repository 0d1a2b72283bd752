//! Engine speed: perft and random playouts for each game, in release mode.
//!
//! `cargo bench --bench engines` runs them all; `cargo bench --bench engines -- tides`
//! runs those whose name contains `tides`. Each prints the best of five runs.

mod common;

use common::best_of;

use taproom::games::tides::Tides;
use taproom::games::{Rules, perft};

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));

    if wanted("tides-perft") {
        let start = Tides::start(2, &Default::default()).expect("start");
        let (t, nodes) = best_of(5, || perft(&start, 5));
        println!(
            "tides-perft: perft(start, 5) = {nodes} in {:.1} ms ({:.1} M leaves/s)",
            t.as_secs_f64() * 1e3,
            nodes as f64 / t.as_secs_f64() / 1e6
        );
    }
}
