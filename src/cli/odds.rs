//! `taproom odds`: the chance of every outcome of a match with its 95% range, the prices
//! the tavern's bookie offers, and an audit against real matches.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::CliError;
use super::args::{MatchArgs, Quiet, game};
use crate::ops::cast;
use crate::ops::price::{Audit, Board, audit, odds};
use crate::report::wagers::{audit_table, odds_table};
use crate::roster::Tavern;
use crate::wager::simulate::Basis;

/// How `odds` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OddsFormat {
    /// Tables for a terminal.
    #[default]
    Text,
    /// Every market, outcome, chance, range and price as JSON (see docs/json.md).
    Json,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom odds tides-of-war \"Old Brannoc\" Mirela
  taproom odds tides Pip Ysolde --first-to 5
  taproom odds pic Pip Ysolde Hrodgar --audit 100
  taproom odds kiust --format json
  taproom odds tides Brannoc Mirela --tavern examples/tavern.toml

Under the game's own rules the chances come from the bookie's measured model of play's
players, worked out exactly; under house rules (--rule) from --sims matches played for
real. Side bets (most captures, how a game ends) get no price from the bookie: bet them
in the pool or against another player.")]
pub struct OddsArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// Who plays: two to five names from the roster, or paths to character files
    /// (default: the roster's first two, as `play`).
    #[arg(num_args = 0..=5, value_name = "CHARACTER")]
    characters: Vec<String>,
    /// Under house rules only: how many real matches to count (10 to 100000).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    sims: u64,
    /// Also play N real matches with play's own players and check every chance against
    /// what happened (10 to 100000).
    #[arg(long, value_name = "N")]
    audit: Option<u64>,
    /// Text tables, or JSON for tools.
    #[arg(long, value_enum, default_value_t = OddsFormat::Text)]
    format: OddsFormat,
    /// The seed from which every counted or audited match's own seed is derived.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    table: MatchArgs,
    /// The tavern whose bookie prices the bets (default: the one built in).
    #[arg(long, value_name = "FILE")]
    tavern: Option<PathBuf>,
    /// Tables as wide as they need, whatever the terminal.
    #[arg(long)]
    wide: bool,
    #[command(flatten)]
    quiet: Quiet,
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
}

#[derive(Serialize)]
struct JsonMarket {
    market: crate::wager::Market,
    label: String,
    basis: Basis,
    outcomes: Vec<JsonOutcome>,
    dead_heat: f64,
    push: f64,
    void: f64,
}

#[derive(Serialize)]
struct JsonOutcome {
    outcome: String,
    chance: f64,
    range: (f64, f64),
    decimal: Option<f64>,
    tavern_odds: Option<String>,
}

fn outcome_name(sel: crate::wager::Selection, names: &[String]) -> String {
    match sel {
        crate::wager::Selection::Entrant(e) => names.get(e).cloned().unwrap_or_default(),
        crate::wager::Selection::End(end) => end.key().to_owned(),
        crate::wager::Selection::Anyone => "anyone".to_owned(),
    }
}

