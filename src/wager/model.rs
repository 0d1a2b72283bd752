//! The bookie's measured model: how strong each kind of player is at each game, fitted
//! from real games between `play`'s own players, and the exact chances of a match that
//! follow from it.
//!
//! A player's strength at a game is the sum of a term for their skill level and one for
//! their temperament, on the log-odds scale. A game between two seats is an ordered
//! logit: with `d` the first seat's strength, plus the first mover's edge, minus the
//! second's, the first seat wins with chance `σ(d − θ)`, the second with `σ(−d − θ)`, and
//! the rest is a drawn game, `θ` growing with the players' mean level (stronger players
//! draw more). A Piç table of three to five is a multinomial logit: each seat wins with a
//! chance proportional to `exp(strength + its seat's edge)`. The coefficients are in
//! `data/bookie.toml`, written by `examples/fit_bookie.rs` from thousands of seeded games.
//!
//! A match is then worked out exactly, game by game, as `play` runs one: the first-turn
//! ceremony by its exact odds, the seats as the game passes them on (rotated, the winner
//! first, or a new ceremony), draws replayed up to the cap, the format's stopping rule.
//! Nothing is sampled, so the answer is the same on every machine and takes microseconds.
//!
//! The 95% range of a chance comes from the model's own measured error: each fitted game
//! also measured how far the model's chances stray from what was played, beyond sampling
//! noise, and that spread (in strength units, `spread`) is added to and taken from the
//! entrant's strength to give the ends of the range.

use std::collections::HashMap;

use serde::Deserialize;

use super::market::{Market, Selection};
use super::simulate::{Basis, MarketEstimate};
use crate::ai::{Skill, Temperament};
use crate::games::{GameKind, Seating};
use crate::table::Format;

const DATA: &str = include_str!("../../data/bookie.toml");

/// One game's fitted coefficients.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameModel {
    /// How many games they were fitted from.
    pub games: u32,
    /// Strength by skill: the baseline first, then levels 1 to 10.
    pub levels: [f64; 11],
    /// Strength by temperament, in [`Temperament::ALL`]'s order.
    pub temperaments: [f64; 5],
    /// Each seat's edge at tables of two to five (seat 0, the first to move, first).
    pub seats: [Vec<f64>; 4],
    /// The draw threshold `θ = softplus(draw[0] + draw[1] × (mean level − 5.5) / 4.5)`.
    pub draw: [f64; 2],
    /// The model's measured error, in strength units: half the width of a 95% range.
    pub spread: f64,
}

/// The coefficients of every game.
#[derive(Clone, Debug, Deserialize)]
pub struct Models {
    #[serde(flatten)]
    by_game: HashMap<String, GameModel>,
}

impl Models {
    /// The coefficients built into taproom.
    ///
    /// # Panics
    /// Never for a release: a test reads the built-in file.
    #[must_use]
    pub fn built_in() -> &'static Models {
        static MODELS: std::sync::OnceLock<Models> = std::sync::OnceLock::new();
        MODELS.get_or_init(|| {
            toml::from_str(DATA)
                .unwrap_or_else(|e| panic!("the built-in data/bookie.toml is broken: {e}"))
        })
    }

    /// One game's model, when it has been fitted.
    #[must_use]
    pub fn game(&self, kind: GameKind) -> Option<&GameModel> {
        self.by_game.get(kind.id())
    }
}

/// What the model knows of a player: skill and temperament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Their skill at the game.
    pub skill: Skill,
    /// Their temperament at the game.
    pub temperament: Temperament,
}

impl Kind {
    /// The numeric level the draw term reads (the baseline plays about as a level 5).
    #[must_use]
    pub fn level(self) -> f64 {
        f64::from(self.skill.rough_level())
    }
}

