//! Imagining matches with the model: each game as [`super`] describes it, the match
//! around the games as `play` runs it, every market settled on each imagined match.

use rand::RngExt;

use super::{Banked, GameModel, Kind, Table};
use crate::ai::TableRng;
use crate::games::{End, GameKind, OnCheat, Tally};
use crate::table::{Flow, Who};
use crate::wager::market::{Market, Played};
use crate::wager::simulate::{Basis, MarketEstimate, Observed, count, empty};

/// One imagined game: its winners, how it ended, every tally and who was caught, by
/// entrant.
#[derive(Clone, Debug)]
struct Game {
    winners: Vec<Who>,
    end: End,
    tallies: Vec<Vec<i64>>,
    caught: Vec<bool>,
}

/// One imagined match.
#[derive(Clone, Debug)]
pub struct Imagined {
    kind: GameKind,
    players: usize,
    first: Option<Who>,
    games: Vec<Game>,
    winners: Vec<Who>,
}

impl Played for Imagined {
    fn entrants(&self) -> usize {
        self.players
    }

    fn match_winners(&self) -> &[Who] {
        &self.winners
    }

    fn first_turn(&self) -> Option<Who> {
        self.first
    }

    fn games(&self) -> usize {
        self.games.len()
    }

    fn game(&self, number: u32) -> Option<usize> {
        let g = number.checked_sub(1)? as usize;
        (g < self.games.len()).then_some(g)
    }

    fn game_winners(&self, g: usize) -> Vec<Who> {
        self.games[g].winners.clone()
    }

    fn end(&self, g: usize) -> End {
        self.games[g].end
    }

    fn tally(&self, g: usize, entrant: Who, tally: Tally) -> i64 {
        let Some(t) = self.kind.facts().tallies.iter().position(|&x| x == tally) else {
            return 0;
        };
        self.games[g].tallies[entrant.index()]
            .get(t)
            .copied()
            .unwrap_or(0)
    }

    fn caught(&self, g: usize, entrant: Who) -> bool {
        self.games[g].caught[entrant.index()]
    }
}

/// What the table remembers of cheats through an imagined match, by entrant.
struct Memory {
    willing: Vec<Option<u32>>,
    tries: Vec<u32>,
    seen: Vec<Vec<f64>>,
}

impl Memory {
    fn new(table: &Table, rng: &mut TableRng) -> Memory {
        use crate::table::cheat::appetite;
        let willing = table
            .players
            .iter()
            .map(|p| match p.honesty {
                0 => None,
                h if h >= 10 => Some(0),
                h => {
                    let a = appetite(h);
                    let extra = rng.random::<f64>() < a.fract();
                    Some(a.floor() as u32 + u32::from(extra))
                }
            })
            .collect();
        let n = table.players.len();
        Memory {
            willing,
            tries: vec![0; n],
            seen: table.wary.clone(),
        }
    }
}

/// A draw from a Poisson law of mean `lambda` (small means only: Knuth's way).
fn poisson(lambda: f64, rng: &mut TableRng) -> u32 {
    if lambda <= 0.0 {
        return 0;
    }
    let limit = (-lambda.min(30.0)).exp();
    let mut k = 0;
    let mut p = rng.random::<f64>();
    while p > limit && k < 200 {
        k += 1;
        p *= rng.random::<f64>();
    }
    k
}

/// An index drawn with chance proportional to `weights`.
fn pick(weights: &[f64], rng: &mut TableRng) -> usize {
    let total: f64 = weights.iter().sum();
    let mut x = rng.random::<f64>() * total;
    for (i, &w) in weights.iter().enumerate() {
        if x < w {
            return i;
        }
        x -= w;
    }
    weights.len().saturating_sub(1)
}

/// What stays the same for every game of a table: the house rules' shift and the way
/// cheats go under its rule for a cheat seen.
struct Setting<'m> {
    scale: f64,
    draw: f64,
    cheating: &'m super::Cheating,
    forfeits: bool,
}