/// Prices the match and prints the board, and the audit when asked.
///
/// # Errors
/// Bad arguments or files.
pub fn run(args: &OddsArgs, out: &mut impl Write) -> Result<(), CliError> {
    let kind = game(&args.game)?;
    let tavern = Tavern::load(args.tavern.as_deref())?;
    let (roster, recovered) = cast::open_roster(args.table.roster.as_deref())?;
    args.quiet.recovered(&recovered);
    args.quiet
        .recovered(&crate::ops::cast::open_files(&args.characters)?);
    let mut draft = args.table.draft(args.seed)?;
    draft.table = draft.table.or(tavern.table_rules());
    let spec = cast::describe(kind, &roster, &args.characters, draft)?;
    let board = odds(&spec, args.sims, &args.quiet.bar())?;
    let audited = match args.audit {
        Some(n) => Some(audit(&spec, &board, n, &args.quiet.bar())?),
        None => None,
    };
    let names = spec.names();
    if args.format == OddsFormat::Json {
        return write_json(args, &spec, &tavern, &board, audited.as_ref(), out);
    }
    let layout = super::args::layout(args.wide, false);
    let page = crate::report::Page {
        view: crate::report::View::Gm,
        layout,
    };
    let title = format!("{}: {}, {}", kind.title(), names.join(" v "), spec.format);
    writeln!(out, "{}", page.prose("", &title))?;
    let basis = match board
        .estimates
        .iter()
        .find(|e| e.market == crate::wager::Market::Match)
        .map(|e| e.basis)
    {
        Some(Basis::Book { sims }) => format!(
            "counted in the bookie's book, over {sims} matches of these regulars played \
             for real, cheats and all"
        ),
        Some(Basis::Model) => format!(
            "from the bookie's model of play's players (skill, temperament, honesty, eye \
             and the rule for a cheat seen), over {},{:03} imagined matches",
            crate::wager::model::IMAGINED.0 / 1000,
            crate::wager::model::IMAGINED.0 % 1000
        ),
        _ => format!(
            "from {} matches played for real from seed {}",
            args.sims, args.seed
        ),
    };
    let how = format!(
        "Chances {basis}; prices of {} at {}, a {}% margin over fair odds.",
        tavern.bookie,
        tavern.name,
        f64::from(tavern.margin_bp) / 100.0
    );
    writeln!(out, "{}", page.prose("", &how))?;
    writeln!(out)?;
    let shown: Vec<crate::wager::simulate::MarketEstimate> = board
        .estimates
        .iter()
        .filter(|e| on_the_board(e.market))
        .cloned()
        .collect();
    writeln!(
        out,
        "{}",
        crate::report::fitted(odds_table(&shown, &names, tavern.margin()), layout)
    )?;
    if !board.unpriced.is_empty() {
        let side: Vec<String> = board
            .unpriced
            .iter()
            .map(|&m| crate::report::wagers::market_name(m))
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
            "Each {} is priced too for the same side bets (add `in {} N` to the bet); \
             --format json lists every price.",
            kind.facts().unit,
            kind.facts().unit
        );
        writeln!(out, "{}", page.prose("", &note))?;
    }
    let note = format!(
        "Chances count outright wins; a dead heat divides the stake by the number tied, and a \
         push or a game not played gives it back. Bet with: taproom play {} ... --bet \"NAME AMOUNT on ...\"",
        kind.id()
    );
    writeln!(out, "{}", page.prose("", &note))?;
    if let Some(a) = &audited {
        writeln!(out)?;
        let head = format!(
            "Audit: {} matches played for real from seed {}; each of the {} outcomes of \
             every market is tested at its stated chance (a two-sided binomial test at \
             {:.2}%, that is 5% over the outcomes; intervals at z = {:.2}). The table \
             shows the board's and any that do not agree.",
            a.matches,
            args.seed,
            a.checks.len(),
            a.alpha * 100.0,
            a.z,
        );
        writeln!(out, "{}", page.prose("", &head))?;
        writeln!(
            out,
            "{}",
            crate::report::fitted(
                audit_table(
                    &Audit {
                        checks: a
                            .checks
                            .iter()
                            .filter(|c| on_the_board(c.market) || !c.agrees)
                            .cloned()
                            .collect(),
                        ..a.clone()
                    },
                    &names
                ),
                layout
            )
        )?;
        let off = a.checks.iter().filter(|c| !c.agrees).count();
        let verdict = if off == 0 {
            format!(
                "Every stated chance agrees with what was played ({} outcomes).",
                a.checks.len()
            )
        } else {
            format!(
                "{off} of {} stated chances do not agree with what was played.",
                a.checks.len()
            )
        };
        writeln!(out, "{}", page.prose("", &verdict))?;
    }
    Ok(())
}

/// Whether a market is on the printed board: the match, each game, the first turn and
/// the side bets over the whole match (each game's side bets are in the JSON).
fn on_the_board(m: crate::wager::Market) -> bool {
    use crate::wager::{Market, Scope};
    match m {
        Market::Match | Market::Game { .. } | Market::FirstTurn => true,
        Market::Most { scope, .. }
        | Market::End { scope }
        | Market::Caught { scope }
        | Market::AnyoneCaught { scope } => scope == Scope::Match,
    }
}

fn write_json(
    args: &OddsArgs,
    spec: &crate::ops::MatchSpec,
    tavern: &Tavern,
    board: &Board,
    audited: Option<&Audit>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let names = spec.names();
    let margin = tavern.margin();
    let markets = board
        .estimates
        .iter()
        .map(|e| JsonMarket {
            market: e.market,
            label: crate::report::wagers::market_name(e.market),
            basis: e.basis,
            outcomes: e
                .selections
                .iter()
                .enumerate()
                .map(|(k, &sel)| {
                    let price = e.price(sel, margin);
                    JsonOutcome {
                        outcome: outcome_name(sel, &names),
                        chance: e.outright[k],
                        range: e.ranges[k],
                        decimal: price.map(|o| o.decimal()),
                        tavern_odds: price.map(|o| o.to_string()),
                    }
                })
                .collect(),
            dead_heat: e.dead_heat,
            push: e.push,
            void: e.void,
        })
        .collect();
    let json = JsonOdds {
        version: 1,
        game: spec.game,
        players: names.clone(),
        format: spec.format.to_string(),
        seed: args.seed,
        tavern: &tavern.name,
        bookie: &tavern.bookie,
        margin,
        markets,
        unpriced: board
            .unpriced
            .iter()
            .map(|&m| crate::report::wagers::market_name(m))
            .collect(),
        audit: audited,
    };
    serde_json::to_writer_pretty(&mut *out, &json).map_err(std::io::Error::other)?;
    writeln!(out)?;
    Ok(())
}
