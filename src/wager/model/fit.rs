//! Fitting the model from real games (`examples/tools/fit_bookie.rs` plays them): each piece of
//! [`super::GameModel`] from the games that tell of it.
//!
//! * The boldness of a typical try (`look`): the value that makes the table's own chance
//!   of being seen, at each try's eyes, levels and suspicion, closest to the chance the
//!   table gave that try (least squares).
//! * The rate of tries: a Poisson regression of each cheating seat's tries in a game on
//!   [`super::CheatModel::features`], by Newton's method.
//! * Strengths, seat edges, the draw threshold and level against level: the most likely
//!   values for the winners of the games nobody cheated in (wins shared left out), with a
//!   weak normal prior that keeps what was seen little near zero, by Adam ascent; then,
//!   those held, what a cheat that stood or was seen is worth, from every game but those
//!   forfeit for a cheat.
//! * The shapes of games ([`super::Bank`]): up to [`SHELF`] real games of each kind, with
//!   cheats or without, and band of the winner's chance ([`super::band`]), their seats put in role order.
//! * The spread: how far the fitted chances of groups of like pairings stray from what
//!   those groups played, beyond sampling noise, with the coefficients' own uncertainty, as
//!   a 95% half-width in strength units.

use serde::{Deserialize, Serialize};

use super::{Bank, Banked, CheatModel, GameModel, Kind, Models, Profile, Shelf, Strengths};
use crate::ai::Skill;
use crate::games::{End, GameKind, OnCheat};

/// The most real games kept on one shelf of a bank.
pub const SHELF: usize = 400;

/// A cheat tried in a recorded game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Try {
    /// The seat that tried it.
    pub seat: usize,
    /// The chance the table gave of its being seen.
    pub risk: f64,
    /// The tries the same hand made before it.
    pub earlier: u32,
    /// Whether anyone saw it.
    pub seen: bool,
}

/// One real game, as the fit reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The game.
    pub game: GameKind,
    /// Who sat at each seat (seat 0 moved first).
    pub seats: Vec<Profile>,
    /// The winning seats (none: drawn).
    pub winners: Vec<usize>,
    /// How it ended.
    pub end: End,
    /// Each seat's tallies, in the game's order of tallies.
    pub tallies: Vec<Vec<i64>>,
    /// Every cheat tried, in order.
    pub tries: Vec<Try>,
    /// What a cheat seen suffered, when the tavern kept a rule (else the game's custom).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<OnCheat>,
}

impl Record {
    /// The rule a cheat seen suffered.
    #[must_use]
    pub fn rule(&self) -> OnCheat {
        self.rule.unwrap_or(self.game.facts().on_cheat)
    }

    fn stood(&self, seat: usize) -> f64 {
        self.tries
            .iter()
            .filter(|t| t.seat == seat && !t.seen)
            .count() as f64
    }

    fn caught(&self, seat: usize) -> f64 {
        self.tries
            .iter()
            .filter(|t| t.seat == seat && t.seen)
            .count() as f64
    }

    /// Whether a cheat seen forfeited it, and whose.
    fn forfeit_by(&self) -> Option<usize> {
        (self.end == End::Forfeit)
            .then(|| self.tries.iter().find(|t| t.seen).map(|t| t.seat))
            .flatten()
    }

    /// What kind of game it was.
    fn kind(&self) -> Kind {
        let n = self.seats.len();
        if self.end == End::Forfeit {
            Kind::Forfeit
        } else if self.winners.is_empty() || (n == 2 && self.winners.len() == 2) {
            Kind::Drawn
        } else if self.winners.len() > 1 {
            Kind::Shared
        } else {
            Kind::Won
        }
    }
}

/// The rules of cheats the records of one game were played under, the custom first.
fn rules(kind: GameKind, records: &[&Record]) -> Vec<OnCheat> {
    let mut out = vec![kind.facts().on_cheat];
    for r in records {
        if !kind.facts().rule_two && !out.contains(&r.rule()) {
            out.push(r.rule());
        }
    }
    out
}

/// The eyes each try by `seat` met: every other seat's eye with their sightings of it.
fn eyes(r: &Record, seat: usize, sightings: f64) -> Vec<(u8, f64)> {
    (0..r.seats.len())
        .filter(|&w| w != seat)
        .map(|w| (r.seats[w].eye, sightings))
        .collect()
}

/// One try as the look's fit reads it: the cheat's level, the eyes it met (with their
/// sightings of this hand), the hand's earlier tries, and the chance the table gave.
type Looked = (u8, Vec<(u8, f64)>, u32, f64);

