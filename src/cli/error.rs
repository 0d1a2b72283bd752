//! Every way a command can fail, and the exit code each gets.

use crate::games::{IllegalMove, ParseError};
use crate::roster::{FileError, RosterError};
use crate::table::TableError;
use crate::wager::settle::SettleError;
use crate::wager::write::WriteError;

/// A failed command. Each is one sentence for the user.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A table or rules a game cannot start with.
    #[error(transparent)]
    Start(#[from] crate::games::StartError),
    /// A position or move that does not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A move the rules refuse.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// A bad file.
    #[error(transparent)]
    File(#[from] FileError),
    /// A roster problem.
    #[error(transparent)]
    Roster(#[from] RosterError),
    /// An argument that makes no sense here.
    #[error("{0}")]
    Usage(String),
    /// A match that could not be run.
    #[error(transparent)]
    Table(#[from] TableError),
    /// Wagers that cannot be settled.
    #[error(transparent)]
    Settle(#[from] SettleError),
    /// A purse or the ledger could not be written.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// Writing the output failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
}

impl CliError {
    /// 2 for anything the user can fix in their input, 1 otherwise.
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Io(_)
            | CliError::Write(WriteError::Io { .. })
            | CliError::Table(TableError::Runaway { .. }) => 1,
            _ => 2,
        }
    }
}
