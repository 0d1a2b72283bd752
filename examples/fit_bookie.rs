//! Fits the bookie's model (`src/wager/model.rs`) from real games between `play`'s own
//! players, and writes `data/bookie.toml`.
//!
//! ```text
//! cargo run --release --example fit_bookie -- GAMES [SEED] > data/bookie.toml
//! cargo run --release --example fit_bookie -- 3000 1 > data/bookie.toml
//! ```
//!
//! For each game, `GAMES` single games (plus as many again at Piç tables of three to
//! five) are played with seeds derived from `SEED`, between players of a skill drawn
//! uniformly from the baseline and levels 1 to 10 and a temperament drawn uniformly, at
//! seats decided by the game's own first-turn ceremony, at full effort, under the game's
//! own rules: exactly as `play` plays them. The coefficients maximise the likelihood of
//! what was played (with a weak prior that keeps unseen combinations near zero), and the
//! `spread` is measured from the same games: how far the model's chances of groups of
//! like pairings stray from what those groups played, beyond sampling noise, plus the
//! coefficients' own uncertainty, as a 95% half-width in strength units.

use rayon::prelude::*;
use taproom::ai::{Effort, Skill, Temperament};
use taproom::games::{Game, GameKind};
use taproom::seed::{Purpose, derive};
use taproom::table::{Entrant, Format, MatchSettings, play_match};
use taproom::wager::model::{GameModel, Kind};

/// One game played: the players in seat order (seat 0 moved first), who won (seat), or
/// `None` for a drawn game.
#[derive(Clone, Debug)]
struct Record {
    players: Vec<Kind>,
    winner: Option<usize>,
}

fn draw_kind(seed: u64) -> Kind {
    let skill = match seed % 11 {
        0 => Skill::Baseline,
        n => Skill::Level(n as u8),
    };
    let temperament = Temperament::ALL[((seed >> 8) % 5) as usize];
    Kind { skill, temperament }
}

fn play_one<G: Game>(base: u64, i: u64, players: usize) -> Option<Record> {
    let kinds: Vec<Kind> = (0..players as u64)
        .map(|p| draw_kind(derive(base, Purpose::ModelFit, &[G::KIND as u64, i, p])))
        .collect();
    let entrants: Vec<Entrant> = kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| Entrant::new(&format!("P{k}"), kind.skill, kind.temperament))
        .collect();
    let settings = MatchSettings::<G> {
        format: Format::BestOf(1),
        draw_cap: 0,
        options: G::Options::default(),
        seed: derive(base, Purpose::ModelFit, &[G::KIND as u64, i, 99]),
        effort: Effort::Full,
        table: taproom::table::TableRules::default(),
        wary: taproom::table::cheat::Wary::default(),
    };
    let log = play_match::<G>(&entrants, &settings).ok()?;
    let game = log.games.first()?;
    let players: Vec<Kind> = game.seats.iter().map(|&e| kinds[e]).collect();
    let winner = match game.winners.as_slice() {
        [w] => Some(game.seat_of(*w).index()),
        [] => None,
        // A shared win (Piç): counted as a draw, which a multinomial table cannot have;
        // left out of the fit.
        _ => return None,
    };
    Some(Record { players, winner })
}

/// The parameters as one vector: 11 levels, 5 temperaments, seat edges for tables of 2
/// to 5 (14), the two draw terms.
const P: usize = 11 + 5 + 14 + 2;

fn model_of(x: &[f64], games: u32, spread: f64) -> GameModel {
    let mut levels = [0.0; 11];
    levels.copy_from_slice(&x[0..11]);
    let mut temperaments = [0.0; 5];
    temperaments.copy_from_slice(&x[11..16]);
    let seats = [
        x[16..18].to_vec(),
        x[18..21].to_vec(),
        x[21..25].to_vec(),
        x[25..30].to_vec(),
    ];
    GameModel {
        games,
        levels,
        temperaments,
        seats,
        draw: [x[30], x[31]],
        spread,
    }
}

/// The chance the model gives to what happened in `r`.
fn chance(m: &GameModel, r: &Record) -> f64 {
    let strengths: Vec<f64> = r.players.iter().map(|&k| m.strength(k)).collect();
    let levels: Vec<f64> = r.players.iter().map(|k| k.level()).collect();
    let (wins, drawn) = m.game(&strengths, &levels);
    match r.winner {
        Some(s) => wins[s],
        None => drawn,
    }
}

/// The log-likelihood of the records with a normal prior of deviation 3 on every
/// parameter.
fn objective(x: &[f64], records: &[Record]) -> f64 {
    let m = model_of(x, 0, 0.0);
    let fit: f64 = records
        .par_iter()
        .map(|r| chance(&m, r).max(1e-12).ln())
        .sum();
    fit - x.iter().map(|v| v * v / 18.0).sum::<f64>()
}