/// The `look` that brings the table's chance of being seen nearest the chances recorded.
fn fit_look(records: &[&Record]) -> f64 {
    let tries: Vec<Looked> = records
        .iter()
        .flat_map(|r| {
            r.tries.iter().enumerate().map(move |(i, t)| {
                let seen_before = r.tries[..i]
                    .iter()
                    .filter(|u| u.seat == t.seat && u.seen)
                    .count() as f64;
                (
                    r.seats[t.seat].skill.rough_level(),
                    eyes(r, t.seat, seen_before),
                    t.earlier,
                    t.risk,
                )
            })
        })
        .collect();
    if tries.is_empty() {
        return 0.4;
    }
    let sse = |look: f64| -> f64 {
        let c = CheatModel {
            look,
            ..CheatModel::default()
        };
        tries
            .iter()
            .map(|(level, eyes, earlier, risk)| (c.risk(*level, eyes, *earlier) - risk).powi(2))
            .sum()
    };
    golden(sse, 0.01, 3.0)
}

/// The minimum of a function of one unimodal variable on `[lo, hi]`.
fn golden(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let a = hi - r * (hi - lo);
        let b = lo + r * (hi - lo);
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    f64::midpoint(lo, hi)
}

/// The Poisson regression of each cheating seat's tries on the rate's features.
fn fit_rate(records: &[&Record], look: f64) -> [f64; 6] {
    let c = CheatModel {
        look,
        ..CheatModel::default()
    };
    let rows: Vec<([f64; 6], f64)> = records
        .iter()
        .flat_map(|r| {
            let c = &c;
            (0..r.seats.len())
                .filter(|&s| r.seats[s].honesty < 10)
                .map(move |s| {
                    let risk = c.risk(r.seats[s].skill.rough_level(), &eyes(r, s, 0.0), 0);
                    let y = r.tries.iter().filter(|t| t.seat == s).count() as f64;
                    (CheatModel::features(r.seats[s].honesty, risk), y)
                })
        })
        .collect();
    let mut w = [0.0; 6];
    if rows.is_empty() {
        w[0] = -30.0;
        return w;
    }
    let mean = rows.iter().map(|(_, y)| y).sum::<f64>() / rows.len() as f64;
    w[0] = mean.max(1e-3).ln();
    for _ in 0..60 {
        let mut g = [0.0; 6];
        let mut h = [[0.0; 6]; 6];
        for (x, y) in &rows {
            let eta: f64 = w.iter().zip(x).map(|(a, b)| a * b).sum();
            let mu = eta.clamp(-30.0, 5.0).exp();
            for i in 0..6 {
                g[i] += (y - mu) * x[i];
                for j in 0..6 {
                    h[i][j] += mu * x[i] * x[j];
                }
            }
        }
        // A little ridge keeps an unseen feature (no honesty 0 here, say) at zero; the
        // step past nerve is free to fall as far as the games say (no tries past it at
        // all sends it to the floor).
        for (i, row) in h.iter_mut().enumerate().take(5) {
            row[i] += 1e-3 * rows.len() as f64;
            g[i] -= 1e-3 * rows.len() as f64 * w[i];
        }
        h[5][5] += 1e-9 * rows.len() as f64;
        let step = solve(h, g);
        for i in 0..6 {
            w[i] = (w[i] + step[i].clamp(-2.0, 2.0)).max(-30.0);
        }
    }
    w
}

/// Solves `a x = b` for a small positive-definite `a` (Gaussian elimination).
fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
    for col in 0..N {
        let piv = (col..N)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, piv);
        b.swap(col, piv);
        let d = a[col][col];
        if d.abs() < 1e-12 {
            continue;
        }
        let pivot = a[col];
        for row in col + 1..N {
            let f = a[row][col] / d;
            for (v, p) in a[row].iter_mut().zip(pivot).skip(col) {
                *v -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; N];
    for row in (0..N).rev() {
        let s: f64 = (row + 1..N).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-12 {
            0.0
        } else {
            (b[row] - s) / a[row][row]
        };
    }
    x
}

/// Where each coefficient sits in the vector the winners' fit works on.
struct Layout {
    sizes: Vec<usize>,
    rules: Vec<OnCheat>,
}

impl Layout {
    fn seats_at(&self, n: usize) -> usize {
        16 + self.sizes.iter().take_while(|&&m| m < n).sum::<usize>()
    }

