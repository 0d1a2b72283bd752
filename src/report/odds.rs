//! A match priced on the page (`taproom odds`): the bookie's board with where its chances
//! come from, the notes on side bets, the audit against real matches, and the same as
//! JSON for tools.

use std::io::{self, Write};

use serde::Serialize;

use super::grid::{glued, lay_out};
use super::wagers::{BoardForm, audit_table, market_name, market_words, odds_table, outcome_name};
use super::{JSON_VERSION, Page};
use crate::ops::price::{Audit, Board};
use crate::ops::{MatchSpec, Sight};
use crate::roster::Tavern;
use crate::table::ThrowWhy;
use crate::wager::simulate::{Basis, MarketEstimate};
use crate::wager::{Market, Scope};

/// A match priced, as `taproom odds` shows it.
pub struct Priced<'a> {
    /// The match.
    pub spec: &'a MatchSpec,
    /// The tavern whose bookie prices it.
    pub tavern: &'a Tavern,
    /// Every market's chances, and the markets left unpriced.
    pub board: &'a Board,
    /// The audit against real matches, when one was played.
    pub audit: Option<&'a Audit>,
    /// How many matches were played for real, when the chances come from them.
    pub sims: u64,
    /// The seed every counted or audited match's own seed is derived from.
    pub seed: u64,
    /// Whose price: the bookie's (what he sees) or the truth (`--view gm`).
    pub sight: Sight,
}

/// Writes the board for a terminal: the match, where the chances come from and the
/// bookie's terms, the board, the notes on side bets, and the audit when there is one.
///
/// # Errors
/// When writing fails.
pub fn write_text(out: &mut impl Write, priced: &Priced<'_>, page: Page) -> io::Result<()> {
    let (spec, tavern) = (priced.spec, priced.tavern);
    let title = format!(
        "{}: {}, {}",
        spec.game.title(),
        spec.names().join(" v "),
        spec.format
    );
    writeln!(out, "{}", page.prose("", &title))?;
    let margin = format!("{}%", f64::from(tavern.margin_bp) / 100.0);
    let how = format!(
        "Chances {}; prices of {} at {}, {} {margin} margin over fair odds.",
        basis_words(priced),
        tavern.bookie,
        tavern.name,
        crate::names::a_or_an(&margin),
    );
    writeln!(out, "{}", page.prose("", &how))?;
    if priced.sight == Sight::Truth {
        for line in intentions(spec, Sight::Truth) {
            writeln!(out, "{}", page.prose("", &line))?;
        }
    }
    writeln!(out)?;
    write_board(out, priced, page)?;
    if let Some(audit) = priced.audit {
        writeln!(out)?;
        write_audit(out, audit, priced, page)?;
    }
    Ok(())
}

/// What the table's intentions are and how `sight` prices them, a sentence each: a
/// hustle (the skill shown, the true skill, the stakes that turn it) and a throw whose
/// favourite is seated. None at a table where everyone means only to win.
#[must_use]
pub fn intentions(spec: &MatchSpec, sight: Sight) -> Vec<String> {
    let mut lines = Vec::new();
    let seen: Vec<_> = spec.entrants_seen(sight);
    // Whom a `[throw] to` favours here is the match's own answer, as the match plays it.
    let plans = spec.plans(&spec.stakes_for_odds());
    for ((seat, e), plan) in spec.seats.iter().zip(&seen).zip(&plans) {
        let c = &seat.character;
        if let Some(h) = c.intent.hustle {
            let truth = c.skill_at(spec.game);
            let priced = if spec.wise_to.contains(&c.name) {
                "the bookie is wise to it and prices the truth".to_owned()
            } else if sight == Sight::Truth {
                format!(
                    "priced here at the truth, skill {truth} (the bookie, seeing skill {}, prices that)",
                    h.shows
                )
            } else {
                format!("priced at the skill shown, {}", e.skill)
            };
            lines.push(format!(
                "{} hustles: shows skill {} until the stakes on the match reach {}, then \
                 plays at skill {truth}; {priced}.",
                c.name, h.shows, h.until
            ));
        }
        if let Some(t) = &c.intent.throw {
            let favoured = match (plan.throws_to, plan.throw_why) {
                (Some(to), Some(ThrowWhy::Named)) => spec.seats.get(to),
                _ => None,
            };
            let bribe = t
                .bribe
                .map(|b| format!(" They throw for a bribe of {b} or more."))
                .unwrap_or_default();
            if let Some(favoured) = favoured {
                let priced = if sight == Sight::Truth {
                    "the chances are counted from real matches, where they lose on purpose"
                } else {
                    "the bookie knows nothing of it"
                };
                lines.push(format!(
                    "{} throws the match to {}: {priced}.{bribe}",
                    c.name, favoured.character.name
                ));
            } else if !bribe.is_empty() {
                lines.push(format!("{} plays to win here.{bribe}", c.name));
            }
        }
    }
    lines
}