/// `ln(1 + e^x)`, the draw threshold's link, never negative.
#[must_use]
pub fn softplus(x: f64) -> f64 {
    if x > 30.0 { x } else { x.exp().ln_1p() }
}

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl GameModel {
    /// A player's strength.
    #[must_use]
    pub fn strength(&self, kind: Kind) -> f64 {
        let level = match kind.skill {
            Skill::Baseline => self.levels[0],
            Skill::Level(n) => self.levels[usize::from(n.clamp(1, 10))],
        };
        let t = Temperament::ALL
            .iter()
            .position(|&t| t == kind.temperament)
            .unwrap_or(1);
        level + self.temperaments[t]
    }

    /// The chance of each seat winning a game alone, and of a drawn game, for players
    /// of `strengths` (already including any shift) and `levels` sitting in seat order.
    #[must_use]
    pub fn game(&self, strengths: &[f64], levels: &[f64]) -> (Vec<f64>, f64) {
        let n = strengths.len();
        let seats = &self.seats[n.clamp(2, 5) - 2];
        let edge = |s: usize| seats.get(s).copied().unwrap_or(0.0);
        if n == 2 {
            let d = strengths[0] + edge(0) - strengths[1] - edge(1);
            let mean = (levels[0] + levels[1]) / 2.0;
            let theta = softplus(self.draw[0] + self.draw[1] * (mean - 5.5) / 4.5);
            let a = sigmoid(d - theta);
            let b = sigmoid(-d - theta);
            return (vec![a, b], (1.0 - a - b).max(0.0));
        }
        let top = strengths
            .iter()
            .enumerate()
            .map(|(s, x)| x + edge(s))
            .fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = (0..n)
            .map(|s| (strengths[s] + edge(s) - top).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        (weights.iter().map(|w| w / total).collect(), 0.0)
    }
}

/// The chances of a whole match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchChances {
    /// Each entrant's chance of winning the match alone.
    pub outright: Vec<f64>,
    /// Each entrant's expected share of a match bet (a dead heat of `k` counts `1/k`).
    pub shares: Vec<f64>,
    /// The chance the lead is shared by some but not all (a dead heat).
    pub dead_heat: f64,
    /// The chance nobody wins (every entrant level): a push.
    pub push: f64,
    /// Per game number (from 1): each entrant's chance of winning that game, the chance
    /// it is drawn, and the chance it is never played.
    pub games: Vec<GameChances>,
}

/// The chances of one game of a match, by number.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameChances {
    /// Each entrant's chance of winning it.
    pub won: Vec<f64>,
    /// The chance it is played and drawn.
    pub drawn: f64,
    /// The chance it is never played.
    pub void: f64,
}

/// A match to work out: the game, the players in entrant order with the strength each
/// brings, the format and the draw cap.
pub struct Table<'a> {
    /// The game.
    pub kind: GameKind,
    /// The model.
    pub model: &'a GameModel,
    /// Each entrant's strength.
    pub strengths: Vec<f64>,
    /// Each entrant's level (for the draw term).
    pub levels: Vec<f64>,
    /// The match's format.
    pub format: Format,
    /// Drawn games replayed before the match stops where it stands.
    pub draw_cap: u32,
    /// The exact odds of the first-turn ceremony, per entrant.
    pub first_turn: Vec<f64>,
}

/// A point in a match: wins so far, decided and drawn games, who sits where, the game
/// about to be played, and who won the last one alone.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    wins: Vec<u32>,
    decided: u32,
    draws: u32,
    seats: Vec<usize>,
    number: u32,
    last_winner: Option<usize>,
}

