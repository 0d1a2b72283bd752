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
    /// A failure after `--apply` had written its files (a picture or the output that
    /// could not be written): the files stay written.
    #[error(
        "{error}; the match was applied all the same, and these files were written: {}",
        list(.written)
    )]
    AfterWrite {
        /// What failed.
        error: Box<CliError>,
        /// The files `--apply` wrote.
        written: Vec<std::path::PathBuf>,
    },
}

/// Files named one after the other.
fn list(files: &[std::path::PathBuf]) -> String {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    names.join(", ")
}

/// The exit code of a failure after `--apply` had written its files.
pub const AFTER_WRITE: i32 = 3;

impl CliError {
    /// Whether it is a write to a reader that has gone (`| head`), which ends the output
    /// quietly rather than as an error.
    #[must_use]
    pub fn is_closed_pipe(&self) -> bool {
        let io = match self {
            CliError::Io(e) => Some(e),
            CliError::Ops(crate::ops::Error::Output(e)) => Some(e),
            CliError::AfterWrite { error, .. } => return error.is_closed_pipe(),
            CliError::Ops(_) | CliError::Replay(_) => None,
        };
        io.is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    }

    /// 2 for anything the user can fix in their input, 1 otherwise, and `AFTER_WRITE`
    /// (3) for any failure after `--apply` had written its files.
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::AfterWrite { .. } => AFTER_WRITE,
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

/// What becomes of an error once `--apply` has written `written` (none: nothing was
/// written, and the error is as it was): it says that the files were written, and exits
/// with [`AFTER_WRITE`]. A reader gone (`| head`) still ends the output quietly.
#[must_use]
pub fn after_write(error: CliError, written: &[std::path::PathBuf]) -> CliError {
    if written.is_empty() || error.is_closed_pipe() {
        return error;
    }
    CliError::AfterWrite {
        error: Box::new(error),
        written: written.to_vec(),
    }
}
