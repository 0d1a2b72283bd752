//! Fitting the model from real games ([`super::record`] plays them): each piece of
//! [`super::GameModel`] from the games that tell of it.
//!
//! * Who wins (`winners.rs`): strengths, edges, gap, draw, the house rules' terms and what
//!   a cheat that stood or was seen is worth, the most likely values for the winners of
//!   every game neither forfeit nor shared, by limited-memory BFGS.
//! * The boldness of a typical try, a card-sharp's and anyone else's (`cheats.rs`, `looks`):
//!   the most likely, given which watcher saw which try.
//! * The tries (`cheats.rs`, `tries`): a logistic regression of whether a seat that could
//!   cheat tried any, and a Poisson regression of how many more, per rule for a cheat seen
//!   and per kind of cheat.
//! * The shapes of games ([`super::Bank`]): up to [`SHELF`] real games of each kind, with
//!   cheats or without, and band of the winner's chance, their seats put in role order,
//!   at each table size and under each house rule played ([`RULE_SHELF`] under a rule).
//! * The 95% ranges ([`mod@calibrate`]): real matches at new tables against the fitted
//!   model's chances; what strays beyond sampling noise, in log-odds.

pub mod calibrate;
mod cheats;
mod lbfgs;
mod winners;

use std::collections::BTreeMap;

use super::{Bank, Banked, Cheating, GameModel, Kind, Models, Shelf};
use crate::games::{End, GameKind, OnCheat};

pub use super::record::{Record, Try};

/// The most real games kept on one shelf of a bank under the game's own rules.
pub const SHELF: usize = 60;

/// The most real games kept on one shelf of a bank under a house rule.
pub const RULE_SHELF: usize = 20;

/// What kind of game a record was.
pub(super) fn kind_of(r: &Record) -> Kind {
    let n = r.players();
    if r.end == End::Forfeit {
        Kind::Forfeit
    } else if r.winners.is_empty() || (n == 2 && r.winners.len() == 2) {
        Kind::Drawn
    } else if r.winners.len() > 1 {
        Kind::Shared
    } else {
        Kind::Won
    }
}

/// The rules for a cheat seen that the records of one game were played under, the custom
/// first.
fn cheat_rules(kind: GameKind, records: &[&Record]) -> Vec<OnCheat> {
    let mut out = vec![kind.facts().on_cheat];
    for r in records {
        if !out.contains(&r.rule()) {
            out.push(r.rule());
        }
    }
    out
}

/// How often a game ends in a shared win, by table size from three.
fn shared_rates(records: &[&Record]) -> Vec<f64> {
    (3..=5)
        .map(|n| {
            let at: Vec<&&Record> = records.iter().filter(|r| r.players() == n).collect();
            if at.is_empty() {
                0.0
            } else {
                at.iter().filter(|r| kind_of(r) == Kind::Shared).count() as f64 / at.len() as f64
            }
        })
        .collect()
}

/// Of the games a seat forfeited, by table size from three, how often each set of the
/// others won it, by where they sit after the one who forfeited (see
/// [`super::More::forfeit_winners`]).
fn forfeit_winners(records: &[&Record]) -> Vec<Vec<f64>> {
    (3..=5)
        .map(|n| {
            let mut counts = vec![0.0; 1 << (n - 1)];
            for r in records.iter().filter(|r| r.players() == n) {
                let Some(f) = r.forfeit_by() else { continue };
                let mask = r
                    .winners
                    .iter()
                    .filter(|&&w| w != f)
                    .fold(0usize, |m, &w| m | 1 << ((w + n - f) % n - 1));
                counts[mask] += 1.0;
            }
            let total: f64 = counts.iter().sum();
            if total > 0.0 {
                counts.iter_mut().for_each(|c| *c /= total);
            }
            counts
        })
        .collect()
}

/// The model of `records` (without its spread and banks), in two passes: the winners
/// and then the tries, each seat's chance of trying read as nothing; then the winners
/// again with the chance the first pass's tries give (what a game without a try says of
/// it), and the tries again with those strengths.
fn fit_on(kind: GameKind, records: &[&Record]) -> GameModel {
    let rules = cheat_rules(kind, records);
    let layout = winners::Layout::new(kind, rules.clone());
    let look = cheats::looks(records);
    // Before any strength is known, a level is worth about 0.6.
    let rough = |r: &Record, s: usize| {
        let levels: Vec<f64> = r.seats.iter().map(|p| 0.6 * p.level()).collect();
        (0.0, winners::behind_of(&levels, s))
    };
    let first = assemble(
        &rules,
        records,
        look,
        winners::fit(kind, &layout, records, &rough),
    );
    let any = |r: &Record, s: usize| {
        let n = r.players();
        let strengths: Vec<f64> = r.seats.iter().map(|p| first.strength(p, n)).collect();
        (
            cheats::any_chance(&first, kind, r, s),
            winners::behind_of(&strengths, s),
        )
    };
    assemble(
        &rules,
        records,
        look,
        winners::fit(kind, &layout, records, &any),
    )
}