impl Table<'_> {
    /// Works the match out exactly, in the order `play` plays it.
    #[must_use]
    pub fn chances(&self) -> MatchChances {
        let n = self.strengths.len();
        let mut out = MatchChances {
            outright: vec![0.0; n],
            shares: vec![0.0; n],
            ..MatchChances::default()
        };
        // The states of the match, one game at a time, with the chance of reaching each.
        let mut frontier: HashMap<State, f64> = HashMap::new();
        frontier.insert(
            State {
                wins: vec![0; n],
                decided: 0,
                draws: 0,
                seats: Vec::new(),
                number: 1,
                last_winner: None,
            },
            1.0,
        );
        let seating = self.kind.facts().seating;
        while !frontier.is_empty() {
            let mut next: HashMap<State, f64> = HashMap::new();
            for (state, p) in frontier {
                let number = state.number as usize;
                if out.games.len() < number {
                    out.games.push(GameChances {
                        won: vec![0.0; n],
                        ..GameChances::default()
                    });
                }
                for (seats, q) in self.seatings(&state, seating) {
                    let strengths: Vec<f64> = seats.iter().map(|&e| self.strengths[e]).collect();
                    let levels: Vec<f64> = seats.iter().map(|&e| self.levels[e]).collect();
                    let (wins, drawn) = self.model.game(&strengths, &levels);
                    let outcomes = wins
                        .iter()
                        .enumerate()
                        .map(|(s, &w)| (Some(seats[s]), w))
                        .chain(std::iter::once((None, drawn)));
                    for (winner, r) in outcomes {
                        let pr = p * q * r;
                        if pr <= 0.0 {
                            continue;
                        }
                        let g = &mut out.games[number - 1];
                        match winner {
                            Some(e) => g.won[e] += pr,
                            None => g.drawn += pr,
                        }
                        let mut s = State {
                            seats: seats.clone(),
                            number: state.number + 1,
                            last_winner: winner,
                            ..state.clone()
                        };
                        match winner {
                            Some(e) => {
                                s.decided += 1;
                                s.wins[e] += 1;
                            }
                            None => s.draws += 1,
                        }
                        if self.over(&s) {
                            self.finish(&s.wins, pr, &mut out);
                        } else {
                            *next.entry(s).or_insert(0.0) += pr;
                        }
                    }
                }
            }
            frontier = next;
        }
        // A game never reached is void.
        for g in &mut out.games {
            g.void = (1.0 - g.won.iter().sum::<f64>() - g.drawn).max(0.0);
        }
        out
    }

    /// The seatings the next game may have, with their chances.
    fn seatings(&self, state: &State, seating: Seating) -> Vec<(Vec<usize>, f64)> {
        let n = self.strengths.len();
        let rotate = |from: &[usize], at: usize| (0..n).map(|k| from[(at + k) % n]).collect();
        if state.number == 1 || seating == Seating::CeremonyEachGame {
            return (0..n)
                .map(|w| ((0..n).map(|k| (w + k) % n).collect(), self.first_turn[w]))
                .filter(|(_, q)| *q > 0.0)
                .collect();
        }
        let seats = match seating {
            Seating::Rotate => rotate(&state.seats, 1),
            Seating::WinnerFirst => match state.last_winner {
                Some(w) => {
                    let at = state.seats.iter().position(|&e| e == w).unwrap_or(0);
                    rotate(&state.seats, at)
                }
                None => state.seats.clone(),
            },
            Seating::CeremonyEachGame => unreachable!("handled above"),
        };
        vec![(seats, 1.0)]
    }

    /// Whether the match stops here, by the rule `play_match` follows.
    fn over(&self, s: &State) -> bool {
        let n = self.strengths.len();
        let best = s.wins.iter().copied().max().unwrap_or(0);
        let leaders = s.wins.iter().filter(|&&w| w == best).count();
        let extra = s.decided.saturating_sub(self.format.length(n));
        self.format.is_decided(s.decided, best, leaders)
            || s.draws > self.draw_cap
            || extra > self.draw_cap
    }

    /// Counts a finished match of chance `p`.
    fn finish(&self, wins: &[u32], p: f64, out: &mut MatchChances) {
        let n = wins.len();
        let best = wins.iter().copied().max().unwrap_or(0);
        let top: Vec<usize> = (0..n).filter(|&i| wins[i] == best).collect();
        match top.len() {
            1 => {
                out.outright[top[0]] += p;
                out.shares[top[0]] += p;
            }
            k if k == n => out.push += p,
            k => {
                out.dead_heat += p;
                for &e in &top {
                    out.shares[e] += p / k as f64;
                }
            }
        }
    }
}

