//! The bookie's board: every market by name, the chance and the price of each outcome, and
//! the audit of stated chances against matches played.

use super::pct;
use crate::report::grid::{GLUE, Grid, glued};
use crate::wager::market::{Market, Scope, Selection};
use crate::wager::simulate::{Basis, MarketEstimate};

/// A market's name in words: "the match", "who is most captures over the match"; a part
/// of the match called by the game's `unit` ("game 2", "round 2").
#[must_use]
pub fn market_name(market: Market, unit: &str) -> String {
    market_label(market, unit)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The forms of the board and of the audit, the fullest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardForm {
    /// Every column, each market with the words that bet on it under its name.
    Full,
    /// Every column, the words to bet with left to a note below the table.
    Plain,
    /// The fewest columns: the board without its decimal prices (the tavern's odds say
    /// the same), the audit with each range under its figure and a verdict only where
    /// the chance does not agree (the line below the table gives the count).
    Narrow,
}

/// The audit: each outcome's stated chance and range beside what real matches did, the
/// observed interval, and the verdict.
#[must_use]
pub fn audit_table(
    audit: &crate::ops::price::Audit,
    names: &[String],
    unit: &str,
    form: BoardForm,
) -> Grid {
    let mut table = if form == BoardForm::Narrow {
        Grid::new(["Bet", "Outcome", "Stated", "Played"])
    } else {
        Grid::new([
            "Bet", "Outcome", "Stated", "Range", "Played", "Interval", "Verdict",
        ])
    };
    let mut last = None;
    for c in &audit.checks {
        let label = if last == Some(c.market) {
            String::new()
        } else {
            market_name(c.market, unit)
        };
        last = Some(c.market);
        let stated_range = format!("{}–{}", pct(c.stated_range.0), pct(c.stated_range.1));
        let played = format!("{}{GLUE}({})", pct(c.observed), c.hits);
        let interval = format!("{}–{}", pct(c.observed_range.0), pct(c.observed_range.1));
        let verdict = if c.agrees { "agrees" } else { "DOES NOT AGREE" }.to_owned();
        let outcome = glued(&outcome_name(c.selection, names));
        if form == BoardForm::Narrow {
            let off = if c.agrees { "" } else { "\nDOES NOT AGREE" };
            table.row([
                label,
                outcome,
                format!("{}\n{stated_range}", pct(c.stated)),
                format!("{played}\n{interval}{off}"),
            ]);
        } else {
            table.row([
                label,
                outcome,
                pct(c.stated),
                stated_range,
                played,
                interval,
                verdict,
            ]);
        }
    }
    if form == BoardForm::Narrow {
        table.right(&[2, 3])
    } else {
        table.right(&[2, 3, 4, 5])
    }
}

/// An outcome of a market as the board names it: the entrant's name, the way a game
/// ends, or "anyone".
pub(crate) fn outcome_name(selection: Selection, names: &[String]) -> String {
    match selection {
        Selection::Entrant(e) => names.get(e).cloned().unwrap_or_default(),
        Selection::End(end) => end.key().to_owned(),
        Selection::Anyone => "anyone".to_owned(),
    }
}

/// A market's name on the board, with the words that bet on it; a part of the match is
/// called by the game's `unit` ("game 1", "round 1"), as the bet syntax takes both.
#[must_use]
pub fn market_label(market: Market, unit: &str) -> String {
    match market {
        Market::Match => "the match\n`on NAME`".to_owned(),
        Market::Game { number } => format!("{unit} {number}\n`on {unit} {number} NAME`"),
        Market::FirstTurn => "the first turn\n`on first-turn NAME`".to_owned(),
        Market::Most { tally, scope } => {
            let (over, words) = match scope {
                Scope::Match => ("over the match".to_owned(), String::new()),
                Scope::Game(n) => (format!("in {unit} {n}"), format!(" in {unit} {n}")),
            };
            format!(
                "who is {} {over}\n`on {} NAME{words}`",
                tally.phrase(),
                tally.word()
            )
        }
        Market::End { scope } => match scope {
            Scope::Match => format!("how the last {unit} ends\n`on end WAY`"),
            Scope::Game(n) => format!("how {unit} {n} ends\n`on end WAY in {unit} {n}`"),
        },
        Market::Caught { scope } => match scope {
            Scope::Match => "who is caught cheating\n`on caught NAME`".to_owned(),
            Scope::Game(n) => {
                format!("who is caught cheating in {unit} {n}\n`on caught NAME in {unit} {n}`")
            }
        },
        Market::AnyoneCaught { scope } => match scope {
            Scope::Match => "whether anyone is caught cheating\n`on anyone caught`".to_owned(),
            Scope::Game(n) => format!(
                "whether anyone is caught cheating in {unit} {n}\n`on anyone caught in {unit} {n}`"
            ),
        },
    }
}

/// The bookie's board: for every market, the chance of each outcome with its 95% range,
/// and the bookie's price on it (decimal and the tavern's way), in `form`.
#[must_use]
pub fn odds_table(
    estimates: &[MarketEstimate],
    names: &[String],
    margin: f64,
    unit: &str,
    form: BoardForm,
) -> Grid {
    let mut table = match form {
        BoardForm::Full | BoardForm::Plain => Grid::new([
            "Bet",
            "Outcome",
            "Chance",
            "95% range",
            "Decimal",
            "Tavern odds",
        ]),
        BoardForm::Narrow => Grid::new(["Bet", "Outcome", "Chance", "95% range", "Odds"]),
    };
    for est in estimates {
        let mut first = true;
        let mut label = || {
            if !std::mem::take(&mut first) {
                String::new()
            } else if form == BoardForm::Full {
                market_label(est.market, unit)
            } else {
                market_name(est.market, unit)
            }
        };
        for (k, sel) in est.selections.iter().enumerate() {
            let chance = pct(est.outright[k]);
            let range = match est.basis {
                Basis::Exact => "exact".to_owned(),
                Basis::Model | Basis::Played { .. } => {
                    let (lo, hi) = est.ranges[k];
                    format!("{}–{}", pct(lo), pct(hi))
                }
            };
            let (decimal, tavern) = match est.price(*sel, margin) {
                Some(o) => (o.decimal_text(), glued(&o.to_string())),
                None => ("—".to_owned(), glued("no price")),
            };
            let outcome = glued(&outcome_name(*sel, names));
            let mut row = vec![label(), outcome, chance, range];
            if form != BoardForm::Narrow {
                row.push(decimal);
            }
            row.push(tavern);
            table.row(row);
        }
        let extra = [
            (est.dead_heat, "dead heat: stake shared"),
            (est.push, "level: stakes back"),
            (est.void, "not played: stakes back"),
        ];
        for (p, what) in extra {
            if p >= 0.0005 && est.basis != Basis::Exact {
                table.row([label(), what.to_owned(), pct(p)]);
            }
        }
    }
    match form {
        BoardForm::Full | BoardForm::Plain => table.right(&[2, 3, 4, 5]),
        BoardForm::Narrow => table.right(&[2, 3, 4]),
    }
}

/// The words that bet on a market, as its board's label gives them: `on NAME`.
#[must_use]
pub fn market_words(market: Market, unit: &str) -> String {
    market_label(market, unit)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .trim_matches('`')
        .to_owned()
}