/// Where the match's chances come from: the bookie's model of play's players, or matches
/// played for real.
fn basis_words(priced: &Priced<'_>) -> String {
    let basis = priced
        .board
        .estimates
        .iter()
        .find(|e| e.market == Market::Match)
        .map(|e| e.basis);
    match basis {
        Some(Basis::Model) => format!(
            "from the bookie's model of play's players (skill, temperament, honesty, eye, \
             house rules and the rule for a cheat seen), over {} imagined matches",
            grouped(priced.sims)
        ),
        _ => format!(
            "from {} matches played for real from seed {}",
            priced.sims, priced.seed
        ),
    }
}

/// A count with its thousands set apart by commas: 20,000.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The board of the markets over the whole match, then the notes: the side bets the
/// bookie leaves to the pool, each game's markets priced too, and how chances count.
fn write_board(out: &mut impl Write, priced: &Priced<'_>, page: Page) -> io::Result<()> {
    let (board, kind) = (priced.board, priced.spec.game);
    let names = priced.spec.names();
    let shown: Vec<MarketEstimate> = board
        .estimates
        .iter()
        .filter(|e| on_the_board(e.market))
        .cloned()
        .collect();
    let unit = kind.facts().unit.word();
    let short = short_names(priced.spec);
    let margin = priced.tavern.margin();
    let forms = [
        odds_table(&shown, &names, margin, unit, BoardForm::Full).whole(),
        odds_table(&shown, &short, margin, unit, BoardForm::Plain),
        odds_table(&shown, &short, margin, unit, BoardForm::Narrow),
    ];
    let laid = lay_out(&forms, page.layout, 0);
    writeln!(out, "{laid}")?;
    if laid.form() != Some(0) {
        // The words that bet on each market, outside the table, each kept whole.
        let mut words: Vec<String> = Vec::new();
        for e in &shown {
            let w = match e.market {
                Market::Game { .. } => format!("on {unit} N NAME"),
                m => market_words(m, unit),
            };
            let w = glued(&format!("`{w}`"));
            if !words.contains(&w) {
                words.push(w);
            }
        }
        let note = format!("The words after the amount: {}.", words.join(", "));
        writeln!(out, "{}", page.prose("", &note))?;
    }
    if !board.unpriced.is_empty() {
        let side: Vec<String> = board
            .unpriced
            .iter()
            .map(|&m| market_name(m, unit))
            .collect();
        let note = format!(
            "No price from the bookie on side bets ({}): bet them in the pool or against \
             another player.",
            side.join(", ")
        );
        writeln!(out, "{}", page.prose("", &note))?;
    }
    if shown.len() < board.estimates.len() {
        let note = format!(
            "Each {} is priced too for the same side bets (add {} to the bet); \
             --format json lists every price.",
            kind.facts().unit,
            glued(&format!("`in {} N`", kind.facts().unit))
        );
        writeln!(out, "{}", page.prose("", &note))?;
    }
    let note = "Chances count outright wins; a dead heat divides the stake by the number tied, \
                and a push or a game not played gives it back.";
    writeln!(out, "{}", page.prose("", note))?;
    let command = format!(
        "taproom play {} ... --bet \"NAME AMOUNT on ...\"",
        kind.id()
    );
    writeln!(out, "{}", page.command("Bet with:", &command))
}

/// The players' short names, for narrow tables; their full names when two share one.
fn short_names(spec: &MatchSpec) -> Vec<String> {
    let short: Vec<String> = spec.entrants().into_iter().map(|e| e.short).collect();
    let unique = short
        .iter()
        .enumerate()
        .all(|(i, s)| !short[..i].contains(s));
    if unique { short } else { spec.names() }
}

/// The audit: how it was played and tested, the outcomes on the board and any that do
/// not agree, and the verdict.
fn write_audit(
    out: &mut impl Write,
    audit: &Audit,
    priced: &Priced<'_>,
    page: Page,
) -> io::Result<()> {
    let head = format!(
        "Audit: {} matches played for real from seed {}; each of the {} outcomes of \
         every market is tested at its stated chance (a two-sided binomial test at \
         {:.2}%, that is 5% over the outcomes; intervals at z = {:.2}). The table \
         shows the board's and any that do not agree.",
        audit.matches,
        priced.seed,
        audit.checks.len(),
        audit.alpha * 100.0,
        audit.z,
    );
    writeln!(out, "{}", page.prose("", &head))?;
    if priced.spec.holds_intention() {
        let whose = if priced.sight == Sight::Truth {
            "The board above prices the truth of it"
        } else {
            "The board above is the bookie's, who prices what he sees, so real play may \
             disagree with it by design (`--view gm` prices the truth)"
        };
        let note = format!(
            "This table holds an intention, and the matches played follow it. {whose}: {}",
            intentions(priced.spec, priced.sight).join(" ")
        );
        writeln!(out, "{}", page.prose("", &note))?;
    }
    let shown = Audit {
        checks: audit
            .checks
            .iter()
            .filter(|c| on_the_board(c.market) || !c.agrees)
            .cloned()
            .collect(),
        ..audit.clone()
    };
    let unit = priced.spec.game.facts().unit.word();
    let (names, short) = (priced.spec.names(), short_names(priced.spec));
    let forms = [
        audit_table(&shown, &names, unit, BoardForm::Full),
        audit_table(&shown, &short, unit, BoardForm::Plain),
        audit_table(&shown, &short, unit, BoardForm::Narrow),
    ];
    writeln!(out, "{}", lay_out(&forms, page.layout, 0))?;
    let off = audit.checks.iter().filter(|c| !c.agrees).count();
    let verdict = if off == 0 {
        format!(
            "Every stated chance agrees with what was played ({} outcomes).",
            audit.checks.len()
        )
    } else {
        format!(
            "{off} of {} stated chances do not agree with what was played.",
            audit.checks.len()
        )
    };
    writeln!(out, "{}", page.prose("", &verdict))
}

