//! Who wins: the strengths, seat edges, gap and draw terms, what the house rules do, and
//! what a cheat that stood or was seen is worth, fitted together as the most likely
//! values for the winners of every game that was neither forfeit nor shared (with each
//! seat's cheats as they happened), under weak normal priors: a level-and-temperament
//! term drawn towards the sum of a level's and a temperament's own (and towards its
//! neighbours' at the next level), the rest towards nothing.

use super::super::{
    Effect, GameModel, More, Profile, RuleTerm, Strengths, Two, level_gap, rule_values, sigmoid,
    softplus,
};
use super::{Kind, Record, kind_of, lbfgs};
use crate::games::{GameKind, OnCheat};

/// How strongly a level-and-temperament term is drawn to the sum of its level's and its
/// temperament's, and to its neighbour's at the next level.
const PULL: f64 = 3.0;

/// Where each coefficient sits: a set of strengths (and of drawishness) is 10 level
/// terms, 5 temperament terms and 50 of both.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// Whether the game seats three to five.
    more: bool,
    /// The house rules' keys.
    pub rules: Vec<&'static str>,
    /// The rules for a cheat seen the records were played under.
    pub cheats: Vec<OnCheat>,
    /// Where each block starts.
    two_extra: usize,
    drawish: usize,
    more_strengths: usize,
    edges: usize,
    none: usize,
    size_scale: usize,
    ring: usize,
    rules_at: usize,
    effects_at: usize,
    len: usize,
}

/// A set of strengths: 10 levels, 5 temperaments, 50 of both.
const STRENGTHS: usize = 65;
/// At a table of two: the edge (2), the gap, the draw (3), the draw's shift in a game
/// somebody cheated in.
const TWO_EXTRA: usize = 7;
/// Each seat's edge at three, four and five.
const EDGES: usize = 12;
/// Nobody winning at three, four and five.
const NONE: usize = 3;
/// The log-scale of the strengths at four and at five (three's is 1).
const SIZE_SCALE: usize = 2;
/// What the strength of the seat one, two, ... places before does to a seat's chance,
/// at three, four and five.
const RING: usize = 2 + 3 + 4;
/// What a kind of cheat's tries do: stood once, twice, three or four times, five or more,
/// each with its catch-up; caught; none tried.
const EFFECT: usize = 10;

impl Layout {
    pub(super) fn new(kind: GameKind, cheats: Vec<OnCheat>) -> Layout {
        let more = kind.facts().max_players > 2;
        let rules: Vec<&'static str> = kind.facts().rules.iter().map(|r| r.key).collect();
        let two_extra = STRENGTHS;
        let drawish = two_extra + TWO_EXTRA;
        let more_strengths = drawish + STRENGTHS;
        let (edges, none, size_scale, ring, rules_at) = if more {
            let edges = more_strengths + STRENGTHS;
            let none = edges + EDGES;
            let size_scale = none + NONE;
            let ring = size_scale + SIZE_SCALE;
            (edges, none, size_scale, ring, ring + RING)
        } else {
            (0, 0, 0, 0, more_strengths)
        };
        let effects_at = rules_at + 4 * rules.len();
        let len = effects_at + 3 * EFFECT * cheats.len();
        Layout {
            more,
            rules,
            cheats,
            two_extra,
            drawish,
            more_strengths,
            edges,
            none,
            size_scale,
            ring,
            rules_at,
            effects_at,
            len,
        }
    }

    fn strengths(&self, players: usize) -> usize {
        if players > 2 && self.more {
            self.more_strengths
        } else {
            0
        }
    }

    fn edge(&self, players: usize, seat: usize) -> usize {
        self.edges + [0, 3, 7][players.clamp(3, 5) - 3] + seat
    }

    fn none(&self, players: usize) -> usize {
        self.none + players.clamp(3, 5) - 3
    }

    fn size_scale(&self, players: usize) -> Option<usize> {
        (players > 3).then(|| self.size_scale + players.min(5) - 4)
    }

