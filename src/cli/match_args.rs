//! What every command that plays matches asks alike: the match format, the rule options,
//! the roster folder, and the characters chosen from it.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::rules::options;
use super::wagers::format_from;
use crate::games::Game;
use crate::roster::{Character, Roster};
use crate::table::{Format, MatchSettings};

/// The match's shape and the roster it draws on.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// A match of at most N games, won by a majority (default 3, or the game's own rule:
    /// Òicustiỳtac is first to 3 rounds).
    #[arg(long, value_name = "N", conflicts_with = "first_to")]
    pub best_of: Option<u32>,
    /// A match won by the first to win N games.
    #[arg(long, value_name = "N")]
    pub first_to: Option<u32>,
    /// How many drawn games are replayed before a match stops as it stands.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub draw_cap: u32,
    /// A rule option, `key=value` (repeatable), e.g. `truce_after=40`.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// A folder of character files (they stand in for built-in characters of the same
    /// name).
    #[arg(long, value_name = "DIR")]
    pub roster: Option<PathBuf>,
}

impl MatchArgs {
    /// The match format asked for, or the game's own.
    ///
    /// # Errors
    /// A format of no games or too many.
    pub fn format<G: Game>(&self) -> Result<Format, CliError> {
        let default = Format::default_for(G::KIND);
        format_from(self.best_of, self.first_to, default)
    }

    /// The settings of a match of `players` under these arguments, with `seed`.
    ///
    /// # Errors
    /// A bad rule option or format, or a table the game cannot seat.
    pub fn settings<G: Game>(
        &self,
        players: usize,
        seed: u64,
    ) -> Result<MatchSettings<G>, CliError> {
        let options = options::<G>(&self.rules)?;
        G::start(players, &options)?;
        Ok(MatchSettings {
            effort: Default::default(),
            format: self.format::<G>()?,
            draw_cap: self.draw_cap,
            options,
            seed,
        })
    }

    /// The roster: the folder's characters, then the built-in ones.
    ///
    /// # Errors
    /// A folder or file that cannot be read or is invalid.
    pub fn roster(&self) -> Result<Roster, CliError> {
        Ok(match &self.roster {
            Some(dir) => Roster::own_then_built_in(dir)?,
            None => Roster::built_in(),
        })
    }
}

/// The characters named, each once, from `roster` (names or character files).
///
/// # Errors
/// A name nobody answers to, or the same character twice.
pub fn cast<G: Game>(roster: &Roster, names: &[String]) -> Result<Vec<Character>, CliError> {
    let mut chosen: Vec<Character> = Vec::new();
    for name in names {
        let c = roster.get(name)?;
        if chosen.iter().any(|o| o.name == c.name) {
            return Err(CliError::Usage(format!(
                "{} cannot sit at the {} table twice",
                c.name,
                G::KIND.title()
            )));
        }
        chosen.push(c);
    }
    Ok(chosen)
}