impl<'m> Setting<'m> {
    fn of(model: &'m GameModel, table: &Table) -> Setting<'m> {
        let values = super::rule_values(table.kind, &model.rules, &table.rules);
        let (scale, draw) = super::rule_shift(&model.rules, &values);
        Setting {
            scale,
            draw,
            cheating: model.cheating(table.kind, table.on_cheat),
            forfeits: table.on_cheat == OnCheat::ForfeitGame && !table.kind.facts().rule_two,
        }
    }
}

/// The cheats of one game: each seat's tries that stood and were seen, and its chance of
/// trying any (0 for a seat that could not); the seat whose try seen forfeited the game,
/// if one did.
struct Cheats {
    stood: Vec<u32>,
    caught: Vec<u32>,
    any: Vec<f64>,
    forfeit: Option<usize>,
}

/// One imagined game's table: the model, the table, what stays the same for its games,
/// and the entrant at each seat.
struct At<'a> {
    model: &'a GameModel,
    table: &'a Table,
    setting: &'a Setting<'a>,
    seats: &'a [usize],
}

/// The cheats of game `number`, each seat's strength before them `base`.
fn cheats(
    at: &At<'_>,
    base: &[f64],
    number: u32,
    memory: &mut Memory,
    rng: &mut TableRng,
) -> Cheats {
    let n = at.seats.len();
    let mut out = Cheats {
        stood: vec![0; n],
        caught: vec![0; n],
        any: vec![0.0; n],
        forfeit: None,
    };
    let mut left = tries_planned(at, base, number, memory, rng, &mut out.any);
    // The tries come in turn, one seat's among another's.
    while left.iter().any(|&k| k > 0) {
        let weights: Vec<f64> = left.iter().map(|&k| f64::from(k)).collect();
        let s = pick(&weights, rng);
        left[s] -= 1;
        let first = out.stood[s] + out.caught[s] == 0;
        if one_try(at, s, first, memory, rng) {
            out.caught[s] += 1;
            if at.setting.forfeits {
                out.forfeit = Some(s);
                break;
            }
        } else {
            out.stood[s] += 1;
        }
    }
    out
}

/// How many cheats each seat means to try this game (none for a seat that cannot), and
/// into `any` its chance of trying any.
fn tries_planned(
    at: &At<'_>,
    base: &[f64],
    number: u32,
    memory: &Memory,
    rng: &mut TableRng,
    any: &mut [f64],
) -> Vec<u32> {
    let (table, seats, n) = (at.table, at.seats, at.seats.len());
    let eyes = |s: usize, memory: &Memory| -> Vec<(u8, f64)> {
        let e = seats[s];
        (0..n)
            .filter(|&w| w != s)
            .map(|w| (table.players[seats[w]].eye, memory.seen[seats[w]][e]))
            .collect()
    };
    (0..n)
        .zip(any.iter_mut())
        .map(|(s, chance)| {
            let e = seats[s];
            let p = &table.players[e];
            if p.honesty >= 10 || memory.willing[e] == Some(0) {
                return 0;
            }
            let best_other = (0..n)
                .filter(|&o| o != s)
                .map(|o| base[o])
                .fold(f64::NEG_INFINITY, f64::max);
            let x = at.model.try_features(
                p,
                &eyes(s, memory),
                memory.tries[e],
                best_other - base[s],
                n,
                number,
            );
            let (any, more) = at.setting.cheating.tries[p.cheat_class()].at(&x);
            *chance = any;
            let k = if rng.random::<f64>() < any {
                1 + poisson(more, rng)
            } else {
                0
            };
            memory.willing[e].map_or(k, |w| k.min(w))
        })
        .collect()
}

/// One cheat tried by seat `s` (`first`: its first this game), remembered; whether
/// anyone saw it.
fn one_try(at: &At<'_>, s: usize, first: bool, memory: &mut Memory, rng: &mut TableRng) -> bool {
    let (table, seats, n) = (at.table, at.seats, at.seats.len());
    let e = seats[s];
    let p = table.players[e];
    let tries = memory.tries[e];
    let mut seen = false;
    for w in (0..n).filter(|&w| w != s) {
        let watcher = seats[w];
        let chance = at.model.seen_by(
            p.skill.rough_level(),
            p.honesty,
            first,
            table.players[watcher].eye,
            memory.seen[watcher][e],
            tries,
        );
        if rng.random::<f64>() < chance {
            seen = true;
            memory.seen[watcher][e] += 1.0;
        }
    }
    memory.tries[e] += 1;
    if let Some(w) = memory.willing[e].as_mut() {
        *w = w.saturating_sub(1);
    }
    seen
}