/// The markets the model prices: the match, each game, and the first turn (exact).
#[must_use]
pub fn prices(market: Market) -> bool {
    matches!(
        market,
        Market::Match | Market::Game { .. } | Market::FirstTurn
    )
}

/// The model's estimates of `markets` for a match, or `None` for a game the model has no
/// coefficients for. Markets it does not price are left out.
#[must_use]
pub fn estimates(
    kind: GameKind,
    players: &[Kind],
    format: Format,
    draw_cap: u32,
    first_turn: Vec<f64>,
    markets: &[Market],
) -> Option<Vec<MarketEstimate>> {
    let model = Models::built_in().game(kind)?;
    let n = players.len();
    let base: Vec<f64> = players.iter().map(|&k| model.strength(k)).collect();
    let table = |strengths: Vec<f64>| Table {
        kind,
        model,
        strengths,
        levels: players.iter().map(|k| k.level()).collect(),
        format,
        draw_cap,
        first_turn: first_turn.clone(),
    };
    let central = table(base.clone()).chances();
    // Each entrant's chances with their strength moved by the model's error, down and up.
    let shifted: Vec<(MatchChances, MatchChances)> = (0..n)
        .map(|e| {
            let mut low = base.clone();
            let mut high = base.clone();
            low[e] -= model.spread;
            high[e] += model.spread;
            (table(low).chances(), table(high).chances())
        })
        .collect();
    let selections: Vec<Selection> = (0..n).map(Selection::Entrant).collect();
    let mut out = Vec::new();
    for &market in markets {
        let est = match market {
            Market::Match => {
                let ranges = (0..n)
                    .map(|e| (shifted[e].0.outright[e], shifted[e].1.outright[e]))
                    .collect();
                MarketEstimate {
                    market,
                    selections: selections.clone(),
                    basis: Basis::Model,
                    outright: central.outright.clone(),
                    shares: central.shares.clone(),
                    ranges,
                    dead_heat: central.dead_heat,
                    push: central.push,
                    void: 0.0,
                }
            }
            Market::Game { number } => {
                let at = |c: &MatchChances| c.games.get(number as usize - 1).cloned();
                let g = at(&central).unwrap_or(GameChances {
                    won: vec![0.0; n],
                    drawn: 0.0,
                    void: 1.0,
                });
                let ranges = (0..n)
                    .map(|e| {
                        let lo = at(&shifted[e].0).map_or(0.0, |g| g.won[e]);
                        let hi = at(&shifted[e].1).map_or(0.0, |g| g.won[e]);
                        (lo.min(hi), lo.max(hi))
                    })
                    .collect();
                MarketEstimate {
                    market,
                    selections: selections.clone(),
                    basis: Basis::Model,
                    outright: g.won.clone(),
                    shares: g.won.clone(),
                    ranges,
                    dead_heat: 0.0,
                    push: g.drawn,
                    void: g.void,
                }
            }
            Market::FirstTurn => MarketEstimate::exact(market, selections.clone(), &first_turn),
            Market::Most { .. }
            | Market::End { .. }
            | Market::Caught { .. }
            | Market::AnyoneCaught { .. } => continue,
        };
        out.push(est);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;

    fn kind(level: u8) -> Kind {
        Kind {
            skill: Skill::Level(level),
            temperament: Temperament::Steady,
        }
    }

    #[test]
    fn the_built_in_coefficients_cover_every_game() {
        for k in GameKind::ALL {
            let m = Models::built_in()
                .game(k)
                .unwrap_or_else(|| panic!("{k:?}"));
            assert!(m.games >= 500, "{k:?} fitted from {} games", m.games);
            assert!(m.spread > 0.0 && m.spread < 1.5, "{k:?}: {}", m.spread);
        }
    }

    /// A hand count: a best of 3 between equal players who never draw, with no edge for
    /// the first seat, is won by each half the time, game 3 is played half the time, and
    /// each wins game 3 a quarter of the time.
    #[test]
    fn a_best_of_three_between_equals_by_hand() {
        let model = GameModel {
            games: 1,
            levels: [0.0; 11],
            temperaments: [0.0; 5],
            seats: [vec![0.0, 0.0], vec![0.0; 3], vec![0.0; 4], vec![0.0; 5]],
            draw: [-40.0, 0.0],
            spread: 0.1,
        };
        let table = Table {
            kind: GameKind::TidesOfWar,
            model: &model,
            strengths: vec![0.0, 0.0],
            levels: vec![5.0, 5.0],
            format: Format::BestOf(3),
            draw_cap: 5,
            first_turn: vec![0.5, 0.5],
        };
        let c = table.chances();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(
            close(c.outright[0], 0.5) && close(c.outright[1], 0.5),
            "{c:?}"
        );
        assert!(close(c.games[2].void, 0.5), "{c:?}");
        assert!(close(c.games[2].won[0], 0.25), "{c:?}");
        assert!(close(c.push, 0.0));
    }

    /// A hand count with draws: one game (best of 1), each game drawn with chance `d`,
    /// a draw cap of 1: the match is a push only when two games in a row are drawn.
    #[test]
    fn draws_are_replayed_up_to_the_cap_by_hand() {
        let model = GameModel {
            games: 1,
            levels: [0.0; 11],
            temperaments: [0.0; 5],
            seats: [vec![0.0, 0.0], vec![0.0; 3], vec![0.0; 4], vec![0.0; 5]],
            draw: [0.0, 0.0],
            spread: 0.1,
        };
        let (w, d) = model.game(&[0.0, 0.0], &[5.5, 5.5]);
        let table = Table {
            kind: GameKind::TidesOfWar,
            model: &model,
            strengths: vec![0.0, 0.0],
            levels: vec![5.5, 5.5],
            format: Format::BestOf(1),
            draw_cap: 1,
            first_turn: vec![0.5, 0.5],
        };
        let c = table.chances();
        assert!((w[0] + w[1] + d - 1.0).abs() < 1e-12);
        assert!((c.push - d * d).abs() < 1e-12, "{c:?} d={d}");
        assert!((c.outright[0] - w[0] * (1.0 + d)).abs() < 1e-12);
        assert!((c.games[1].void - (1.0 - d)).abs() < 1e-12);
    }

    #[test]
    fn every_chance_adds_up_and_the_stronger_is_favoured() {
        for k in GameKind::ALL {
            for n in 2..=k.facts().max_players {
                let mut players: Vec<Kind> = (0..n).map(|i| kind(2 + i as u8)).collect();
                players[0] = kind(10);
                let first = crate::games::with_game!(k, G => G::first_turn_odds(n));
                let est =
                    estimates(k, &players, Format::BestOf(3), 5, first, &[Market::Match]).unwrap();
                let m = &est[0];
                let total = m.shares.iter().sum::<f64>() + m.push;
                assert!((total - 1.0).abs() < 1e-9, "{k:?} at {n}: {total}");
                let best = (0..n)
                    .max_by(|&a, &b| m.outright[a].total_cmp(&m.outright[b]))
                    .unwrap();
                assert_eq!(best, 0, "{k:?} at {n}: level 10 is the favourite {m:?}");
                for (e, &(lo, hi)) in m.ranges.iter().enumerate() {
                    assert!(lo <= m.outright[e] && m.outright[e] <= hi, "{m:?}");
                }
            }
        }
    }
}