    fn ring(&self, players: usize, before: usize) -> usize {
        self.ring + [0, 2, 5][players.clamp(3, 5) - 3] + before - 1
    }

    fn rule(&self, term: usize) -> usize {
        self.rules_at + 4 * term
    }

    fn effect(&self, rule: OnCheat, class: usize) -> usize {
        let r = self.cheats.iter().position(|&c| c == rule).unwrap_or(0);
        self.effects_at + 3 * EFFECT * r + EFFECT * class
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The three coefficients of a profile in a set starting at `base`.
    fn of_set(base: usize, p: &Profile) -> [usize; 3] {
        let (l, t) = (p.level_index(), p.temperament_index());
        [base + l, base + 10 + t, base + 15 + 5 * l + t]
    }

    /// The three strength coefficients of a profile at a table of `players`.
    fn strength_of(&self, p: &Profile, players: usize) -> [usize; 3] {
        Self::of_set(self.strengths(players), p)
    }

    /// The starts of the sets of strengths and drawishness.
    fn sets(&self) -> Vec<usize> {
        let mut sets = vec![0, self.drawish];
        if self.more {
            sets.push(self.more_strengths);
        }
        sets
    }
}

/// What happened in a game, as the fit reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Won {
    Seat(usize),
    Nobody,
}

/// One seat of a game as the fit reads it: its strength's coefficients, and its cheats'
/// (a coefficient and its weight).
#[derive(Clone, Debug)]
struct SeatRow {
    strength: [usize; 3],
    drawish: [usize; 3],
    effects: Vec<(usize, f64)>,
}

/// One game as the fit reads it.
#[derive(Clone, Debug)]
pub(super) struct Row {
    seats: Vec<SeatRow>,
    levels: Vec<f64>,
    rules: Vec<f64>,
    won: Won,
    /// 1 when somebody's cheat stood or was seen in the game, else 0.
    cheated: f64,
}

impl Row {
    /// The row of a record, when its winners tell of the strengths (not forfeit or
    /// shared); `seat` gives, for a seat, the chance the model gave it of trying any cheat
    /// in the game (0 where there is no model of tries yet) and how far behind the best
    /// other it was, in strength.
    pub(super) fn of(
        layout: &Layout,
        kind: GameKind,
        r: &Record,
        seat: &dyn Fn(&Record, usize) -> (f64, f64),
    ) -> Option<Row> {
        let n = r.players();
        let won = match kind_of(r) {
            Kind::Won => Won::Seat(r.winners[0]),
            Kind::Drawn => Won::Nobody,
            Kind::Forfeit | Kind::Shared => return None,
        };
        let rule = r.rule();
        let forfeits = rule == OnCheat::ForfeitGame && !kind.facts().rule_two;
        let terms: Vec<RuleTerm> = layout
            .rules
            .iter()
            .map(|k| RuleTerm {
                key: (*k).to_owned(),
                ..RuleTerm::default()
            })
            .collect();
        let seats = r
            .seats
            .iter()
            .enumerate()
            .map(|(s, p)| {
                let mut effects = Vec::new();
                let at = layout.effect(rule, p.cheat_class());
                let stood = r.stood(s);
                let (any, behind) = seat(r, s);
                if stood > 0 {
                    let k = super::super::stood_bin(stood);
                    effects.push((at + k, 1.0));
                    effects.push((at + 4 + k, behind.max(0.0)));
                }
                let caught = r.caught(s);
                if caught > 0 && !forfeits {
                    effects.push((at + 8, -f64::from(caught)));
                }
                if stood + caught == 0 && p.honesty < 10 && r.willing[s] != Some(0) {
                    effects.push((at + 9, any));
                }
                SeatRow {
                    strength: layout.strength_of(p, n),
                    drawish: Layout::of_set(layout.drawish, p),
                    effects,
                }
            })
            .collect();
        Some(Row {
            seats,
            levels: r.seats.iter().map(Profile::level).collect(),
            rules: rule_values(kind, &terms, &r.rules),
            won,
            cheated: f64::from(u8::from(!r.tries.is_empty())),
        })
    }
}