/// Each seat's strength after the game's cheats (`done`), from `base`: a cheat caught
/// counts for nothing where it forfeits the game.
fn after_cheats(at: &At<'_>, base: &[f64], done: &Cheats) -> Vec<f64> {
    let (setting, n) = (at.setting, at.seats.len());
    (0..n)
        .map(|s| {
            let p = &at.table.players[at.seats[s]];
            let caught = if setting.forfeits { 0 } else { done.caught[s] };
            let untried = if done.stood[s] + done.caught[s] == 0 {
                done.any[s]
            } else {
                0.0
            };
            let best = (0..n)
                .filter(|&o| o != s)
                .map(|o| base[o])
                .fold(f64::NEG_INFINITY, f64::max);
            base[s]
                + setting.cheating.effect[p.cheat_class()].of(
                    done.stood[s],
                    caught,
                    untried,
                    best - base[s],
                )
        })
        .collect()
}

/// Imagines game `number` at `at`, each entrant's strength moved by `shift`.
fn game(at: &At<'_>, number: u32, shift: &[f64], memory: &mut Memory, rng: &mut TableRng) -> Game {
    let (model, table, setting, seats) = (at.model, at.table, at.setting, at.seats);
    let n = seats.len();
    let base: Vec<f64> = seats
        .iter()
        .map(|&e| model.strength(&table.players[e], n) + shift[e])
        .collect();
    let levels: Vec<f64> = seats.iter().map(|&e| table.players[e].level()).collect();
    let done = cheats(at, &base, number, memory, rng);
    let now = after_cheats(at, &base, &done);
    let cheated = done.stood.iter().chain(&done.caught).any(|&k| k > 0);
    let drawish: f64 = seats
        .iter()
        .map(|&e| model.drawish(&table.players[e], n))
        .sum::<f64>()
        + if cheated { model.cheated_draw(n) } else { 0.0 };
    let (wins, drawn) = model.outcome(&now, &base, &levels, setting.scale, setting.draw + drawish);
    let (winners, kind, chance) = winners(model, &wins, drawn, done.forfeit, rng);
    let roles = role_order(&winners, done.forfeit, &base);
    let band = super::band(chance);
    let tallies_per_seat = table.kind.facts().tallies.len();
    let banked: Option<&Banked> = model
        .bank(table.kind, n, &table.rules)
        .and_then(|b| {
            let level = super::level_band(levels.iter().sum::<f64>() / n as f64);
            b.shelf(kind, cheated, band, level)
                .or_else(|| b.shelf(Kind::Won, cheated, band, level))
        })
        .map(|shelf| &shelf[rng.random_range(0..shelf.len())]);
    let mut tallies = vec![vec![0i64; tallies_per_seat]; table.players.len()];
    let mut end = if kind == Kind::Forfeit {
        End::Forfeit
    } else {
        table.kind.facts().ends[0]
    };
    if let Some(b) = banked {
        if kind != Kind::Forfeit {
            end = b.end;
        }
        for (r, &s) in roles.iter().enumerate() {
            if let Some(t) = b.tallies.get(r) {
                tallies[seats[s]] = t.clone();
            }
        }
    }
    let mut caught = vec![false; table.players.len()];
    for s in 0..n {
        caught[seats[s]] = done.caught[s] > 0;
    }
    Game {
        winners: winners.iter().map(|&s| Who::nth(seats[s])).collect(),
        end,
        tallies,
        caught,
    }
}