    fn draw_at(&self) -> usize {
        16 + self.sizes.iter().sum::<usize>()
    }

    fn cheat_at(&self, rule: OnCheat) -> usize {
        let r = self.rules.iter().position(|&x| x == rule).unwrap_or(0);
        self.draw_at() + 2 + 2 * r
    }

    /// Level against level ([`super::level_gap`]), at a table of two.
    fn gap_at(&self) -> usize {
        self.draw_at() + 2 + 2 * self.rules.len()
    }

    fn len(&self) -> usize {
        self.gap_at() + 1
    }

    fn strengths(&self, x: &[f64]) -> Strengths {
        let mut levels = [0.0; 11];
        levels.copy_from_slice(&x[0..11]);
        let mut temperaments = [0.0; 5];
        temperaments.copy_from_slice(&x[11..16]);
        let first = self.sizes.first().copied().unwrap_or(2);
        let seats = (2..first)
            .map(|_| Vec::new())
            .chain(self.sizes.iter().map(|&n| {
                let at = self.seats_at(n);
                x[at..at + n].to_vec()
            }))
            .collect();
        Strengths {
            levels,
            temperaments,
            seats,
        }
    }
}

fn skill_index(p: &Profile) -> usize {
    match p.skill {
        Skill::Baseline => 0,
        Skill::Level(n) => usize::from(n.clamp(1, 10)),
    }
}

fn temperament_index(p: &Profile) -> usize {
    crate::ai::Temperament::ALL
        .iter()
        .position(|&t| t == p.temperament)
        .unwrap_or(1)
}

/// The chance `x` gives what happened in `r` (a game neither forfeit nor shared).
fn chance(layout: &Layout, x: &[f64], r: &Record) -> f64 {
    let n = r.seats.len();
    let at = layout.cheat_at(r.rule());
    let (stood, caught) = (x[at], x[at + 1]);
    let s: Vec<f64> = (0..n)
        .map(|i| {
            let p = &r.seats[i];
            x[skill_index(p)]
                + x[11 + temperament_index(p)]
                + x[layout.seats_at(n) + i]
                + stood * r.stood(i)
                - caught * r.caught(i)
        })
        .collect();
    if n == 2 {
        let gap = super::level_gap(r.seats[0].level(), r.seats[1].level());
        let d = s[0] - s[1] + x[layout.gap_at()] * gap;
        let mean = (r.seats[0].level() + r.seats[1].level()) / 2.0;
        let dr = layout.draw_at();
        let theta = super::softplus(x[dr] + x[dr + 1] * (mean - 5.5) / 4.5);
        let a = super::sigmoid(d - theta);
        let b = super::sigmoid(-d - theta);
        return match r.winners.as_slice() {
            [0] => a,
            [1] => b,
            _ => (1.0 - a - b).max(1e-12),
        };
    }
    let top = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = s.iter().map(|v| (v - top).exp()).sum();
    (s[r.winners[0]] - top).exp() / total
}

/// The log-likelihood of the records with a normal prior of deviation 3.
fn objective(layout: &Layout, x: &[f64], records: &[&Record]) -> f64 {
    use rayon::prelude::*;
    let fit: f64 = records
        .par_iter()
        .map(|r| chance(layout, x, r).max(1e-12).ln())
        .sum();
    fit - x.iter().map(|v| v * v / 18.0).sum::<f64>()
}

/// The most likely coefficients for `records`, in two steps. First everything but what a
/// cheat is worth, from the games nobody cheated in: a cheat is tried when the cheat
/// chooses, mostly from behind, so the games with cheats in them would tell of the levels
/// through a lens (fitted together, they halve how much a wide gap decides at Tides of
/// War). Then what a cheat that stood is worth and one seen costs, from every game, the
/// rest held.
fn ascend(layout: &Layout, records: &[&Record]) -> Vec<f64> {
    let honest: Vec<&Record> = records
        .iter()
        .copied()
        .filter(|r| r.tries.is_empty())
        .collect();
    let cheats = layout.draw_at() + 2..layout.gap_at();
    let all: Vec<usize> = (0..layout.len()).filter(|i| !cheats.contains(i)).collect();
    let x = adam(layout, &honest, vec![0.0; layout.len()], &all);
    let worth: Vec<usize> = cheats.collect();
    adam(layout, records, x, &worth)
}