/// The negative log-likelihood of `rows` at `x` and the penalties, with its gradient.
pub(super) fn objective(layout: &Layout, rows: &[Row], x: &[f64], g: &mut [f64]) -> f64 {
    use rayon::prelude::*;
    let (total, grad) = rows
        .par_chunks(2048)
        .map(|chunk| {
            let mut g = vec![0.0; x.len()];
            let total: f64 = chunk
                .iter()
                .map(|row| row_nll(layout, row, x, &mut g))
                .sum();
            (total, g)
        })
        .reduce(
            || (0.0, vec![0.0; x.len()]),
            |(a, mut ga), (b, gb)| {
                ga.iter_mut().zip(gb).for_each(|(u, v)| *u += v);
                (a + b, ga)
            },
        );
    g.copy_from_slice(&grad);
    total + penalty(layout, x, g)
}

fn strength_value(x: &[f64], s: &SeatRow) -> f64 {
    s.strength.iter().map(|&i| x[i]).sum::<f64>()
}

fn seat_value(x: &[f64], s: &SeatRow) -> f64 {
    s.strength.iter().map(|&i| x[i]).sum::<f64>()
        + s.effects.iter().map(|&(i, w)| x[i] * w).sum::<f64>()
}

fn add_seat(g: &mut [f64], s: &SeatRow, by: f64) {
    for &i in &s.strength {
        g[i] += by;
    }
    for &(i, w) in &s.effects {
        g[i] += by * w;
    }
}

/// What the rule options add to a row: the argument of the scale of play (`s`), and of
/// how likely nobody wins (`d`).
#[derive(Clone, Copy)]
struct Lean {
    /// `exp` of the clamped scale argument.
    scale: f64,
    /// 1 while the scale argument is within its clamp (its gradient flows), else 0.
    scale_live: f64,
    /// The rules' argument added to the draw's.
    d_arg: f64,
}

/// One row's negative log-likelihood, its gradient added to `g`.
fn row_nll(layout: &Layout, row: &Row, x: &[f64], g: &mut [f64]) -> f64 {
    let (mut s_arg, mut d_arg) = (0.0, 0.0);
    for (t, &v) in row.rules.iter().enumerate() {
        let at = layout.rule(t);
        s_arg += x[at] * v + x[at + 1] * v * v;
        d_arg += x[at + 2] * v + x[at + 3] * v * v;
    }
    let clamped = s_arg.clamp(-5.0, 5.0);
    let lean = Lean {
        scale: clamped.exp(),
        scale_live: f64::from(u8::from((s_arg - clamped).abs() < 1e-12)),
        d_arg,
    };
    if row.seats.len() == 2 || !layout.more {
        two_nll(layout, row, x, g, lean)
    } else {
        many_nll(layout, row, x, g, lean)
    }
}