/// The winning seats, the kind of game, and the winner's chance, drawn from each seat's
/// chance to win (`wins`) and the chance of a draw: when a seat `forfeit`, one of the
/// others wins; at three or more, a win may be shared with a second seat; a tie at two
/// is a game both win where the game shares it ([`GameModel::tie_shared`]).
fn winners(
    model: &GameModel,
    wins: &[f64],
    drawn: f64,
    forfeit: Option<usize>,
    rng: &mut TableRng,
) -> (Vec<usize>, Kind, f64) {
    let n = wins.len();
    if let Some(f) = forfeit {
        let won = if n == 2 {
            vec![1 - f]
        } else {
            model.forfeit_winners(n, f, wins, rng.random::<f64>())
        };
        let best = won.iter().map(|&w| wins[w]).fold(0.0, f64::max);
        (won, Kind::Forfeit, best)
    } else {
        let mut weights = wins.to_vec();
        weights.push(drawn);
        let s = pick(&weights, rng);
        if s == n {
            let best = wins.iter().copied().fold(0.0, f64::max);
            let both = if n == 2 && model.tie_shared {
                vec![0, 1]
            } else {
                Vec::new()
            };
            (both, Kind::Drawn, best)
        } else if n > 2 && rng.random::<f64>() < model.shared(n) {
            let rest: Vec<usize> = (0..n).filter(|&x| x != s).collect();
            let weights: Vec<f64> = rest.iter().map(|&x| wins[x]).collect();
            let other = rest[pick(&weights, rng)];
            (vec![s, other], Kind::Shared, wins[s])
        } else {
            (vec![s], Kind::Won, wins[s])
        }
    }
}

/// The seats in role order: the winners (the stronger first), the seat that forfeited,
/// then the others from the strongest down.
#[must_use]
pub fn role_order(winners: &[usize], forfeit: Option<usize>, strength: &[f64]) -> Vec<usize> {
    let by_strength = |v: &mut Vec<usize>| {
        v.sort_by(|&a, &b| strength[b].total_cmp(&strength[a]).then(a.cmp(&b)));
    };
    let mut first: Vec<usize> = winners.to_vec();
    by_strength(&mut first);
    let mut rest: Vec<usize> = (0..strength.len())
        .filter(|s| !winners.contains(s) && Some(*s) != forfeit)
        .collect();
    by_strength(&mut rest);
    first.extend(forfeit);
    first.extend(rest);
    first
}

/// The chance each seat of `table` wins the first-turn ceremony, worked out once a table
/// (at Òicustiỳtac that sum is dear: the whole bag draw).
#[must_use]
pub fn first_turn_odds(table: &Table) -> Vec<f64> {
    let n = table.players.len();
    crate::games::with_game!(table.kind, G => {
        <G as crate::games::Tableside>::first_turn_odds(n)
    })
}

/// Imagines one match of `table`, each entrant's strength moved by `shift`, the
/// ceremony's winner drawn at `odds` (see `first_turn_odds`).
pub fn imagine(
    model: &GameModel,
    table: &Table,
    odds: &[f64],
    shift: &[f64],
    rng: &mut TableRng,
) -> Imagined {
    let n = table.players.len();
    let facts = table.kind.facts();
    let mut flow = Flow::new(n, table.format, table.draw_cap, facts.seating);
    let mut memory = Memory::new(table, rng);
    let setting = Setting::of(model, table);
    let mut first = None;
    let mut games = Vec::new();
    loop {
        let winner = flow.needs_ceremony().then(|| Who::nth(pick(odds, rng)));
        if first.is_none() {
            first = winner;
        }
        let seats: Vec<usize> = flow.seat(winner).iter().map(|w| w.index()).collect();
        let number = games.len() as u32 + 1;
        let at = At {
            model,
            table,
            setting: &setting,
            seats: &seats,
        };
        let g = game(&at, number, shift, &mut memory, rng);
        let over = flow.record(&g.winners);
        games.push(g);
        if over {
            break;
        }
    }
    Imagined {
        kind: table.kind,
        players: n,
        first,
        games,
        winners: flow.winners(),
    }
}