/// Whether a market is on the printed board: the match, each game, the first turn and
/// the side bets over the whole match (each game's side bets are in the JSON).
fn on_the_board(m: Market) -> bool {
    match m {
        Market::Match | Market::Game { .. } | Market::FirstTurn => true,
        Market::Most { scope, .. }
        | Market::End { scope }
        | Market::Caught { scope }
        | Market::AnyoneCaught { scope } => scope == Scope::Match,
    }
}

/// The board (and the audit) as JSON.
#[derive(Serialize)]
struct JsonOdds<'a> {
    version: u32,
    game: crate::games::GameKind,
    players: Vec<String>,
    format: String,
    seed: u64,
    tavern: &'a str,
    bookie: &'a str,
    margin: f64,
    markets: Vec<JsonMarket>,
    unpriced: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    audit: Option<&'a Audit>,
    /// `bookie` (what he sees) or `truth` (`--view gm`).
    sight: &'static str,
    /// The table's intentions, a sentence each: with `--view gm`, or beside an audit.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    intentions: Vec<String>,
}

/// One market of the board as JSON.
#[derive(Serialize)]
struct JsonMarket {
    market: Market,
    label: String,
    basis: Basis,
    outcomes: Vec<JsonOutcome>,
    dead_heat: f64,
    push: f64,
    void: f64,
}

/// One outcome of a market as JSON, with the bookie's price when there is one.
#[derive(Serialize)]
struct JsonOutcome {
    outcome: String,
    chance: f64,
    range: (f64, f64),
    decimal: Option<f64>,
    tavern_odds: Option<String>,
}

impl JsonMarket {
    /// A market's chances and prices, its outcomes named from `names`.
    fn new(e: &MarketEstimate, names: &[String], margin: f64, unit: &str) -> JsonMarket {
        let outcomes = e
            .selections
            .iter()
            .enumerate()
            .map(|(k, &sel)| {
                let price = e.price(sel, margin);
                JsonOutcome {
                    outcome: outcome_name(sel, names),
                    chance: e.outright[k],
                    range: e.ranges[k],
                    decimal: price.map(|o| o.decimal()),
                    tavern_odds: price.map(|o| o.to_string()),
                }
            })
            .collect();
        JsonMarket {
            market: e.market,
            label: market_name(e.market, unit),
            basis: e.basis,
            outcomes,
            dead_heat: e.dead_heat,
            push: e.push,
            void: e.void,
        }
    }
}

/// Writes every market, outcome, chance, range and price (and the audit) as one JSON
/// document (`docs/json.md`).
///
/// # Errors
/// When writing fails.
pub fn write_json(out: &mut impl Write, priced: &Priced<'_>) -> io::Result<()> {
    let (spec, tavern, board) = (priced.spec, priced.tavern, priced.board);
    let names = spec.names();
    let margin = tavern.margin();
    let json = JsonOdds {
        version: JSON_VERSION,
        game: spec.game,
        players: names.clone(),
        format: spec.format.to_string(),
        seed: priced.seed,
        tavern: &tavern.name,
        bookie: &tavern.bookie,
        margin,
        markets: board
            .estimates
            .iter()
            .map(|e| JsonMarket::new(e, &names, margin, spec.game.facts().unit.word()))
            .collect(),
        unpriced: board
            .unpriced
            .iter()
            .map(|&m| market_name(m, spec.game.facts().unit.word()))
            .collect(),
        audit: priced.audit,
        sight: match priced.sight {
            Sight::Bookie => "bookie",
            Sight::Truth => "truth",
        },
        intentions: if priced.sight == Sight::Truth || priced.audit.is_some() {
            intentions(spec, priced.sight)
        } else {
            Vec::new()
        },
    };
    serde_json::to_writer_pretty(&mut *out, &json).map_err(io::Error::other)?;
    writeln!(out)
}