/// A row of two seats (or any row while the model keeps one shape for all): a win for
/// either against a draw, by two logistic curves.
fn two_nll(layout: &Layout, row: &Row, x: &[f64], g: &mut [f64], lean: Lean) -> f64 {
    let Lean {
        scale,
        scale_live,
        d_arg,
    } = lean;
    let e = layout.two_extra;
    let (l0, l1) = (row.levels[0], row.levels[1]);
    let m = (f64::midpoint(l0, l1) - 5.5) / 4.5;
    let gap = level_gap(l0, l1);
    let spread = (l0 - l1).abs() / 9.0;
    let lin = seat_value(x, &row.seats[0]) - seat_value(x, &row.seats[1])
        + x[e]
        + x[e + 1] * m
        + x[e + 2] * gap;
    let d = scale * lin;
    let drawish: f64 = row.seats.iter().flat_map(|s| s.drawish).map(|i| x[i]).sum();
    let c_arg =
        x[e + 3] + x[e + 4] * m + x[e + 5] * spread + x[e + 6] * row.cheated + drawish + d_arg;
    let c = softplus(c_arg);
    let a = sigmoid(d - c);
    let b = sigmoid(-d - c);
    // d ln P / d d and d ln P / d c.
    let (p, gd, gc) = match row.won {
        Won::Seat(0) => (a, 1.0 - a, -(1.0 - a)),
        Won::Seat(_) => (b, -(1.0 - b), -(1.0 - b)),
        Won::Nobody => {
            let p = (1.0 - a - b).max(1e-12);
            let da = a * (1.0 - a);
            let db = b * (1.0 - b);
            (p, (-da + db) / p, (da + db) / p)
        }
    };
    // Gradient of the negative log-likelihood.
    let gd = -gd;
    let gc = -gc;
    add_seat(g, &row.seats[0], gd * scale);
    add_seat(g, &row.seats[1], -gd * scale);
    g[e] += gd * scale;
    g[e + 1] += gd * scale * m;
    g[e + 2] += gd * scale * gap;
    let dc = gc * sigmoid(c_arg);
    g[e + 3] += dc;
    g[e + 4] += dc * m;
    g[e + 5] += dc * spread;
    g[e + 6] += dc * row.cheated;
    for i in row.seats.iter().flat_map(|s| s.drawish) {
        g[i] += dc;
    }
    for (t, &v) in row.rules.iter().enumerate() {
        let at = layout.rule(t);
        g[at] += gd * d * v * scale_live;
        g[at + 1] += gd * d * v * v * scale_live;
        g[at + 2] += dc * v;
        g[at + 3] += dc * v * v;
    }
    -p.max(1e-12).ln()
}

/// A row of three to five seats: a multinomial logit over the seats and nobody.
fn many_nll(layout: &Layout, row: &Row, x: &[f64], g: &mut [f64], lean: Lean) -> f64 {
    let n = row.seats.len();
    let Lean {
        scale,
        scale_live,
        d_arg,
    } = lean;
    let size_at = layout.size_scale(n);
    let scale = scale * size_at.map_or(1.0, |i| x[i].clamp(-5.0, 5.0).exp());
    let mut base = [0.0f64; 5];
    for (i, b) in base.iter_mut().enumerate().take(n) {
        *b = strength_value(x, &row.seats[i]);
    }
    let mut u = [0.0f64; 6];
    for (i, ui) in u.iter_mut().enumerate().take(n) {
        let ring: f64 = (1..n)
            .map(|k| x[layout.ring(n, k)] * base[(i + n - k) % n])
            .sum();
        *ui = scale * (seat_value(x, &row.seats[i]) + x[layout.edge(n, i)] + ring);
    }
    u[n] = x[layout.none(n)] + d_arg;
    let u = &u[..=n];
    let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = u.iter().map(|v| (v - top).exp()).sum();
    let log_z = top + sum.ln();
    let y = match row.won {
        Won::Seat(s) => s,
        Won::Nobody => n,
    };
    for (i, &ui) in u.iter().enumerate() {
        let p = (ui - log_z).exp();
        let gu = p - f64::from(u8::from(i == y));
        if i < n {
            add_seat(g, &row.seats[i], gu * scale);
            g[layout.edge(n, i)] += gu * scale;
            if let Some(at) = size_at {
                g[at] += gu * ui;
            }
            for k in 1..n {
                let j = (i + n - k) % n;
                let a = layout.ring(n, k);
                g[a] += gu * scale * base[j];
                for &p in &row.seats[j].strength {
                    g[p] += gu * scale * x[a];
                }
            }
            for (t, &v) in row.rules.iter().enumerate() {
                let at = layout.rule(t);
                g[at] += gu * ui * v * scale_live;
                g[at + 1] += gu * ui * v * v * scale_live;
            }
        } else {
            g[layout.none(n)] += gu;
            for (t, &v) in row.rules.iter().enumerate() {
                let at = layout.rule(t);
                g[at + 2] += gu * v;
                g[at + 3] += gu * v * v;
            }
        }
    }
    log_z - u[y]
}