/// The seed a table is imagined from: its own description, so a table has one price.
// The seed reads the table's debug text, the game's kind included: `GameKind`'s `Debug`
// prints the registry's constant name (`TidesOfWar`) so that this text, and every price,
// stays what it was when the kind was an enum (games::kind's test pins the names). Seeding
// from stable fields instead is the better mechanism, but it moves every price: do it with
// a refit and a sweep, not in a reshaping.
fn seed_of(table: &Table) -> u64 {
    let text = format!(
        "{:?}|{:?}|{}|{:?}|{:?}|{:?}|{:?}",
        table.kind,
        table.players,
        table.format,
        table.draw_cap,
        table.on_cheat,
        table.wary,
        table.rules
    );
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `sims` imagined matches of `table` with `shift`, every market of `markets` counted.
fn counted(
    model: &GameModel,
    table: &Table,
    markets: &[Market],
    shift: &[f64],
    sims: u64,
) -> Vec<Observed> {
    let mut rng = crate::ai::table_rng(seed_of(table));
    let mut tally = empty(markets, table.kind, table.players.len());
    let odds = first_turn_odds(table);
    for _ in 0..sims {
        let m = imagine(model, table, &odds, shift, &mut rng);
        count(&mut tally, &m);
    }
    tally
}

/// The model's estimates of every market of `markets`: the chances over `sims` imagined
/// matches, each 95% range the imagining's own (Wilson's) widened either side by the
/// model's measured error, [`GameModel::spread`] in log-odds.
#[must_use]
pub fn estimates(
    model: &GameModel,
    table: &Table,
    markets: &[Market],
    sims: u64,
) -> Vec<MarketEstimate> {
    let n = table.players.len();
    counted(model, table, markets, &vec![0.0; n], sims)
        .iter()
        .map(|obs| {
            let mut est = obs.estimate();
            est.basis = Basis::Model;
            for r in &mut est.ranges {
                *r = widened(*r, model.spread);
            }
            est
        })
        .collect()
}

/// The range `(lo, hi)` widened by `half` in log-odds either side (a certain end stays).
fn widened((lo, hi): (f64, f64), half: f64) -> (f64, f64) {
    let shift = |p: f64, by: f64| {
        if p <= 0.0 || p >= 1.0 {
            p
        } else {
            1.0 / (1.0 + (-((p / (1.0 - p)).ln() + by)).exp())
        }
    };
    (shift(lo, -half), shift(hi, half))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_put_the_winners_first_then_the_forfeit_then_the_strongest() {
        let strength = [0.1, 0.5, -0.2, 0.9, 0.0];
        assert_eq!(role_order(&[2], None, &strength), vec![2, 3, 1, 0, 4]);
        assert_eq!(role_order(&[0, 3], Some(1), &strength), vec![3, 0, 1, 4, 2]);
        assert_eq!(role_order(&[], None, &[0.0, 1.0]), vec![1, 0]);
    }

    #[test]
    fn poisson_draws_have_the_mean_asked_for() {
        let mut rng = crate::ai::table_rng(7);
        for lambda in [0.2, 1.0, 3.5] {
            let total: u32 = (0..20_000).map(|_| poisson(lambda, &mut rng)).sum();
            let mean = f64::from(total) / 20_000.0;
            // The sample mean's deviation is sqrt(lambda / 20000): at most 0.014 here.
            assert!((mean - lambda).abs() < 0.06, "{lambda}: {mean}");
        }
        assert_eq!(poisson(0.0, &mut rng), 0);
    }

    /// Widening by log-odds: at one half, a log-odds of 1 either side of even is
    /// 1/(1+e) and e/(1+e) (hand count); the certain ends stay put.
    #[test]
    fn ranges_widen_in_log_odds() {
        let (lo, hi) = widened((0.5, 0.5), 1.0);
        let e = std::f64::consts::E;
        assert!((lo - 1.0 / (1.0 + e)).abs() < 1e-12);
        assert!((hi - e / (1.0 + e)).abs() < 1e-12);
        assert_eq!(widened((0.0, 1.0), 2.0), (0.0, 1.0));
        let (lo, hi) = widened((0.9, 0.95), 0.5);
        assert!(lo < 0.9 && hi > 0.95 && hi < 1.0);
    }
}
