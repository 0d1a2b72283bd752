//! Every way a command can fail, and the exit code each gets.

use crate::ops;

/// A failed command. Each is one sentence for the user.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// What the library refused, or could not do.
    #[error(transparent)]
    Ops(#[from] ops::Error),
    /// A match that cannot be shown again as asked.
    #[error(transparent)]
    Replay(#[from] crate::report::replay::ReplayError),
    /// Writing the output failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
}

impl CliError {
    /// Whether it is a write to a reader that has gone (`| head`), which ends the output
    /// quietly rather than as an error.
    #[must_use]
    pub fn is_closed_pipe(&self) -> bool {
        let io = match self {
            CliError::Io(e) => Some(e),
            CliError::Ops(crate::ops::Error::Output(e)) => Some(e),
            CliError::Ops(_) | CliError::Replay(_) => None,
        };
        io.is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    }

    /// 2 for anything the user can fix in their input, 1 otherwise.
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Ops(e) if e.is_users() => 2,
            CliError::Replay(e) if e.is_users() => 2,
            CliError::Ops(_) | CliError::Replay(_) | CliError::Io(_) => 1,
        }
    }
}

/// Lets `?` turn any error the library names into a command's error.
macro_rules! via_ops {
    ($($t:ty),* $(,)?) => {
        $(impl From<$t> for CliError {
            fn from(e: $t) -> Self {
                CliError::Ops(e.into())
            }
        })*
    };
}

via_ops!(
    crate::roster::FileError,
    crate::roster::RosterError,
    crate::games::ParseError,
    crate::games::PositionError,
    crate::games::IllegalMove,
    crate::games::StartError,
    crate::games::kind::UnknownGame,
    crate::table::SpecError,
    crate::table::RuleError,
    crate::table::TableError,
    crate::wager::syntax::BetSyntaxError,
);