/// The priors, with their gradient added to `g`.
fn penalty(layout: &Layout, x: &[f64], g: &mut [f64]) -> f64 {
    let mut total = 0.0;
    let mut ridge = |i: usize, w: f64, g: &mut [f64]| {
        total += w * x[i] * x[i];
        g[i] += 2.0 * w * x[i];
    };
    let sets = layout.sets();
    for &b in &sets {
        for i in b..b + 15 {
            ridge(i, 1e-4, g);
        }
        for i in b + 15..b + STRENGTHS {
            ridge(i, PULL, g);
        }
    }
    for i in layout.two_extra..layout.two_extra + TWO_EXTRA {
        ridge(i, 1e-4, g);
    }
    if layout.more {
        for i in layout.edges..layout.edges + EDGES {
            ridge(i, 0.05, g);
        }
        for i in layout.none..layout.none + NONE + SIZE_SCALE {
            ridge(i, 1e-4, g);
        }
        for i in layout.ring..layout.ring + RING {
            ridge(i, 0.01, g);
        }
    }
    for i in layout.rules_at..layout.len {
        ridge(i, 0.5, g);
    }
    // Neighbouring levels' joint terms drawn together.
    for &b in &sets {
        for l in 0..9 {
            for t in 0..5 {
                let (i, j) = (b + 15 + 5 * l + t, b + 15 + 5 * (l + 1) + t);
                let d = x[j] - x[i];
                total += PULL * d * d;
                g[j] += 2.0 * PULL * d;
                g[i] -= 2.0 * PULL * d;
            }
        }
    }
    total
}

/// The strengths of a block, each temperament's made to rise with the level: where the
/// fit has a level below the one beneath it (Kiust Oyun's levels differ by little, and
/// sampling noise can cross them), the two are pooled to their mean, and so on until none
/// is (pool-adjacent-violators).
fn strengths_at(x: &[f64], base: usize) -> Strengths {
    let mut s = raw_strengths_at(x, base);
    for t in 0..5 {
        let column: Vec<f64> = s.levels.iter().map(|row| row[t]).collect();
        for (row, v) in s.levels.iter_mut().zip(rising(&column)) {
            row[t] = v;
        }
    }
    s
}

/// The nearest rising sequence to `values` (least squares): adjacent values that fall are
/// pooled to their mean.
fn rising(values: &[f64]) -> Vec<f64> {
    // Blocks of (mean, count).
    let mut blocks: Vec<(f64, usize)> = Vec::new();
    for &v in values {
        blocks.push((v, 1));
        while blocks.len() > 1 {
            let (b, nb) = blocks[blocks.len() - 1];
            let (a, na) = blocks[blocks.len() - 2];
            if a <= b {
                break;
            }
            blocks.pop();
            let last = blocks.len() - 1;
            blocks[last] = ((a * na as f64 + b * nb as f64) / (na + nb) as f64, na + nb);
        }
    }
    blocks
        .into_iter()
        .flat_map(|(m, n)| std::iter::repeat_n(m, n))
        .collect()
}

/// The strengths of a block as fitted.
fn raw_strengths_at(x: &[f64], base: usize) -> Strengths {
    Strengths {
        levels: (0..10)
            .map(|l| {
                let mut row = [0.0; 5];
                for (t, v) in row.iter_mut().enumerate() {
                    *v = x[base + l] + x[base + 10 + t] + x[base + 15 + 5 * l + t];
                }
                row
            })
            .collect(),
    }
}

/// The fitted pieces of a model that the winners tell of.
pub(super) struct Fitted {
    pub two: Two,
    pub more: Option<More>,
    pub rules: Vec<RuleTerm>,
    /// By rule for a cheat seen, in the layout's order, by kind of cheat.
    pub effects: Vec<[Effect; 3]>,
}

