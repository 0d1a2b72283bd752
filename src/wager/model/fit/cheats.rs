//! How cheats go: the boldness of a typical try (a card-sharp's and anyone else's), from
//! whether each watcher saw each try; and how many tries a seat makes in a game, from the
//! seats that could have cheated, a forfeited game's tries (and a seat's that reached the
//! end of its willingness) read as "at least so many".

use super::super::{GameModel, TRY_FEATURES, Tries, eye_band, seen_by, sigmoid};
use super::{Record, lbfgs};
use crate::games::{End, GameKind};

/// One watcher of one try: the cheat's level and honesty, the watcher's eye, the
/// sightings of this cheat the watcher had, the cheat's earlier tries, and whether this
/// one was seen.
type Watched = (u8, u8, u8, f64, u32, bool);

/// The boldness of a typical try, for a card-sharp's first in a game and later ones, then
/// anyone else's, by the watcher's band of eye: the most likely, given who saw each try
/// and who did not.
pub(super) fn looks(records: &[&Record]) -> [[f64; 3]; 4] {
    let mut rows: [Vec<Watched>; 12] = Default::default();
    for r in records {
        for (i, t) in r.tries.iter().enumerate() {
            let p = &r.seats[t.seat];
            let first = !r.tries[..i].iter().any(|u| u.seat == t.seat);
            for w in (0..r.players()).filter(|&w| w != t.seat) {
                let before = r.tries[..i]
                    .iter()
                    .filter(|u| u.seat == t.seat && u.seen_by.contains(&w))
                    .count() as f64;
                let kind = 2 * usize::from(!p.sharp()) + usize::from(!first);
                rows[3 * kind + eye_band(r.seats[w].eye)].push((
                    p.skill.rough_level(),
                    p.honesty,
                    r.seats[w].eye,
                    r.seen[w][t.seat] + before,
                    t.earlier,
                    t.seen_by.contains(&w),
                ));
            }
        }
    }
    let looks = rows.map(|rows| {
        if rows.is_empty() {
            return 0.4;
        }
        let nll = |look: f64| -> f64 {
            rows.iter()
                .map(|&(level, honesty, eye, seen, tries, saw)| {
                    let p = seen_by(look, level, honesty, eye, seen, tries).clamp(1e-9, 1.0 - 1e-9);
                    -if saw { p.ln() } else { (1.0 - p).ln() }
                })
                .sum()
        };
        golden(nll, 0.01, 3.0)
    });
    [0, 1, 2, 3].map(|k| [looks[3 * k], looks[3 * k + 1], looks[3 * k + 2]])
}