/// Adam ascent with central-difference gradients: plenty for 32 parameters.
fn fit(records: &[Record]) -> Vec<f64> {
    let mut x = vec![0.0; P];
    let (mut m, mut v) = (vec![0.0; P], vec![0.0; P]);
    let (lr, b1, b2, h) = (0.05, 0.9, 0.999, 1e-4);
    for t in 1..=600 {
        let grad: Vec<f64> = (0..P)
            .map(|i| {
                let mut up = x.clone();
                let mut down = x.clone();
                up[i] += h;
                down[i] -= h;
                (objective(&up, records) - objective(&down, records))
                    / (2.0 * h)
                    / records.len() as f64
            })
            .collect();
        for i in 0..P {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - b1.powi(t));
            let vh = v[i] / (1.0 - b2.powi(t));
            x[i] += lr * mh / (vh.sqrt() + 1e-8);
        }
    }
    x
}

/// The model's error as a 95% half-width in strength units: records of two players are
/// grouped by the pair of (coarse skill band) and seat; in each group of 20 or more, the
/// gap between the first seat's observed score and the model's mean chance is measured
/// beyond its binomial noise; the excess, turned into strength units, is combined with
/// the coefficients' own uncertainty (one over the root of the information of a type's
/// games).
fn spread(m: &GameModel, records: &[Record]) -> f64 {
    use std::collections::HashMap;
    let band = |k: Kind| match k.skill {
        Skill::Baseline => 0,
        Skill::Level(n) => 1 + (n - 1) / 3,
    };
    let mut groups: HashMap<(u8, u8), (f64, f64, f64, f64)> = HashMap::new();
    for r in records.iter().filter(|r| r.players.len() == 2) {
        let strengths: Vec<f64> = r.players.iter().map(|&k| m.strength(k)).collect();
        let levels: Vec<f64> = r.players.iter().map(|k| k.level()).collect();
        let (wins, drawn) = m.game(&strengths, &levels);
        let predicted = wins[0] + drawn / 2.0;
        let observed = match r.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let g = groups
            .entry((band(r.players[0]), band(r.players[1])))
            .or_default();
        g.0 += 1.0;
        g.1 += predicted;
        g.2 += observed;
        g.3 += predicted * (1.0 - predicted);
    }
    let (mut excess, mut weight) = (0.0, 0.0);
    for (n, pred, obs, var) in groups.values() {
        if *n < 20.0 {
            continue;
        }
        let gap = (obs - pred) / n;
        excess += n * (gap * gap - var / (n * n));
        weight += n;
    }
    let misfit_p = (excess / weight.max(1.0)).max(0.0).sqrt();
    // Near an even chance, a unit of strength moves the chance by about a quarter.
    let misfit = misfit_p / 0.25;
    let types = 11.0 * 5.0;
    let per_type = 2.0 * records.len() as f64 / types;
    let param = 1.0 / (per_type * 0.2).sqrt();
    1.96 * (misfit * misfit + param * param).sqrt()
}

fn fit_game<G: Game>(games: u64, base: u64) -> (GameModel, usize, usize) {
    let mut jobs: Vec<(u64, usize)> = (0..games).map(|i| (i, 2)).collect();
    if G::FACTS.max_players > 2 {
        jobs.extend((0..games).map(|i| (games + i, 3 + (i % 3) as usize)));
    }
    let records: Vec<Record> = jobs
        .par_iter()
        .filter_map(|&(i, n)| play_one::<G>(base, i, n))
        .collect();
    let left_out = jobs.len() - records.len();
    let x = fit(&records);
    let first = model_of(&x, records.len() as u32, 0.0);
    let s = spread(&first, &records);
    (
        model_of(&x, records.len() as u32, s),
        records.iter().filter(|r| r.winner.is_none()).count(),
        left_out,
    )
}

fn show(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|x| format!("{x:.4}")).collect();
    format!("[{}]", parts.join(", "))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let base: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    println!("# The bookie's model: strengths of play's own players, fitted from real games.");
    println!("# Written by: cargo run --release --example fit_bookie -- {games} {base}");
    println!("# See src/wager/model.rs for what each number means. Safe to regenerate.");
    for kind in GameKind::ALL {
        let start = std::time::Instant::now();
        let (m, drawn, left_out) = match kind {
            GameKind::TidesOfWar => fit_game::<taproom::games::tides::Tides>(games, base),
            GameKind::Pic => fit_game::<taproom::games::pic::Pic>(games, base),
            GameKind::KiustOyun => fit_game::<taproom::games::kiust::Kiust>(games, base),
            GameKind::Oicustiytac => fit_game::<taproom::games::oicus::Oicus>(games, base),
        };
        eprintln!(
            "{}: {} games ({drawn} drawn, {left_out} shared left out) in {:.0?}",
            kind.id(),
            m.games,
            start.elapsed()
        );
        println!();
        println!("[{}]", kind.id());
        println!("games = {}", m.games);
        println!("levels = {}", show(&m.levels));
        println!("temperaments = {}", show(&m.temperaments));
        let seats: Vec<String> = m.seats.iter().map(|s| show(s)).collect();
        println!("seats = [{}]", seats.join(", "));
        println!("draw = {}", show(&m.draw));
        println!("spread = {:.4}", m.spread);
    }
}