/// Fits the winners of `records`, with `seat` a seat's chance of trying any cheat in a
/// game and how far behind it is (see [`Row::of`]).
pub(super) fn fit(
    kind: GameKind,
    layout: &Layout,
    records: &[&Record],
    seat: &(dyn Fn(&Record, usize) -> (f64, f64) + Sync),
) -> Fitted {
    use rayon::prelude::*;
    let rows: Vec<Row> = records
        .par_iter()
        .filter_map(|r| Row::of(layout, kind, r, seat))
        .collect();
    let mut x = vec![0.0; layout.len()];
    let e = layout.two_extra;
    x[e + 3] = -1.0;
    if layout.more {
        for n in 3..=5 {
            x[layout.none(n)] = -4.0;
        }
    }
    let tolerance = 1e-4 * rows.len() as f64;
    lbfgs::minimise(&mut x, 600, tolerance, &mut |x, g| {
        objective(layout, &rows, x, g)
    });
    pieces(layout, &x)
}

/// The model's pieces from the coefficients.
pub(super) fn pieces(layout: &Layout, x: &[f64]) -> Fitted {
    let e = layout.two_extra;
    let two = Two {
        strengths: strengths_at(x, 0),
        edge: [x[e], x[e + 1]],
        gap: x[e + 2],
        draw: [x[e + 3], x[e + 4], x[e + 5]],
        cheated_draw: x[e + 6],
        drawish: raw_strengths_at(x, layout.drawish),
    };
    let more = layout.more.then(|| More {
        strengths: strengths_at(x, layout.more_strengths),
        edges: (3..=5)
            .map(|n| (0..n).map(|s| x[layout.edge(n, s)]).collect())
            .collect(),
        none: (3..=5).map(|n| x[layout.none(n)]).collect(),
        scale: (3..=5)
            .map(|n| {
                layout
                    .size_scale(n)
                    .map_or(1.0, |i| x[i].clamp(-5.0, 5.0).exp())
            })
            .collect(),
        ring: (3..=5)
            .map(|n| (1..n).map(|k| x[layout.ring(n, k)]).collect())
            .collect(),
        shared: Vec::new(),
        forfeit_winners: Vec::new(),
    });
    let rules = layout
        .rules
        .iter()
        .enumerate()
        .map(|(t, k)| {
            let at = layout.rule(t);
            RuleTerm {
                key: (*k).to_owned(),
                scale: [x[at], x[at + 1]],
                draw: [x[at + 2], x[at + 3]],
            }
        })
        .collect();
    let effects = layout
        .cheats
        .iter()
        .map(|&rule| {
            let one = |class: usize| {
                let at = layout.effect(rule, class);
                Effect {
                    stood: [x[at], x[at + 1], x[at + 2], x[at + 3]],
                    catch_up: [x[at + 4], x[at + 5], x[at + 6], x[at + 7]],
                    caught: x[at + 8],
                    none: x[at + 9],
                }
            };
            [one(0), one(1), one(2)]
        })
        .collect();
    Fitted {
        two,
        more,
        rules,
        effects,
    }
}

/// How far seat `s` is behind the best of the others, by `strengths`.
#[must_use]
pub(super) fn behind_of(strengths: &[f64], s: usize) -> f64 {
    let best = (0..strengths.len())
        .filter(|&o| o != s)
        .map(|o| strengths[o])
        .fold(f64::NEG_INFINITY, f64::max);
    best - strengths[s]
}

