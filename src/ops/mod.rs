//! What the commands do, as a library (in the manner of cargo's `ops`): play a match with
//! its wagers, run an evening, price a match, rank players on a ladder, check files. Each
//! takes validated values (a [`MatchSpec`], a roster, a tavern) and returns
//! values (logs, told scenes, settlements, files written); the command line only parses
//! its arguments into these values, calls one function, and prints what comes back.

pub mod apply;
pub mod bribes;
pub mod campaign;
pub mod cast;
pub mod character;
pub mod check;
pub mod evening;
pub mod history;
pub mod intent;
pub mod ladder;
pub mod memory;
pub mod pages;
pub mod picture;
pub mod play;
pub mod post;
pub mod price;
pub mod sit;
pub mod spec;
pub mod tell;
pub mod undo;
pub mod wagers;

pub use spec::{Draft, MatchSpec, Seated, Sight};

use std::path::PathBuf;

use crate::games::{IllegalMove, ParseError, PositionError, StartError};
use crate::names::NameError;
use crate::roster::{FileError, RosterError};
use crate::store::WriteError;
use crate::table::{SpecError, TableError};
use crate::wager::place::BetError;
use crate::wager::settle::SettleError;
use crate::wager::syntax::BetSyntaxError;

/// Why an operation could not be done: one sentence each, for the GM.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file that cannot be read or is not valid.
    #[error(transparent)]
    File(#[from] FileError),
    /// A roster that cannot be assembled, or a character nobody is called.
    #[error(transparent)]
    Roster(#[from] RosterError),
    /// A name that picks out nobody, or several.
    #[error(transparent)]
    Name(#[from] NameError),
    /// A match that cannot be played as described.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A table or rules a game cannot start with.
    #[error(transparent)]
    Start(#[from] StartError),
    /// A position or move that does not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A position that does not parse, or that the rules refuse.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move the rules refuse.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// A bet that cannot be read.
    #[error(transparent)]
    BetSyntax(#[from] BetSyntaxError),
    /// A bet whose names or market do not fit the table.
    #[error("the bet `{text}`: {source}")]
    Bet {
        /// The bet as written.
        text: String,
        /// What is wrong.
        source: BetError,
    },
    /// A bribe taken that its payer cannot pay, even with the house's credit.
    #[error("the bribe `{text}` is refused: {why}")]
    BribeUnpaid {
        /// The bribe as written.
        text: String,
        /// Why, as a clause.
        why: String,
    },
    /// A bet the table will not take (a purse too light, no price).
    #[error("the bet `{text}` is refused: {why}")]
    Refused {
        /// The bet as written.
        text: String,
        /// Why, as a clause.
        why: String,
    },
    /// A character with money at stake who has no file to keep a purse in.
    #[error(
        "{name} is built into taproom and has no file to keep a purse in; copy their file from \
         taproom's data/characters into {folder}, or leave out --apply"
    )]
    NoPurseFile {
        /// Who.
        name: String,
        /// Where the file should go, in words.
        folder: &'static str,
    },
    /// A match that could not be run.
    #[error(transparent)]
    Table(#[from] TableError),
    /// Wagers that cannot be settled.
    #[error(transparent)]
    Settle(#[from] SettleError),
    /// A purse or the ledger that could not be written.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The table's screen could not be written to (`taproom sit`): the match stops, and
    /// nothing is settled or written.
    #[error("cannot write the output: {0}")]
    Output(std::io::Error),
    /// A ledger that would overwrite another file.
    #[error(transparent)]
    Ledger(#[from] apply::LedgerError),
    /// A number out of the bounds an operation takes.
    #[error("{what} is from {min} to {max}, not {given}")]
    OutOfBounds {
        /// What was given, in words (`--sims`).
        what: &'static str,
        /// The least.
        min: u64,
        /// The most.
        max: u64,
        /// What was given.
        given: u64,
    },
    /// An argument that cannot be read.
    #[error("{message}")]
    Argument {
        /// The flag.
        flag: &'static str,
        /// What is wrong, naming the flag.
        message: String,
    },
    /// A picture that cannot be written (`--image`).
    #[error("--image {file}: {message}")]
    Image {
        /// The file asked for.
        file: PathBuf,
        /// What is wrong, as a clause.
        message: String,
    },
    /// A game name that is none of the four.
    #[error(transparent)]
    Game(#[from] crate::games::kind::UnknownGame),
    /// A rule option that cannot be read or is not the game's.
    #[error(transparent)]
    Rule(#[from] crate::table::RuleError),
    /// An argument that does not go with the others.
    #[error("{0}")]
    Conflict(&'static str),
    /// A file of the wrong kind for the command.
    #[error("{file}: that is a {found} file, not {wanted}")]
    WrongKind {
        /// The file.
        file: PathBuf,
        /// What it is.
        found: &'static str,
        /// What the command takes.
        wanted: &'static str,
    },
    /// A history file that cannot be read.
    #[error(transparent)]
    History(#[from] crate::history::ReadError),
    /// A write that `taproom undo` cannot take back.
    #[error(transparent)]
    Undo(#[from] undo::UndoError),
    /// Messages a Discord webhook did not take (`--post`).
    #[error("cannot post to Discord: {0}")]
    Post(#[from] post::PostError),
    /// No history where the GM pointed.
    #[error(
        "there is no history at {}: matches played with --apply are recorded there",
        .file.display()
    )]
    NoHistory {
        /// The file looked for.
        file: PathBuf,
    },
}

impl Error {
    /// Whether the GM can fix it in their input (exit code 2), rather than a fault of the
    /// machine or of taproom (exit code 1).
    #[must_use]
    pub fn is_users(&self) -> bool {
        match self {
            Error::Write(w) => !w.is_io(),
            Error::Table(TableError::Runaway { .. }) | Error::Output(_) | Error::Post(_) => false,
            _ => true,
        }
    }
}

/// Checks that `given` lies within `min..=max`.
///
/// # Errors
/// When it does not, naming `what`.
pub fn bounded(what: &'static str, given: u64, min: u64, max: u64) -> Result<u64, Error> {
    if (min..=max).contains(&given) {
        Ok(given)
    } else {
        Err(Error::OutOfBounds {
            what,
            min,
            max,
            given,
        })
    }
}

/// Told how far a long piece of work has come (simulated matches, ladder games). The
/// command line shows a bar; tests and tools pass `&()`.
pub trait Progress: Sync {
    /// Work of `total` steps begins, described by `what`.
    fn start(&self, what: &str, total: u64);
    /// One step is done (from any thread).
    fn tick(&self);
    /// The work is done.
    fn finish(&self);
}

impl Progress for () {
    fn start(&self, _: &str, _: u64) {}
    fn tick(&self) {}
    fn finish(&self) {}
}