/// The minimum of a function of one unimodal variable on `[lo, hi]`.
fn golden(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
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

/// One seat that could have cheated in a game: the features, its tries, and whether the
/// count is only a floor.
struct Row {
    x: [f64; TRY_FEATURES],
    tries: u32,
    floor: bool,
}

/// The rows of the seats of `records` that could have cheated, of one kind of cheat
/// ([`super::super::Profile::cheat_class`]), with the strengths and boldness of `model`.
fn rows(model: &GameModel, records: &[&Record], class: usize) -> Vec<Row> {
    let mut out = Vec::new();
    for r in records {
        let n = r.players();
        let strengths: Vec<f64> = r.seats.iter().map(|p| model.strength(p, n)).collect();
        for (s, p) in r.seats.iter().enumerate() {
            if p.honesty >= 10 || p.cheat_class() != class || r.willing[s] == Some(0) {
                continue;
            }
            let eyes: Vec<(u8, f64)> = (0..n)
                .filter(|&w| w != s)
                .map(|w| (r.seats[w].eye, r.seen[w][s]))
                .collect();
            let best_other = (0..n)
                .filter(|&o| o != s)
                .map(|o| strengths[o])
                .fold(f64::NEG_INFINITY, f64::max);
            let tries = r.tries.iter().filter(|t| t.seat == s).count() as u32;
            out.push(Row {
                x: model.try_features(
                    p,
                    &eyes,
                    r.earlier[s],
                    best_other - strengths[s],
                    n,
                    r.number,
                ),
                tries,
                floor: r.end == End::Forfeit || r.willing[s] == Some(tries),
            });
        }
    }
    out
}

/// The chance `model` gave seat `s` of `r` of trying any cheat in the game (0 for a seat
/// that could not: honest, or with no willingness left).
pub(super) fn any_chance(model: &GameModel, kind: GameKind, r: &Record, s: usize) -> f64 {
    let p = &r.seats[s];
    if p.honesty >= 10 || r.willing[s] == Some(0) || model.cheats.is_empty() {
        return 0.0;
    }
    let n = r.players();
    let eyes: Vec<(u8, f64)> = (0..n)
        .filter(|&w| w != s)
        .map(|w| (r.seats[w].eye, r.seen[w][s]))
        .collect();
    let own = model.strength(p, n);
    let best_other = (0..n)
        .filter(|&o| o != s)
        .map(|o| model.strength(&r.seats[o], n))
        .fold(f64::NEG_INFINITY, f64::max);
    let x = model.try_features(p, &eyes, r.earlier[s], best_other - own, n, r.number);
    model.cheating(kind, r.rule()).tries[p.cheat_class()]
        .at(&x)
        .0
}

fn dot(w: &[f64], x: &[f64; TRY_FEATURES]) -> f64 {
    w.iter().zip(x).map(|(a, b)| a * b).sum()
}

/// The tries of one kind of cheat in `records`, with `model`'s strengths and boldness.
pub(super) fn tries(model: &GameModel, records: &[&Record], class: usize) -> Tries {
    let rows = rows(model, records, class);
    let ridge = 1e-5 * rows.len().max(1) as f64;
    // Whether any: a logistic regression (a floor of none tells nothing).
    let any_rows: Vec<(&[f64; TRY_FEATURES], bool)> = rows
        .iter()
        .filter(|r| r.tries > 0 || !r.floor)
        .map(|r| (&r.x, r.tries > 0))
        .collect();
    let mut any = vec![0.0; TRY_FEATURES];
    any[0] = -3.0;
    lbfgs::minimise(&mut any, 500, 1e-6, &mut |w, g| {
        g.iter_mut().for_each(|v| *v = 0.0);
        let mut total = 0.0;
        for &(x, y) in &any_rows {
            let p = sigmoid(dot(w, x));
            let y = f64::from(u8::from(y));
            total -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
            for (gi, xi) in g.iter_mut().zip(x) {
                *gi += (p - y) * xi;
            }
        }
        for (wi, gi) in w.iter().zip(g.iter_mut()).skip(1) {
            total += ridge * wi * wi;
            *gi += 2.0 * ridge * wi;
        }
        total
    });
    // How many more: a Poisson regression, a floor read as "at least".
    let more_rows: Vec<(&[f64; TRY_FEATURES], u32, bool)> = rows
        .iter()
        .filter(|r| r.tries > 0)
        .map(|r| (&r.x, r.tries - 1, r.floor))
        .collect();
    let mut more = vec![0.0; TRY_FEATURES];
    more[0] = -1.0;
    lbfgs::minimise(&mut more, 500, 1e-6, &mut |w, g| {
        g.iter_mut().for_each(|v| *v = 0.0);
        let mut total = 0.0;
        for &(x, y, floor) in &more_rows {
            let eta = dot(w, x).clamp(-30.0, 3.0);
            let mu = eta.exp();
            // d (−ln L) / d eta.
            let grad = if floor {
                if y == 0 {
                    continue;
                }
                let (log_q, ratio) = poisson_tail(y, mu);
                total -= log_q;
                -mu * ratio
            } else {
                total -= f64::from(y) * eta - mu;
                mu - f64::from(y)
            };
            for (gi, xi) in g.iter_mut().zip(x) {
                *gi += grad * xi;
            }
        }
        for (wi, gi) in w.iter().zip(g.iter_mut()).skip(1) {
            total += ridge * wi * wi;
            *gi += 2.0 * ridge * wi;
        }
        total
    });
    Tries { any, more }
}

/// For a Poisson law of mean `mu` and `y` at least 1: `ln P(Y ≥ y)`, and `P(Y = y − 1)
/// / P(Y ≥ y)` (the derivative of the first by `mu`), summed from the ratios of the tail's
/// terms to `P(Y = y − 1)` so that neither underflows far out in the tail.
fn poisson_tail(y: u32, mu: f64) -> (f64, f64) {
    let mut tail = 0.0;
    let mut term = 1.0;
    for j in 0..400 {
        term *= mu / f64::from(y + j);
        tail += term;
        if term < 1e-17 * tail {
            break;
        }
    }
    let log_head: f64 =
        f64::from(y - 1) * mu.ln() - mu - (1..y).map(|k| f64::from(k).ln()).sum::<f64>();
    (log_head + tail.ln(), 1.0 / tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_poisson_tail_is_one_less_the_head() {
        // mu = 2: P(Y = 0) = e^-2, P(Y = 1) = 2 e^-2; P(Y >= 2) = 1 - 3 e^-2.
        let e = (-2.0f64).exp();
        let (log_q, ratio) = poisson_tail(2, 2.0);
        assert!((log_q - (1.0 - 3.0 * e).ln()).abs() < 1e-12);
        assert!((ratio - 2.0 * e / (1.0 - 3.0 * e)).abs() < 1e-12);
        assert!(
            (poisson_tail(1, 2.0).0 - (1.0 - e).ln()).abs() < 1e-12,
            "1 - e^-2"
        );
        // Far out in the tail it stays finite: P(Y >= 60) at mu = 0.5 is about
        // P(Y = 60) = 0.5^60 e^-0.5 / 60!, whose log is -230.717.
        let (far, r) = poisson_tail(60, 0.5);
        assert!((far - (-230.717)).abs() < 0.01, "{far}");
        assert!(r.is_finite() && r > 0.0);
    }
}