/// Adam ascent with central-difference gradients from `x`, moving only the coefficients
/// at `free`.
fn adam(layout: &Layout, records: &[&Record], mut x: Vec<f64>, free: &[usize]) -> Vec<f64> {
    let p = layout.len();
    if records.is_empty() {
        return x;
    }
    let (mut m, mut v) = (vec![0.0; p], vec![0.0; p]);
    let (lr, b1, b2, h) = (0.05, 0.9, 0.999, 1e-4);
    for t in 1..=500 {
        let grad: Vec<(usize, f64)> = free
            .iter()
            .map(|&i| {
                let mut up = x.clone();
                let mut down = x.clone();
                up[i] += h;
                down[i] -= h;
                let g = (objective(layout, &up, records) - objective(layout, &down, records))
                    / (2.0 * h)
                    / records.len() as f64;
                (i, g)
            })
            .collect();
        for (i, g) in grad {
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t));
            let vh = v[i] / (1.0 - b2.powi(t));
            x[i] += lr * mh / (vh.sqrt() + 1e-8);
        }
    }
    x
}

/// The misfit of the fitted chances, as a 95% half-width in strength units: two-seat games
/// grouped by each seat's skill band and whether it cheats; in each group of 20 or more,
/// the first seat's score against the mean chance, beyond its binomial noise; with the
/// coefficients' own uncertainty.
fn spread(layout: &Layout, x: &[f64], records: &[&Record]) -> f64 {
    use std::collections::HashMap;
    let band = |p: &Profile| (p.skill.rough_level() - 1) / 3 + 4 * u8::from(p.honesty < 10);
    let mut groups: HashMap<(u8, u8), (f64, f64, f64, f64)> = HashMap::new();
    for r in records.iter().filter(|r| r.seats.len() == 2) {
        let a = chance_of(layout, x, r, &[0]);
        let d = chance_of(layout, x, r, &[]);
        let predicted = a + d / 2.0;
        let observed = match r.winners.as_slice() {
            [0] => 1.0,
            [1] => 0.0,
            _ => 0.5,
        };
        let g = groups
            .entry((band(&r.seats[0]), band(&r.seats[1])))
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
    let misfit = (excess / weight.max(1.0)).max(0.0).sqrt() / 0.25;
    let per_type = 2.0 * records.len() as f64 / 55.0;
    let param = 1.0 / (per_type * 0.2).max(1.0).sqrt();
    1.96 * (misfit * misfit + param * param).sqrt()
}

/// The chance `x` gives `winners` in `r`'s seats (none: a drawn game).
fn chance_of(layout: &Layout, x: &[f64], r: &Record, winners: &[usize]) -> f64 {
    let mut alt = r.clone();
    alt.winners = winners.to_vec();
    chance(layout, x, &alt)
}

/// The strength `x` gives each seat of `r`, cheats and edges left out.
fn base_strengths(x: &[f64], r: &Record) -> Vec<f64> {
    r.seats
        .iter()
        .map(|p| x[skill_index(p)] + x[11 + temperament_index(p)])
        .collect()
}

/// The banks of a game: its records' shapes by table size, kind and band.
fn banks(
    layout2: &Layout,
    x2: &[f64],
    more: Option<(&Layout, &[f64])>,
    records: &[&Record],
) -> Vec<Bank> {
    let mut out: Vec<Bank> = Vec::new();
    for r in records {
        let n = r.seats.len();
        let (layout, x) = match more {
            Some(m) if n > 2 => m,
            _ => (layout2, x2),
        };
        let kind = r.kind();
        let strength = base_strengths(x, r);
        // The winner's chance before any cheat, as the imagined game reads it.
        let winner_chance = match r.winners.first() {
            Some(&w) if kind != Kind::Drawn => {
                let mut alt = (*r).clone();
                alt.winners = vec![w];
                alt.tries.clear();
                chance(layout, x, &alt)
            }
            _ => {
                let mut alt = (*r).clone();
                alt.tries.clear();
                (0..n)
                    .map(|w| {
                        alt.winners = vec![w];
                        chance(layout, x, &alt)
                    })
                    .fold(0.0, f64::max)
            }
        };
        let band = super::band(winner_chance);
        let winners: Vec<usize> = if kind == Kind::Drawn {
            Vec::new()
        } else {
            r.winners.clone()
        };
        let roles = super::sim::role_order(&winners, r.forfeit_by(), &strength);
        let banked = Banked {
            end: r.end,
            tallies: roles.iter().map(|&s| r.tallies[s].clone()).collect(),
        };
        let bank = match out.iter_mut().position(|b| b.players == n) {
            Some(i) => &mut out[i],
            None => {
                out.push(Bank {
                    players: n,
                    shelves: Vec::new(),
                });
                out.last_mut().expect("just pushed")
            }
        };
        let cheats = !r.tries.is_empty();
        match bank
            .shelves
            .iter_mut()
            .find(|s| s.kind == kind && s.cheats == cheats && s.band == band)
        {
            Some(s) if s.games.len() < SHELF => s.games.push(banked),
            Some(_) => {}
            None => bank.shelves.push(Shelf {
                kind,
                cheats,
                band,
                games: vec![banked],
            }),
        }
    }
    out.sort_by_key(|b| b.players);
    for b in &mut out {
        b.shelves.sort_by_key(|s| (s.kind, s.cheats, s.band));
    }
    out
}

/// Fits one game's model from its records.
#[must_use]
pub fn fit_game(kind: GameKind, records: &[&Record], say: &mut dyn FnMut(String)) -> GameModel {
    let rules = rules(kind, records);
    let cheats = fit_cheats(kind, records, &rules);
    let plain = |r: &&&Record| r.kind() != Kind::Forfeit && r.kind() != Kind::Shared;
    let two: Vec<&Record> = records
        .iter()
        .copied()
        .filter(|r| r.seats.len() == 2)
        .filter(|r| plain(&r))
        .collect();
    let more: Vec<&Record> = records
        .iter()
        .copied()
        .filter(|r| r.seats.len() > 2)
        .filter(|r| plain(&r))
        .collect();
    let layout2 = Layout {
        sizes: vec![2],
        rules: rules.clone(),
    };
    let x2 = ascend(&layout2, &two);
    let layout_more = Layout {
        sizes: vec![3, 4, 5],
        rules: rules.clone(),
    };
    let x_more = (!more.is_empty()).then(|| ascend(&layout_more, &more));
    let cheats = cheats
        .into_iter()
        .map(|(rule, mut c)| {
            let at = layout2.cheat_at(rule);
            c.stood = x2[at];
            c.caught = x2[at + 1];
            (rule, c)
        })
        .collect();
    let shared = shared_rates(records);
    let dr = layout2.draw_at();
    let spread = spread(&layout2, &x2, &two);
    say(format!(
        "{}: {} games ({} at two), spread {spread:.3}",
        kind.id(),
        records.len(),
        two.len()
    ));
    GameModel {
        games: records.len() as u32,
        two: layout2.strengths(&x2),
        more: x_more.as_ref().map(|x| layout_more.strengths(x)),
        draw: [x2[dr], x2[dr + 1]],
        gap: x2[layout2.gap_at()],
        shared,
        cheats,
        spread,
        banks: banks(
            &layout2,
            &x2,
            x_more.as_deref().map(|x| (&layout_more, x)),
            records,
        ),
    }
}

/// How often each cheat under each rule of the `rules` looks and tries, from the records
/// under that rule (all of them when the game has one rule for cheats); what a cheat
/// stood or caught is worth is fitted with the strengths.
fn fit_cheats(
    kind: GameKind,
    records: &[&Record],
    rules: &[OnCheat],
) -> Vec<(OnCheat, CheatModel)> {
    rules
        .iter()
        .map(|&rule| {
            let under: Vec<&Record> = records
                .iter()
                .copied()
                .filter(|r| kind.facts().rule_two || r.rule() == rule)
                .collect();
            let look = fit_look(&under);
            let rate = fit_rate(&under, look);
            (
                rule,
                CheatModel {
                    look,
                    rate,
                    stood: 0.0,
                    caught: 0.0,
                },
            )
        })
        .collect()
}

/// How often a game of two to five players ends in a shared win, by the number of
/// players (never at two).
fn shared_rates(records: &[&Record]) -> Vec<f64> {
    (2..=5)
        .map(|n| {
            let at: Vec<&&Record> = records.iter().filter(|r| r.seats.len() == n).collect();
            if n == 2 || at.is_empty() {
                0.0
            } else {
                at.iter().filter(|r| r.kind() == Kind::Shared).count() as f64 / at.len() as f64
            }
        })
        .collect()
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

/// The models as the file `data/bookie.json` holds them, saying how it was written.
///
/// # Panics
/// Never: the models are plain numbers.
#[must_use]
pub fn write(models: &Models, written_by: &str) -> String {
    let mut m = models.clone();
    m.written_by = written_by.to_owned();
    let mut text = serde_json::to_string(&m).expect("the model writes as JSON");
    text.push('\n');
    text
}