/// A model from the winners' fit, with the tries fitted under each rule for a cheat seen.
fn assemble(
    rules: &[OnCheat],
    records: &[&Record],
    look: [[f64; 3]; 4],
    w: winners::Fitted,
) -> GameModel {
    let mut model = GameModel {
        games: records.len() as u32,
        two: w.two,
        more: w.more.map(|mut m| {
            m.shared = shared_rates(records);
            m.forfeit_winners = forfeit_winners(records);
            m
        }),
        rules: w.rules,
        look,
        cheats: Vec::new(),
        spread: 0.0,
        tie_shared: records
            .iter()
            .any(|r| r.players() == 2 && r.winners.len() == 2),
        banks: Vec::new(),
    };
    let cheats: Vec<Cheating> = rules
        .iter()
        .zip(w.effects)
        .map(|(&rule, effect)| {
            let under: Vec<&Record> = records
                .iter()
                .copied()
                .filter(|r| r.rule() == rule)
                .collect();
            Cheating {
                rule,
                tries: [0, 1, 2].map(|class| cheats::tries(&model, &under, class)),
                effect,
            }
        })
        .collect();
    model.cheats = cheats;
    model
}

/// The banks of `records`: by table size and house rule, shelves of real games by kind,
/// cheats and band, their seats in role order.
fn banks(kind: GameKind, model: &GameModel, records: &[&Record]) -> Vec<Bank> {
    type Key = (usize, String);
    type ShelfKey = (Kind, bool, u8, u8);
    let mut all: BTreeMap<Key, BTreeMap<ShelfKey, Vec<Banked>>> = BTreeMap::new();
    for r in records {
        let n = r.players();
        let k = kind_of(r);
        let (wins, _) = winners::chances(model, kind, r);
        let chance = match k {
            Kind::Drawn => wins.iter().copied().fold(0.0, f64::max),
            _ => r.winners.iter().map(|&w| wins[w]).fold(0.0, f64::max),
        };
        let strength: Vec<f64> = r.seats.iter().map(|p| model.strength(p, n)).collect();
        let forfeit = r.forfeit_by();
        let roles = super::sim::role_order(&r.winners, forfeit, &strength);
        let rule = r.rules.first().cloned().unwrap_or_default();
        let most = if rule.is_empty() { SHELF } else { RULE_SHELF };
        let shelf = all
            .entry((n, rule))
            .or_default()
            .entry((
                k,
                !r.tries.is_empty(),
                super::band(chance),
                super::level_band(
                    r.seats.iter().map(super::Profile::level).sum::<f64>() / n as f64,
                ),
            ))
            .or_default();
        if shelf.len() < most {
            shelf.push(Banked {
                end: r.end,
                tallies: roles.iter().map(|&s| r.tallies[s].clone()).collect(),
            });
        }
    }
    all.into_iter()
        .map(|((players, rule), shelves)| Bank {
            players,
            rule,
            shelves: shelves
                .into_iter()
                .map(|((kind, cheats, band, level), games)| Shelf {
                    kind,
                    cheats,
                    band,
                    level,
                    games,
                })
                .collect(),
        })
        .collect()
}

/// One game's model from its records (its spread is the calibration's, [`calibrate()`]).
pub fn fit_game(kind: GameKind, records: &[&Record], say: &mut dyn FnMut(String)) -> GameModel {
    say(format!("{}: {} games", kind.id(), records.len()));
    let mut model = fit_on(kind, records);
    model.banks = banks(kind, &model, records);
    model
}

/// Measures the fitted models' error at new tables ([`calibrate::check`]) and sets every
/// game's 95% ranges from it.
///
/// # Errors
/// A match that cannot be played.
pub fn calibrate(
    models: &mut Models,
    regulars: super::record::Regulars,
    say: &mut dyn FnMut(String),
) -> Result<(), crate::table::TableError> {
    let checked = calibrate::check(models, calibrate::TABLES, calibrate::MATCHES, regulars)?;
    let error = calibrate::error(&checked);
    let half = calibrate::half_width(error);
    say(format!(
        "calibration: {} tables of {} matches; the error {error:.3} in log-odds, ranges ±{half:.3}",
        checked.len(),
        calibrate::MATCHES
    ));
    for model in models.games.values_mut() {
        model.spread = half;
    }
    Ok(())
}

/// Fits every game's model from the records.
#[must_use]
pub fn fit_all(records: &[Record], say: &mut dyn FnMut(String)) -> Models {
    let mut models = Models::default();
    for kind in GameKind::ALL {
        let of: Vec<&Record> = records.iter().filter(|r| r.game == kind).collect();
        if of.is_empty() {
            continue;
        }
        models.games.insert(kind, fit_game(kind, &of, say));
    }
    models
}

/// The models as the file `data/bookie.json` holds them, saying how it was written and
/// the fingerprint of the players it was fitted from.
///
/// # Panics
/// Never: the models are plain numbers.
#[must_use]
pub fn write(models: &Models, written_by: &str, fingerprint: &str) -> String {
    let mut m = models.clone();
    m.written_by = written_by.to_owned();
    m.fingerprint = fingerprint.to_owned();
    let mut text = serde_json::to_string(&m).expect("the model writes as JSON");
    text.push('\n');
    text
}