/// The chance the model gives each seat of `r` of winning alone, and of nobody, with its
/// cheats as they happened (forfeit ones aside: the winner's chance before the forfeit).
#[must_use]
pub(super) fn chances(model: &GameModel, kind: GameKind, r: &Record) -> (Vec<f64>, f64) {
    let n = r.players();
    let rule = r.rule();
    let forfeits = rule == OnCheat::ForfeitGame && !kind.facts().rule_two;
    let cheating = model.cheating(kind, rule);
    let base: Vec<f64> = r.seats.iter().map(|p| model.strength(p, n)).collect();
    let strengths: Vec<f64> = r
        .seats
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let caught = if forfeits { 0 } else { r.caught(s) };
            let untried = if r.stood(s) + r.caught(s) == 0 {
                super::cheats::any_chance(model, kind, r, s)
            } else {
                0.0
            };
            let behind = behind_of(&base, s);
            base[s] + cheating.effect[p.cheat_class()].of(r.stood(s), caught, untried, behind)
        })
        .collect();
    let levels: Vec<f64> = r.seats.iter().map(Profile::level).collect();
    let values = rule_values(kind, &model.rules, &r.rules);
    let (scale, draw) = super::super::rule_shift(&model.rules, &values);
    let drawish: f64 = r.seats.iter().map(|p| model.drawish(p, n)).sum();
    model.outcome(&strengths, &base, &levels, scale, draw + drawish)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_falling_pair_is_pooled_to_its_mean() {
        assert_eq!(rising(&[1.0, 2.0, 3.0]), vec![1.0, 2.0, 3.0]);
        assert_eq!(rising(&[1.0, 3.0, 2.0, 4.0]), vec![1.0, 2.5, 2.5, 4.0]);
        // 3, 2, 1 pool to 2, 2, 2; then 0.5 after them pools all four to 1.625.
        assert_eq!(rising(&[3.0, 2.0, 1.0, 0.5]), vec![1.625; 4]);
    }

    /// The objective's gradient is its derivative: checked against central differences at
    /// a random point, for tables of two and of three to five, with rules and cheats.
    #[test]
    fn the_gradient_is_the_objective_s_derivative() {
        use crate::ai::{Skill, Temperament};
        let kind = GameKind::Pic;
        let layout = Layout::new(kind, vec![OnCheat::ForfeitGame, OnCheat::TakeBack]);
        let p = |l: u8, t: usize, h: u8| Profile {
            skill: Skill::Level(l),
            temperament: Temperament::ALL[t],
            honesty: h,
            eye: 5,
        };
        let mut records = Vec::new();
        for (i, n) in [2usize, 2, 3, 4, 5, 3, 2].into_iter().enumerate() {
            let seats: Vec<Profile> = (0..n)
                .map(|s| {
                    p(
                        1 + ((i * 3 + s * 7) % 10) as u8,
                        (i + s) % 5,
                        [10, 1, 5][s % 3],
                    )
                })
                .collect();
            records.push(Record {
                game: kind,
                seats,
                rules: if i % 2 == 0 {
                    vec!["move_cap=150".to_owned()]
                } else {
                    vec![]
                },
                rule: (i % 3 == 0).then_some(OnCheat::TakeBack),
                number: 1,
                earlier: vec![0; n],
                seen: vec![vec![0.0; n]; n],
                willing: vec![None; n],
                winners: if i == 5 { vec![] } else { vec![i % n] },
                end: crate::games::pic::NO_MOVES,
                tallies: vec![vec![0, 0]; n],
                tries: vec![
                    super::super::Try {
                        seat: 1,
                        risk: 0.1,
                        earlier: 0,
                        seen: false,
                        seen_by: vec![],
                    },
                    super::super::Try {
                        seat: 1,
                        risk: 0.1,
                        earlier: 1,
                        seen: i % 3 == 0,
                        seen_by: vec![],
                    },
                ],
            });
        }
        let rows: Vec<Row> = records
            .iter()
            .filter_map(|r| Row::of(&layout, kind, r, &|_, s| (0.3, s as f64 - 0.5)))
            .collect();
        assert_eq!(rows.len(), records.len());
        let mut x: Vec<f64> = (0..layout.len())
            .map(|i| ((i * 37 % 17) as f64 - 8.0) / 20.0)
            .collect();
        let mut g = vec![0.0; x.len()];
        objective(&layout, &rows, &x, &mut g);
        let mut scratch = vec![0.0; x.len()];
        for i in 0..x.len() {
            let h = 1e-6;
            x[i] += h;
            let up = objective(&layout, &rows, &x, &mut scratch);
            x[i] -= 2.0 * h;
            let down = objective(&layout, &rows, &x, &mut scratch);
            x[i] += h;
            let numeric = (up - down) / (2.0 * h);
            assert!(
                (numeric - g[i]).abs() < 1e-5 * (1.0 + numeric.abs()),
                "coefficient {i}: {numeric} against {}",
                g[i]
            );
        }
    }
}
