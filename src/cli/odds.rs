//! `taproom odds`: the chance of every outcome of a match with its 95% range, the prices
//! the tavern's bookie offers, and an audit against real matches.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{Audience, MatchArgs, Quiet, game};
use crate::ops::Sight;
use crate::ops::cast;
use crate::ops::price::{audit, odds_seen};
use crate::report::odds::Priced;
use crate::report::{self, Page, View};
use crate::roster::Tavern;

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
  taproom odds tides examples/intentions/sly-wil.toml Pip --view gm

The chances come from the bookie's model of play's players (fitted from real matches:
skill, temperament, honesty, eye, house rules and the rule for a cheat seen), over --sims
imagined matches; --audit plays real ones to check them. Side bets (most captures, how a game ends) get no price from the bookie: bet them
in the pool or against another player.")]
pub struct OddsArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// Who plays: two to five names from the roster, or paths to character files
    /// (default: the roster's first two, as `play`).
    #[arg(num_args = 0..=5, value_name = "CHARACTER")]
    characters: Vec<String>,
    /// How many matches the bookie imagines for a price, 10 to 1000000 (default: the
    /// tavern's `sims`, as at `play`; fewer is faster and rougher).
    #[arg(long, value_name = "N")]
    sims: Option<u64>,
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
    /// The tavern whose bookie prices the bets (default: the campaign's, else the one built
    /// in).
    #[arg(long, value_name = "FILE")]
    tavern: Option<PathBuf>,
    /// Whose price: `players` (the default) is the bookie's board as he offers it, a
    /// hustler priced at the skill shown; `gm` prices the truth (a hustle turned, a throw
    /// played out in real matches) and says what the table holds.
    #[arg(long, value_enum, value_name = "VIEW")]
    view: Option<Audience>,
    /// Tables as wide as they need, whatever the terminal.
    #[arg(long)]
    wide: bool,
    #[command(flatten)]
    quiet: Quiet,
}

/// Prices the match and prints the board, and the audit when asked.
///
/// # Errors
/// Bad arguments or files.
pub fn run(
    args: &OddsArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let kind = game(&args.game)?;
    let tavern = Tavern::load(here.tavern(args.tavern.as_deref())?.as_deref())?;
    let mut draft = args.table.draft_in(args.seed, here)?;
    let (roster, recovered) = cast::open_roster(draft.roster.as_deref())?;
    args.quiet.recovered(&recovered);
    args.quiet
        .recovered(&crate::ops::cast::open_files(&args.characters)?);
    draft.table = draft.table.or(tavern.table_rules());
    let mut spec = cast::describe(kind, &roster, &args.characters, draft)?;
    // The campaign's reputations: the bookie prices a table as it will be watched.
    let memory = crate::ops::memory::Memory::for_odds(
        &tavern,
        here.history()?.as_deref(),
        spec.no_history,
        here.evening(None)?,
    )?;
    super::args::warn(&memory.warnings);
    memory.remember(&mut spec, &tavern.name);
    let sight = match args.view {
        Some(Audience::Gm) => Sight::Truth,
        Some(Audience::Players) | None => Sight::Bookie,
    };
    // A thrown match's truth is counted from real matches, slower than imagined ones.
    let counted = sight == Sight::Truth && spec.throws_at_table();
    let sims = args.sims.unwrap_or(if counted {
        crate::ops::price::COUNTED_TRUTH
    } else {
        tavern.sims
    });
    let board = odds_seen(&spec, sims, &args.quiet.bar(), sight)?;
    let audited = match args.audit {
        Some(n) => Some(audit(&spec, &board, n, &args.quiet.bar())?),
        None => None,
    };
    let priced = Priced {
        spec: &spec,
        tavern: &tavern,
        board: &board,
        audit: audited.as_ref(),
        sims,
        seed: args.seed,
        sight,
    };
    match args.format {
        OddsFormat::Json => report::odds::write_json(out, &priced)?,
        OddsFormat::Text => {
            let page = Page {
                view: View::Gm,
                layout: super::args::layout(args.wide, false),
            };
            report::odds::write_text(out, &priced, page)?;
        }
    }
    Ok(())
}
